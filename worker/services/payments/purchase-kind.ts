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
import type { SQL } from "drizzle-orm";

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

/** A dispute or an early fraud warning on a payment, as the core read it from the provider's event (disputes.ts). */
export type PaymentDispute = {
  /** The row's id: the dispute's own, or `efw:` and the warning's. */
  id: string;
  type: "dispute" | "fraud_warning";
  paymentIntentId: string;
};

/** The purchase a disputed payment paid for, as the kind that owns it answers. */
export type DisputeTarget = { id: string; userId: string | null; amountCents: number; currency: string };

/** What the kind's statements may be conditioned on, read inside the batch after the dispute's row is written. */
export type DisputeConditions = {
  /** The dispute is lost and what it paid for is not revoked yet: true in one batch only. */
  lostNow: SQL;
  /** An early fraud warning the site has not acted on yet: true in one batch only. */
  warningNew: SQL;
};

/** What this delivery did to the dispute's row (read from the batch's results). */
export type DisputeEffect = { changed: boolean; revokedNow: boolean };

export type DisputePlan = {
  target: DisputeTarget;
  /** Conditional statements run after the dispute's row, in the same batch. */
  statements: Statement[];
  followUp?: (effect: DisputeEffect, c: FollowUpContext) => void;
};

export type PurchaseKind = {
  readonly name: string;
  /** Whether a verified event is about this kind's purchases; no two kinds claim the same event. */
  claims(event: FulfilmentEvent): boolean;
  /** The event's effects, as conditional statements (a late or repeated event changes nothing). */
  plan(db: DB, event: FulfilmentEvent, now: number): Promise<PurchasePlan>;
  /** For a kind whose one-time payments are refunded: the local provider's view of a payment intent. */
  localCharge?(db: DB, paymentIntentId: string): Promise<LocalCharge | null>;
  /**
   * For a kind whose payments may be disputed: null when the payment is not this kind's; else its
   * purchase, and the statements that mark it, revoke it once lost, or act on an early fraud warning.
   */
  dispute?(db: DB, dispute: PaymentDispute, when: DisputeConditions, now: number): Promise<DisputePlan | null>;
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
