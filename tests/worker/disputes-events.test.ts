// Disputes and early fraud warnings as the webhook receives them (decision 094): the payments core
// reads charge.dispute.* and radar.early_fraud_warning.created for every kind, asks the kind that
// owns the payment (here the store's order) and writes one conditional row. Lost: what the order
// paid for is revoked once and the ledger records the loss; won: nothing changes; replayed,
// out-of-order and racing deliveries change nothing more. A warning refunds and revokes an order
// that has not shipped (through the refund path), and only flags one that has.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deliver, event, postWebhook, signatureFor, type TestEvent } from "./payments-fixtures";
import { chargeRefundedEvent, clearOrders, D1, insertPaidOrder, orderStateOf, type InsertedOrder } from "./store-order-fixtures";
import { env } from "cloudflare:workers";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import { call, createUser } from "./helpers";

beforeEach(async () => {
  await clearOrders();
  await D1.batch([D1.prepare("DELETE FROM payment_disputes"), D1.prepare("DELETE FROM refund_claims")]);
});

let serial = 0;
const disputeId = () => `dp_test_${Date.now().toString(36)}${++serial}`;

function disputeEvent(
  stage: "created" | "updated" | "closed",
  order: InsertedOrder,
  id: string,
  status: string,
  createdMs = Date.now(),
  amount = order.totalCents,
): TestEvent {
  return event(
    `charge.dispute.${stage}`,
    {
      id,
      object: "dispute",
      amount,
      currency: order.currency,
      charge: `ch_test_${order.paymentIntentId}`,
      payment_intent: order.paymentIntentId,
      reason: "fraudulent",
      status,
      evidence_details: { due_by: Math.floor(createdMs / 1000) + 7 * 86400 },
    },
    createdMs,
  );
}

const warningEvent = (order: InsertedOrder, id = `issfr_test_${++serial}`) =>
  event("radar.early_fraud_warning.created", {
    id,
    object: "radar.early_fraud_warning",
    actionable: true,
    charge: `ch_test_${order.paymentIntentId}`,
    payment_intent: order.paymentIntentId,
    fraud_type: "made_with_stolen_card",
  });

const disputeRow = (id: string) =>
  D1.prepare(
    "SELECT type, status, outcome, amount_cents, currency, kind, target_id, closed_at IS NOT NULL AS closed, revoked_at IS NOT NULL AS revoked, fraud_action FROM payment_disputes WHERE id = ?1",
  )
    .bind(id)
    .first<Record<string, unknown>>();
const revoked = async (orderId: string) =>
  (await D1.prepare("SELECT count(*) AS n FROM entitlements WHERE order_id = ?1 AND revoked_at IS NOT NULL").bind(orderId).first<{ n: number }>())!.n;
const disputeLedger = async (orderId: string) =>
  (await D1.prepare("SELECT ref, source, amount_cents FROM revenue_entries WHERE order_id = ?1 AND ref LIKE 'dispute:%' ORDER BY id").bind(orderId).all())
    .results;

/** A download and two gift codes, paid. */
const order = () => insertPaidOrder({ lines: [{ kind: "digital" }, { kind: "gift_vip", quantity: 2 }] });

