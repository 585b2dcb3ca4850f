// Ticket lines of the store's checkout (decision 055): the quote and the checkout per role, every
// refusal with its code and nothing stored, the sale window and the VIP presale at each boundary
// (a fake clock), racing buyers on the last tickets of a type and the last seats of a venue, an
// expiry that gives the seats back once, replayed and out-of-order payment events that make one
// order and one row per ticket, the receipt with each ticket's code and QR in the buyer's language,
// and the admins' "Ticket Purchases" notice once per order.
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, createUser, errorOf } from "./helpers";
import { deliver } from "./payments-fixtures";
import { buyerFor, cart, D1, postCheckout, postQuote, seedProduct, seedPromo, STORE_ROLES, type StoreRole } from "./checkout-fixtures";
import { seedTicketEvent, seedTicketType } from "./ticket-fixtures";
import {
  guestEmail,
  mailsTo,
  openTicketCheckout,
  orderOf,
  remainingOf,
  sessionEvent,
  takenOf,
  ticketCart,
  ticketHoldStates,
  ticketsOf,
  ticketState,
  vars,
} from "./tickets-checkout-fixtures";
import type { CheckoutSummaryResponse } from "../../worker/contracts/store/checkout";
import type { QuoteResponse } from "../../worker/contracts/store/cart";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

afterEach(() => {
  vi.useRealTimers();
});

/** An event on sale now with a General type ($25, 100) and a VIP-only one ($80, 20). */
async function onSale(seed: Parameters<typeof seedTicketEvent>[0] = {}) {
  const eventId = await seedTicketEvent(seed);
  const general = await seedTicketType(eventId, { name: "General", namePtBr: "Pista", priceCents: 2500, quantity: 100, perOrderLimit: 4 });
  const vipArea = await seedTicketType(eventId, { name: "VIP area", namePtBr: "Área VIP", priceCents: 8000, quantity: 20, vipOnly: true, position: 1 });
  return { eventId, general, vipArea };
}

/** The body a role checks out with: a guest names an address, a member pays with their account's. */
const checkoutAs = (role: StoreRole, json: Record<string, unknown>, cookie?: string) =>
  postCheckout(role === "visitor" ? { ...json, email: guestEmail() } : json, cookie);

