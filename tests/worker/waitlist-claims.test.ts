// Claiming an offer (decision 185): POST /api/waitlist/offers/:id/checkout opens a one-time payment
// for exactly what the seller paid (the offer's member only, inside its hold), and the verified
// payment, once: the ticket moves to the buyer on an order of their own with a new code and token
// version (the door refuses the old ones at once), the seller is refunded their amount once, the
// place is served. Replays and racing deliveries do nothing twice; a payment after the hold claims
// nothing; 20 returns and 100 fans at once sell each return once.
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, callLocal, createUser, type TestUser } from "./helpers";
import { createDoorStaff, freezeClock, setClock, SECRET } from "./check-in-fixtures";
import { deliver, event, postWebhook, signatureFor } from "./payments-fixtures";
import { D1, expectRefused, handBack, holder, offersOf, soldOutShow, waiting, type Show } from "./waitlist-fixtures";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import { signTicketToken } from "../../worker/lib/ticket-token";
import { WAITLIST_HOLD_MINUTES } from "../../worker/contracts/waitlist/model";

/** The hold of an event whose admin set none. */
const WAITLIST_HOLD_MS = WAITLIST_HOLD_MINUTES.default * 60_000;

afterEach(() => {
  vi.useRealTimers();
});

const checkout = (offerId: string, cookie?: string) => call(`/api/waitlist/offers/${offerId}/checkout`, { method: "POST", cookie });

/** The Checkout Session event the provider sends when the claim's checkout is paid. */
const paidEvent = (offerId: string, amount: number, createdMs = Date.now(), pi = `pi_test_${offerId.slice(0, 8)}`) =>
  event(
    "checkout.session.completed",
    {
      id: `cs_test_${offerId}`,
      object: "checkout.session",
      mode: "payment",
      status: "complete",
      payment_status: "paid",
      payment_intent: pi,
      amount_total: amount,
      currency: "usd",
      client_reference_id: `wl_${offerId}`,
      metadata: { checkout_id: `wl_${offerId}` },
      customer_details: { email: "buyer@example.com", name: null },
    },
    createdMs,
  );

type Sold = { seller: TestUser; ticket: { id: string; code: string; tokenVersion: number }; sellerOrder: string };

/** A seller's ticket (its order paid through a payment intent) handed back. */
async function returnedTicket(show: Show): Promise<Sold> {
  const seller = await holder(show);
  await D1.prepare("UPDATE orders SET payment_intent_id = ?2 WHERE id = ?1")
    .bind(seller.orderId, `pi_local_seller_${seller.orderId.slice(0, 8)}`)
    .run();
  expect((await handBack(seller.tickets[0]!.id, seller.user.cookie)).status).toBe(201);
  return { seller: seller.user, ticket: seller.tickets[0]!, sellerOrder: seller.orderId };
}

const ticketRow = (id: string) =>
  D1.prepare("SELECT owner_user_id, buyer_user_id, order_id, code, token_version, status FROM event_tickets WHERE id = ?1")
    .bind(id)
    .first<{ owner_user_id: string; buyer_user_id: string; order_id: string; code: string; token_version: number; status: string }>();
const ledgerOf = (orderId: string) =>
  D1.prepare("SELECT ref, amount_cents FROM revenue_entries WHERE order_id = ?1 ORDER BY id").bind(orderId).all<{ ref: string; amount_cents: number }>();
const refundedOf = async (orderId: string) =>
  (await D1.prepare("SELECT refunded_cents AS n FROM orders WHERE id = ?1").bind(orderId).first<{ n: number }>())!.n;
const negativeSum = async (orderId: string) =>
  (await D1.prepare("SELECT coalesce(sum(amount_cents), 0) AS n FROM revenue_entries WHERE order_id = ?1 AND amount_cents < 0")
    .bind(orderId)
    .first<{ n: number }>())!.n;