describe("disputes", () => {
  it("created marks the order's payment disputed, with its amount, reason and deadline", async () => {
    const o = await order();
    const id = disputeId();
    expect(await deliver(disputeEvent("created", o, id, "needs_response"))).toEqual(["applied"]);
    expect(await disputeRow(id)).toMatchObject({
      type: "dispute",
      status: "needs_response",
      outcome: null,
      amount_cents: o.totalCents,
      currency: "usd",
      kind: "store order",
      target_id: o.id,
      closed: 0,
      revoked: 0,
    });
    expect(await revoked(o.id)).toBe(0);
  });

  it("lost revokes the download and voids the gift codes once, and the ledger records the loss once", async () => {
    const o = await order();
    const id = disputeId();
    const t = Date.now();
    const closed = disputeEvent("closed", o, id, "lost", t + 2000);
    await deliver(disputeEvent("created", o, id, "needs_response", t), disputeEvent("updated", o, id, "under_review", t + 1000), closed);
    expect(await disputeRow(id)).toMatchObject({ status: "lost", outcome: "lost", closed: 1, revoked: 1 });
    expect(await revoked(o.id)).toBe(1);
    const voided = await D1.prepare("SELECT count(voided_at) AS n FROM gift_codes WHERE order_id = ?1").bind(o.id).first<{ n: number }>();
    expect(voided!.n).toBe(2);
    expect(await disputeLedger(o.id)).toEqual([{ ref: `dispute:${id}`, source: "store", amount_cents: -o.totalCents }]);

    const after = await orderStateOf(o.id);
    // The same event again, and another closed event for the same dispute: nothing more.
    expect(await deliver(closed)).toEqual(["duplicate"]);
    expect(await deliver(disputeEvent("closed", o, id, "lost", t + 5000), disputeEvent("updated", o, id, "needs_response", t + 6000))).toEqual([
      "applied",
      "applied",
    ]);
    expect(await orderStateOf(o.id)).toEqual(after);
    expect(await disputeRow(id)).toMatchObject({ status: "lost", outcome: "lost" });
  });

  it("won changes nothing the order paid for", async () => {
    const o = await order();
    const before = await orderStateOf(o.id);
    const id = disputeId();
    const t = Date.now();
    await deliver(disputeEvent("created", o, id, "needs_response", t), disputeEvent("closed", o, id, "won", t + 1000));
    expect(await disputeRow(id)).toMatchObject({ status: "won", outcome: "won", closed: 1, revoked: 0 });
    expect(await orderStateOf(o.id)).toEqual(before);
  });

  it("out of order: closed (lost) first, then created and updated, stays lost and revokes once", async () => {
    const o = await order();
    const id = disputeId();
    const t = Date.now();
    await deliver(disputeEvent("closed", o, id, "lost", t + 2000));
    const after = await orderStateOf(o.id);
    expect(await deliver(disputeEvent("created", o, id, "needs_response", t), disputeEvent("updated", o, id, "under_review", t + 1000))).toEqual([
      "applied",
      "applied",
    ]);
    expect(await disputeRow(id)).toMatchObject({ status: "lost", outcome: "lost", closed: 1 });
    expect(await orderStateOf(o.id)).toEqual(after);
    expect(await revoked(o.id)).toBe(1);
  });

  it("an older updated after a newer one changes nothing", async () => {
    const o = await order();
    const id = disputeId();
    const t = Date.now();
    await deliver(disputeEvent("updated", o, id, "under_review", t + 1000), disputeEvent("created", o, id, "needs_response", t));
    expect(await disputeRow(id)).toMatchObject({ status: "under_review" });
  });

  it("racing deliveries of the same lost event, and of two different ones, revoke and record once", async () => {
    const o = await order();
    const id = disputeId();
    const t = Date.now();
    const closed = disputeEvent("closed", o, id, "lost", t);
    const raw = JSON.stringify(closed);
    const other = JSON.stringify(disputeEvent("closed", o, id, "lost", t + 1000));
    const responses = await Promise.all([raw, raw, raw, other, other].map(async (body) => postWebhook(body, await signatureFor(body))));
    const outcomes = await Promise.all(responses.map(async (r) => (await r.json<{ outcome: string }>()).outcome));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(outcomes.filter((x) => x === "applied")).toHaveLength(2);
    expect(await disputeLedger(o.id)).toEqual([{ ref: `dispute:${id}`, source: "store", amount_cents: -o.totalCents }]);
    expect(await revoked(o.id)).toBe(1);
  });

  const givenBack = async (orderId: string) =>
    (await D1.prepare("SELECT coalesce(-sum(amount_cents), 0) AS n FROM revenue_entries WHERE order_id = ?1 AND amount_cents < 0")
      .bind(orderId)
      .first<{ n: number }>())!.n;

  it("a lost dispute for more than the order's amount books the order's amount, once", async () => {
    const o = await order();
    const id = disputeId();
    const lost = disputeEvent("closed", o, id, "lost", Date.now(), o.totalCents + 5000);
    expect(await deliver(lost, lost)).toEqual(["applied", "duplicate"]);
    expect(await disputeLedger(o.id)).toEqual([{ ref: `dispute:${id}`, source: "store", amount_cents: -o.totalCents }]);
  });

  it.each([
    ["the refund first", true],
    ["the loss first", false],
  ])("a lost dispute and a partial refund, %s, together give back no more than the order's amount", async (_, refundFirst) => {
    const o = await order();
    const id = disputeId();
    const refund = chargeRefundedEvent({
      paymentIntentId: o.paymentIntentId!,
      amount: o.totalCents,
      cumulative: 300,
      refunds: [{ id: "re_part", amount: 300 }],
    });
    const lost = disputeEvent("closed", o, id, "lost");
    await deliver(...(refundFirst ? [refund, lost, refund, lost] : [lost, refund, lost, refund]));
    expect(await givenBack(o.id)).toBe(o.totalCents);
    const dispute = (await disputeLedger(o.id)) as { amount_cents: number }[];
    expect(dispute.map((r) => r.amount_cents)).toEqual([refundFirst ? -(o.totalCents - 300) : -o.totalCents]);
  });

  it("a lost dispute and a refund delivered at once give back no more than the order's amount", async () => {
    const o = await order();
    const refund = JSON.stringify(
      chargeRefundedEvent({ paymentIntentId: o.paymentIntentId!, amount: o.totalCents, cumulative: 300, refunds: [{ id: "re_race", amount: 300 }] }),
    );
    const lost = JSON.stringify(disputeEvent("closed", o, disputeId(), "lost"));
    const responses = await Promise.all([refund, lost, refund, lost].map(async (body) => postWebhook(body, await signatureFor(body))));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await givenBack(o.id)).toBe(o.totalCents);
  });

  it("a dispute on a payment no kind owns is recorded and changes nothing", async () => {
    const o = await order();
    const stranger = { ...o, paymentIntentId: "pi_test_unknown" };
    expect(await deliver(disputeEvent("created", stranger, disputeId(), "needs_response"))).toEqual(["applied"]);
    expect((await D1.prepare("SELECT count(*) AS n FROM payment_disputes").first<{ n: number }>())!.n).toBe(0);
  });
});

