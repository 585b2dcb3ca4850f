// Fulfilment: applies a VERIFIED payment event to the database, once. Used by the live webhook
// and by the local test checkout alike. Nothing else in the code base sets users.is_vip from
// payments: it is recomputed from the subscriptions table in the same batch as each effect.
//
// Exactly-once: the event id is inserted (plain INSERT) first in the same D1 batch as its
// effects. D1 runs a batch as one transaction, so a repeated delivery, even a concurrent one,
// fails on the primary key and rolls back its effects.
// Any order: effects are conditional statements comparing the event's `created` time with the
// row's last_event_at, and a deleted subscription is never revived (see worker/db/payments.ts).
import type { DB } from "../../db/client";
import {
  activateFromCheckout,
  endSubscription,
  fillMissingPeriodEnd,
  fillMissingPlan,
  findSubscription,
  findUserForPayments,
  isEventRecorded,
  linkCustomer,
  markInvoiceFailed,
  markInvoicePaid,
  recordEvent,
  recordInvoiceRevenue,
  recordMalformedEvent,
  setCheckoutStatus,
  syncUserVip,
  upsertSubscription,
  type VipChange,
} from "../../db/payments";
import { parseCheckoutSession, parseInvoice, parseSubscription, type ParsedInvoice } from "./events";
import { CURRENCIES, type Currency } from "#contracts/store-model.ts";
import { z } from "#contracts/zod.ts";
import { sha256Hex } from "../../lib/crypto";
import { isUniqueViolation, runBatch, type Statement } from "../../db/d1";
import { planChargeRefunded } from "../store/refund-fulfilment";
import { isPaymentSession, planOrderEvent } from "../store/order-fulfilment";

export const HANDLED_EVENT_TYPES = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
  "charge.refunded",
] as const;
export type HandledEventType = (typeof HANDLED_EVENT_TYPES)[number];

const isHandled = (type: string): type is HandledEventType => HANDLED_EVENT_TYPES.some((t) => t === type);

/** The part of an event fulfilment reads (Stripe.Event has more). */
export type FulfilmentEvent = { id: string; type: string; created: number; data: { object: unknown } };

/** applied: effects written; duplicate: seen before, nothing changed; ignored: not a type we handle. */
export type FulfilOutcome = "applied" | "duplicate" | "ignored";

type Plan = {
  statements: Statement[];
  /** whose VIP to recompute */ userId: string | null;
  /** invoice.payment_failed: the invoice's key, when statements[0] marks its subscription past due */
  failedInvoice?: string;
  /** A store payment: the order statements[0] inserts, when this delivery is the one that makes it. */
  paidOrderId?: string;
};
const nothing = (): Plan => ({ statements: [], userId: null });

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

/**
 * What the caller is told about, once the effects are stored. vipStarted: this event turned the
 * member's VIP on (a first subscription, or a new one after the last ended); the flag changes in
 * the batch itself, so of concurrent deliveries only one sees it.
 */
export type FulfilEffects = {
  vipStarted?: (member: { email: string; username: string }) => void;
  /**
   * This event turned the member's VIP on or off (decision 040: their open pages are told; the
   * member is notified, the event's id keying that notification).
   */
  vipChanged?: (userId: string, change: { vip: boolean; eventId: string }) => void;
  /**
   * A subscription's payment failed and it is past due now: the member is notified once per
   * invoice (`invoiceKey`: the invoice's id, else the event's), however often Stripe retries it.
   */
  paymentFailed?: (userId: string, invoiceKey: string) => void;
  /**
   * A store payment made this order (decision 054): its receipt and the admins' "new order" notice
   * follow. Only the delivery whose batch inserted the order calls it, so a replay sends nothing.
   */
  orderPaid?: (orderId: string) => void;
};