describe("the quote and the checkout per role", () => {
  it("prices ticket lines at their type's price for every role, and the VIP-only type only for VIPs and admins", async () => {
    const { eventId, general, vipArea } = await onSale();
    for (const role of STORE_ROLES) {
      const user = await buyerFor(role);
      const res = await postQuote(ticketCart([{ ticketTypeId: general, quantity: 2 }]), user?.cookie);
      expect(res.status, role).toBe(200);
      expect(await res.json<QuoteResponse>()).toEqual({
        currency: "usd",
        lines: [],
        tickets: [{ ticketTypeId: general, eventId, quantity: 2, unitCents: 2500, totalCents: 5000 }],
        subtotalCents: 5000,
        discountCents: 0,
        shippingCents: null,
        totalCents: 5000,
        promoCode: null,
        needsShipping: false,
      });
      const vip = await postQuote(ticketCart([{ ticketTypeId: vipArea }]), user?.cookie);
      if (role === "vip" || role === "admin") expect(vip.status, role).toBe(200);
      else {
        expect(vip.status, role).toBe(403);
        expect((await errorOf(vip)).code).toBe("tickets_vip_only");
      }
    }
  });

  it("a checkout holds the seats for visitors, members, VIPs, admins and door staff buying for themselves; a banned member is signed out (401)", async () => {
    const { eventId, general } = await onSale();
    let held = 0;
    for (const role of STORE_ROLES) {
      const user = await buyerFor(role);
      const res = await checkoutAs(role, ticketCart([{ ticketTypeId: general, quantity: 2 }]), user?.cookie);
      if (role === "banned") {
        expect(res.status).toBe(401);
        continue;
      }
      expect(res.status, role).toBe(200);
      held += 2;
      const row = await D1.prepare("SELECT user_id, email, subtotal_cents, total_cents FROM store_checkouts ORDER BY created_at DESC LIMIT 1").first();
      expect(row, role).toMatchObject({ user_id: user?.id ?? null, subtotal_cents: 5000, total_cents: 5000 });
      if (user) expect(row!.email).toBe(user.email);
    }
    expect(await remainingOf(general)).toBe(100 - held);
    expect(await takenOf(eventId)).toBe(held);
    const holds = await D1.prepare("SELECT quantity, unit_cents, total_cents, state FROM ticket_holds WHERE ticket_type_id = ?1").bind(general).all();
    expect(holds.results).toHaveLength(held / 2);
    for (const h of holds.results) expect(h).toEqual({ quantity: 2, unit_cents: 2500, total_cents: 5000, state: "held" });
  });

  it("prices store lines and ticket lines together; the summary and the provider's lines show the tickets in the buyer's language", async () => {
    const { eventId, general } = await onSale({ title: "Moonlight Night" });
    await D1.prepare("UPDATE events SET title_pt_br = 'Noite de Luar' WHERE id = ?1").bind(eventId).run();
    const album = await seedProduct({ usd: 900 });
    const quote = await postQuote({ ...cart([{ productId: album }]), tickets: [{ ticketTypeId: general, quantity: 3 }] });
    expect(await quote.json<QuoteResponse>()).toMatchObject({ subtotalCents: 900 + 7500, totalCents: 8400 });
    const c = await openTicketCheckout({ ...cart([{ productId: album }]), tickets: [{ ticketTypeId: general, quantity: 3 }] }, { lang: "pt-BR" });
    expect(c.total).toBe(8400);
    const summary = await call(`/api/store/checkouts/${c.session}`, { cookie: c.buyerCookie ?? undefined, headers: { "accept-language": "pt-BR" } });
    expect(summary.status).toBe(200);
    expect((await summary.json<CheckoutSummaryResponse>()).tickets).toEqual([
      {
        ticketTypeId: general,
        eventId,
        eventTitle: "Noite de Luar",
        eventDate: expect.any(String),
        timeZone: "America/New_York",
        typeName: "Pista",
        quantity: 3,
        unitCents: 2500,
        totalCents: 7500,
      },
    ]);
  });
});

