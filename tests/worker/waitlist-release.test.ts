// Seats only the waitlist may buy (decision 190): the admin releases new seats of a sold-out type to
// its line (POST /api/admin/waitlist/types/:typeId/release), bounded by the venue's capacity in the
// writing statement, offered in line order at once; a claim of a seat issues a new ticket on the
// buyer's order that the door admits, booked in the ledger once however the payment arrives; and a
// refunded order's seats go to the type's line, not back to the general sale, while fans wait.
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { call, callLocal, createUser } from "./helpers";
import { sessionOf } from "./checkout-fixtures";
import { createDoorStaff, SECRET } from "./check-in-fixtures";
import { deliver, event, postWebhook, signatureFor } from "./payments-fixtures";
import { chargeRefundedEvent } from "./store-order-fixtures";
import { D1, decline, expectRefused, holder, leave, offersOf, soldOutShow, waiting, type Show } from "./waitlist-fixtures";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import { signTicketToken } from "../../worker/lib/ticket-token";
import type { WaitlistPlacesResponse, WaitlistReleaseResponse } from "../../worker/contracts/waitlist/model";

const release = (typeId: string, json: unknown, cookie?: string) => call(`/api/admin/waitlist/types/${typeId}/release`, { method: "POST", json, cookie });
const checkout = (offerId: string, cookie?: string) => call(`/api/waitlist/offers/${offerId}/checkout`, { method: "POST", cookie });
const runFiveMinuteJobs = (at: number) =>
  worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), env, createExecutionContext());

const paidEvent = (offerId: string, amount: number, type = "checkout.session.completed") =>
  event(type, {
    id: `cs_test_${offerId}`,
    object: "checkout.session",
    mode: "payment",
    status: "complete",
    payment_status: "paid",
    payment_intent: `pi_test_${offerId.slice(0, 8)}`,
    amount_total: amount,
    currency: "usd",
    client_reference_id: `wl_${offerId}`,
    metadata: { checkout_id: `wl_${offerId}` },
    customer_details: { email: "buyer@example.com", name: null },
  });

const seatsOf = async (typeId: string) =>
  (
    await D1.prepare("SELECT id, source, status, unit_cents, offer_id, ticket_id, buyer_order_id FROM waitlist_seats WHERE ticket_type_id = ?1 ORDER BY rowid")
      .bind(typeId)
      .all<{
        id: string;
        source: string;
        status: string;
        unit_cents: number;
        offer_id: string | null;
        ticket_id: string | null;
        buyer_order_id: string | null;
      }>()
  ).results;
const stockOf = (show: Show) =>
  D1.prepare("SELECT t.quantity, t.remaining, e.tickets_taken AS taken FROM ticket_types t JOIN events e ON e.id = t.event_id WHERE t.id = ?1")
    .bind(show.typeId)
    .first<{ quantity: number; remaining: number; taken: number }>();
const auditRows = async (typeId: string) =>
  (
    await D1.prepare("SELECT action, summary FROM audit_log WHERE target_id = ?1 AND action = 'waitlist.release' ORDER BY id")
      .bind(typeId)
      .all<{ action: string; summary: string }>()
  ).results;
const released = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json<WaitlistReleaseResponse>()).released;
};

