// Refunds of orders with tickets (decision 055): a full refund, through the admin's refund action
// (the local provider sends charge.refunded through the webhook's fulfilment at once) or as the
// webhook receives it, turns the order's valid tickets `refunded` and gives their seats back to the
// type and the venue, once, whatever the order of events; a partial refund leaves them valid;
// tickets an event cancellation made `cancelled` stay so and give nothing back.
import { beforeAll, describe, expect, it } from "vitest";
import { call, callLocal, createUser } from "./helpers";
import { deliver } from "./payments-fixtures";
import { chargeRefundedEvent } from "./store-order-fixtures";
import { D1, seedProduct, cart } from "./checkout-fixtures";
import { seedTicketEvent, seedTicketType } from "./ticket-fixtures";
import { openTicketCheckout, orderOf, remainingOf, takenOf, ticketCart, ticketsOf } from "./tickets-checkout-fixtures";
import type { OrderDetailResponse, RefundResponse } from "../../worker/contracts/store/admin-orders";

/**
 * An order of `quantity` General tickets ($25 each) paid through the local test checkout, after 10
 * sold to others (so a seat given back twice would show: 30 left of 40, 10 of 50 taken, before it).
 */
async function paidTicketOrder(quantity = 3, extra: Record<string, unknown> = {}) {
  const eventId = await seedTicketEvent({ venueCapacity: 50, ticketsTaken: 10 });
  const type = await seedTicketType(eventId, { quantity: 40, remaining: 30 });
  const c = await openTicketCheckout({ ...ticketCart([{ ticketTypeId: type, quantity }]), ...extra });
  const pay = await callLocal(`/api/store/local/checkouts/${c.session}/pay`, { method: "POST", json: {}, cookie: c.buyerCookie ?? undefined });
  expect(pay.status, await pay.clone().text()).toBe(200);
  const [order] = (await orderOf(c.id)).results;
  const paymentIntentId = String(order!.payment_intent_id);
  return { eventId, type, checkout: c, orderId: order!.id, total: Number(order!.total_cents), paymentIntentId };
}

const statuses = async (orderId: string) => (await ticketsOf(orderId)).map((t) => t.status);
const voided = async (orderId: string) => (await ticketsOf(orderId)).map((t) => t.voided_at !== null);

describe("a full refund voids the tickets and gives their seats back, once", () => {
  it("through the admin's refund action: the order is refunded, its tickets refunded with voided_at, the seats back", async () => {
    const admin = await createUser("admin");
    const o = await paidTicketOrder(3);
    expect([await remainingOf(o.type), await takenOf(o.eventId)]).toEqual([27, 13]);
    const res = await call(`/api/admin/store/orders/${o.orderId}/refunds`, {
      method: "POST",
      json: { amountCents: o.total, attemptId: crypto.randomUUID() },
      cookie: admin.cookie,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json<RefundResponse>()).order).toMatchObject({ status: "refunded", refundedCents: 7500 });
    expect(await statuses(o.orderId)).toEqual(["refunded", "refunded", "refunded"]);
    expect(await voided(o.orderId)).toEqual([true, true, true]);
    expect([await remainingOf(o.type), await takenOf(o.eventId)]).toEqual([30, 10]);
    // The admin's order page lists the order's ticket lines.
    const detail = await (await call(`/api/admin/store/orders/${o.orderId}`, { cookie: admin.cookie })).json<OrderDetailResponse>();
    expect(detail.order.tickets).toEqual([
      expect.objectContaining({ eventId: o.eventId, ticketTypeId: o.type, typeName: "General", quantity: 3, valid: 0, totalCents: 7500 }),
    ]);
  });

  it("a replayed refund event, a repeated one and an older partial one after it give nothing more back", async () => {
    const o = await paidTicketOrder(2);
    const full = chargeRefundedEvent({
      paymentIntentId: o.paymentIntentId,
      amount: o.total,
      cumulative: o.total,
      refunds: [{ id: "re_full_1", amount: o.total }],
    });
    expect(await deliver(full, full)).toEqual(["applied", "duplicate"]);
    const again = chargeRefundedEvent({
      paymentIntentId: o.paymentIntentId,
      amount: o.total,
      cumulative: o.total,
      refunds: [{ id: "re_full_1", amount: o.total }],
    });
    const older = chargeRefundedEvent(
      { paymentIntentId: o.paymentIntentId, amount: o.total, cumulative: 1000, refunds: [{ id: "re_part_0", amount: 1000 }] },
      Date.now() - 60_000,
    );
    expect(await deliver(again, older)).toEqual(["applied", "applied"]);
    expect(await statuses(o.orderId)).toEqual(["refunded", "refunded"]);
    expect([await remainingOf(o.type), await takenOf(o.eventId)]).toEqual([30, 10]);
  });

  it("events out of order: the full refund first, then the partial one it includes, settle the same way", async () => {
    const o = await paidTicketOrder(2);
    const partial = chargeRefundedEvent({ paymentIntentId: o.paymentIntentId, amount: o.total, cumulative: 2000, refunds: [{ id: "re_a", amount: 2000 }] });
    const full = chargeRefundedEvent({
      paymentIntentId: o.paymentIntentId,
      amount: o.total,
      cumulative: o.total,
      refunds: [
        { id: "re_a", amount: 2000 },
        { id: "re_b", amount: o.total - 2000 },
      ],
    });
    await deliver(full, partial);
    expect(await statuses(o.orderId)).toEqual(["refunded", "refunded"]);
    expect([await remainingOf(o.type), await takenOf(o.eventId)]).toEqual([30, 10]);
  });
});

