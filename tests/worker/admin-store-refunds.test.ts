// Refunds of store orders: POST /api/admin/store/orders/:id/refunds through the payment provider
// (here the local test checkout, which sends Stripe's charge.refunded event through the webhook's
// verification and fulfilment at once), and charge.refunded as the webhook receives it. Only the
// event changes the order: refunded_cents follows the charge's cumulative amount and never goes
// down, one negative ledger row per refund, and a full refund revokes the downloads, voids the
// unredeemed gift codes and gives back the stock of lines never shipped, once. Replayed and
// out-of-order events change nothing. Bad input is a 400 with its code that stores nothing.
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:workers";
import { call, db, type TestUser } from "./helpers";
import { auditCount, userOf } from "./admin-gate-matrix";
import { deliver, eventRecorded } from "./payments-fixtures";
import { chargeRefundedEvent, clearOrders, D1, insertPaidOrder, orderRow, orderStateOf, refundRows, stockOf, type InsertedOrder } from "./store-order-fixtures";
import { errorOf } from "./helpers";
import type { OrderDetailResponse, RefundResponse } from "../../worker/contracts/store/admin-orders";
import { refundLocally } from "../../worker/services/payments/local-refunds";
import { storeRefunds } from "../../worker/services/store/purchase";
import { PaymentProviderError } from "../../worker/services/payments/types";

const API = "/api/admin/store/orders";

let admin: TestUser;
beforeAll(async () => {
  admin = await userOf("admin");
});
beforeEach(clearOrders);

const refund = (id: string, amountCents: unknown, attemptId: unknown = crypto.randomUUID(), extra: Record<string, unknown> = {}) =>
  call(`${API}/${id}/refunds`, { method: "POST", json: { amountCents, attemptId, ...extra }, cookie: admin.cookie });
async function refundOk(id: string, amountCents: number, attemptId: string = crypto.randomUUID(), extra: Record<string, unknown> = {}) {
  const res = await refund(id, amountCents, attemptId, extra);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<RefundResponse>();
}
const detail = async (id: string) => (await (await call(`${API}/${id}`, { cookie: admin.cookie })).json<OrderDetailResponse>()).order;

const revokedCount = async (id: string) =>
  (await D1.prepare("SELECT count(revoked_at) AS n FROM entitlements WHERE order_id = ?1").bind(id).first<{ n: number }>())!.n;
const giftStates = async (id: string) =>
  (
    await D1.prepare("SELECT code, redeemed_at IS NOT NULL AS redeemed, voided_at IS NOT NULL AS voided FROM gift_codes WHERE order_id = ?1 ORDER BY code")
      .bind(id)
      .all<{ code: string; redeemed: number; voided: number }>()
  ).results;
const restocked = async (id: string) =>
  (
    await D1.prepare("SELECT line_no, restocked_at IS NOT NULL AS done FROM order_lines WHERE order_id = ?1 ORDER BY line_no")
      .bind(id)
      .all<{ line_no: number; done: number }>()
  ).results;

/** A shirt (2 of size M, 3 left), a digital album and two gift codes: $50 + $9 + 2 × $29.97 + $9 shipping. */
async function fullOrder(extra: Parameters<typeof insertPaidOrder>[0] = {}): Promise<InsertedOrder> {
  return insertPaidOrder({
    lines: [{ kind: "merch", quantity: 2, stockLeft: 3 }, { kind: "digital" }, { kind: "gift_vip", quantity: 2 }],
    ...extra,
  });
}