describe("who may release seats", () => {
  it("admins only: visitor and banned 401, members 403; a bad count 400 and an unknown type 404, nothing stored", async () => {
    const show = await soldOutShow();
    const before = await stockOf(show);
    await expectRefused(await release(show.typeId, { count: 2 }), 401, "unauthorized");
    await expectRefused(await release(show.typeId, { count: 2 }, (await createUser("banned")).cookie), 401, "unauthorized");
    for (const role of ["user", "vip"] as const)
      await expectRefused(await release(show.typeId, { count: 2 }, (await createUser(role)).cookie), 403, "admin_required");
    await expectRefused(await release(show.typeId, { count: 2 }, (await createDoorStaff()).cookie), 403, "admin_required");

    const admin = await createUser("admin");
    for (const count of [0, 501, 1.5, "3", null])
      await expectRefused(await release(show.typeId, { count }, admin.cookie), 400, "waitlist_release_count_invalid");
    await expectRefused(await release(show.typeId, {}, admin.cookie), 400, "waitlist_release_count_invalid");
    await expectRefused(await release(crypto.randomUUID(), { count: 2 }, admin.cookie), 404, "waitlist_type_not_found");
    await expectRefused(await release("not-an-id", { count: 2 }, admin.cookie), 404, "waitlist_type_not_found");
    expect(await seatsOf(show.typeId)).toEqual([]);
    expect(await stockOf(show)).toEqual(before);
    expect(await auditRows(show.typeId)).toEqual([]);

    expect(await released(await release(show.typeId, { count: 2 }, admin.cookie))).toBe(2);
    expect(await auditRows(show.typeId)).toHaveLength(1);
    expect(JSON.parse((await auditRows(show.typeId))[0]!.summary)).toEqual({ after: { requested: 2, released: 2 } });
  });

  it("a cancelled, past or unpublished show, or one whose list has closed: 409 waitlist_release_closed, nothing stored", async () => {
    const admin = await createUser("admin");
    for (const seed of [
      { status: "cancelled" as const },
      { status: "draft" as const },
      { eventDate: Date.now() - 60_000 },
      { eventDate: Date.now() + 60 * 60_000 },
    ]) {
      const show = await soldOutShow(seed);
      const before = await stockOf(show);
      await expectRefused(await release(show.typeId, { count: 3 }, admin.cookie), 409, "waitlist_release_closed");
      expect(await seatsOf(show.typeId)).toEqual([]);
      expect(await stockOf(show)).toEqual(before);
      expect(await auditRows(show.typeId)).toEqual([]);
    }
  });
});

