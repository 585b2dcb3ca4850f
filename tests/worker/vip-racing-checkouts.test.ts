// Two checkouts of a paid tier paid at once (decision 108): both payments reach the provider, but a
// member holds one running subscription. The second subscription's rows are refused in the
// statements themselves and its payment refunded once, through the webhook (the live path, events
// racing) and through the local test checkout (two Pay clicks racing); a replayed or repeated
// invoice.paid refunds nothing more. Rows are read with raw SQL.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import { call, callLocal, createUser, type TestUser } from "./helpers";
import {
  DAY_MS,
  checkoutCompletedEvent,
  deliver,
  invoiceEvent,
  newCustomerId,
  newInvoiceId,
  newSubscriptionId,
  postWebhook,
  signatureFor,
  subscriptionEvent,
  type TestEvent,
} from "./payments-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;

beforeEach(async () => {
  await D1.batch([D1.prepare("DELETE FROM vip_payments"), D1.prepare("DELETE FROM payment_events")]);
});

let serial = 0;
const uid = (prefix: string) => `${prefix}_${Date.now().toString(36)}${++serial}`;

type Sub = { id: string; customerId: string; userId: string };

/** A subscription's three events as a paid checkout sends them, its invoice naming its payment. */
function paidCheckout(userId: string, amount = 999) {
  const sub: Sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId };
  const invoiceId = newInvoiceId();
  const paymentIntentId = uid("pi_test");
  const periodEndMs = Date.now() + 30 * DAY_MS;
  const paid = invoiceEvent("invoice.paid", {
    subscriptionId: sub.id,
    customerId: sub.customerId,
    userId,
    amountPaid: amount,
    currency: "usd",
    invoiceId,
    periodEndMs,
  });
  Object.assign(paid.data.object, { payment_intent: paymentIntentId });
  const events = [
    subscriptionEvent("created", { ...sub, periodEndMs }),
    paid,
    checkoutCompletedEvent({ sessionId: uid("cs_test"), userId, customerId: sub.customerId, subscriptionId: sub.id }),
  ];
  return { sub, invoiceId, paymentIntentId, events, paid };
}

const deliverOne = async (e: TestEvent) => {
  const raw = JSON.stringify(e);
  const res = await postWebhook(raw, await signatureFor(raw));
  expect(res.status).toBe(200);
};

const liveSubs = async (userId: string) =>
  (
    await D1.prepare("SELECT id FROM subscriptions WHERE user_id = ?1 AND status IN ('active', 'trialing', 'past_due')").bind(userId).all<{ id: string }>()
  ).results.map((r) => r.id);
const payments = async (userId: string) =>
  (
    await D1.prepare(
      "SELECT payment_intent_id AS pi, amount_cents AS amount, refunded_cents AS refunded FROM vip_payments WHERE user_id = ?1 ORDER BY paid_at, payment_intent_id",
    )
      .bind(userId)
      .all<{ pi: string; amount: number; refunded: number }>()
  ).results;
const ledger = async (userId: string) =>
  (
    await D1.prepare("SELECT ref, amount_cents AS amount FROM revenue_entries WHERE user_id = ?1 ORDER BY amount_cents DESC, ref")
      .bind(userId)
      .all<{ ref: string; amount: number }>()
  ).results;
const vipOf = async (userId: string) =>
  (await D1.prepare("SELECT is_vip AS vip, tier_id AS tier FROM users WHERE id = ?1").bind(userId).first<{ vip: number; tier: string | null }>())!;

