// Disputes and early fraud warnings on VIP payments (decision 094): each paid invoice keeps the
// payment intent that paid it (both of Stripe's layouts, and the local test checkout's), so the
// payments core finds the membership a dispute names. Lost: the membership ends now, once, and the
// ledger records the loss with its tax share; won: nothing changes; replayed, out-of-order and
// racing deliveries change nothing more. A warning refunds the membership's first payment within
// its period and ends it, once; a renewal's is only flagged for the admin.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import { call, callLocal, createUser } from "./helpers";
import {
  DAY_MS,
  deliver,
  event,
  invoiceEvent,
  isVip,
  newCustomerId,
  newInvoiceId,
  newSubscriptionId,
  postWebhook,
  signatureFor,
  subscriptionEvent,
  subscriptionRow,
  type TestEvent,
} from "./payments-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;

beforeEach(async () => {
  await D1.batch([D1.prepare("DELETE FROM payment_disputes"), D1.prepare("DELETE FROM vip_payments"), D1.prepare("DELETE FROM payment_events")]);
});

let serial = 0;
const uid = (prefix: string) => `${prefix}_${Date.now().toString(36)}${++serial}`;

type Sub = { id: string; customerId: string; userId: string };
type Paid = { sub: Sub; paymentIntentId: string; invoiceId: string; amount: number };

/** A paid invoice as the current API sends it (`payments.data[].payment.payment_intent`), or the older `payment_intent`. */
function paidInvoice(sub: Sub, { amount = 999, tax = 0, layout = "payments", periodEndMs = Date.now() + 30 * DAY_MS, at = Date.now() } = {}) {
  const paymentIntentId = uid("pi_test");
  const invoiceId = newInvoiceId();
  const e = invoiceEvent(
    "invoice.paid",
    { subscriptionId: sub.id, customerId: sub.customerId, userId: sub.userId, amountPaid: amount, currency: "usd", invoiceId, periodEndMs },
    at,
  );
  Object.assign(
    e.data.object,
    layout === "payments"
      ? {
          payments: {
            object: "list",
            data: [{ object: "invoice_payment", status: "paid", payment: { type: "payment_intent", payment_intent: paymentIntentId } }],
          },
        }
      : { payment_intent: paymentIntentId },
    tax ? { total_taxes: [{ amount: tax }], customer_address: { country: "DE" } } : {},
  );
  return { e, paid: { sub, paymentIntentId, invoiceId, amount } satisfies Paid };
}

async function vipMember(opts: Parameters<typeof paidInvoice>[1] = {}) {
  const user = await createUser("user");
  const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id };
  const { e, paid } = paidInvoice(sub, opts);
  const at = (opts.at ?? Date.now()) - 1000;
  expect(await deliver(subscriptionEvent("created", { ...sub, periodEndMs: opts.periodEndMs ?? Date.now() + 30 * DAY_MS }, at), e)).toEqual([
    "applied",
    "applied",
  ]);
  expect(await isVip(user.id)).toBe(true);
  return { user, paid };
}

function disputeEvent(stage: "created" | "updated" | "closed", p: Paid, id: string, status: string, createdMs = Date.now(), amount = p.amount): TestEvent {
  return event(
    `charge.dispute.${stage}`,
    {
      id,
      object: "dispute",
      amount,
      currency: "usd",
      charge: `ch_${p.paymentIntentId}`,
      payment_intent: p.paymentIntentId,
      reason: "fraudulent",
      status,
      evidence_details: { due_by: Math.floor(createdMs / 1000) + 7 * 86400 },
    },
    createdMs,
  );
}

const warningEvent = (p: Paid, id = uid("issfr_test")) =>
  event("radar.early_fraud_warning.created", {
    id,
    object: "radar.early_fraud_warning",
    actionable: true,
    payment_intent: p.paymentIntentId,
    fraud_type: "made_with_stolen_card",
  });

const disputeRow = (id: string) =>
  D1.prepare(
    "SELECT kind, target_id, user_id, status, outcome, amount_cents, revoked_at IS NOT NULL AS revoked, fraud_action FROM payment_disputes WHERE id = ?1",
  )
    .bind(id)
    .first<Record<string, unknown>>();
const lossesOf = async (userId: string) =>
  (
    await D1.prepare("SELECT ref, source, amount_cents, tax_cents, tax_jurisdiction FROM revenue_entries WHERE user_id = ?1 AND amount_cents < 0 ORDER BY id")
      .bind(userId)
      .all()
  ).results;
const membershipOf = async (p: Paid) => {
  const row = await subscriptionRow(p.sub.id);
  return { status: row?.status, vip: await isVip(p.sub.userId) };
};
const paymentRow = (pi: string) =>
  D1.prepare("SELECT invoice_id, subscription_id, user_id, amount_cents, refunded_cents FROM vip_payments WHERE payment_intent_id = ?1").bind(pi).first();

