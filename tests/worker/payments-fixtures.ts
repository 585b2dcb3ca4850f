// Helpers for the payments tests: Stripe-shaped events, signed with the test env's local secret
// (the webhook's secret in local/test mode) by the stripe SDK itself, and posted to the webhook.
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { billingCustomers, checkoutSessions, paymentEvents, subscriptions } from "../../worker/db/schema/vip";
import { users } from "../../worker/db/schema/accounts";
import { call, db } from "./helpers";

export const LOCAL_SECRET = (env as unknown as { LOCAL_PAYMENTS_SECRET: string }).LOCAL_PAYMENTS_SECRET;
const cryptoProvider = Stripe.createSubtleCryptoProvider();

export const DAY_MS = 24 * 60 * 60 * 1000;
export const seconds = (ms: number) => Math.floor(ms / 1000);

let seq = 0;
const uid = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++seq).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
export const newSubscriptionId = () => uid("sub_test");
export const newCustomerId = () => uid("cus_test");

export type TestEvent = { id: string; object: "event"; type: string; created: number; livemode: false; data: { object: Record<string, unknown> } };

export function event(type: string, object: Record<string, unknown>, createdMs = Date.now()): TestEvent {
  return { id: uid("evt_test"), object: "event", type, created: seconds(createdMs), livemode: false, data: { object } };
}

export type SubFields = {
  id: string;
  userId?: string;
  customerId: string;
  status?: string;
  periodEndMs?: number;
  cancelAtPeriodEnd?: boolean;
  /** Put the period end where API versions since 2025-03-31 put it (on the items). */
  periodOnItems?: boolean;
};

export function subscriptionObject({
  id,
  userId,
  customerId,
  status = "active",
  periodEndMs = Date.now() + 30 * DAY_MS,
  cancelAtPeriodEnd = false,
  periodOnItems,
}: SubFields) {
  const end = seconds(periodEndMs);
  return {
    id,
    object: "subscription",
    customer: customerId,
    status,
    cancel_at_period_end: cancelAtPeriodEnd,
    cancel_at: null,
    ...(periodOnItems ? { items: { object: "list", data: [{ id: `si_${id}`, current_period_end: end }] } } : { current_period_end: end }),
    metadata: userId ? { user_id: userId } : {},
  };
}

export const subscriptionEvent = (type: "created" | "updated" | "deleted", fields: SubFields, createdMs?: number) =>
  event(`customer.subscription.${type}`, subscriptionObject(fields), createdMs);

export const newInvoiceId = () => uid("in_test");

export function invoiceEvent(
  type: "invoice.paid" | "invoice.payment_failed",
  {
    subscriptionId,
    customerId,
    userId,
    periodEndMs,
    invoiceId = newInvoiceId(),
    amountPaid,
    currency,
  }: {
    subscriptionId: string;
    customerId: string;
    userId?: string;
    periodEndMs?: number;
    /** The same id in two events: two deliveries about one invoice. */
    invoiceId?: string;
    /** Cents paid and the lower-case currency, as Stripe writes them (left out when absent). */
    amountPaid?: number;
    currency?: string;
  },
  createdMs?: number,
) {
  return event(
    type,
    {
      id: invoiceId,
      object: "invoice",
      customer: customerId,
      ...(amountPaid === undefined ? {} : { amount_paid: amountPaid }),
      ...(currency === undefined ? {} : { currency }),
      parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId, metadata: userId ? { user_id: userId } : {} } },
      lines: { object: "list", data: periodEndMs ? [{ period: { start: seconds(periodEndMs - 30 * DAY_MS), end: seconds(periodEndMs) } }] : [] },
    },
    createdMs,
  );
}

export function checkoutCompletedEvent(
  {
    sessionId,
    userId,
    customerId,
    subscriptionId,
    paid = true,
  }: { sessionId: string; userId: string; customerId: string; subscriptionId: string; paid?: boolean },
  createdMs?: number,
) {
  return event(
    "checkout.session.completed",
    {
      id: sessionId,
      object: "checkout.session",
      mode: "subscription",
      status: "complete",
      payment_status: paid ? "paid" : "unpaid",
      client_reference_id: userId,
      customer: customerId,
      subscription: subscriptionId,
      metadata: { user_id: userId },
    },
    createdMs,
  );
}

export async function signatureFor(rawBody: string, secret = LOCAL_SECRET) {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload: rawBody, secret, cryptoProvider });
}

/** Delivers a body to the webhook as Stripe would: no cookie, no Origin, a Stripe-Signature. */
export function postWebhook(rawBody: string, signature: string | null) {
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  if (signature !== null) headers["stripe-signature"] = signature;
  return call("/api/stripe/webhook", { method: "POST", body: rawBody, headers, noOrigin: true });
}

/** Signs and delivers events one by one; each must be accepted. */
export async function deliver(...events: TestEvent[]) {
  const outcomes: string[] = [];
  for (const e of events) {
    const raw = JSON.stringify(e);
    const res = await postWebhook(raw, await signatureFor(raw));
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
    outcomes.push((await res.json<{ outcome: string }>()).outcome);
  }
  return outcomes;
}

export async function isVip(userId: string) {
  const row = await db().select({ isVip: users.isVip }).from(users).where(eq(users.id, userId)).limit(1).get();
  if (!row) throw new Error(`no user ${userId}`);
  return row.isVip;
}

export const subscriptionRow = (id: string) => db().select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1).get();
export const checkoutRow = (id: string) => db().select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1).get();
export const customerOf = (userId: string) => db().select().from(billingCustomers).where(eq(billingCustomers.userId, userId)).limit(1).get();
export const eventRecorded = async (id: string) => Boolean(await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, id)).limit(1).get());

/** Everything payments can change for a member, to prove that something changed nothing. */
export async function paymentStateOf(userId: string) {
  const d = db();
  return {
    user: await d.select({ isVip: users.isVip, isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId)).limit(1).get(),
    subscriptions: await d.select().from(subscriptions).where(eq(subscriptions.userId, userId)).all(),
    customer: await d.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)).limit(1).get(),
    checkouts: await d.select().from(checkoutSessions).where(eq(checkoutSessions.userId, userId)).all(),
  };
}

/** Subscribes a member through verified events (created + paid + checkout completed). */
export async function subscribeViaEvents(userId: string, opts: { createdMs?: number; periodEndMs?: number } = {}) {
  const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId, periodEndMs: opts.periodEndMs };
  await deliver(
    subscriptionEvent("created", sub, opts.createdMs),
    invoiceEvent("invoice.paid", { subscriptionId: sub.id, customerId: sub.customerId, userId, periodEndMs: opts.periodEndMs }, opts.createdMs),
  );
  return sub;
}