describe("two subscriptions paid at once, through the webhook", () => {
  it("keeps one running subscription and refunds the other's payment once", async () => {
    const user = await createUser("user");
    const a = paidCheckout(user.id);
    const b = paidCheckout(user.id);
    // Each subscription's events in order, the two subscriptions racing each other.
    await Promise.all(
      [a, b].map(async (c) => {
        for (const e of c.events) await deliverOne(e);
      }),
    );
    await backgroundWorkSettled();

    const live = await liveSubs(user.id);
    expect(live).toHaveLength(1);
    const [kept, refused] = live[0] === a.sub.id ? [a, b] : [b, a];
    expect(await D1.prepare("SELECT count(*) AS n FROM subscriptions WHERE id = ?1").bind(refused.sub.id).first("n")).toBe(0);
    expect(await vipOf(user.id)).toEqual({ vip: 1, tier: "vip" });
    const byIntent = Object.fromEntries((await payments(user.id)).map((p) => [p.pi, p]));
    expect(byIntent[kept.paymentIntentId]).toMatchObject({ amount: 999, refunded: 0 });
    expect(byIntent[refused.paymentIntentId]).toMatchObject({ amount: 999, refunded: 999 });
    expect(await ledger(user.id)).toEqual([
      ...[`invoice:${a.invoiceId}`, `invoice:${b.invoiceId}`].sort().map((ref) => ({ ref, amount: 999 })),
      { ref: `duplicate-subscription:${refused.invoiceId}`, amount: -999 },
    ]);

    // Replayed, and the same invoice in a new event (a retry Stripe numbers anew): refunded nothing more.
    await deliverOne(refused.paid);
    const again = invoiceEvent("invoice.paid", {
      subscriptionId: refused.sub.id,
      customerId: refused.sub.customerId,
      userId: user.id,
      amountPaid: 999,
      currency: "usd",
      invoiceId: refused.invoiceId,
    });
    Object.assign(again.data.object, { payment_intent: refused.paymentIntentId });
    await deliverOne(again);
    await backgroundWorkSettled();
    expect(await liveSubs(user.id)).toEqual([kept.sub.id]);
    expect((await payments(user.id)).find((p) => p.pi === refused.paymentIntentId)).toMatchObject({ refunded: 999 });
    expect((await ledger(user.id)).filter((r) => r.amount < 0)).toEqual([{ ref: `duplicate-subscription:${refused.invoiceId}`, amount: -999 }]);
  });

  it("still takes a new subscription once the earlier one ended", async () => {
    const user = await createUser("user");
    const first = paidCheckout(user.id);
    await deliver(...first.events);
    await deliver(subscriptionEvent("deleted", { ...first.sub, status: "canceled" }, Date.now() + 1000));
    const second = paidCheckout(user.id);
    await deliver(...second.events);
    await backgroundWorkSettled();
    expect(await liveSubs(user.id)).toEqual([second.sub.id]);
    expect((await payments(user.id)).map((p) => p.refunded)).toEqual([0, 0]);
  });
});

describe("two Pay clicks at once on the local test checkout", () => {
  async function openCheckout(user: TestUser, attemptId: string) {
    const res = await call("/api/payments/checkout", { json: { attemptId }, cookie: user.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return new URL((await res.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
  }

  it("gives one subscription; a second payment that got through is refunded", async () => {
    const user = await createUser("user");
    const sessions = [await openCheckout(user, crypto.randomUUID()), await openCheckout(user, crypto.randomUUID())];
    expect(sessions[0]).not.toBe(sessions[1]);
    const answers = await Promise.all(sessions.map((s) => callLocal(`/api/payments/local/checkout/${s}/pay`, { method: "POST", cookie: user.cookie })));
    await backgroundWorkSettled();
    const statuses = answers.map((r) => r.status).sort();
    // The second click is refused before paying when the first one's subscription is already stored.
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    expect(await liveSubs(user.id)).toHaveLength(1);
    expect(await vipOf(user.id)).toEqual({ vip: 1, tier: "vip" });
    const paid = await payments(user.id);
    expect(paid).toHaveLength(statuses.filter((s) => s === 200).length);
    expect(paid.filter((p) => p.refunded === 0)).toHaveLength(1);
    expect(paid.filter((p) => p.refunded === p.amount && p.amount > 0)).toHaveLength(paid.length - 1);
  });
});