describe("refunds through the provider (the local test checkout)", () => {
  it("refunds part of an order: the event marks it partly refunded with a ledger row, the request is audited, nothing is revoked", async () => {
    const order = await fullOrder();
    const shirt = order.lines[0]!.variantId!;
    const body = await refundOk(order.id, 1000);
    expect(body.refundId).toMatch(/^re_local_[0-9a-f]{24}$/);
    expect(body.order).toMatchObject({ status: "partially_refunded", refundedCents: 1000, pendingRefundCents: 0, refundableCents: order.totalCents - 1000 });
    expect(body.order.history.at(-1)).toMatchObject({ kind: "refund", actorEmail: admin.email, amountCents: 1000, confirmed: true });
    expect(await orderRow(order.id)).toMatchObject({ status: "partially_refunded", refunded_cents: 1000 });
    expect(await refundRows(order.id)).toEqual([{ ref: `refund:${body.refundId}`, amount_cents: -1000, currency: "usd", order_id: order.id }]);
    const audit = await D1.prepare("SELECT action, actor_email, summary FROM audit_log WHERE target_id = ?1").bind(order.id).all<Record<string, string>>();
    expect(audit.results.map((a) => [a.action, a.actor_email, JSON.parse(a.summary!)])).toEqual([
      ["store.order.refund", admin.email, { after: { refundId: body.refundId, amountCents: 1000, currency: "usd" } }],
    ]);
    expect(await D1.prepare("SELECT count(*) AS n FROM payment_events WHERE type = 'charge.refunded'").first()).toEqual({ n: 1 });
    expect(await revokedCount(order.id)).toBe(0);
    expect((await giftStates(order.id)).every((g) => !g.voided)).toBe(true);
    expect(await stockOf(shirt)).toBe(3);
  });

  it("accumulates partial refunds, and the last one that makes it whole revokes downloads, voids unredeemed codes and restocks unshipped lines once", async () => {
    const member = await userOf("user");
    const order = await fullOrder();
    const shirt = order.lines[0]!.variantId!;
    // One gift code was redeemed already: it is not voided (the first refund chose to let its time be kept).
    await D1.prepare("UPDATE gift_codes SET redeemed_by = ?1, redeemed_at = ?2 WHERE code = ?3").bind(member.id, Date.now(), order.giftCodes[0]).run();

    await refundOk(order.id, 1000, undefined, { giftTime: "keep" });
    await refundOk(order.id, 2500);
    expect(await orderRow(order.id)).toMatchObject({ status: "partially_refunded", refunded_cents: 3500 });
    expect((await refundRows(order.id)).map((r) => r.amount_cents)).toEqual([-1000, -2500]);

    const last = await refundOk(order.id, order.totalCents - 3500);
    expect(last.order).toMatchObject({ status: "refunded", refundedCents: order.totalCents, refundableCents: 0, entitlements: { total: 1, revoked: 1 } });
    expect(last.order.giftCodes).toEqual({ total: 2, redeemed: 1, voided: 1 });
    expect((await refundRows(order.id)).reduce((n, r) => n + r.amount_cents, 0)).toBe(-order.totalCents);
    expect(await revokedCount(order.id)).toBe(1);
    expect((await giftStates(order.id)).map((g) => [g.code, g.redeemed, g.voided])).toEqual(
      [
        [order.giftCodes[0], 1, 0],
        [order.giftCodes[1], 0, 1],
      ].sort(),
    );
    expect(await stockOf(shirt)).toBe(5);
    expect(await restocked(order.id)).toEqual([
      { line_no: 1, done: 1 },
      { line_no: 2, done: 0 },
      { line_no: 3, done: 0 },
    ]);
    expect(last.order.history.filter((h) => h.kind === "refund").map((h) => (h.kind === "refund" ? h.amountCents : 0))).toEqual([
      1000,
      2500,
      order.totalCents - 3500,
    ]);
  });

  it("gives no stock back for an order that was shipped", async () => {
    const order = await fullOrder();
    expect((await call(`${API}/${order.id}/ship`, { method: "POST", json: { carrier: "ups", trackingNumber: "1Z999" }, cookie: admin.cookie })).status).toBe(
      200,
    );
    await refundOk(order.id, order.totalCents);
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refunded_cents: order.totalCents });
    expect(await stockOf(order.lines[0]!.variantId!)).toBe(3);
    expect((await restocked(order.id)).some((l) => l.done)).toBe(false);
    expect(await revokedCount(order.id)).toBe(1);
  });

  it("answers a retried attempt with the same refund, refunded once", async () => {
    const order = await fullOrder();
    const attempt = crypto.randomUUID();
    const first = await refundOk(order.id, 700, attempt);
    const again = await refundOk(order.id, 700, attempt);
    expect(again.refundId).toBe(first.refundId);
    expect(await orderRow(order.id)).toMatchObject({ refunded_cents: 700 });
    expect(await refundRows(order.id)).toHaveLength(1);
    expect(await D1.prepare("SELECT count(*) AS n FROM audit_log WHERE target_id = ?1").bind(order.id).first()).toEqual({ n: 1 });
  });

  it("refuses more than is left with 400 refund_over_remaining, and a refunded order with 409 order_not_refundable, storing nothing", async () => {
    const order = await fullOrder();
    await refundOk(order.id, 1000);
    const before = { audit: await auditCount(), state: await orderStateOf(order.id) };
    const over = await refund(order.id, order.totalCents - 999);
    expect(over.status).toBe(400);
    expect(await errorOf(over)).toMatchObject({ code: "refund_over_remaining", field: "amountCents", params: { max: order.totalCents - 1000 } });
    expect({ audit: await auditCount(), state: await orderStateOf(order.id) }).toEqual(before);

    await refundOk(order.id, order.totalCents - 1000);
    const after = { audit: await auditCount(), state: await orderStateOf(order.id) };
    const done = await refund(order.id, 1);
    expect(done.status).toBe(409);
    expect((await errorOf(done)).code).toBe("order_not_refundable");
    expect({ audit: await auditCount(), state: await orderStateOf(order.id) }).toEqual(after);
  });

  it("refuses an order that was never paid for through the provider with 409 order_not_refundable", async () => {
    const free = await insertPaidOrder({ lines: [{ kind: "digital", unitCents: 0 }], paymentIntentId: null });
    const res = await refund(free.id, 1);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("order_not_refundable");
  });

  it.each([
    [0, "refund_amount_invalid"],
    [-500, "refund_amount_invalid"],
    [12.5, "refund_amount_invalid"],
    ["1000", "refund_amount_invalid"],
    [undefined, "refund_amount_invalid"],
  ])("refuses the amount %o with 400 %s and stores nothing", async (amount, code) => {
    const order = await fullOrder();
    const before = { audit: await auditCount(), state: await orderStateOf(order.id) };
    const res = await refund(order.id, amount);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code, field: "amountCents" });
    expect({ audit: await auditCount(), state: await orderStateOf(order.id) }).toEqual(before);
  });

  it("refuses a missing or malformed attempt id with 400 invalid_input", async () => {
    const order = await fullOrder();
    for (const json of [{ amountCents: 100 }, { amountCents: 100, attemptId: "not-a-uuid" }]) {
      const res = await call(`${API}/${order.id}/refunds`, { method: "POST", json, cookie: admin.cookie });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: "invalid_input", field: "attemptId" });
    }
    expect(await refundRows(order.id)).toEqual([]);
  });
});