describe("refusals: a clear 4xx with its code, nothing stored", () => {
  async function refused(json: unknown, status: number, code: string, cookie?: string) {
    const before = await ticketState();
    for (const res of [await postQuote(json, cookie), await postCheckout({ email: guestEmail(), ...(json as object) }, cookie)]) {
      expect(res.status, await res.clone().text()).toBe(status);
      expect((await errorOf(res)).code).toBe(code);
    }
    expect(await ticketState()).toEqual(before);
  }

  it("an unknown type, a draft's, an outside seller's: 404 ticket_type_not_found", async () => {
    await refused(ticketCart([{ ticketTypeId: "no-such-type" }]), 404, "ticket_type_not_found");
    const draft = await seedTicketType(await seedTicketEvent({ status: "draft" }));
    await refused(ticketCart([{ ticketTypeId: draft }]), 404, "ticket_type_not_found");
    const eventbrite = await seedTicketType(await seedTicketEvent({ source: "eventbrite" }));
    await refused(ticketCart([{ ticketTypeId: eventbrite }]), 404, "ticket_type_not_found");
  });

  it("a cancelled or started event: 409 tickets_not_on_sale", async () => {
    const cancelled = await seedTicketType(await seedTicketEvent({ status: "cancelled" }));
    await refused(ticketCart([{ ticketTypeId: cancelled }]), 409, "tickets_not_on_sale");
    const started = await seedTicketType(await seedTicketEvent({ eventDate: Date.now() - MIN }));
    await refused(ticketCart([{ ticketTypeId: started }]), 409, "tickets_not_on_sale");
  });

  it("another currency: 400 tickets_currency_mismatch", async () => {
    const brl = await seedTicketType(await seedTicketEvent({ currency: "BRL" }));
    await refused(ticketCart([{ ticketTypeId: brl }]), 400, "tickets_currency_mismatch");
    // The same type in its own currency is fine.
    expect((await postQuote(ticketCart([{ ticketTypeId: brl }], { currency: "brl" }))).status).toBe(200);
  });

  it("over the per-order limit, lines of one type counted together: 400 quantity_over_limit; over 20 a line is the schema's 400", async () => {
    const { general } = await onSale();
    await refused(
      ticketCart([
        { ticketTypeId: general, quantity: 3 },
        { ticketTypeId: general, quantity: 2 },
      ]),
      400,
      "quantity_over_limit",
    );
    const before = await ticketState();
    const res = await postQuote(ticketCart([{ ticketTypeId: general, quantity: 21 }]));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).field).toBe("tickets.0.quantity");
    expect(await ticketState()).toEqual(before);
  });

  it("a cart with no store lines and no tickets: 400 cart_empty", async () => {
    await refused({ currency: "usd", lines: [], tickets: [] }, 400, "cart_empty");
    await refused({ currency: "usd" }, 400, "cart_empty");
  });

  it("a promotion code: never on tickets, so a cart of tickets only is 400 promo_code_not_applicable", async () => {
    const { general } = await onSale();
    const code = await seedPromo({ scope: "all" });
    await refused(ticketCart([{ ticketTypeId: general }], { promoCode: code }), 400, "promo_code_not_applicable");
  });

  it("the last seats gone: the quote says 400 quantity_over_stock with what is left, the checkout 409 sold_out", async () => {
    const eventId = await seedTicketEvent({ venueCapacity: 10, ticketsTaken: 9 });
    const type = await seedTicketType(eventId, { quantity: 5, remaining: 2 });
    const before = await ticketState();
    const quote = await postQuote(ticketCart([{ ticketTypeId: type, quantity: 2 }]));
    expect(quote.status).toBe(400);
    expect(await errorOf(quote)).toMatchObject({ code: "quantity_over_stock", params: { available: 1 } });
    const res = await postCheckout({ email: guestEmail(), ...ticketCart([{ ticketTypeId: type, quantity: 2 }]) });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("sold_out");
    const typeOut = await seedTicketType(eventId, { quantity: 5, remaining: 0 });
    const res2 = await postCheckout({ email: guestEmail(), ...ticketCart([{ ticketTypeId: typeOut }]) });
    expect((await errorOf(res2)).code).toBe("sold_out");
    expect(await ticketState()).toMatchObject({ checkouts: before.checkouts, holds: before.holds });
    expect(await remainingOf(type)).toBe(2);
    expect(await takenOf(eventId)).toBe(9);
  });
});