describe("released seats", () => {
  it("three seats for three single places: three offers in line order, the type grows, the general sale does not", async () => {
    const show = await soldOutShow();
    const fans = [await waiting(show), await waiting(show), await waiting(show), await waiting(show)];
    const admin = await createUser("admin");
    expect(await released(await release(show.typeId, { count: 3 }, admin.cookie))).toBe(3);

    const offers = await offersOf(show.typeId);
    expect(offers.map((o) => o.user_id)).toEqual(fans.slice(0, 3).map((f) => f.user.id));
    expect(offers.every((o) => o.status === "offered" && o.quantity === 1 && o.total_cents === 2500)).toBe(true);
    const seats = await seatsOf(show.typeId);
    expect(seats.map((s) => [s.source, s.status, s.unit_cents])).toEqual(Array.from({ length: 3 }, () => ["released", "offered", 2500]));
    expect(new Set(seats.map((s) => s.offer_id))).toEqual(new Set(offers.map((o) => o.id)));
    expect(await stockOf(show)).toEqual({ quantity: 13, remaining: 0, taken: 3 });
  });

  it("a pair waits for two seats; a single behind it is offered the one a smaller release leaves", async () => {
    const show = await soldOutShow();
    const pair = await waiting(show, 2);
    const single = await waiting(show, 1);
    const admin = await createUser("admin");
    expect(await released(await release(show.typeId, { count: 1 }, admin.cookie))).toBe(1);
    expect((await offersOf(show.typeId)).map((o) => o.user_id)).toEqual([single.user.id]);
    expect(await released(await release(show.typeId, { count: 2 }, admin.cookie))).toBe(2);
    const offers = await offersOf(show.typeId);
    expect(offers.map((o) => [o.user_id, o.quantity, o.total_cents])).toEqual([
      [single.user.id, 1, 2500],
      [pair.user.id, 2, 5000],
    ]);
  });

  it("a claimed seat becomes a ticket on the buyer's order that the door admits, booked once whatever the deliveries", async () => {
    const show = await soldOutShow();
    const fan = await waiting(show);
    const admin = await createUser("admin");
    expect(await released(await release(show.typeId, { count: 1 }, admin.cookie))).toBe(1);
    const [offer] = await offersOf(show.typeId);
    const pay = await checkout(offer!.id, fan.user.cookie);
    expect(pay.status, await pay.clone().text()).toBe(200);
    expect(await D1.prepare("SELECT total_cents FROM store_checkouts WHERE id = ?1").bind(`wl_${offer!.id}`).first()).toEqual({ total_cents: 2500 });

    // The same payment delivered three times at once, then the session's second event.
    const paid = paidEvent(offer!.id, 2500);
    const raw = JSON.stringify(paid);
    const outcomes = await Promise.all([0, 1, 2].map(async () => (await postWebhook(raw, await signatureFor(raw))).json<{ outcome: string }>()));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["applied", "duplicate", "duplicate"]);
    expect(await deliver(paidEvent(offer!.id, 2500, "checkout.session.async_payment_succeeded"))).toEqual(["applied"]);
    await backgroundWorkSettled();

    const [seat] = await seatsOf(show.typeId);
    expect(seat).toMatchObject({ status: "sold", offer_id: offer!.id });
    const orders = await D1.prepare("SELECT id, user_id, total_cents, status FROM orders WHERE checkout_id = ?1").bind(`wl_${offer!.id}`).all();
    expect(orders.results).toEqual([{ id: seat!.buyer_order_id, user_id: fan.user.id, total_cents: 2500, status: "paid" }]);
    const tickets = await D1.prepare("SELECT id, owner_user_id, ticket_type_id, price_cents, status, token_version FROM event_tickets WHERE order_id = ?1")
      .bind(seat!.buyer_order_id)
      .all();
    expect(tickets.results).toEqual([
      { id: seat!.ticket_id, owner_user_id: fan.user.id, ticket_type_id: show.typeId, price_cents: 2500, status: "valid", token_version: 1 },
    ]);
    const ledger = await D1.prepare("SELECT ref, amount_cents FROM revenue_entries WHERE order_id = ?1").bind(seat!.buyer_order_id).all();
    expect(ledger.results).toEqual([{ ref: `order:${seat!.buyer_order_id}:tickets`, amount_cents: 2500 }]);
    // No seller to refund, and the seat's place in the venue was counted when it was released.
    expect(
      await D1.prepare("SELECT count(*) AS n FROM revenue_entries WHERE ref LIKE 'waitlist-%' AND order_id = ?1").bind(seat!.buyer_order_id).first(),
    ).toEqual({ n: 0 });
    expect(await stockOf(show)).toEqual({ quantity: 11, remaining: 0, taken: 1 });
    expect(await D1.prepare("SELECT left_reason FROM waitlist_places WHERE id = ?1").bind(fan.placeId).first()).toEqual({ left_reason: "served" });

    const door = await createDoorStaff();
    const token = await signTicketToken(SECRET, { ticketId: seat!.ticket_id!, eventId: show.eventId, version: 1 });
    const checkIn = await call("/api/check-in", { method: "POST", json: { eventId: show.eventId, token }, cookie: door.cookie });
    expect((await checkIn.json<{ result: string }>()).result).toBe("valid");
  });

  it("a seat is taxed as the general sale's tickets are: the local checkout's Pay from Germany is what the order and the ledger book", async () => {
    const admin = await createUser("admin");
    const taxSettings = (json: unknown) => call("/api/admin/tax/settings", { method: "PUT", json, cookie: admin.cookie });
    expect((await taxSettings({ registrations: ["DE"], behavior: { usd: "exclusive", brl: "inclusive" } })).status).toBe(200);
    try {
      const show = await soldOutShow();
      const fan = await waiting(show);
      expect(await released(await release(show.typeId, { count: 1 }, admin.cookie))).toBe(1);
      const [offer] = await offersOf(show.typeId);
      const mine = await (await call("/api/waitlist/places", { cookie: fan.user.cookie })).json<WaitlistPlacesResponse>();
      expect(mine.places.map((p) => p.offer)).toMatchObject([{ id: offer!.id, totalCents: 2500, taxAdded: true }]);
      const pay = await checkout(offer!.id, fan.user.cookie);
      expect(pay.status, await pay.clone().text()).toBe(200);
      expect(await D1.prepare("SELECT total_cents, tax_behavior FROM store_checkouts WHERE id = ?1").bind(`wl_${offer!.id}`).first()).toEqual({
        total_cents: 2500,
        tax_behavior: "exclusive",
      });
      const session = sessionOf((await pay.json<{ url: string }>()).url);
      const paid = await callLocal(`/api/store/local/checkouts/${session}/pay`, {
        method: "POST",
        cookie: fan.user.cookie,
        json: { billing: { country: "DE" } },
      });
      expect(paid.status, await paid.clone().text()).toBe(200);
      await backgroundWorkSettled();
      // Germany's demo rate for admission is 7 %: 25.00 + 1.75, added as the general sale adds it.
      const order = await D1.prepare("SELECT id, subtotal_cents, total_cents, tax_cents, tax_behavior FROM orders WHERE checkout_id = ?1")
        .bind(`wl_${offer!.id}`)
        .first<{ id: string }>();
      expect(order).toMatchObject({ subtotal_cents: 2500, total_cents: 2675, tax_cents: 175, tax_behavior: "exclusive" });
      const ledger = await D1.prepare("SELECT amount_cents, tax_cents FROM revenue_entries WHERE order_id = ?1").bind(order!.id).all();
      expect(ledger.results).toEqual([{ amount_cents: 2675, tax_cents: 175 }]);
    } finally {
      expect((await taxSettings({ registrations: [], behavior: { usd: "exclusive", brl: "inclusive" } })).status).toBe(200);
    }
  });

  it("a lapsed seat passes to the next place at the five-minute run", async () => {
    const show = await soldOutShow();
    const first = await waiting(show);
    const second = await waiting(show);
    const admin = await createUser("admin");
    expect(await released(await release(show.typeId, { count: 1 }, admin.cookie))).toBe(1);
    // The hold has passed by the job's clock (a minute on), not by any request.
    const later = Date.now() + 60_000;
    await D1.prepare("UPDATE waitlist_offers SET hold_until = ?2 WHERE ticket_type_id = ?1")
      .bind(show.typeId, later - 1)
      .run();
    await runFiveMinuteJobs(later);
    const offers = await offersOf(show.typeId);
    expect(offers.map((o) => [o.user_id, o.status])).toEqual([
      [first.user.id, "lapsed"],
      [second.user.id, "offered"],
    ]);
    expect((await seatsOf(show.typeId)).map((s) => [s.status, s.offer_id])).toEqual([["offered", offers[1]!.id]]);
  });
});