describe("racing refunds of one order (the amount is claimed before the provider is asked)", () => {
  const claimedOf = async (id: string) => (await D1.prepare("SELECT refund_claimed_cents AS n FROM orders WHERE id = ?1").bind(id).first<{ n: number }>())!.n;

  it("five full refunds at once: one 200, four 409 order_not_refundable, one ledger row, refunded == paid", async () => {
    const order = await fullOrder();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(order.id, order.totalCents)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409)) expect((await errorOf(res)).code).toBe("order_not_refundable");
    expect(await refundRows(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refunded_cents: order.totalCents });
    expect(await claimedOf(order.id)).toBe(order.totalCents);
    expect(await D1.prepare("SELECT count(*) AS n FROM audit_log WHERE target_id = ?1").bind(order.id).first()).toEqual({ n: 1 });
  });

  it("partial refunds that together would overshoot: the ones that fit are made, the rest refund_over_remaining", async () => {
    const order = await fullOrder();
    const part = Math.floor(order.totalCents * 0.4);
    const answers = await Promise.all(Array.from({ length: 3 }, () => refund(order.id, part)));
    // The late one is refused by the claim (409) while the others are with the provider, or by the
    // check before it (400) when one has already finished: which depends on timing, not the outcome.
    expect(answers.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = answers.find((r) => r.status !== 200)!;
    expect([400, 409]).toContain(refused.status);
    expect(await errorOf(refused)).toMatchObject({ code: "refund_over_remaining", field: "amountCents", params: { max: order.totalCents - 2 * part } });
    expect(await refundRows(order.id)).toHaveLength(2);
    expect(await orderRow(order.id)).toMatchObject({ status: "partially_refunded", refunded_cents: 2 * part });
    expect(await claimedOf(order.id)).toBe(2 * part);
  });

  it("gives the claim back when the provider refuses, so the amount can be refunded afterwards", async () => {
    // The local provider finds the charge by its payment: this order's points at a $9 order's charge
    // (inserted first, so it is the one found), which refuses the larger refund as Stripe would.
    const small = await insertPaidOrder({ lines: [{ kind: "digital" }] });
    const order = await fullOrder();
    await D1.prepare("UPDATE orders SET payment_intent_id = ?2 WHERE id = ?1").bind(order.id, small.paymentIntentId).run();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const failed = await refund(order.id, order.totalCents);
    expect(quiet).toHaveBeenCalled();
    quiet.mockRestore();
    expect(failed.status).toBe(502);
    expect((await errorOf(failed)).code).toBe("refund_failed");
    expect(await claimedOf(order.id)).toBe(0);
    await D1.prepare("UPDATE orders SET payment_intent_id = ?2 WHERE id = ?1").bind(order.id, order.paymentIntentId).run();
    await refundOk(order.id, order.totalCents);
    expect(await claimedOf(order.id)).toBe(order.totalCents);
  });
});