describe("the sale window and the VIP presale, at each boundary", () => {
  it("the presale opens to VIPs and admins at its start, to everyone at the general sale, and the sale ends at its end", async () => {
    const base = Date.now() + DAY;
    const presale = { startsAt: base, endsAt: base + HOUR, generalSaleAt: base + HOUR };
    const saleEnd = base + 5 * HOUR;
    const { general } = await onSale({ presale, ticketSaleEnd: saleEnd, eventDate: base + DAY });
    const [member, vip, admin] = [await createUser("user"), await createUser("vip"), await createUser("admin")];
    const status = async (cookie?: string) => {
      const res = await postQuote(ticketCart([{ ticketTypeId: general }]), cookie);
      return res.status === 200 ? 200 : `${res.status} ${(await errorOf(res)).code}`;
    };
    const at = async (when: number) => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(when);
      return [await status(), await status(member.cookie), await status(vip.cookie), await status(admin.cookie)];
    };
    const closed = "409 tickets_not_on_sale";
    const vipOnly = "403 tickets_vip_only";
    expect(await at(base - 1)).toEqual([closed, closed, closed, closed]);
    expect(await at(base)).toEqual([vipOnly, vipOnly, 200, 200]);
    expect(await at(base + HOUR - 1)).toEqual([vipOnly, vipOnly, 200, 200]);
    expect(await at(base + HOUR)).toEqual([200, 200, 200, 200]);
    expect(await at(saleEnd - 1)).toEqual([200, 200, 200, 200]);
    expect(await at(saleEnd)).toEqual([closed, closed, closed, closed]);
  });

  it("without a presale the sale opens at the ticket sale start and stops at the event's start", async () => {
    const base = Date.now() + DAY;
    const { general } = await onSale({ ticketSaleStart: base, eventDate: base + 2 * HOUR });
    const vip = await createUser("vip");
    const at = async (when: number, cookie?: string) => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(when);
      return (await postQuote(ticketCart([{ ticketTypeId: general }]), cookie)).status;
    };
    expect([await at(base - 1), await at(base - 1, vip.cookie)]).toEqual([409, 409]);
    expect(await at(base)).toBe(200);
    expect(await at(base + 2 * HOUR - 1)).toBe(200);
    expect(await at(base + 2 * HOUR)).toBe(409);
  });

  it("a checkout in the presale holds seats for a VIP and refuses a member with nothing stored", async () => {
    const base = Date.now() + DAY;
    const { general } = await onSale({ presale: { startsAt: base, endsAt: base + HOUR, generalSaleAt: base + HOUR }, eventDate: base + DAY });
    const [member, vip] = [await createUser("user"), await createUser("vip")];
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(base + MIN);
    const before = await ticketState();
    const refusedRes = await postCheckout(ticketCart([{ ticketTypeId: general }]), member.cookie);
    expect(refusedRes.status).toBe(403);
    expect((await errorOf(refusedRes)).code).toBe("tickets_vip_only");
    expect(await ticketState()).toEqual(before);
    expect((await postCheckout(ticketCart([{ ticketTypeId: general }]), vip.cookie)).status).toBe(200);
    expect(await remainingOf(general)).toBe(99);
  });
});

describe("racing buyers", () => {
  const race = (json: (i: number) => unknown) =>
    Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call("/api/store/checkout", { json: { email: guestEmail(), ...(json(i) as object) }, headers: { "cf-connecting-ip": `203.0.113.${i + 1}` } }),
      ),
    );

  it("20 buyers on the last 5 tickets of a type: exactly 5 hold one, 15 are told sold_out, none below zero", async () => {
    const eventId = await seedTicketEvent();
    const type = await seedTicketType(eventId, { quantity: 50, remaining: 5 });
    const answers = await race(() => ticketCart([{ ticketTypeId: type }]));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const r of answers.filter((a) => a.status === 409)) expect((await errorOf(r)).code).toBe("sold_out");
    expect(await remainingOf(type)).toBe(0);
    expect(await takenOf(eventId)).toBe(5);
    expect((await D1.prepare("SELECT sum(quantity) AS n FROM ticket_holds WHERE ticket_type_id = ?1").bind(type).first<{ n: number }>())!.n).toBe(5);
  });

  it("20 buyers of two types on the last 4 seats of the venue: exactly 4 hold one, tickets_taken stops at the capacity", async () => {
    const eventId = await seedTicketEvent({ venueCapacity: 30, ticketsTaken: 26 });
    const a = await seedTicketType(eventId, { quantity: 100 });
    const b = await seedTicketType(eventId, { quantity: 100, position: 1 });
    const answers = await race((i) => ticketCart([{ ticketTypeId: i % 2 ? a : b }]));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(4);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(16);
    expect(await takenOf(eventId)).toBe(30);
    expect((await remainingOf(a)) + (await remainingOf(b))).toBe(196);
  });
});