describe("the claim's checkout", () => {
  it("only the offer's member, inside the hold: visitor 401, another member 404, after the hold 409; the fan gets a payment page", async () => {
    const now = Date.now();
    freezeClock(now);
    const show = await soldOutShow();
    const fan = await waiting(show);
    await returnedTicket(show);
    const [offer] = await offersOf(show.typeId);
    const checkouts = async () => (await D1.prepare("SELECT count(*) AS n FROM store_checkouts WHERE id LIKE 'wl_%'").first<{ n: number }>())!.n;
    const before = await checkouts();

    await expectRefused(await checkout(offer!.id), 401, "unauthorized");
    await expectRefused(await checkout(offer!.id, (await createUser("banned")).cookie), 401, "unauthorized");
    for (const role of ["user", "vip", "admin"] as const)
      await expectRefused(await checkout(offer!.id, (await createUser(role)).cookie), 404, "waitlist_offer_not_found");
    await expectRefused(await checkout("nope", fan.user.cookie), 404, "waitlist_offer_not_found");
    expect(await checkouts()).toBe(before);

    const res = await checkout(offer!.id, fan.user.cookie);
    expect(res.status).toBe(200);
    expect((await res.json<{ url: string }>()).url).toMatch(/session=cs_local_/);
    const row = await D1.prepare("SELECT user_id, total_cents, tax_behavior, status FROM store_checkouts WHERE id = ?1").bind(`wl_${offer!.id}`).first();
    expect(row).toEqual({ user_id: fan.user.id, total_cents: 2500, tax_behavior: "inclusive", status: "open" });
    // Asked again: the same checkout.
    expect((await checkout(offer!.id, fan.user.cookie)).status).toBe(200);
    expect(await checkouts()).toBe(before + 1);

    setClock(now + WAITLIST_HOLD_MS);
    await expectRefused(await checkout(offer!.id, fan.user.cookie), 409, "waitlist_offer_gone");
  });
});

describe("the local test checkout", () => {
  it("pays a claim as it pays a cart: the ticket moves to the fan, the seller is refunded once, the checkout is paid", async () => {
    const show = await soldOutShow();
    const fan = await waiting(show);
    const sold = await returnedTicket(show);
    const [offer] = await offersOf(show.typeId);
    const url = new URL((await (await checkout(offer!.id, fan.user.cookie)).json<{ url: string }>()).url, "http://127.0.0.1:8787");
    const session = url.searchParams.get("session")!;

    const pay = () => callLocal(`/api/store/local/checkouts/${session}/pay`, { method: "POST", cookie: fan.user.cookie, json: {} });
    const paid = await pay();
    expect(paid.status, await paid.clone().text()).toBe(200);
    await backgroundWorkSettled();
    expect(await ticketRow(sold.ticket.id)).toMatchObject({ owner_user_id: fan.user.id, status: "valid" });
    expect(await D1.prepare("SELECT status FROM store_checkouts WHERE id = ?1").bind(`wl_${offer!.id}`).first()).toEqual({ status: "paid" });
    expect(await refundedOf(sold.sellerOrder)).toBe(2500);
    // Pressed again: the checkout is finished, nothing moves twice.
    await expectRefused(await pay(), 409, "checkout_finished");
    await backgroundWorkSettled();
    expect(await negativeSum(sold.sellerOrder)).toBe(-2500);
  });
});

