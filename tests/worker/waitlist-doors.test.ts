// Four doors at once after a waitlist claim (decision 185): once the next fan has paid, the seller's
// QR is refused at every door as "replaced" and their old typed code is unknown, even when four door
// staff scan it in the same instant; the buyer's new QR, scanned at four doors at once, admits once
// (one valid, three already used) and the door's log holds one check-in.
import { describe, expect, it } from "vitest";
import { call, type TestUser } from "./helpers";
import { createDoorStaff, SECRET } from "./check-in-fixtures";
import { deliver, event } from "./payments-fixtures";
import { D1, handBack, holder, offersOf, soldOutShow, waiting } from "./waitlist-fixtures";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import { signTicketToken } from "../../worker/lib/ticket-token";

const DOORS = 4;

/** The provider's word that the claim's checkout was paid. */
const paidEvent = (offerId: string, amount: number) =>
  event("checkout.session.completed", {
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

type Read = { result: string };

/** Every door reads the same thing in the same instant. */
const atEveryDoor = (doors: TestUser[], eventId: string, read: { token: string } | { code: string }) =>
  Promise.all(
    doors.map(async (door) => {
      const res = await call("/api/check-in", { method: "POST", json: { eventId, ...read }, cookie: door.cookie });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json<Read>()).result;
    }),
  );

const checkInsOf = async (ticketId: string) =>
  (await D1.prepare("SELECT count(*) AS n FROM event_tickets WHERE id = ?1 AND checked_in_at IS NOT NULL").bind(ticketId).first<{ n: number }>())!.n;

describe("four doors after a claim", () => {
  it("refuse the seller's old QR and code at every door, and admit the buyer's new QR once", async () => {
    const show = await soldOutShow();
    const fan = await waiting(show);
    const seller = await holder(show);
    const sold = seller.tickets[0]!;
    expect((await handBack(sold.id, seller.user.cookie)).status).toBe(201);
    const [offer] = await offersOf(show.typeId);
    expect((await call(`/api/waitlist/offers/${offer!.id}/checkout`, { method: "POST", cookie: fan.user.cookie })).status).toBe(200);
    const oldToken = await signTicketToken(SECRET, { ticketId: sold.id, eventId: show.eventId, version: sold.tokenVersion });
    const doors = await Promise.all(Array.from({ length: DOORS }, () => createDoorStaff()));

    expect(await deliver(paidEvent(offer!.id, offer!.total_cents))).toEqual(["applied"]);
    await backgroundWorkSettled();
    const moved = (await D1.prepare("SELECT owner_user_id, code, token_version FROM event_tickets WHERE id = ?1")
      .bind(sold.id)
      .first<{ owner_user_id: string; code: string; token_version: number }>())!;
    expect(moved.owner_user_id).toBe(fan.user.id);

    expect(await atEveryDoor(doors, show.eventId, { token: oldToken })).toEqual(Array(DOORS).fill("replaced"));
    expect(await atEveryDoor(doors, show.eventId, { code: sold.code })).toEqual(Array(DOORS).fill("unknown"));
    expect(await checkInsOf(sold.id)).toBe(0);

    const newToken = await signTicketToken(SECRET, { ticketId: sold.id, eventId: show.eventId, version: moved.token_version });
    const reads = await atEveryDoor(doors, show.eventId, { token: newToken });
    expect(reads.filter((r) => r === "valid")).toHaveLength(1);
    expect(reads.filter((r) => r === "already_checked_in")).toHaveLength(DOORS - 1);
    expect(await checkInsOf(sold.id)).toBe(1);

    // The old QR stays refused after the new one is in: it never reads as "already used".
    expect(await atEveryDoor(doors, show.eventId, { token: oldToken })).toEqual(Array(DOORS).fill("replaced"));
  });
});