describe("the local test checkout as a provider", () => {
  const secret = (env as unknown as { LOCAL_PAYMENTS_SECRET: string }).LOCAL_PAYMENTS_SECRET;

  it("refuses, as Stripe does, more than is left on the charge or a payment it does not know, refunding nothing", async () => {
    const order = await fullOrder();
    const before = await orderStateOf(order.id);
    const over = refundLocally(
      { ...storeRefunds(db()), secret },
      { paymentIntentId: order.paymentIntentId!, amountCents: order.totalCents + 1, idempotencyKey: "k1" },
    );
    await expect(over).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(over).rejects.toThrow(/greater than unrefunded amount/);
    const unknown = refundLocally({ ...storeRefunds(db()), secret }, { paymentIntentId: "pi_nobody", amountCents: 100, idempotencyKey: "k2" });
    await expect(unknown).rejects.toThrow(/No such payment_intent/);
    expect(await orderStateOf(order.id)).toEqual(before);
  });
});

describe("a refund the provider accepted but has not confirmed yet (live, before its event)", () => {
  it("shows it pending, counts it against what is left, and confirms it when its event arrives", async () => {
    const order = await fullOrder();
    // What the route stores when Stripe accepts a refund: the audit row (the order waits for the event).
    await D1.prepare(
      `INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, summary, created_at)
       VALUES (?1, ?2, 'store.order.refund', 'order', ?3, ?4, ?5)`,
    )
      .bind(admin.id, admin.email, order.id, JSON.stringify({ after: { refundId: "re_live_1", amountCents: 3000, currency: "usd" } }), Date.now())
      .run();
    const pending = await detail(order.id);
    expect(pending).toMatchObject({ status: "paid", refundedCents: 0, pendingRefundCents: 3000, refundableCents: order.totalCents - 3000 });
    expect(pending.history.at(-1)).toMatchObject({ kind: "refund", amountCents: 3000, confirmed: false, actorEmail: admin.email });
    const over = await refund(order.id, order.totalCents - 2999);
    expect(over.status).toBe(400);
    expect((await errorOf(over)).code).toBe("refund_over_remaining");

    await deliver(
      chargeRefundedEvent({
        paymentIntentId: order.paymentIntentId!,
        amount: order.totalCents,
        cumulative: 3000,
        refunds: [{ id: "re_live_1", amount: 3000 }],
      }),
    );
    const confirmed = await detail(order.id);
    expect(confirmed).toMatchObject({ status: "partially_refunded", refundedCents: 3000, pendingRefundCents: 0, refundableCents: order.totalCents - 3000 });
    expect(confirmed.history.filter((h) => h.kind === "refund")).toEqual([
      expect.objectContaining({ amountCents: 3000, confirmed: true, actorEmail: admin.email }),
    ]);
  });
});