/** Fulfils a verified payload whose shape is not yet known (the webhook's parsed body). */
export async function fulfilPayload(db: DB, payload: unknown, now = Date.now(), effects: FulfilEffects = {}): Promise<FulfilOutcome> {
  const envelope = eventEnvelopeSchema.safeParse(payload);
  if (envelope.success) return fulfilEvent(db, envelope.data, now, effects);
  const id = await malformedEventId(payload);
  console.error(`payments: verified event ${id} has no usable envelope (${envelope.error.issues[0]?.path.join(".") || "event"}); recorded as ignored`);
  await recordMalformedEvent(db, { id, type: stringField(payload, "type")?.slice(0, 255) ?? "unknown" }, now);
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

export async function fulfilEvent(db: DB, event: FulfilmentEvent, now = Date.now(), effects: FulfilEffects = {}): Promise<FulfilOutcome> {
  if (!isHandled(event.type)) return "ignored";
  if (await isEventRecorded(db, event.id)) return "duplicate";

  const plan = await planEffects(db, event.type, event, now);
  const batch: [Statement, ...Statement[]] = [recordEvent(db, event, now), ...plan.statements];
  if (plan.userId) batch.push(syncUserVip(db, plan.userId, now));
  let results;
  try {
    results = await runBatch(db, batch);
  } catch (err) {
    // Another delivery of the same event won the race: it has been applied once, by that one.
    if (isUniqueViolation(err) && (await isEventRecorded(db, event.id))) return "duplicate";
    throw err;
  }
  const vipRow = plan.userId ? results.at(-1)?.results[0] : undefined;
  const vip = vipTurnedOn(vipRow);
  if (vip) effects.vipStarted?.(vip);
  if (plan.userId && vipRow) effects.vipChanged?.(plan.userId, { vip: vip !== null, eventId: event.id }); // a row only when the flag changed
  // results[1] is markInvoiceFailed (after the event's own row): a change means it is past due now.
  if (plan.userId && plan.failedInvoice && (results[1]?.meta.changes ?? 0) > 0) effects.paymentFailed?.(plan.userId, plan.failedInvoice);
  if (plan.paidOrderId && (results[1]?.meta.changes ?? 0) > 0) effects.orderPaid?.(plan.paidOrderId);
  return "applied";
}

/** The member, when syncUserVip's row (only returned on a change) says VIP went on. */
function vipTurnedOn(row: unknown): { email: string; username: string } | null {
  if (typeof row !== "object" || row === null) return null;
  const { is_vip, email, username } = row as Partial<Record<keyof VipChange, unknown>>;
  return is_vip === 1 && typeof email === "string" && typeof username === "string" ? { email, username } : null;
}

/** A member id from an event is only used when that member exists (no FK failures, no retries forever). */
async function existingUserId(db: DB, id: string | null) {
  if (!id) return null;
  return (await findUserForPayments(db, id))?.id ?? null;
}

/**
 * Which member a subscription belongs to: the row we already have, else the user_id metadata
 * our checkout put on it. Subscriptions we did not open (other products on the same Stripe
 * account) carry neither, and are left alone.
 */
async function subscriptionOwner(db: DB, subscriptionId: string, hint: string | null) {
  const row = await findSubscription(db, subscriptionId);
  if (row) return row.userId;
  return existingUserId(db, hint);
}

async function planEffects(db: DB, type: HandledEventType, event: FulfilmentEvent, now: number): Promise<Plan> {
  const object = event.data.object;
  const eventAt = event.created * 1000;
  // A one-time payment is a store order: its own fulfilment (worker/services/store/order-fulfilment.ts).
  if (type.startsWith("checkout.session.") && isPaymentSession(object)) return { userId: null, ...(await planOrderEvent(db, type, object, eventAt, now)) };

  switch (type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = parseCheckoutSession(object);
      if (!session) return unexpectedShape(event);
      const statements: Statement[] = [setCheckoutStatus(db, session.id, "complete", ["pending"], now)];
      const userId = session.isSubscription ? await existingUserId(db, session.userId) : null;
      if (!userId) return { statements, userId: null };
      if (session.customerId) statements.push(linkCustomer(db, userId, session.customerId));
      if (session.subscriptionId && session.customerId && session.paid) {
        statements.push(activateFromCheckout(db, { id: session.subscriptionId, customerId: session.customerId }, userId, eventAt, now));
      }
      return { statements, userId };
    }

    case "checkout.session.async_payment_failed": {
      const session = parseCheckoutSession(object);
      if (!session) return unexpectedShape(event);
      return { statements: [setCheckoutStatus(db, session.id, "failed", ["pending", "complete"], now)], userId: null };
    }

    case "checkout.session.expired": {
      const session = parseCheckoutSession(object);
      if (!session) return unexpectedShape(event);
      return { statements: [setCheckoutStatus(db, session.id, "canceled", ["pending"], now)], userId: null };
    }

    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const sub = parseSubscription(object);
      if (!sub) return unexpectedShape(event);
      const userId = await subscriptionOwner(db, sub.id, sub.userIdHint);
      if (!userId) return nothing();
      const write = type === "customer.subscription.deleted" ? endSubscription : upsertSubscription;
      const statements = [write(db, sub, userId, eventAt, now)];
      if (sub.currentPeriodEnd) statements.push(fillMissingPeriodEnd(db, sub.id, sub.currentPeriodEnd));
      if (sub.plan) statements.push(fillMissingPlan(db, sub.id, sub));
      return { statements, userId };
    }

    case "invoice.paid": {
      const inv = parseInvoice(object);
      if (!inv) return nothing(); // not a subscription invoice, or not one we can read
      const row = await findSubscription(db, inv.subscriptionId);
      const userId = row?.userId ?? (await existingUserId(db, inv.userIdHint));
      const customerId = row?.customerId ?? inv.customerId;
      if (!userId || !customerId) return nothing();
      const statements = [markInvoicePaid(db, { subscriptionId: inv.subscriptionId, customerId, periodEnd: inv.periodEnd }, userId, eventAt, now)];
      const revenue = ledgerAmount(inv, event.id);
      if (revenue) statements.push(recordInvoiceRevenue(db, revenue, userId, eventAt));
      return { statements, userId };
    }

    case "invoice.payment_failed": {
      const inv = parseInvoice(object);
      if (!inv) return nothing();
      const row = await findSubscription(db, inv.subscriptionId);
      if (!row) return nothing(); // a first payment that failed: there is no membership to suspend
      return { statements: [markInvoiceFailed(db, inv.subscriptionId, eventAt, now)], userId: row.userId, failedInvoice: inv.id ?? event.id };
    }

    // A store order's refund (worker/services/store/refund-fulfilment.ts).
    case "charge.refunded": {
      const statements = await planChargeRefunded(db, object, event, now);
      return statements ? { statements, userId: null } : unexpectedShape(event);
    }
  }
}

const isLedgerCurrency = (code: string | null): code is Currency => CURRENCIES.some((c) => c === code);

/**
 * What a paid invoice adds to the revenue ledger, or null: nothing was paid (a free trial, a 100 %
 * coupon), or the currency is one the ledger does not keep (its CHECK would fail the whole batch,
 * and with it the membership the payment bought), which is logged instead.
 */
function ledgerAmount(inv: ParsedInvoice, eventId: string) {
  if (!inv.id || inv.amountPaid === null || inv.amountPaid <= 0) return null;
  if (!isLedgerCurrency(inv.currency)) {
    console.error(`payments: invoice.paid event ${eventId} is in ${inv.currency ?? "no currency"}; not added to the revenue ledger`);
    return null;
  }
  return { invoiceId: inv.id, amountCents: inv.amountPaid, currency: inv.currency };
}

/** A verified event we cannot read: recorded (so it is not retried forever) and logged. */
function unexpectedShape(event: FulfilmentEvent): Plan {
  console.error(`payments: ${event.type} event ${event.id} has an unexpected shape; recorded without effect`);
  return nothing();
}