describe("what a refund leaves alone", () => {
  it("a partial refund leaves the tickets valid and the seats sold", async () => {
    const o = await paidTicketOrder(2);
    await deliver(chargeRefundedEvent({ paymentIntentId: o.paymentIntentId, amount: o.total, cumulative: 2500, refunds: [{ id: "re_one", amount: 2500 }] }));
    expect(await statuses(o.orderId)).toEqual(["valid", "valid"]);
    expect([await remainingOf(o.type), await takenOf(o.eventId)]).toEqual([28, 12]);
  });

  it("tickets an event cancellation made cancelled stay cancelled and give nothing back; the valid ones of the order are refunded", async () => {
    const o = await paidTicketOrder(3);
    const [first] = await ticketsOf(o.orderId);
    await D1.prepare("UPDATE event_tickets SET status = 'cancelled', voided_at = 1 WHERE id = ?1").bind(first!.id).run();
    await deliver(
      chargeRefundedEvent({ paymentIntentId: o.paymentIntentId, amount: o.total, cumulative: o.total, refunds: [{ id: "re_c", amount: o.total }] }),
    );
    const after = await ticketsOf(o.orderId);
    expect(after.find((t) => t.id === first!.id)).toMatchObject({ status: "cancelled", voided_at: 1 });
    expect(after.filter((t) => t.status === "refunded")).toHaveLength(2);
    expect([await remainingOf(o.type), await takenOf(o.eventId)]).toEqual([29, 11]);
  });

  it("a full refund of an order of store lines and tickets revokes both", async () => {
    const album = await seedProduct({ usd: 900 });
    const o = await paidTicketOrder(1, cart([{ productId: album }]));
    await deliver(
      chargeRefundedEvent({ paymentIntentId: o.paymentIntentId, amount: o.total, cumulative: o.total, refunds: [{ id: "re_m", amount: o.total }] }),
    );
    expect(await statuses(o.orderId)).toEqual(["refunded"]);
    const revoked = await D1.prepare("SELECT count(revoked_at) AS n FROM entitlements WHERE order_id = ?1").bind(o.orderId).first<{ n: number }>();
    expect(revoked!.n).toBe(1);
    expect([await remainingOf(o.type), await takenOf(o.eventId)]).toEqual([30, 10]);
  });

  describe("a refund's ledger rows keep the order's sources", () => {
    const ledger = async (orderId: string) =>
      (
        await D1.prepare("SELECT ref, source, amount_cents AS cents FROM revenue_entries WHERE order_id = ?1 ORDER BY id")
          .bind(orderId)
          .all<{ ref: string; source: string; cents: number }>()
      ).results;
    const refundBy = async (orderId: string, amountCents: number) => {
      const res = await call(`/api/admin/store/orders/${orderId}/refunds`, {
        method: "POST",
        json: { amountCents, attemptId: crypto.randomUUID() },
        cookie: admin.cookie,
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json<RefundResponse>()).refundId;
    };
    let admin: Awaited<ReturnType<typeof createUser>>;
    beforeAll(async () => {
      admin = await createUser("admin");
    });

    it("an order of tickets only: its refund is the tickets'", async () => {
      const o = await paidTicketOrder(2);
      const id = await refundBy(o.orderId, o.total);
      expect((await ledger(o.orderId)).filter((r) => r.cents < 0)).toEqual([{ ref: `refund:${id}`, source: "tickets", cents: -o.total }]);
    });

    it("an order of tickets and an album: each refund split as the order was charged, both sources refunded exactly in full", async () => {
      const album = await seedProduct({ usd: 900 });
      const o = await paidTicketOrder(1, cart([{ productId: album }]));
      const charged = await ledger(o.orderId);
      const tickets = charged.find((r) => r.source === "tickets")!.cents;
      const store = charged.find((r) => r.source === "store")!.cents;
      expect(tickets + store).toBe(o.total);
      const half = Math.floor(o.total / 2);
      const first = await refundBy(o.orderId, half);
      const firstTickets = Math.round((half * tickets) / o.total);
      expect((await ledger(o.orderId)).filter((r) => r.cents < 0)).toEqual([
        { ref: `refund:${first}:tickets`, source: "tickets", cents: -firstTickets },
        { ref: `refund:${first}`, source: "store", cents: -(half - firstTickets) },
      ]);
      // The order's history shows the refund once, whole.
      const detail = await (await call(`/api/admin/store/orders/${o.orderId}`, { cookie: admin.cookie })).json<OrderDetailResponse>();
      expect(detail.order.history.filter((h) => h.kind === "refund")).toEqual([expect.objectContaining({ amountCents: half, confirmed: true })]);
      await refundBy(o.orderId, o.total - half);
      const refunds = (await ledger(o.orderId)).filter((r) => r.cents < 0);
      expect(refunds).toHaveLength(4);
      const bySource = (source: string) => refunds.filter((r) => r.source === source).reduce((sum, r) => sum + r.cents, 0);
      expect([bySource("tickets"), bySource("store")]).toEqual([-tickets, -store]);
      expect(await D1.prepare("SELECT status, refunded_cents FROM orders WHERE id = ?1").bind(o.orderId).first()).toEqual({
        status: "refunded",
        refunded_cents: o.total,
      });
    });
  });
});
