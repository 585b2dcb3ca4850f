// Transfers of tickets the waitlist holds (decision 191): a ticket handed back cannot be transferred
// while its return is live (409 ticket_handed_back; taken back, it can), and a ticket bought from the
// waitlist can be handed back but not transferred (409 ticket_from_waitlist); nothing moves either way.
import { describe, expect, it } from "vitest";
import { call, createUser } from "./helpers";
import { deliver, event } from "./payments-fixtures";
import { D1, expectRefused, handBack, holder, myReturns, offersOf, soldOutShow, withdraw } from "./waitlist-fixtures";
import { waiting } from "./waitlist-fixtures";
import { backgroundWorkSettled } from "../../worker/lib/background-work";

const transfer = (id: string, username: string, cookie: string) => call(`/api/tickets/${id}/transfer`, { method: "POST", json: { username }, cookie });
const ticketRow = (id: string) =>
  D1.prepare("SELECT owner_user_id, code, token_version FROM event_tickets WHERE id = ?1")
    .bind(id)
    .first<{ owner_user_id: string; code: string; token_version: number }>();

describe("transfers of tickets the waitlist holds", () => {
  it("a handed-back ticket is refused with ticket_handed_back until taken back", async () => {
    const show = await soldOutShow();
    const seller = await holder(show);
    const friend = await createUser("user");
    const ticketId = seller.tickets[0]!.id;
    // Nobody waits: the admin's rule opens the show to returns, so the return stays listed.
    await D1.prepare("INSERT INTO waitlist_event_rules (event_id, returns_open, updated_at) VALUES (?1, 1, ?2)").bind(show.eventId, Date.now()).run();
    expect((await handBack(ticketId, seller.user.cookie)).status).toBe(201);
    const before = await ticketRow(ticketId);
    await expectRefused(await transfer(ticketId, friend.username, seller.user.cookie), 409, "ticket_handed_back");
    expect(await ticketRow(ticketId)).toEqual(before);

    const [live] = (await (await myReturns(seller.user.cookie)).json<{ returns: { id: string }[] }>()).returns;
    expect((await withdraw(live!.id, seller.user.cookie)).status).toBe(204);
    expect((await transfer(ticketId, friend.username, seller.user.cookie)).status).toBe(200);
    expect((await ticketRow(ticketId))!.owner_user_id).toBe(friend.id);
  });

  it("a ticket bought from the waitlist is refused with ticket_from_waitlist, and may still be handed back", async () => {
    const show = await soldOutShow();
    const fan = await waiting(show);
    const seller = await holder(show);
    const ticketId = seller.tickets[0]!.id;
    await D1.prepare("UPDATE orders SET payment_intent_id = ?2 WHERE id = ?1")
      .bind(seller.orderId, `pi_local_seller_${seller.orderId.slice(0, 8)}`)
      .run();
    expect((await handBack(ticketId, seller.user.cookie)).status).toBe(201);
    const [offer] = await offersOf(show.typeId);
    expect((await call(`/api/waitlist/offers/${offer!.id}/checkout`, { method: "POST", cookie: fan.user.cookie })).status).toBe(200);
    const paid = event(
      "checkout.session.completed",
      {
        id: `cs_test_${offer!.id}`,
        object: "checkout.session",
        mode: "payment",
        status: "complete",
        payment_status: "paid",
        payment_intent: `pi_test_${offer!.id.slice(0, 8)}`,
        amount_total: offer!.total_cents,
        currency: "usd",
        client_reference_id: `wl_${offer!.id}`,
        metadata: { checkout_id: `wl_${offer!.id}` },
      },
      Date.now(),
    );
    expect(await deliver(paid)).toEqual(["applied"]);
    await backgroundWorkSettled();
    expect((await ticketRow(ticketId))!.owner_user_id).toBe(fan.user.id);

    const friend = await createUser("user");
    const before = await ticketRow(ticketId);
    await expectRefused(await transfer(ticketId, friend.username, fan.user.cookie), 409, "ticket_from_waitlist");
    expect(await ticketRow(ticketId)).toEqual(before);
    // The previous holder's ticket is no longer theirs: 404, as any other member's.
    await expectRefused(await transfer(ticketId, friend.username, seller.user.cookie), 404, "ticket_not_found");
    // Handing it back to the line stays open to the buyer.
    await waiting(show);
    expect((await handBack(ticketId, fan.user.cookie)).status).toBe(201);
  });

  it("an ordinary ticket still transfers", async () => {
    const show = await soldOutShow();
    const owner = await holder(show);
    const friend = await createUser("user");
    expect((await transfer(owner.tickets[0]!.id, friend.username, owner.user.cookie)).status).toBe(200);
  });
});