describe("expiry and payment events", () => {
  it("an expiry gives the seats back once; a replayed or repeated expiry, or a failure after it, gives nothing more", async () => {
    const { eventId, general } = await onSale();
    const c = await openTicketCheckout(ticketCart([{ ticketTypeId: general, quantity: 3 }]));
    expect([await remainingOf(general), await takenOf(eventId)]).toEqual([97, 3]);
    const expired = sessionEvent("checkout.session.expired", c);
    expect(await deliver(expired, expired)).toEqual(["applied", "duplicate"]);
    expect(await deliver(sessionEvent("checkout.session.expired", c), sessionEvent("checkout.session.async_payment_failed", c))).toEqual([
      "applied",
      "applied",
    ]);
    expect([await remainingOf(general), await takenOf(eventId)]).toEqual([100, 0]);
    expect(await ticketHoldStates(c.id)).toEqual(["released"]);
  });

  it("the local checkout's Abandon and Decline give the seats back", async () => {
    const { eventId, general } = await onSale();
    for (const action of ["abandon", "decline"]) {
      const c = await openTicketCheckout(ticketCart([{ ticketTypeId: general, quantity: 2 }]));
      const res = await call(`/api/store/local/checkouts/${c.session}/${action}`, {
        method: "POST",
        json: {},
        cookie: c.buyerCookie ?? undefined,
        origin: "http://127.0.0.1:8787",
      });
      expect(res.status, action).toBe(200);
    }
    expect([await remainingOf(general), await takenOf(eventId)]).toEqual([100, 0]);
  });

  it("replayed and repeated payment events make one order, one row per ticket, one tickets ledger row; an expiry after it changes nothing", async () => {
    const { eventId, general, vipArea } = await onSale();
    const vip = await createUser("vip");
    const c = await openTicketCheckout(
      ticketCart([
        { ticketTypeId: general, quantity: 2 },
        { ticketTypeId: vipArea, quantity: 1 },
      ]),
      { cookie: vip.cookie },
    );
    const paid = sessionEvent("checkout.session.completed", c, { paid: true });
    expect(await deliver(paid, paid)).toEqual(["applied", "duplicate"]);
    expect(await deliver(sessionEvent("checkout.session.async_payment_succeeded", c, { paid: true }))).toEqual(["applied"]);
    expect(await deliver(sessionEvent("checkout.session.expired", c, { createdMs: Date.now() + MIN }))).toEqual(["applied"]);
    const orders = (await orderOf(c.id)).results;
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    expect(order).toMatchObject({ user_id: vip.id, total_cents: 13000, subtotal_cents: 13000, status: "paid" });
    const tickets = await ticketsOf(order.id);
    expect(tickets).toHaveLength(3);
    for (const t of tickets) {
      expect(t).toMatchObject({
        code: expect.stringMatching(/^TKT-[A-Z0-9]{4}-[A-Z0-9]{4}$/),
        token_version: 1,
        event_id: eventId,
        currency: "usd",
        buyer_user_id: vip.id,
        buyer_email: vip.email,
        owner_user_id: vip.id,
        owner_email: vip.email,
        holder_name: null,
        status: "valid",
        voided_at: null,
      });
    }
    expect(tickets.map((t) => [t.ticket_type_id, t.type_name, t.price_cents]).sort()).toEqual(
      [
        [general, "General", 2500],
        [general, "General", 2500],
        [vipArea, "VIP area", 8000],
      ].sort(),
    );
    expect(new Set(tickets.map((t) => t.code)).size).toBe(3);
    expect(await ticketHoldStates(c.id)).toEqual(["committed", "committed"]);
    expect([await remainingOf(general), await remainingOf(vipArea), await takenOf(eventId)]).toEqual([98, 19, 3]);
    const revenue = await D1.prepare("SELECT ref, source, amount_cents FROM revenue_entries WHERE order_id = ?1").bind(order.id).all();
    expect(revenue.results).toEqual([{ ref: `order:${order.id}:tickets`, source: "tickets", amount_cents: 13000 }]);
  });

  it("an order of store lines and tickets: the store's ledger row keeps the rest, the tickets' their share; a member's cart is kept by an order of tickets only", async () => {
    const { general } = await onSale();
    const album = await seedProduct({ usd: 900 });
    const mixed = await openTicketCheckout({ ...cart([{ productId: album }]), tickets: [{ ticketTypeId: general, quantity: 2 }] });
    await deliver(sessionEvent("checkout.session.completed", mixed, { paid: true }));
    const [order] = (await orderOf(mixed.id)).results;
    const revenue = await D1.prepare("SELECT ref, source, amount_cents FROM revenue_entries WHERE order_id = ?1 ORDER BY ref").bind(order!.id).all();
    expect(revenue.results).toEqual([
      { ref: `order:${order!.id}`, source: "store", amount_cents: 900 },
      { ref: `order:${order!.id}:tickets`, source: "tickets", amount_cents: 5000 },
    ]);
    expect(await ticketsOf(order!.id)).toHaveLength(2);

    const member = await createUser("user");
    const kept = JSON.stringify([{ productId: album, variantId: null, quantity: 1, amountCents: null }]);
    await D1.prepare("INSERT INTO carts (user_id, lines) VALUES (?1, ?2)").bind(member.id, kept).run();
    const c = await openTicketCheckout(ticketCart([{ ticketTypeId: general }]), { cookie: member.cookie });
    await deliver(sessionEvent("checkout.session.completed", c, { paid: true }));
    expect((await D1.prepare("SELECT lines FROM carts WHERE user_id = ?1").bind(member.id).first<{ lines: string }>())!.lines).toBe(kept);
  });

  it("a payment after an expiry takes the seats again where they are still there and issues the tickets", async () => {
    const { eventId, general } = await onSale();
    const c = await openTicketCheckout(ticketCart([{ ticketTypeId: general, quantity: 2 }]));
    await deliver(sessionEvent("checkout.session.expired", c));
    expect(await remainingOf(general)).toBe(100);
    await deliver(sessionEvent("checkout.session.completed", c, { paid: true }));
    const [order] = (await orderOf(c.id)).results;
    expect(await ticketsOf(order!.id)).toHaveLength(2);
    expect(await ticketHoldStates(c.id)).toEqual(["committed"]);
    expect([await remainingOf(general), await takenOf(eventId)]).toEqual([98, 2]);
  });

  it("a payment after an expiry whose seats were sold meanwhile: the order stands with no ticket, the seats stay sold to the other, the mails say so", async () => {
    const eventId = await seedTicketEvent({ title: "Tiny Room" });
    const type = await seedTicketType(eventId, { name: "General", quantity: 2 });
    const c = await openTicketCheckout(ticketCart([{ ticketTypeId: type, quantity: 2 }]));
    await deliver(sessionEvent("checkout.session.expired", c));
    await openTicketCheckout(ticketCart([{ ticketTypeId: type }])); // someone else takes one of the two
    await deliver(sessionEvent("checkout.session.completed", c, { paid: true }));
    const [order] = (await orderOf(c.id)).results;
    expect(order).toBeDefined();
    expect(await ticketsOf(order!.id)).toEqual([]);
    expect(await ticketHoldStates(c.id)).toEqual(["released"]);
    expect([await remainingOf(type), await takenOf(eventId)]).toEqual([1, 1]);
    const [receipt] = await mailsTo(c.email);
    expect(receipt!.text).toContain("Sold out before your payment arrived:\n2 × Tiny Room: General");
    const [notice] = await mailsTo(vars.ADMIN_EMAIL, `Ticket purchase: Tiny Room`);
    expect(notice!.text).toContain("Sold out before the payment (not issued, to refund): Tiny Room: General");
  });
});