describe("a seat's offer passing on and closing", () => {
  it("declined, the seat goes to the next place; leaving with one lists it again; a cancelled show withdraws the seats", async () => {
    const show = await soldOutShow();
    const first = await waiting(show);
    const second = await waiting(show);
    const admin = await createUser("admin");
    expect(await released(await release(show.typeId, { count: 1 }, admin.cookie))).toBe(1);
    const [offer] = await offersOf(show.typeId);
    expect((await decline(offer!.id, first.user.cookie)).status).toBe(204);
    const offers = await offersOf(show.typeId);
    expect(offers.map((o) => [o.user_id, o.status])).toEqual([
      [first.user.id, "declined"],
      [second.user.id, "offered"],
    ]);
    expect((await leave(second.placeId, second.user.cookie)).status).toBe(204);
    // The first place declined this seat already: it waits listed for someone new.
    expect((await seatsOf(show.typeId)).map((s) => [s.status, s.offer_id])).toEqual([["listed", null]]);

    await D1.prepare("UPDATE events SET status = 'cancelled' WHERE id = ?1").bind(show.eventId).run();
    await runFiveMinuteJobs(Date.now());
    expect((await seatsOf(show.typeId)).map((s) => s.status)).toEqual(["withdrawn"]);
  });
});

describe("the venue's capacity", () => {
  it("one seat from full, a release of 5 lists 1; a full venue lists none", async () => {
    const show = await soldOutShow({ venueCapacity: 10, ticketsTaken: 9 });
    const admin = await createUser("admin");
    expect(await released(await release(show.typeId, { count: 5 }, admin.cookie))).toBe(1);
    expect(await released(await release(show.typeId, { count: 5 }, admin.cookie))).toBe(0);
    expect(await seatsOf(show.typeId)).toHaveLength(1);
    expect(await stockOf(show)).toEqual({ quantity: 11, remaining: 0, taken: 10 });
    expect(JSON.parse((await auditRows(show.typeId))[0]!.summary)).toEqual({ after: { requested: 5, released: 1 } });
    expect(await auditRows(show.typeId)).toHaveLength(1);
  });

  it("20 racing releases never pass the venue's capacity", async () => {
    const show = await soldOutShow({ venueCapacity: 25, ticketsTaken: 0 });
    const admin = await createUser("admin");
    const answers = await Promise.all(Array.from({ length: 20 }, () => release(show.typeId, { count: 3 }, admin.cookie).then(released)));
    expect(answers.reduce((a, b) => a + b, 0)).toBe(25);
    expect(await seatsOf(show.typeId)).toHaveLength(25);
    expect(await stockOf(show)).toEqual({ quantity: 35, remaining: 0, taken: 25 });
  }, 60_000);
});

