// Fulfilment: applies a VERIFIED payment event to the database, once, through the kind of purchase
// that claims it (purchase-kind.ts). Used by the live webhook and by the local provider alike.
//
// Exactly-once: the event id is inserted (plain INSERT) first in the same D1 batch as the kind's
// effects. D1 runs a batch as one transaction, so a repeated delivery, even a concurrent one,
// fails on the primary key and rolls back its effects. Only the delivery whose batch was stored
// has its follow-ups run (mails, notifications), so a replay sends nothing.
// Any order: a kind's effects are conditional statements (see the kinds' own notes).
import type { DB } from "../../db/client";
import { isEventRecorded, recordEvent, recordMalformedEvent } from "../../db/payment-events";
import { z } from "#contracts/zod.ts";
import { sha256Hex } from "../../lib/crypto";
import { isUniqueViolation, runBatch, type Statement } from "../../db/d1";
import { unreadableEvent, type FollowUpContext, type FulfilmentEvent, type PurchaseKind, type PurchasePlan } from "./purchase-kind";
import { isDisputeEvent, planDisputeEvent } from "./disputes";

/** applied: effects written; duplicate: seen before, nothing changed; ignored: no kind claims it. */
export type FulfilOutcome = "applied" | "duplicate" | "ignored";

/** The kinds an event may belong to, the time, and the request whose context runs the follow-ups. */
export type Fulfilment = { kinds: readonly PurchaseKind[]; now?: number; followUp?: FollowUpContext };

/**
 * What every event must carry before fulfilment reads it. A validly signed event can still lack
 * these (a test event, an API version change); answering it with a 500 would make Stripe retry
 * it forever, so it is acknowledged and recorded as ignored instead.
 */
const eventEnvelopeSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().nonnegative(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** Fulfils a verified payload whose shape is not yet known (the webhook's parsed body). */
export async function fulfilPayload(db: DB, payload: unknown, fulfilment: Fulfilment): Promise<FulfilOutcome> {
  const envelope = eventEnvelopeSchema.safeParse(payload);
  if (envelope.success) return fulfilEvent(db, envelope.data, fulfilment);
  const id = await malformedEventId(payload);
  console.error(`payments: verified event ${id} has no usable envelope (${envelope.error.issues[0]?.path.join(".") || "event"}); recorded as ignored`);
  await recordMalformedEvent(db, { id, type: stringField(payload, "type")?.slice(0, 255) ?? "unknown" }, fulfilment.now ?? Date.now());
  return "ignored";
}

const stringField = (payload: unknown, key: string) => {
  const value = typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>)[key] : undefined;
  return typeof value === "string" && value.length > 0 ? value : undefined;
};

/** Its own id when it has one (so a redelivery is recognised), else one derived from its content. */
async function malformedEventId(payload: unknown) {
  const own = stringField(payload, "id");
  if (own && own.length <= 255) return own;
  return `malformed:${await sha256Hex(JSON.stringify(payload) ?? "")}`;
}

/** Disputes and fraud warnings are the core's own, across the kinds (disputes.ts); any other event is the kind's that claims it. */
const handles = (event: FulfilmentEvent, kinds: readonly PurchaseKind[]) =>
  isDisputeEvent(event) ? kinds.some((k) => k.dispute) : kinds.some((k) => k.claims(event));

async function planOf(db: DB, event: FulfilmentEvent, kinds: readonly PurchaseKind[], now: number): Promise<PurchasePlan> {
  if (isDisputeEvent(event)) return (await planDisputeEvent(db, event, kinds, now)) ?? unreadableEvent(event);
  return kinds.find((k) => k.claims(event))!.plan(db, event, now);
}

export async function fulfilEvent(db: DB, event: FulfilmentEvent, { kinds, now = Date.now(), followUp }: Fulfilment): Promise<FulfilOutcome> {
  if (!handles(event, kinds)) return "ignored";
  if (await isEventRecorded(db, event.id)) return "duplicate";

  const plan = await planOf(db, event, kinds, now);
  const batch: [Statement, ...Statement[]] = [recordEvent(db, event, now), ...plan.statements];
  let results;
  try {
    results = await runBatch(db, batch);
  } catch (err) {
    // Another delivery of the same event won the race: it has been applied once, by that one.
    if (isUniqueViolation(err) && (await isEventRecorded(db, event.id))) return "duplicate";
    throw err;
  }
  if (followUp && plan.followUp) plan.followUp(results.slice(1), followUp);
  return "applied";
}