describe("charge.refunded from the webhook", () => {
  const refunded = (order: InsertedOrder, cumulative: number, refunds: { id: string; amount: number; status?: string }[] | null, createdMs?: number) =>
    chargeRefundedEvent({ paymentIntentId: order.paymentIntentId!, amount: order.totalCents, cumulative, refunds }, createdMs);

  it("applies a replayed event once", async () => {
    const order = await fullOrder();
    const event = refunded(order, order.totalCents, [{ id: "re_a", amount: order.totalCents }]);
    expect(await deliver(event)).toEqual(["applied"]);
    const after = await orderStateOf(order.id);
    expect(after.stock).toEqual([{ id: order.lines[0]!.variantId, stock: 5 }]);
    expect(await deliver(event)).toEqual(["duplicate"]);
    expect(await orderStateOf(order.id)).toEqual(after);
  });

  it("lets an older event change nothing once a newer one was applied", async () => {
    const order = await fullOrder();
    const older = refunded(order, 1000, [{ id: "re_1", amount: 1000 }], Date.now() - 60_000);
    const newer = refunded(order, 2500, [
      { id: "re_1", amount: 1000 },
      { id: "re_2", amount: 1500 },
    ]);
    await deliver(newer);
    const after = await orderStateOf(order.id);
    expect(after.order).toMatchObject({ status: "partially_refunded", refunded_cents: 2500 });
    expect(await deliver(older)).toEqual(["applied"]);
    expect(await eventRecorded(older.id)).toBe(true);
    expect(await orderStateOf(order.id)).toEqual(after);
    expect((await refundRows(order.id)).map((r) => [r.ref, r.amount_cents])).toEqual([
      ["refund:re_1", -1000],
      ["refund:re_2", -1500],
    ]);
  });

  it("accumulates partial refunds event by event, and restocks once when two events both say it is whole", async () => {
    const order = await fullOrder();
    await deliver(refunded(order, 1000, [{ id: "re_1", amount: 1000 }]));
    const whole = [
      { id: "re_1", amount: 1000 },
      { id: "re_2", amount: order.totalCents - 1000 },
    ];
    await deliver(refunded(order, order.totalCents, whole), refunded(order, order.totalCents, whole));
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refunded_cents: order.totalCents });
    expect(await stockOf(order.lines[0]!.variantId!)).toBe(5);
    expect((await refundRows(order.id)).map((r) => r.amount_cents)).toEqual([-1000, -(order.totalCents - 1000)]);
  });

  it("keys refunds by event when the event lists none, and leaves out refunds that failed", async () => {
    const order = await fullOrder();
    const first = refunded(order, 1000, null);
    await deliver(first);
    expect(await refundRows(order.id)).toEqual([{ ref: `refund:event:${first.id}`, amount_cents: -1000, currency: "usd", order_id: order.id }]);
    const second = refunded(order, 1600, [
      { id: "re_x", amount: 600 },
      { id: "re_failed", amount: 5000, status: "failed" },
    ]);
    await deliver(second);
    expect((await refundRows(order.id)).map((r) => [r.ref, r.amount_cents])).toEqual([
      [`refund:event:${first.id}`, -1000],
      ["refund:re_x", -600],
    ]);
    expect(await orderRow(order.id)).toMatchObject({ refunded_cents: 1600, status: "partially_refunded" });
  });

  const ledgerTotal = async (orderId: string) =>
    (await D1.prepare("SELECT coalesce(sum(amount_cents), 0) AS n FROM revenue_entries WHERE order_id = ?1 AND amount_cents < 0")
      .bind(orderId)
      .first<{ n: number }>())!.n;

  // One refund of 1000, told twice: once without the list (newer API versions), once with it.
  const oneRefundTwoWays = (order: InsertedOrder) => [refunded(order, 1000, null), refunded(order, 1000, [{ id: "re_one", amount: 1000 }])] as const;

  it.each([
    ["without the list first", [0, 1]],
    ["with the list first", [1, 0]],
  ] as const)("books one refund told %s and then the other way, replayed, once: 1000 on the order and the ledger", async (_, [a, b]) => {
    const order = await fullOrder();
    const events = oneRefundTwoWays(order);
    expect(await deliver(events[a], events[b], events[a], events[b])).toEqual(["applied", "applied", "duplicate", "duplicate"]);
    expect(await orderRow(order.id)).toMatchObject({ status: "partially_refunded", refunded_cents: 1000 });
    expect(await ledgerTotal(order.id)).toBe(-1000);
    expect(await refundRows(order.id)).toHaveLength(1);
  });

  it("books one refund told both ways and delivered at once, each twice, once", async () => {
    const order = await fullOrder();
    const [bare, listed] = oneRefundTwoWays(order);
    const outcomes = (await Promise.all([deliver(bare), deliver(listed), deliver(bare), deliver(listed)])).flat();
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(2);
    expect(await orderRow(order.id)).toMatchObject({ status: "partially_refunded", refunded_cents: 1000 });
    expect(await ledgerTotal(order.id)).toBe(-1000);
  });

  it("never books more than the charge's refunded total or the order's, whatever the list says", async () => {
    const order = await fullOrder();
    await deliver(refunded(order, 1000, null));
    await deliver(
      refunded(order, 1500, [
        { id: "re_1", amount: 1000 },
        { id: "re_2", amount: 500 },
      ]),
    );
    expect(await orderRow(order.id)).toMatchObject({ refunded_cents: 1500 });
    expect(await ledgerTotal(order.id)).toBe(-1500);
    await deliver(refunded(order, order.totalCents + 5000, [{ id: "re_big", amount: order.totalCents + 5000 }]));
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refunded_cents: order.totalCents });
    expect(await ledgerTotal(order.id)).toBe(-order.totalCents);
  });

  it("changes no order for a charge it does not know, or one it cannot read", async () => {
    const order = await fullOrder();
    const before = await orderStateOf(order.id);
    const stranger = chargeRefundedEvent({ paymentIntentId: "pi_someone_else", amount: 999, cumulative: 999, refunds: [{ id: "re_z", amount: 999 }] });
    const unreadable = refunded(order, order.totalCents, null);
    delete (unreadable.data.object as Record<string, unknown>).amount_refunded;
    expect(await deliver(stranger, unreadable)).toEqual(["applied", "applied"]);
    expect(await eventRecorded(unreadable.id)).toBe(true);
    expect(await orderStateOf(order.id)).toEqual(before);
  });
});
