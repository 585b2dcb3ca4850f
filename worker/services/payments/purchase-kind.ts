// What a kind of purchase tells the payments core (decision 089). The core owns the provider side:
// sessions, signatures, the event log and applying an event once; a kind (the VIP subscription in
// services/membership, the store's orders in services/store) says which verified events are its
// own and what each does to its rows. Kinds import the core, never the other way: the webhook is
// handed the kinds the areas register (worker/services/areas/, `purchases`), and a kind's own local
// flows hand itself.
import type { Context } from "hono";
import type { HonoEnv } from "../../types";
import type { DB } from "../../db/client";
import type { Statement } from "../../db/d1";

/** The part of a verified event fulfilment reads (Stripe.Event has more). */
export type FulfilmentEvent = { id: string; type: string; created: number; data: { object: unknown } };

/**
 * Where the work that follows a stored event runs: a request's context, whose waitUntil carries the
 * mails, notifications and announcements past the response. Without one (the cron's sweep, a local
 * refund) nothing follows, as a provider's retry of an event already stored sends nothing either.
 */
export type FollowUpContext = Pick<Context<HonoEnv>, "env" | "executionCtx"> & { var: { db: DB } };

/** The results of a kind's statements, in their order, once the batch is stored. */
type StatementResults = readonly D1Result[];

export type PurchasePlan = {
  /** Run in ONE batch after the event's own row: all or nothing, and nothing for a repeated delivery. */
  statements: Statement[];
  /** What follows once the batch is stored, read from its statements' results (only this delivery's). */
  followUp?: (results: StatementResults, c: FollowUpContext) => void;
};

/** A one-time payment as the local provider's refunds see it: what it charged and what was refunded. */
export type LocalCharge = {
  amountCents: number;
  refundedCents: number;
  currency: string;
  /** The refunds so far, oldest first. */
  refunds: { id: string; amountCents: number; at: number }[];
};

export type PurchaseKind = {
  readonly name: string;
  /** Whether a verified event is about this kind's purchases; no two kinds claim the same event. */
  claims(event: FulfilmentEvent): boolean;
  /** The event's effects, as conditional statements (a late or repeated event changes nothing). */
  plan(db: DB, event: FulfilmentEvent, now: number): Promise<PurchasePlan>;
  /** For a kind whose one-time payments are refunded: the local provider's view of a payment intent. */
  localCharge?(db: DB, paymentIntentId: string): Promise<LocalCharge | null>;
};

/** The Checkout Session events; a session's mode says whose it is (`payment`: one-time, `subscription`). */
const CHECKOUT_SESSION_EVENTS: readonly string[] = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
];

/** The mode of the Checkout Session an event carries, when it is one. */
export function checkoutSessionMode(event: FulfilmentEvent): string | null {
  if (!CHECKOUT_SESSION_EVENTS.includes(event.type)) return null;
  const object = event.data.object;
  const mode = typeof object === "object" && object !== null ? (object as Record<string, unknown>).mode : undefined;
  return typeof mode === "string" ? mode : "";
}

/** A verified event of a kind's that it cannot read: recorded (so it is not retried forever) and logged. */
export function unreadableEvent(event: FulfilmentEvent): PurchasePlan {
  console.error(`payments: ${event.type} event ${event.id} has an unexpected shape; recorded without effect`);
  return { statements: [] };
}
