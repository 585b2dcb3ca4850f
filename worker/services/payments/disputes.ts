// Disputes and early fraud warnings (decision 094), for every kind of purchase at once: the core
// reads the provider's event, asks the kinds which one owns the payment (by payment intent), and
// plans, for the event's one batch, the dispute's conditional row and then the kind's statements
// (marking, revoking once when lost, acting on a warning), then marks a lost dispute revoked.
// The local provider sends the same events (local-disputes.ts).
import { z } from "#contracts/zod.ts";
import type { DB } from "../../db/client";
import type { Statement } from "../../db/d1";
import { lostNow, markRevoked, upsertDispute, warningNew } from "../../db/payment-disputes";
import type { FollowUpContext, FulfilmentEvent, PaymentDispute, PurchaseKind } from "./purchase-kind";

const DISPUTE_STAGES: Record<string, number> = { "charge.dispute.created": 0, "charge.dispute.updated": 1, "charge.dispute.closed": 2 };
export const FRAUD_WARNING_EVENT = "radar.early_fraud_warning.created";

export const isDisputeEvent = (event: { type: string }) => event.type in DISPUTE_STAGES || event.type === FRAUD_WARNING_EVENT;

/** An id, or an expanded object carrying one. */
const ref = z.union([z.string(), z.object({ id: z.string() })]).transform((v) => (typeof v === "string" ? v : v.id));

const disputeSchema = z.object({
  id: z.string().min(1).max(255),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(3).max(3),
  charge: ref.nullish(),
  payment_intent: ref.nullish(),
  reason: z.string().max(100).nullish(),
  status: z.string().min(1).max(50),
  evidence_details: z.object({ due_by: z.number().int().nullish() }).nullish(),
});

const warningSchema = z.object({
  id: z.string().min(1).max(250),
  charge: ref.nullish(),
  payment_intent: ref.nullish(),
  fraud_type: z.string().max(100).nullish(),
});

/** What the event says, read; null when it cannot be read or names no payment intent. */
function readEvent(event: FulfilmentEvent) {
  const at = event.created * 1000;
  if (event.type === FRAUD_WARNING_EVENT) {
    const w = warningSchema.safeParse(event.data.object);
    if (!w.success || !w.data.payment_intent) return null;
    return {
      dispute: { id: `efw:${w.data.id}`, type: "fraud_warning", paymentIntentId: w.data.payment_intent } satisfies PaymentDispute,
      chargeId: w.data.charge ?? null,
      status: "open",
      reason: w.data.fraud_type ?? null,
      amountCents: null,
      currency: null,
      evidenceDueAt: null,
      outcome: null,
      closed: false,
      lastEventAt: at,
    };
  }
  const d = disputeSchema.safeParse(event.data.object);
  if (!d.success || !d.data.payment_intent) return null;
  const status = d.data.status;
  const closed = event.type === "charge.dispute.closed" || ["won", "lost", "warning_closed"].includes(status);
  return {
    dispute: { id: d.data.id, type: "dispute", paymentIntentId: d.data.payment_intent } satisfies PaymentDispute,
    chargeId: d.data.charge ?? null,
    status,
    reason: d.data.reason ?? null,
    amountCents: d.data.amount,
    currency: d.data.currency.toLowerCase(),
    evidenceDueAt: d.data.evidence_details?.due_by ? d.data.evidence_details.due_by * 1000 : null,
    outcome: status === "won" || status === "lost" ? (status as "won" | "lost") : null,
    closed,
    // The second in ms, its stage in the last digit: a later stage of the same second wins.
    lastEventAt: at + (DISPUTE_STAGES[event.type] ?? 0),
  };
}

export type DisputeEventPlan = { statements: Statement[]; followUp?: (results: readonly D1Result[], c: FollowUpContext) => void };

/**
 * The event's statements; null when it cannot be read (recorded without effect), none when no
 * kind owns the payment (a payment of another site on the same account, or one long deleted).
 */
export async function planDisputeEvent(db: DB, event: FulfilmentEvent, kinds: readonly PurchaseKind[], now: number): Promise<DisputeEventPlan | null> {
  const read = readEvent(event);
  if (!read) return null;
  const when = { lostNow: lostNow(read.dispute.id), warningNew: warningNew(read.dispute.id) };
  for (const kind of kinds) {
    const plan = await kind.dispute?.(db, read.dispute, when, now);
    if (!plan) continue;
    const row = upsertDispute(
      db,
      {
        ...read.dispute,
        chargeId: read.chargeId,
        kind: kind.name,
        targetId: plan.target.id,
        userId: plan.target.userId,
        status: read.status,
        reason: read.reason,
        amountCents: read.amountCents ?? plan.target.amountCents,
        currency: read.currency ?? plan.target.currency,
        evidenceDueAt: read.evidenceDueAt,
        outcome: read.outcome,
        closed: read.closed,
        lastEventAt: read.lastEventAt,
      },
      now,
    );
    const followUp = plan.followUp;
    return {
      statements: [row, ...plan.statements, markRevoked(db, read.dispute.id, now)],
      followUp:
        followUp && ((results, c) => followUp({ changed: (results[0]?.meta.changes ?? 0) > 0, revokedNow: (results.at(-1)?.meta.changes ?? 0) > 0 }, c)),
    };
  }
  return { statements: [] };
}