describe("a paid claim", () => {
  it("moves the ticket to the buyer with a new code, refunds the seller once, and the door refuses the old QR and code", async () => {
    const show = await soldOutShow();
    const fan = await waiting(show);
    const sold = await returnedTicket(show);
    const [offer] = await offersOf(show.typeId);
    expect((await checkout(offer!.id, fan.user.cookie)).status).toBe(200);
    const oldToken = await signTicketToken(SECRET, { ticketId: sold.ticket.id, eventId: show.eventId, version: sold.ticket.tokenVersion });

    const paid = paidEvent(offer!.id, 2500);
    expect(await deliver(paid)).toEqual(["applied"]);
    await backgroundWorkSettled();

    const ticket = (await ticketRow(sold.ticket.id))!;
    expect(ticket).toMatchObject({ owner_user_id: fan.user.id, buyer_user_id: fan.user.id, token_version: sold.ticket.tokenVersion + 1, status: "valid" });
    expect(ticket.code).not.toBe(sold.ticket.code);
    expect(ticket.order_id).not.toBe(sold.sellerOrder);
    const order = await D1.prepare("SELECT user_id, total_cents, status, checkout_id FROM orders WHERE id = ?1").bind(ticket.order_id).first();
    expect(order).toEqual({ user_id: fan.user.id, total_cents: 2500, status: "paid", checkout_id: `wl_${offer!.id}` });
    expect((await ledgerOf(ticket.order_id)).results).toEqual([{ ref: `order:${ticket.order_id}:tickets`, amount_cents: 2500 }]);
    expect(await negativeSum(sold.sellerOrder)).toBe(-2500);
    // The provider refunded the seller (its charge.refunded event booked on their order, no second amount).
    expect(await refundedOf(sold.sellerOrder)).toBe(2500);
    expect((await offersOf(show.typeId)).map((o) => o.status)).toEqual(["claimed"]);
    expect(await D1.prepare("SELECT status FROM ticket_returns WHERE ticket_id = ?1").bind(sold.ticket.id).first()).toEqual({ status: "sold" });
    expect(await D1.prepare("SELECT left_reason FROM waitlist_places WHERE id = ?1").bind(fan.placeId).first()).toEqual({ left_reason: "served" });

    // The door: the seller's QR is replaced, the old code unknown, the buyer's new QR admits.
    const door = await createDoorStaff();
    const checkIn = async (json: object) =>
      (await call("/api/check-in", { method: "POST", json: { eventId: show.eventId, ...json }, cookie: door.cookie })).json<{ result: string }>();
    expect((await checkIn({ token: oldToken })).result).toBe("replaced");
    expect((await checkIn({ code: sold.ticket.code })).result).toBe("unknown");
    const newToken = await signTicketToken(SECRET, { ticketId: sold.ticket.id, eventId: show.eventId, version: ticket.token_version });
    expect((await checkIn({ token: newToken })).result).toBe("valid");

    // The same event again, and again at once: nothing twice.
    const raw = JSON.stringify(paid);
    const replays = await Promise.all([0, 1, 2].map(async () => (await postWebhook(raw, await signatureFor(raw))).json<{ outcome: string }>()));
    expect(replays.map((r) => r.outcome)).toEqual(["duplicate", "duplicate", "duplicate"]);
    await backgroundWorkSettled();
    expect(await negativeSum(sold.sellerOrder)).toBe(-2500);
    expect(await refundedOf(sold.sellerOrder)).toBe(2500);
    expect((await D1.prepare("SELECT count(*) AS n FROM orders WHERE checkout_id = ?1").bind(`wl_${offer!.id}`).first<{ n: number }>())!.n).toBe(1);
  });

  it("a payment after the hold claims nothing: the ticket stays the seller's and no order is made", async () => {
    const start = Date.now();
    freezeClock(start);
    const show = await soldOutShow();
    const fan = await waiting(show);
    const sold = await returnedTicket(show);
    const [offer] = await offersOf(show.typeId);
    expect((await checkout(offer!.id, fan.user.cookie)).status).toBe(200);
    setClock(start + WAITLIST_HOLD_MS + 1000);
    // The provider stamps events in whole seconds: this one is a second past the hold.
    expect(await deliver(paidEvent(offer!.id, 2500, start + WAITLIST_HOLD_MS + 1000))).toEqual(["applied"]);
    await backgroundWorkSettled();
    expect(await ticketRow(sold.ticket.id)).toMatchObject({
      owner_user_id: sold.seller.id,
      order_id: sold.sellerOrder,
      token_version: sold.ticket.tokenVersion,
    });
    expect((await D1.prepare("SELECT count(*) AS n FROM orders WHERE checkout_id = ?1").bind(`wl_${offer!.id}`).first<{ n: number }>())!.n).toBe(0);
    expect(await negativeSum(sold.sellerOrder)).toBe(0);
    expect(await D1.prepare("SELECT status, late_paid_cents FROM waitlist_offers WHERE id = ?1").bind(offer!.id).first()).toEqual({
      status: "offered",
      late_paid_cents: 2500,
    });
  });

  it("a ticket the seller used meanwhile: the claim takes nothing", async () => {
    const show = await soldOutShow();
    const fan = await waiting(show);
    const sold = await returnedTicket(show);
    const [offer] = await offersOf(show.typeId);
    expect((await checkout(offer!.id, fan.user.cookie)).status).toBe(200);
    await D1.prepare("UPDATE event_tickets SET checked_in_at = ?2 WHERE id = ?1").bind(sold.ticket.id, Date.now()).run();
    await deliver(paidEvent(offer!.id, 2500));
    expect(await ticketRow(sold.ticket.id)).toMatchObject({ owner_user_id: sold.seller.id });
    expect((await offersOf(show.typeId)).map((o) => o.status)).toEqual(["offered"]);
  });
});

