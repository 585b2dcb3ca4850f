// GET /api/admin/waitlist/events/:eventId (decision 189): per ticket type, the open places and the
// tickets they want, the returns by state, the offers sent/claimed/lapsed/declined and the money
// moved, exact on a scenario played through the routes, the five-minute job and a paid claim: a
// return withdrawn, an offer lapsed by the clock (held the event's hold minutes), one claimed and
// paid, one declined.
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { call, createUser, type TestUser } from "./helpers";
import { freezeClock, setClock } from "./check-in-fixtures";
import { deliver, event } from "./payments-fixtures";
import { D1, decline, handBack, holder, offersOf, soldOutShow, waiting, withdraw, type Show } from "./waitlist-fixtures";
import { seedTicketType } from "./ticket-fixtures";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import type { WaitlistFiguresResponse } from "../../worker/contracts/waitlist/admin-model";

afterEach(() => {
  vi.useRealTimers();
});

const MIN = 60_000;
const runFiveMinuteJobs = (at: number) =>
  worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), env, createExecutionContext());

/** The Checkout Session event the provider sends when a claim's checkout is paid. */
const paidEvent = (offerId: string, amount: number, createdMs: number) =>
  event(
    "checkout.session.completed",
    {
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
    },
    createdMs,
  );

/** A seller's ticket (its order paid through a payment intent) handed back; the return's id and its seller. */
async function handedBack(show: Show): Promise<{ returnId: string; seller: TestUser }> {
  const seller = await holder(show);
  await D1.prepare("UPDATE orders SET payment_intent_id = ?2 WHERE id = ?1")
    .bind(seller.orderId, `pi_local_seller_${seller.orderId.slice(0, 8)}`)
    .run();
  const res = await handBack(seller.tickets[0]!.id, seller.user.cookie);
  expect(res.status).toBe(201);
  return { returnId: (await res.json<{ return: { id: string } }>()).return.id, seller: seller.user };
}

describe("an event's waitlist figures", () => {
  it("count every place, return and offer by type and the money moved, net zero with no fee", async () => {
    const now = Date.now();
    freezeClock(now);
    const admin = await createUser("admin");
    const show = await soldOutShow();
    const quiet = await seedTicketType(show.eventId, { name: "Balcony", namePtBr: "Balcão", quantity: 5, remaining: 0, position: 1 });
    // Returns open with nobody waiting, and offers held 10 minutes rather than the default 30.
    const put = await call(`/api/admin/waitlist/events/${show.eventId}/rules`, {
      method: "PUT",
      json: { returnsOpen: true, holdMinutes: 10, closesBeforeMinutes: 120 },
      cookie: admin.cookie,
    });
    expect(put.status).toBe(200);

    // A return nobody waits for, taken back.
    const first = await handedBack(show);
    expect((await withdraw(first.returnId, first.seller.cookie)).status).toBe(204);

    const ana = await waiting(show, 1);
    const bia = await waiting(show, 1);
    const caio = await waiting(show, 2);

    // Ana is offered the next return, held the event's 10 minutes, and lets it lapse: Bia is offered it.
    await handedBack(show);
    const [lapsing] = await offersOf(show.typeId);
    expect(lapsing).toMatchObject({ user_id: ana.user.id, hold_until: now + 10 * MIN, status: "offered" });
    setClock(now + 10 * MIN);
    await runFiveMinuteJobs(now + 10 * MIN);
    const [, claiming] = await offersOf(show.typeId);
    expect(claiming).toMatchObject({ user_id: bia.user.id, hold_until: now + 20 * MIN, status: "offered" });

    // Bia pays.
    expect((await call(`/api/waitlist/offers/${claiming!.id}/checkout`, { method: "POST", cookie: bia.user.cookie })).status).toBe(200);
    expect(await deliver(paidEvent(claiming!.id, 2500, now + 11 * MIN))).toEqual(["applied"]);
    await backgroundWorkSettled();

    // Ana (who never saw this return) is offered the next one and declines; Caio wants two, so it stays listed.
    await handedBack(show);
    const declining = (await offersOf(show.typeId))[2]!;
    expect(declining.user_id).toBe(ana.user.id);
    expect((await decline(declining.id, ana.user.cookie)).status).toBe(204);
    expect((await offersOf(show.typeId)).map((o) => o.status)).toEqual(["lapsed", "claimed", "declined"]);

    const res = await call(`/api/admin/waitlist/events/${show.eventId}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await res.json<WaitlistFiguresResponse>()).toEqual({
      eventId: show.eventId,
      types: [
        {
          ticketTypeId: show.typeId,
          name: "General",
          namePtBr: "Pista",
          places: { open: 2, tickets: 1 + 2 },
          returns: { listed: 1, offered: 0, sold: 1, withdrawn: 1 },
          offers: { sent: 3, claimed: 1, lapsed: 1, declined: 1 },
          money: { salesInCents: 2500, refundsOutCents: 2500, netCents: 0, currency: "usd" },
        },
        {
          ticketTypeId: quiet,
          name: "Balcony",
          namePtBr: "Balcão",
          places: { open: 0, tickets: 0 },
          returns: { listed: 0, offered: 0, sold: 0, withdrawn: 0 },
          offers: { sent: 0, claimed: 0, lapsed: 0, declined: 0 },
          money: { salesInCents: 0, refundsOutCents: 0, netCents: 0, currency: "usd" },
        },
      ],
    });
    expect(caio.placeId).toBeTruthy();
  });
});