describe("the receipt and the admins' notice", () => {
  it("mails the receipt in English with each ticket's code, its QR code and the tickets page, and the admins' notice once", async () => {
    const { general } = await onSale({ title: "Summer Show" });
    const c = await openTicketCheckout(ticketCart([{ ticketTypeId: general, quantity: 2 }]));
    const paid = sessionEvent("checkout.session.completed", c, { paid: true });
    await deliver(paid, paid);
    await deliver(sessionEvent("checkout.session.async_payment_succeeded", c, { paid: true }));
    const [order] = (await orderOf(c.id)).results;
    const tickets = await ticketsOf(order!.id);
    const receipts = await mailsTo(c.email);
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt!.subject).toBe(`Your ${vars.BRAND_NAME} order #${order!.number}`);
    expect(receipt!.text).toContain("2 × Summer Show: General: $50.00");
    expect(receipt!.text).toContain("Your tickets:");
    expect(receipt!.text).toContain(`${vars.SITE_URL}/tickets`);
    expect(receipt!.text).not.toContain("/collection");
    for (const t of tickets) {
      expect(receipt!.text).toContain(`Code: ${t.code}`);
      expect(receipt!.html).toContain(`aria-label="QR code of ticket ${t.code}"`);
    }
    expect(receipt!.html).toContain('bgcolor="#000000"');
    const notices = await mailsTo(vars.ADMIN_EMAIL, "Ticket purchase: Summer Show");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(`Order: #${order!.number}`);
    expect(notices[0]!.text).toContain(`Customer: ${c.email}`);
    expect(notices[0]!.text).toContain("Tickets: 2");
    expect(notices[0]!.text).toContain("Total: $50.00");
    // An order of tickets only is not also a "new order" of the store.
    expect(await mailsTo(vars.ADMIN_EMAIL, `New order #${order!.number}:%`)).toHaveLength(0);
  });

  it("writes the receipt in Portuguese for a buyer who bought in Portuguese, names in Portuguese", async () => {
    const { eventId, general } = await onSale({ title: "Winter Show" });
    await D1.prepare("UPDATE events SET title_pt_br = 'Show de Inverno' WHERE id = ?1").bind(eventId).run();
    const c = await openTicketCheckout(ticketCart([{ ticketTypeId: general }]), { lang: "pt-BR" });
    await deliver(sessionEvent("checkout.session.completed", c, { paid: true }));
    const [order] = (await orderOf(c.id)).results;
    const [ticket] = await ticketsOf(order!.id);
    const [receipt] = await mailsTo(c.email);
    expect(receipt!.subject).toBe(`Seu pedido nº ${order!.number} no ${vars.BRAND_NAME}`);
    expect(receipt!.text).toContain("1 × Show de Inverno: Pista: US$");
    expect(receipt!.text).toContain("Seus ingressos:");
    expect(receipt!.text).toContain(`Código: ${ticket!.code}`);
    expect(receipt!.html).toContain(`aria-label="QR code do ingresso ${ticket!.code}"`);
  });

  it("sends no admins' notice while the Ticket Purchases switch is off (the receipt still goes)", async () => {
    const admin = await createUser("admin");
    const settings = (json: unknown) => call("/api/admin/settings", { method: "PUT", cookie: admin.cookie, json });
    const { general } = await onSale({ title: "Quiet Show" });
    expect((await settings({ notifications: { ticketPurchase: false } })).status).toBe(200);
    const c = await openTicketCheckout(ticketCart([{ ticketTypeId: general }]));
    await deliver(sessionEvent("checkout.session.completed", c, { paid: true }));
    expect(await mailsTo(vars.ADMIN_EMAIL, "Ticket purchase: Quiet Show")).toHaveLength(0);
    expect(await mailsTo(c.email)).toHaveLength(1);
    expect((await settings({ notifications: { ticketPurchase: true } })).status).toBe(200);
  });
});