describe("early fraud warnings", () => {
  it("an unshipped order is refunded through the refund path and revoked, once", async () => {
    const o = await order();
    const refundEvents = async () => (await D1.prepare("SELECT count(*) AS n FROM payment_events WHERE type = 'charge.refunded'").first<{ n: number }>())!.n;
    const refundEventsBefore = await refundEvents();
    const warning = warningEvent(o);
    expect(await deliver(warning)).toEqual(["applied"]);
    const id = `efw:${(warning.data.object as { id: string }).id}`;
    expect(await disputeRow(id)).toMatchObject({ type: "fraud_warning", fraud_action: "refunded", status: "refunded" });
    // The local provider's charge.refunded follows the refund, after the answer.
    await vi.waitFor(async () =>
      expect(await D1.prepare("SELECT status, refunded_cents FROM orders WHERE id = ?1").bind(o.id).first()).toEqual({
        status: "refunded",
        refunded_cents: o.totalCents,
      }),
    );
    expect(await revoked(o.id)).toBe(1);
    const after = await orderStateOf(o.id);
    expect(await deliver(warning)).toEqual(["duplicate"]);
    // Another delivery of the same warning under a new event id acts no more.
    expect(await deliver({ ...warning, id: `${warning.id}_again` })).toEqual(["applied"]);
    expect(await orderStateOf(o.id)).toEqual(after);
    expect(await refundEvents()).toBe(refundEventsBefore + 1);
  });

  it("a refund the provider refuses gives the claim back and flags the warning for the admin", async () => {
    const o = await order();
    // The provider's charge shows a refund the order's claim does not: it refuses the whole amount.
    await D1.prepare("UPDATE orders SET refunded_cents = 100 WHERE id = ?1").bind(o.id).run();
    const warning = warningEvent(o);
    await deliver(warning);
    const id = `efw:${(warning.data.object as { id: string }).id}`;
    await vi.waitFor(async () => expect(await disputeRow(id)).toMatchObject({ fraud_action: "flagged", status: "flagged" }));
    expect(await D1.prepare("SELECT refund_claimed_cents, status FROM orders WHERE id = ?1").bind(o.id).first()).toEqual({
      // Back to what was refunded: nothing more is claimed.
      refund_claimed_cents: 100,
      status: "paid",
    });
    expect((await D1.prepare("SELECT count(*) AS n FROM refund_claims").first<{ n: number }>())!.n).toBe(0);
    expect(await revoked(o.id)).toBe(0);
  });

  it("a shipped order is only flagged for the admin: nothing is refunded or revoked", async () => {
    const o = await insertPaidOrder({ lines: [{ kind: "merch" }, { kind: "digital" }], shippedAt: Date.now(), status: "shipped" });
    const before = await orderStateOf(o.id);
    const warning = warningEvent(o);
    await deliver(warning, warning);
    const id = `efw:${(warning.data.object as { id: string }).id}`;
    expect(await disputeRow(id)).toMatchObject({ type: "fraud_warning", fraud_action: "flagged", status: "flagged" });
    expect(await orderStateOf(o.id)).toEqual(before);
    expect((await D1.prepare("SELECT count(*) AS n FROM refund_claims").first<{ n: number }>())!.n).toBe(0);
  });
});