describe("a paid VIP invoice keeps its payment", () => {
  it.each(["payments", "field"] as const)("read from the invoice's %s layout, once", async (layout) => {
    const { user, paid } = await vipMember({ layout });
    expect(await paymentRow(paid.paymentIntentId)).toEqual({
      invoice_id: paid.invoiceId,
      subscription_id: paid.sub.id,
      user_id: user.id,
      amount_cents: 999,
      refunded_cents: 0,
    });
  });

  it("through the local test checkout, whose invoice.paid carries one as Stripe's does", async () => {
    const user = await createUser("user");
    const res = await call("/api/payments/checkout", { json: {}, cookie: user.cookie, headers: { "cf-connecting-ip": "10.77.1.2" } });
    expect(res.status).toBe(200);
    const sessionId = new URL((await res.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
    expect((await callLocal(`/api/payments/local/checkout/${sessionId}/pay`, { method: "POST", cookie: user.cookie })).status).toBe(200);
    const row = await D1.prepare("SELECT payment_intent_id AS pi, invoice_id AS invoice FROM vip_payments WHERE user_id = ?1")
      .bind(user.id)
      .all<{ pi: string; invoice: string }>();
    expect(row.results).toHaveLength(1);
    expect(row.results[0]!.pi).toMatch(/^pi_local_/);
    expect(row.results[0]!.invoice).toMatch(/^in_local_/);
  });
});

describe("disputes on a VIP payment", () => {
  it("created marks the member's subscription disputed and changes nothing else", async () => {
    const { user, paid } = await vipMember();
    const id = uid("dp_test");
    expect(await deliver(disputeEvent("created", paid, id, "needs_response"))).toEqual(["applied"]);
    expect(await disputeRow(id)).toMatchObject({ kind: "VIP subscription", target_id: paid.sub.id, user_id: user.id, status: "needs_response", revoked: 0 });
    expect(await membershipOf(paid)).toEqual({ status: "active", vip: true });
    expect(await lossesOf(user.id)).toEqual([]);
  });

  it("lost ends the membership now and records the loss with its tax share, once; later events change nothing", async () => {
    const { user, paid } = await vipMember({ amount: 1190, tax: 190 });
    const id = uid("dp_test");
    const t = Date.now();
    const closed = disputeEvent("closed", paid, id, "lost", t + 2000);
    await deliver(disputeEvent("created", paid, id, "needs_response", t), closed);
    expect(await disputeRow(id)).toMatchObject({ status: "lost", outcome: "lost", revoked: 1 });
    expect(await membershipOf(paid)).toEqual({ status: "canceled", vip: false });
    expect((await subscriptionRow(paid.sub.id))!.currentPeriodEnd!.getTime()).toBeLessThanOrEqual(Date.now());
    const loss = [{ ref: `dispute:${id}`, source: "vip", amount_cents: -1190, tax_cents: -190, tax_jurisdiction: "DE" }];
    expect(await lossesOf(user.id)).toEqual(loss);

    expect(await deliver(closed)).toEqual(["duplicate"]);
    // Another closed event of the same dispute, an older update, and the provider's own late update of the subscription.
    await deliver(
      disputeEvent("closed", paid, id, "lost", t + 5000),
      disputeEvent("updated", paid, id, "needs_response", t + 1000),
      subscriptionEvent("updated", { ...paid.sub, status: "active" }, t + 6000),
    );
    expect(await lossesOf(user.id)).toEqual(loss);
    expect(await membershipOf(paid)).toEqual({ status: "canceled", vip: false });
  });

  it("won changes nothing", async () => {
    const { user, paid } = await vipMember();
    const id = uid("dp_test");
    const t = Date.now();
    await deliver(disputeEvent("created", paid, id, "needs_response", t), disputeEvent("closed", paid, id, "won", t + 1000));
    expect(await disputeRow(id)).toMatchObject({ outcome: "won", revoked: 0 });
    expect(await membershipOf(paid)).toEqual({ status: "active", vip: true });
    expect(await lossesOf(user.id)).toEqual([]);
  });

  it("out of order: closed (lost) first, then created, revokes once", async () => {
    const { user, paid } = await vipMember();
    const id = uid("dp_test");
    const t = Date.now();
    await deliver(disputeEvent("closed", paid, id, "lost", t + 2000), disputeEvent("created", paid, id, "needs_response", t));
    expect(await disputeRow(id)).toMatchObject({ status: "lost", revoked: 1 });
    expect(await membershipOf(paid)).toEqual({ status: "canceled", vip: false });
    expect(await lossesOf(user.id)).toHaveLength(1);
  });

  it("racing deliveries of the same lost event and of another record the loss once", async () => {
    const { user, paid } = await vipMember();
    const id = uid("dp_test");
    const t = Date.now();
    const one = JSON.stringify(disputeEvent("closed", paid, id, "lost", t));
    const other = JSON.stringify(disputeEvent("closed", paid, id, "lost", t + 1000));
    const responses = await Promise.all([one, one, one, other, other].map(async (body) => postWebhook(body, await signatureFor(body))));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await lossesOf(user.id)).toEqual([{ ref: `dispute:${id}`, source: "vip", amount_cents: -999, tax_cents: 0, tax_jurisdiction: null }]);
    expect(await membershipOf(paid)).toEqual({ status: "canceled", vip: false });
  });

  it("a lost dispute for more than the payment books the payment, once", async () => {
    const { user, paid } = await vipMember();
    const id = uid("dp_test");
    const lost = disputeEvent("closed", paid, id, "lost", Date.now(), paid.amount + 5000);
    expect(await deliver(lost, lost)).toEqual(["applied", "duplicate"]);
    expect(await lossesOf(user.id)).toEqual([{ ref: `dispute:${id}`, source: "vip", amount_cents: -999, tax_cents: 0, tax_jurisdiction: null }]);
  });
});

describe("early fraud warnings on a VIP payment", () => {
  it("the first payment, within its period: refunded and the membership ended, once", async () => {
    const { user, paid } = await vipMember();
    const warning = warningEvent(paid);
    const id = `efw:${(warning.data.object as { id: string }).id}`;
    expect(await deliver(warning)).toEqual(["applied"]);
    expect(await disputeRow(id)).toMatchObject({ kind: "VIP subscription", fraud_action: "refunded", status: "refunded" });
    expect(await membershipOf(paid)).toEqual({ status: "canceled", vip: false });
    // The local provider's refund follows the answer.
    await vi.waitFor(async () => expect(await paymentRow(paid.paymentIntentId)).toMatchObject({ refunded_cents: 999 }));
    const loss = [{ ref: `fraud-warning:${id}`, source: "vip", amount_cents: -999, tax_cents: 0, tax_jurisdiction: null }];
    expect(await lossesOf(user.id)).toEqual(loss);

    expect(await deliver(warning)).toEqual(["duplicate"]);
    expect(await deliver({ ...warning, id: `${warning.id}_again` })).toEqual(["applied"]);
    await backgroundWorkSettled();
    expect(await lossesOf(user.id)).toEqual(loss);
    expect(await paymentRow(paid.paymentIntentId)).toMatchObject({ refunded_cents: 999 });
    // One refund at the provider: the local provider's id for the warning's key, recorded once.
    const refunds = await D1.prepare("SELECT refund_id FROM vip_payments WHERE payment_intent_id = ?1").bind(paid.paymentIntentId).all<{ refund_id: string }>();
    expect(refunds.results.map((r) => r.refund_id)).toEqual([expect.stringMatching(/^re_local_/)]);
  });

  it("a renewal is only flagged for the admin: nothing refunded or ended", async () => {
    const { user, paid } = await vipMember({ at: Date.now() - 40 * DAY_MS, periodEndMs: Date.now() - 10 * DAY_MS });
    const renewal = paidInvoice(paid.sub, { periodEndMs: Date.now() + 20 * DAY_MS });
    expect(await deliver(renewal.e)).toEqual(["applied"]);
    const warning = warningEvent(renewal.paid);
    await deliver(warning, warning);
    expect(await disputeRow(`efw:${(warning.data.object as { id: string }).id}`)).toMatchObject({ fraud_action: "flagged", status: "flagged" });
    expect(await membershipOf(paid)).toEqual({ status: "active", vip: true });
    await backgroundWorkSettled();
    expect(await paymentRow(renewal.paid.paymentIntentId)).toMatchObject({ refunded_cents: 0 });
    expect(await lossesOf(user.id)).toEqual([]);
  });

  it("a first payment whose period is over is flagged too", async () => {
    const { paid } = await vipMember({ at: Date.now() - 40 * DAY_MS, periodEndMs: Date.now() - 10 * DAY_MS });
    const warning = warningEvent(paid);
    await deliver(warning);
    expect(await disputeRow(`efw:${(warning.data.object as { id: string }).id}`)).toMatchObject({ fraud_action: "flagged" });
  });
});

describe("the admins are told", () => {
  const ADMIN_EMAIL = (env as unknown as { ADMIN_EMAIL: string }).ADMIN_EMAIL;

  it("of a VIP dispute opened and lost, naming the member and the plan, once each", async () => {
    const { user, paid } = await vipMember();
    const id = uid("dp_test");
    const t = Date.now();
    const created = disputeEvent("created", paid, id, "needs_response", t);
    await deliver(created, created, disputeEvent("closed", paid, id, "lost", t + 1000));
    await backgroundWorkSettled();
    const mails = (
      await D1.prepare(
        "SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = ?1 AND subject LIKE ?2 AND subject NOT LIKE 'New VIP%' ORDER BY id",
      )
        .bind(ADMIN_EMAIL, `%${user.username}%`)
        .all<{ subject: string; text: string }>()
    ).results;
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `A VIP payment was disputed: ${user.username}`,
      `Dispute lost: the VIP membership of ${user.username} was ended`,
    ]);
    expect(mails[0]!.text).toContain(`Customer: ${user.email}`);
  });
});
