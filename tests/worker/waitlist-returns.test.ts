// /api/waitlist/returns (decision 185): handing a ticket back. Its holder only (another member's
// ticket is 404 like an unknown one), a valid unused ticket to a show whose list is open and that
// takes returns (someone waits on its type, or the admin's rule allows them); the ticket stays the
// holder's and valid; one live return a ticket; withdrawn only while no fan was offered it.
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, type TestUser } from "./helpers";
import { createRole } from "./check-in-fixtures";
import { D1, expectRefused, handBack, holder, myReturns, soldOutShow, waiting, waitlistState, withdraw, type Show } from "./waitlist-fixtures";
import type { TicketReturnResponse, TicketReturnsResponse } from "../../worker/contracts/waitlist/model";

const ticketRow = (id: string) =>
  D1.prepare("SELECT owner_user_id, status, code, token_version FROM event_tickets WHERE id = ?1").bind(id).first<Record<string, unknown>>();

describe("who may hand a ticket back", () => {
  let show: Show;
  let seller: TestUser;
  let ticketId: string;
  beforeAll(async () => {
    show = await soldOutShow();
    await waiting(show, 2);
    seller = await createUser("user");
    ticketId = (await holder(show, 1, seller)).tickets[0]!.id;
  });

  it("a visitor and a banned member: 401 on every route, nothing stored", async () => {
    const banned = await createUser("banned");
    const before = await waitlistState();
    for (const cookie of [undefined, banned.cookie]) {
      await expectRefused(await handBack(ticketId, cookie), 401, "unauthorized");
      await expectRefused(await myReturns(cookie), 401, "unauthorized");
      await expectRefused(await withdraw(crypto.randomUUID(), cookie), 401, "unauthorized");
    }
    expect(await waitlistState()).toEqual(before);
  });

  it.each(["user", "vip", "admin", "door"] as const)("%s: another member's ticket is 404 ticket_not_found, nothing stored", async (role) => {
    const me = await createRole(role);
    const before = await waitlistState();
    await expectRefused(await handBack(ticketId, me.cookie), 404, "ticket_not_found");
    await expectRefused(await handBack("no-such-ticket", me.cookie), 404, "ticket_not_found");
    expect(await waitlistState()).toEqual(before);
    const [mine] = (await holder(show, 1, me)).tickets;
    expect((await handBack(mine!.id, me.cookie)).status).toBe(201);
  });

  it("bad input: 400 invalid_input, nothing stored", async () => {
    const before = await waitlistState();
    for (const json of [{}, { ticketId: "" }, { ticketId: "x".repeat(65) }, { ticketId: 5 }]) {
      await expectRefused(await call("/api/waitlist/returns", { method: "POST", json, cookie: seller.cookie }), 400, "invalid_input");
    }
    expect(await waitlistState()).toEqual(before);
  });
});