describe("racing claims", () => {
  it("20 returns and 100 fans at once: each return sold once, each seller refunded once, nobody charged without a ticket", async () => {
    const show = await soldOutShow();
    const fans = await Promise.all(Array.from({ length: 100 }, () => createUser("user")));
    for (const fan of fans) await waiting(show, 1, fan);
    const sold: Sold[] = [];
    for (let i = 0; i < 20; i++) sold.push(await returnedTicket(show));
    const offers = await offersOf(show.typeId);
    expect(offers).toHaveLength(20);
    expect(new Set(offers.map((o) => o.user_id)).size).toBe(20);

    // Every fan asks for a checkout of every offer at once: only the offer's own member gets one.
    const answers = await Promise.all(fans.flatMap((fan) => offers.slice(0, 3).map((o) => checkout(o.id, fan.cookie))));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 404)).toHaveLength(297);
    const owners = new Map(fans.map((f) => [f.id, f]));
    await Promise.all(offers.map((o) => checkout(o.id, owners.get(o.user_id)!.cookie)));

    // Every payment delivered twice, all at once.
    const deliveries = offers.flatMap((o) => {
      const e = paidEvent(o.id, 2500);
      const raw = JSON.stringify(e);
      return [raw, raw];
    });
    const outcomes = await Promise.all(deliveries.map(async (raw) => (await postWebhook(raw, await signatureFor(raw))).json<{ outcome: string }>()));
    expect(outcomes.filter((o) => o.outcome === "applied")).toHaveLength(20);
    await backgroundWorkSettled();

    const tickets = await Promise.all(sold.map((s) => ticketRow(s.ticket.id)));
    const buyers = tickets.map((t) => t!.owner_user_id);
    expect(new Set(buyers).size).toBe(20);
    expect(buyers.every((b) => offers.some((o) => o.user_id === b))).toBe(true);
    for (const s of sold) {
      expect(await negativeSum(s.sellerOrder)).toBe(-2500);
      expect(await refundedOf(s.sellerOrder)).toBe(2500);
    }
    const orders = await D1.prepare(
      "SELECT user_id, total_cents FROM orders WHERE checkout_id LIKE 'wl_%' AND checkout_id IN (SELECT 'wl_' || id FROM waitlist_offers WHERE ticket_type_id = ?1)",
    )
      .bind(show.typeId)
      .all<{ user_id: string; total_cents: number }>();
    expect(orders.results).toHaveLength(20);
    expect(orders.results.every((o) => o.total_cents === 2500)).toBe(true);
    expect((await offersOf(show.typeId)).every((o) => o.status === "claimed")).toBe(true);
  }, 180_000);
});
