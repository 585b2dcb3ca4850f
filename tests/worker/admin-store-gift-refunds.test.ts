// Refunding a gift order whose code a member already redeemed, through the Worker: the order's
// detail shows who redeemed it and how much of its VIP time is left; the refund must choose
// ("keep" or "revoke", else 400 gift_time_required changing nothing); revoking takes back only what
// is left of that gift's time (never the member's paid time or an earlier comp's), once however
// often or concurrently the refund is sent; the audit row keeps the choice. An order whose code was
// not redeemed refunds as before (its code void). Rows are read with raw SQL.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { auditCount, expectAdminOnly, userOf } from "./admin-gate-matrix";
import { clearOrders, D1, insertPaidOrder, orderRow, type InsertedOrder } from "./store-order-fixtures";
import { DAY, freezeClock } from "./check-in-fixtures";
import { newGiftCode } from "../../worker/lib/gift-code";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import type { OrderDetailResponse, RefundResponse } from "../../worker/contracts/store/admin-orders";

const API = "/api/admin/store/orders";

let admin: TestUser;
beforeAll(async () => {
  admin = await userOf("admin");
});
beforeEach(clearOrders);
afterEach(async () => {
  await backgroundWorkSettled();
  vi.useRealTimers();
});

const refund = (id: string, json: Record<string, unknown>, cookie = admin.cookie) =>
  call(`${API}/${id}/refunds`, { method: "POST", json: { attemptId: crypto.randomUUID(), ...json }, cookie });
async function refundOk(id: string, json: Record<string, unknown>) {
  const res = await refund(id, json);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<RefundResponse>();
}
const detail = async (id: string) => (await (await call(`${API}/${id}`, { cookie: admin.cookie })).json<OrderDetailResponse>()).order;

const first = <T>(query: string, ...binds: unknown[]) =>
  D1.prepare(query)
    .bind(...binds)
    .first<T>();
const exec = (query: string, ...binds: unknown[]) =>
  D1.prepare(query)
    .bind(...binds)
    .run();
const compEnd = async (userId: string) => (await first<{ ends_at: number | null }>("SELECT ends_at FROM vip_comps WHERE user_id = ?1", userId))?.ends_at;
const isVip = async (userId: string) => (await first<{ is_vip: number }>("SELECT is_vip FROM users WHERE id = ?1", userId))!.is_vip;
const giftRow = (code: string) =>
  first<{ vip_from: number | null; vip_until: number | null; time_settled_at: number | null; time_revoked_ms: number | null; voided_at: number | null }>(
    "SELECT vip_from, vip_until, time_settled_at, time_revoked_ms, voided_at FROM gift_codes WHERE code = ?1",
    code,
  );
const refundAudits = async (orderId: string) =>
  (
    await D1.prepare("SELECT summary FROM audit_log WHERE action = 'store.order.refund' AND target_id = ?1 ORDER BY id")
      .bind(orderId)
      .all<{ summary: string }>()
  ).results.map((r) => JSON.parse(r.summary) as { after: Record<string, unknown> });

/** A member's paying subscription, giving VIP until `periodEnd`. */
async function subscribe(userId: string, periodEnd: number) {
  const id = `sub_${crypto.randomUUID().slice(0, 8)}`;
  await exec(
    `INSERT INTO subscriptions (id, user_id, customer_id, status, current_period_end, cancel_at_period_end, cancel_at, last_event_at, created_at, updated_at)
     VALUES (?1, ?2, ?3, 'active', ?4, 0, NULL, ?5, ?5, ?5)`,
    id,
    userId,
    `cus_${id}`,
    periodEnd,
    Date.now() - DAY,
  );
  await exec("UPDATE users SET is_vip = 1 WHERE id = ?1", userId);
}

