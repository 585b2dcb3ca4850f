// The local provider's disputes (decision 094): what a card network and Stripe would do, offline.
// A dispute or an early fraud warning is raised on a paid payment intent, the evidence "submitted"
// (the dispute goes under review) and the dispute closed as won or lost; each step is the event
// Stripe would send (charge.dispute.created / updated / closed, radar.early_fraud_warning.created),
// signed with the local secret and passed through the same verification and fulfilment as the live
// webhook, so the dispute's row and the purchase change only through those events.
import type { DB } from "../../db/client";
import { findDispute, type DisputeRow } from "../../db/payment-disputes";
import { fulfilPayload } from "./fulfilment";
import { verifyStripeSignature } from "./live";
import { signLocalEvent } from "./local";
import { localEvent, newLocalId, unixSeconds } from "./local-events";
import type { FollowUpContext, PurchaseKind } from "./purchase-kind";

export type LocalDisputeDeps = { db: DB; secret: string; kinds: readonly PurchaseKind[]; followUp?: FollowUpContext };

/** How long the evidence may take, as the networks typically allow. */
const EVIDENCE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

async function send({ db, secret, kinds, followUp }: LocalDisputeDeps, type: string, object: Record<string, unknown>, now: number) {
  const { rawBody, signature } = await signLocalEvent(localEvent(type, object, now), secret);
  return fulfilPayload(db, await verifyStripeSignature(rawBody, signature, secret), { kinds, now, followUp });
}

const chargeOf = (paymentIntentId: string) => `ch_local_${paymentIntentId.replace(/^pi_local_/, "")}`;

export type RaiseInput = { paymentIntentId: string; amountCents: number; currency: string; type: "dispute" | "fraud_warning" };

/** Raises a dispute (reason "fraudulent", evidence due in a week) or an early fraud warning; its row's id. */
export async function raiseLocalDispute(deps: LocalDisputeDeps, input: RaiseInput, now = Date.now()): Promise<string> {
  const charge = chargeOf(input.paymentIntentId);
  if (input.type === "fraud_warning") {
    const id = newLocalId("fraudWarning");
    const object = {
      id,
      object: "radar.early_fraud_warning",
      actionable: true,
      charge,
      payment_intent: input.paymentIntentId,
      fraud_type: "made_with_stolen_card",
      livemode: false,
    };
    await send(deps, "radar.early_fraud_warning.created", object, now);
    return `efw:${id}`;
  }
  const id = newLocalId("dispute");
  await send(deps, "charge.dispute.created", disputeObject(id, input, charge, "needs_response", now), now);
  return id;
}

function disputeObject(id: string, d: Omit<RaiseInput, "type">, charge: string | null, status: string, dueFrom: number | null) {
  return {
    id,
    object: "dispute",
    amount: d.amountCents,
    currency: d.currency,
    charge,
    payment_intent: d.paymentIntentId,
    reason: "fraudulent",
    status,
    evidence_details: { due_by: dueFrom === null ? null : unixSeconds(dueFrom + EVIDENCE_WINDOW_MS) },
    livemode: false,
  };
}

const objectOf = (row: DisputeRow, status: string) =>
  disputeObject(row.id, { paymentIntentId: row.paymentIntentId, amountCents: row.amountCents, currency: row.currency }, row.chargeId, status, null);

/** The evidence was submitted: the dispute goes under review. */
export async function submitLocalDispute(deps: LocalDisputeDeps, disputeId: string, now = Date.now()) {
  const row = await findDispute(deps.db, disputeId);
  if (row) await send(deps, "charge.dispute.updated", objectOf(row, "under_review"), now);
}

/** The bank decided. */
export async function closeLocalDispute(deps: LocalDisputeDeps, disputeId: string, outcome: "won" | "lost", now = Date.now()) {
  const row = await findDispute(deps.db, disputeId);
  if (row) await send(deps, "charge.dispute.closed", objectOf(row, outcome), now);
}
