// An early fraud warning on a ticket's order and the door (decisions 094, 150): a ticket let in is
// never refunded by the warning (it is flagged for the admin), and a ticket whose refund a warning
// claimed is refused at the door as refunded, even before the refund's own event revokes it. Of
// the admission and the warning's claim, whichever single statement runs first decides, also when
// they race. Rows are seeded and read with raw SQL.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { ORIGIN } from "./helpers";
import { HOUR, checkInOk, createDoorStaff, exec, row } from "./check-in-fixtures";
import { insertIssuedTickets, seedTicketEvent, seedTicketType } from "./ticket-fixtures";
import { deliver, event, signatureFor } from "./payments-fixtures";

afterEach(() => vi.restoreAllMocks());

let serial = 0;

/** One ticket of a show an hour from now, its order and the order's payment. */
async function ticketOrder() {
  const eventId = await seedTicketEvent({ eventDate: Date.now() + HOUR });
  const typeId = await seedTicketType(eventId);
  const issued = await insertIssuedTickets({ eventId, ticketTypeId: typeId, userId: null, holderName: "Ana Souza" });
  const paymentIntentId = `pi_test_door_${crypto.randomUUID().slice(0, 12)}`;
  await exec("UPDATE orders SET payment_intent_id = ?1 WHERE id = ?2", paymentIntentId, issued.orderId);
  return { eventId, orderId: issued.orderId, code: issued.tickets[0]!.code, ticketId: issued.tickets[0]!.id, paymentIntentId };
}

const warningFor = (paymentIntentId: string) => {
  const id = `issfr_test_door_${Date.now().toString(36)}${++serial}`;
  const e = event("radar.early_fraud_warning.created", {
    id,
    object: "radar.early_fraud_warning",
    actionable: true,
    charge: `ch_test_${paymentIntentId}`,
    payment_intent: paymentIntentId,
    fraud_type: "made_with_stolen_card",
  });
  return { e, disputeId: `efw:${id}` };
};

const ticketOf = (id: string) =>
  row<{ status: string; checked_in: number }>("SELECT status, checked_in_at IS NOT NULL AS checked_in FROM event_tickets WHERE id = ?1", id);
const warningOf = (id: string) => row<{ fraud_action: string }>("SELECT fraud_action FROM payment_disputes WHERE id = ?1", id);
const claimsOf = async (orderId: string) => (await row<{ n: number }>("SELECT count(*) AS n FROM refund_claims WHERE order_id = ?1", orderId))!.n;

describe("an early fraud warning on a ticket's order, and the door", { timeout: 60_000 }, () => {
  it("a ticket already let in: the warning refunds nothing and is flagged for the admin", async () => {
    const door = await createDoorStaff();
    const t = await ticketOrder();
    expect((await checkInOk(door.cookie, { eventId: t.eventId, code: t.code })).result).toBe("valid");
    const w = warningFor(t.paymentIntentId);
    expect(await deliver(w.e)).toEqual(["applied"]);
    expect(await warningOf(w.disputeId)).toEqual({ fraud_action: "flagged" });
    expect(await claimsOf(t.orderId)).toBe(0);
    expect(await ticketOf(t.ticketId)).toEqual({ status: "valid", checked_in: 1 });
  });

  it("a ticket whose refund the warning claimed is refused at the door, before the refund's event arrives", async () => {
    // Live Stripe (a fake on 127.0.0.1) takes the refund; its charge.refunded has not come yet.
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = new URL(String(input));
      if (url.pathname === "/v1/refunds") return Response.json({ id: "re_test_door", object: "refund", status: "succeeded", amount: 1 });
      return Response.json({ error: { type: "invalid_request_error", message: "unexpected" } }, { status: 404 });
    });
    const door = await createDoorStaff();
    const t = await ticketOrder();
    const w = warningFor(t.paymentIntentId);
    const raw = JSON.stringify(w.e);
    const ctx = createExecutionContext();
    const live = {
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_PRICE_ID: "price_vip",
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: "12111",
      STRIPE_API_PROTOCOL: "http",
    };
    const headers = { "stripe-signature": await signatureFor(raw), "content-type": "application/json" };
    const res = await worker.fetch(new Request(`${ORIGIN}/api/stripe/webhook`, { method: "POST", headers, body: raw }), { ...env, ...live }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(await warningOf(w.disputeId)).toEqual({ fraud_action: "refunded" });
    expect(await ticketOf(t.ticketId)).toEqual({ status: "valid", checked_in: 0 });

    const answer = await checkInOk(door.cookie, { eventId: t.eventId, code: t.code });
    expect(answer.result).toBe("refunded");
    expect(await ticketOf(t.ticketId)).toEqual({ status: "valid", checked_in: 0 });
  });

  it("the door and the warning racing: a ticket is either let in and kept, or refused and refunded, never both", async () => {
    const door = await createDoorStaff();
    const orders = await Promise.all([1, 2, 3, 4].map(() => ticketOrder()));
    const outcomes = await Promise.all(
      orders.map(async (t) => {
        const w = warningFor(t.paymentIntentId);
        const [answer] = await Promise.all([checkInOk(door.cookie, { eventId: t.eventId, code: t.code }), deliver(w.e)]);
        return { t, w, result: answer.result };
      }),
    );
    for (const { t, w, result } of outcomes) {
      if (result === "valid") {
        expect(await warningOf(w.disputeId)).toEqual({ fraud_action: "flagged" });
        expect(await claimsOf(t.orderId)).toBe(0);
        expect(await ticketOf(t.ticketId)).toEqual({ status: "valid", checked_in: 1 });
      } else {
        expect(result).toBe("refunded");
        expect(await warningOf(w.disputeId)).toEqual({ fraud_action: "refunded" });
        // The local provider's refund event then revokes the ticket, which was never let in.
        await vi.waitFor(async () => expect(await ticketOf(t.ticketId)).toEqual({ status: "refunded", checked_in: 0 }), { timeout: 10_000 });
      }
    }
  });
});