describe("the admins are told", () => {
  const ADMIN_EMAIL = (env as unknown as { ADMIN_EMAIL: string }).ADMIN_EMAIL;
  const notices = async (number: number) =>
    (
      await D1.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = ?1 AND (subject LIKE ?2 OR subject LIKE ?3) ORDER BY id")
        .bind(ADMIN_EMAIL, `%#${number}%`, `%nº ${number}%`)
        .all<{ subject: string; text: string }>()
    ).results;

  it("of a dispute opened and lost, once each however often the events arrive, in the notification language, and not while the orders' switch is off", async () => {
    const o = await order();
    const id = disputeId();
    const t = Date.now();
    const created = disputeEvent("created", o, id, "needs_response", t);
    await deliver(created, created, disputeEvent("closed", o, id, "lost", t + 1000), disputeEvent("closed", o, id, "lost", t + 2000));
    await backgroundWorkSettled();
    const mails = await notices(o.number);
    // Each follows its own delivery after the answer: in either order, one each.
    expect(mails.map((m) => m.subject).sort()).toEqual([`A payment was disputed: order #${o.number}`, `Dispute lost: order #${o.number} was taken back`]);
    const opened = mails.find((m) => m.subject.startsWith("A payment was disputed"))!;
    expect(opened.text).toContain(`Customer: ${o.email}`);
    expect(opened.text).toContain("Evidence due:");

    const admin = await createUser("admin");
    const settings = (json: unknown) => call("/api/admin/settings", { method: "PUT", cookie: admin.cookie, json });
    expect((await settings({ notificationLocale: "pt-BR" })).status).toBe(200);
    const p = await order();
    await deliver(warningEvent(p));
    await backgroundWorkSettled();
    await vi.waitFor(async () =>
      expect((await notices(p.number)).map((m) => m.subject)).toEqual([`Alerta de fraude: o pedido nº ${p.number} foi reembolsado e revogado`]),
    );

    expect((await settings({ notificationLocale: "en", notifications: { newOrder: false } })).status).toBe(200);
    const q = await order();
    await deliver(disputeEvent("created", q, disputeId(), "needs_response"));
    await backgroundWorkSettled();
    expect(await notices(q.number)).toEqual([]);
    expect((await settings({ notifications: { newOrder: true } })).status).toBe(200);
  });
});