describe("a refunded order's seats", () => {
  it("go to the next place on the type's line, not back to the general sale", async () => {
    const show = await soldOutShow();
    const seller = await holder(show, 1);
    const pi = `pi_local_refund_${seller.orderId.slice(0, 8)}`;
    await D1.prepare("UPDATE orders SET payment_intent_id = ?2 WHERE id = ?1").bind(seller.orderId, pi).run();
    const fan = await waiting(show);
    const before = await stockOf(show);

    const refund = chargeRefundedEvent({ paymentIntentId: pi, amount: 2500, cumulative: 2500, refunds: [{ id: "re_full_wl", amount: 2500 }] });
    expect(await deliver(refund, refund)).toEqual(["applied", "duplicate"]);
    expect(await D1.prepare("SELECT status FROM event_tickets WHERE id = ?1").bind(seller.tickets[0]!.id).first()).toEqual({ status: "refunded" });
    expect((await seatsOf(show.typeId)).map((s) => [s.source, s.status, s.unit_cents])).toEqual([["refunded", "listed", 2500]]);
    // The seat stays taken in the venue and out of the general sale.
    expect(await stockOf(show)).toEqual(before);

    await runFiveMinuteJobs(Date.now());
    const offers = await offersOf(show.typeId);
    expect(offers.map((o) => [o.user_id, o.status, o.total_cents])).toEqual([[fan.user.id, "offered", 2500]]);
    expect((await seatsOf(show.typeId)).map((s) => s.status)).toEqual(["offered"]);
  });

  it("with nobody waiting, its seats go back to the general sale as before", async () => {
    const show = await soldOutShow();
    const seller = await holder(show, 2);
    const pi = `pi_local_refund_${seller.orderId.slice(0, 8)}`;
    await D1.prepare("UPDATE orders SET payment_intent_id = ?2 WHERE id = ?1").bind(seller.orderId, pi).run();
    const before = (await stockOf(show))!;
    expect(
      await deliver(chargeRefundedEvent({ paymentIntentId: pi, amount: 5000, cumulative: 5000, refunds: [{ id: "re_full_none", amount: 5000 }] })),
    ).toEqual(["applied"]);
    expect(await seatsOf(show.typeId)).toEqual([]);
    expect(await stockOf(show)).toEqual({ quantity: before.quantity, remaining: before.remaining + 2, taken: before.taken - 2 });
  });
});