/** A 3-month gift order, its code redeemed by `member` through the Worker. */
async function redeemedGiftOrder(member: TestUser): Promise<InsertedOrder & { code: string }> {
  const order = await insertPaidOrder({ lines: [{ kind: "gift_vip", months: 3 }] });
  // A code as fulfilment makes them (the fixture's are not typed codes).
  const code = newGiftCode();
  await exec("UPDATE gift_codes SET code = ?1 WHERE code = ?2", code, order.giftCodes[0]);
  const res = await call("/api/store/gifts/redeem", { json: { code }, cookie: member.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return { ...order, code };
}

describe("refunding a gift order whose code was redeemed", () => {
  it("shows the redeemer and the time left, then takes back only the gift's time: the paid time stays", async () => {
    const now = Date.now();
    freezeClock(now);
    const member = await createUser("user");
    const paidUntil = now + 10 * DAY;
    await subscribe(member.id, paidUntil);
    const order = await redeemedGiftOrder(member);
    const giftEnd = (await compEnd(member.id))!;
    expect(await giftRow(order.code)).toMatchObject({ vip_from: paidUntil, vip_until: giftEnd, time_settled_at: null });

    expect((await detail(order.id)).redeemedGifts).toEqual([{ code: order.code, redeemer: member.username, remainingMs: giftEnd - paidUntil, settled: false }]);

    const attemptId = crypto.randomUUID();
    const body = await refundOk(order.id, { amountCents: 1000, attemptId, giftTime: "revoke" });
    expect(await compEnd(member.id)).toBe(paidUntil);
    expect(await isVip(member.id)).toBe(1);
    expect(await giftRow(order.code)).toMatchObject({ time_settled_at: Date.now(), time_revoked_ms: giftEnd - paidUntil });
    expect(body.order.redeemedGifts).toEqual([{ code: order.code, redeemer: member.username, remainingMs: 0, settled: true }]);
    expect(await refundAudits(order.id)).toEqual([
      {
        after: { refundId: body.refundId, amountCents: 1000, currency: "usd", giftTime: "revoke", giftTimeRevokedMs: giftEnd - paidUntil },
      },
    ]);

    // The same refund again: the same answer, nothing more taken back, one audit row.
    const again = await refund(order.id, { amountCents: 1000, attemptId, giftTime: "revoke" });
    expect(again.status).toBe(200);
    expect((await again.json<RefundResponse>()).refundId).toBe(body.refundId);
    expect(await compEnd(member.id)).toBe(paidUntil);
    expect(await refundAudits(order.id)).toHaveLength(1);
  });

  it("keeps the time already used: revoking part-way through ends the gift now, and VIP with it", async () => {
    const now = Date.now();
    freezeClock(now);
    const member = await createUser("user");
    const order = await redeemedGiftOrder(member);
    // Ten days of the gift have passed.
    await exec("UPDATE gift_codes SET vip_from = vip_from - ?2, vip_until = vip_until - ?2 WHERE code = ?1", order.code, 10 * DAY);
    await exec("UPDATE vip_comps SET ends_at = ends_at - ?2 WHERE user_id = ?1", member.id, 10 * DAY);
    const end = (await compEnd(member.id))!;

    await refundOk(order.id, { amountCents: 500, giftTime: "revoke" });
    expect(await compEnd(member.id)).toBe(now);
    expect(await isVip(member.id)).toBe(0);
    expect((await giftRow(order.code))?.time_revoked_ms).toBe(end - now);
  });

  it("lets the redeemer keep the time when the admin says so, and audits the choice", async () => {
    const member = await createUser("user");
    const order = await redeemedGiftOrder(member);
    const end = await compEnd(member.id);
    const body = await refundOk(order.id, { amountCents: order.totalCents, giftTime: "keep" });
    expect(await compEnd(member.id)).toBe(end);
    expect(await isVip(member.id)).toBe(1);
    expect(await giftRow(order.code)).toMatchObject({ time_revoked_ms: null, voided_at: null });
    expect((await giftRow(order.code))?.time_settled_at).not.toBeNull();
    expect(body.order.redeemedGifts[0]).toMatchObject({ settled: true });
    expect((await refundAudits(order.id)).map((a) => a.after.giftTime)).toEqual(["keep"]);
  });

  it("takes the time back once when two refunds of the order race, each choosing revoke", async () => {
    const member = await createUser("user");
    const paidUntil = Date.now() + 5 * DAY;
    await subscribe(member.id, paidUntil);
    const order = await redeemedGiftOrder(member);
    const results = await Promise.all([refund(order.id, { amountCents: 100, giftTime: "revoke" }), refund(order.id, { amountCents: 200, giftTime: "revoke" })]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(await compEnd(member.id)).toBe(paidUntil);
  });

  it("answers a refund without a choice 400 gift_time_required and changes nothing", async () => {
    const member = await createUser("user");
    const order = await redeemedGiftOrder(member);
    const end = await compEnd(member.id);
    const audits = await auditCount();
    const res = await refund(order.id, { amountCents: order.totalCents });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: "gift_time_required", field: "giftTime" });
    const bad = await refund(order.id, { amountCents: order.totalCents, giftTime: "maybe" });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("invalid_input");
    expect(await orderRow(order.id)).toMatchObject({ refunded_cents: 0, status: "paid" });
    expect(await first("SELECT refund_claimed_cents AS claimed FROM orders WHERE id = ?1", order.id)).toEqual({ claimed: 0 });
    expect(await first("SELECT count(*) AS n FROM refund_claims WHERE order_id = ?1", order.id)).toEqual({ n: 0 });
    expect(await compEnd(member.id)).toBe(end);
    expect(await giftRow(order.code)).toMatchObject({ time_settled_at: null, voided_at: null });
    expect(await auditCount()).toBe(audits);
  });

  it("refuses non-admins with the gate's answer, taking nothing back", async () => {
    const member = await createUser("user");
    const order = await redeemedGiftOrder(member);
    await expectAdminOnly(
      { method: "POST", path: `${API}/${order.id}/refunds`, json: { amountCents: order.totalCents, attemptId: crypto.randomUUID(), giftTime: "revoke" } },
      async () => ({ comp: await compEnd(member.id), gift: await giftRow(order.code), order: await orderRow(order.id) }),
    );
  });
});

describe("refunding a gift order whose code was not redeemed", () => {
  it("needs no choice and voids the code, as before", async () => {
    const order = await insertPaidOrder({ lines: [{ kind: "gift_vip", months: 3 }] });
    const body = await refundOk(order.id, { amountCents: order.totalCents });
    expect(body.order.redeemedGifts).toEqual([]);
    expect(body.order.giftCodes).toEqual({ total: 1, redeemed: 0, voided: 1 });
    expect((await giftRow(order.giftCodes[0]!))?.voided_at).not.toBeNull();
    expect(await refundAudits(order.id)).toEqual([{ after: { refundId: body.refundId, amountCents: order.totalCents, currency: "usd" } }]);
  });
});