describe("handing back", () => {
  it("lists the ticket at what the seller paid; it stays theirs and valid; a second hand-back is 409", async () => {
    const show = await soldOutShow();
    const seller = await createUser("user");
    const { tickets } = await holder(show, 2, seller);
    const before = await ticketRow(tickets[0]!.id);
    // Nobody waits and the admin allows none: closed.
    const closed = await waitlistState();
    await expectRefused(await handBack(tickets[0]!.id, seller.cookie), 409, "waitlist_returns_closed");
    expect(await waitlistState()).toEqual(closed);

    await D1.prepare("INSERT INTO waitlist_event_rules (event_id, returns_open, updated_at) VALUES (?1, 1, ?2)").bind(show.eventId, Date.now()).run();
    const res = await handBack(tickets[0]!.id, seller.cookie);
    expect(res.status).toBe(201);
    const body = await res.json<TicketReturnResponse>();
    expect(body.return).toMatchObject({ ticketId: tickets[0]!.id, eventId: show.eventId, status: "listed", refundCents: 2500, currency: "usd" });
    expect(await ticketRow(tickets[0]!.id)).toEqual(before);

    await expectRefused(await handBack(tickets[0]!.id, seller.cookie), 409, "waitlist_already_returned");
    const list = await (await myReturns(seller.cookie)).json<TicketReturnsResponse>();
    expect(list.returns.map((r) => r.id)).toEqual([body.return.id]);
  });

  it("a used, refunded or cancelled ticket is 409 ticket_inactive; a past show's list is closed", async () => {
    const show = await soldOutShow();
    await waiting(show);
    const seller = await createUser("user");
    const [used] = (await holder(show, 1, seller)).tickets;
    await D1.prepare("UPDATE event_tickets SET checked_in_at = ?2 WHERE id = ?1").bind(used!.id, Date.now()).run();
    const [refunded] = (await holder(show, 1, seller)).tickets;
    await D1.prepare("UPDATE event_tickets SET status = 'refunded' WHERE id = ?1").bind(refunded!.id).run();
    const before = await waitlistState();
    await expectRefused(await handBack(used!.id, seller.cookie), 409, "ticket_inactive");
    await expectRefused(await handBack(refunded!.id, seller.cookie), 409, "ticket_inactive");

    const soon = await soldOutShow({ eventDate: Date.now() + 60 * 60 * 1000 });
    // Returns allowed by the admin, yet the list has closed an hour before the show.
    await D1.prepare("INSERT INTO waitlist_event_rules (event_id, returns_open, updated_at) VALUES (?1, 1, ?2)").bind(soon.eventId, Date.now()).run();
    const [late] = (await holder(soon, 1, seller)).tickets;
    const mid = await waitlistState();
    await expectRefused(await handBack(late!.id, seller.cookie), 409, "waitlist_returns_closed");
    expect((await waitlistState()).returns).toBe(mid.returns);
    expect((await waitlistState()).returns).toBe(before.returns);
  });

  it("withdraw while listed (204); another member's return is 404; once offered, 409 waitlist_return_offered", async () => {
    const show = await soldOutShow();
    const { user: fan } = await waiting(show, 2);
    const seller = await createUser("user");
    const [a, b] = (await holder(show, 2, seller)).tickets;
    const first = (await (await handBack(a!.id, seller.cookie)).json<TicketReturnResponse>()).return;
    const other = await createUser("user");
    await expectRefused(await withdraw(first.id, other.cookie), 404, "waitlist_return_not_found");
    await expectRefused(await withdraw("nope", seller.cookie), 404, "waitlist_return_not_found");
    expect((await withdraw(first.id, seller.cookie)).status).toBe(204);
    await expectRefused(await withdraw(first.id, seller.cookie), 404, "waitlist_return_not_found");

    // Two returns fit the fan's place of two: both are offered, and can no longer be withdrawn.
    const again = (await (await handBack(a!.id, seller.cookie)).json<TicketReturnResponse>()).return;
    const second = (await (await handBack(b!.id, seller.cookie)).json<TicketReturnResponse>()).return;
    expect(second.status).toBe("offered");
    await expectRefused(await withdraw(again.id, seller.cookie), 409, "waitlist_return_offered");
    const offers = await D1.prepare("SELECT user_id, quantity, total_cents FROM waitlist_offers WHERE ticket_type_id = ?1").bind(show.typeId).all();
    expect(offers.results).toEqual([{ user_id: fan.id, quantity: 2, total_cents: 5000 }]);
  });

  it("the seller's refund is their share of the order's ledger row, tax included where it was added", async () => {
    const show = await soldOutShow();
    await waiting(show, 3);
    const seller = await createUser("user");
    const order = await holder(show, 2, seller);
    // The order's tickets row as an exclusive-tax order books it: $50 + $4.10 tax over holds of $50.
    const checkout = await D1.prepare("SELECT checkout_id FROM orders WHERE id = ?1").bind(order.orderId).first<{ checkout_id: string }>();
    await D1.batch([
      D1.prepare(
        "INSERT INTO ticket_holds (checkout_id, ticket_type_id, event_id, quantity, unit_cents, total_cents, state) VALUES (?1, ?2, ?3, 2, 2500, 5000, 'committed')",
      ).bind(checkout!.checkout_id, show.typeId, show.eventId),
      D1.prepare(
        "INSERT INTO revenue_entries (ref, source, amount_cents, currency, user_id, order_id, occurred_at, tax_cents) VALUES (?1, 'tickets', 5410, 'usd', ?2, ?3, ?4, 410) ON CONFLICT (ref) DO UPDATE SET amount_cents = 5410, tax_cents = 410",
      ).bind(`order:${order.orderId}:tickets`, seller.id, order.orderId, Date.now()),
    ]);
    const body = (await (await handBack(order.tickets[0]!.id, seller.cookie)).json<TicketReturnResponse>()).return;
    expect(body.refundCents).toBe(2705);
    expect(await D1.prepare("SELECT unit_cents, tax_cents FROM ticket_returns WHERE id = ?1").bind(body.id).first()).toEqual({
      unit_cents: 2705,
      tax_cents: 205,
    });
  });

  it("a ticket listed twice at once: one return", async () => {
    const show = await soldOutShow();
    await waiting(show, 4);
    const seller = await createUser("user");
    const [t] = (await holder(show, 1, seller)).tickets;
    const answers = await Promise.all(Array.from({ length: 10 }, () => handBack(t!.id, seller.cookie)));
    expect(answers.map((r) => r.status).filter((s) => s === 201)).toHaveLength(1);
    expect(answers.map((r) => r.status).filter((s) => s === 409)).toHaveLength(9);
    expect((await D1.prepare("SELECT count(*) AS n FROM ticket_returns WHERE ticket_id = ?1").bind(t!.id).first<{ n: number }>())!.n).toBe(1);
  });
});
