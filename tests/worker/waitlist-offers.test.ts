// Offers (decision 185): a returned ticket goes to the first place in line whose quantity fits,
// held WAITLIST_HOLD_MS, announced as an urgent notification (centre, push, mail) in the fan's
// language. Declining or letting the hold pass (the five-minute job, by the clock) passes it to the
// next place; the fan keeps their place. Leaving with a live offer passes it on too.
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { createUser } from "./helpers";
import { freezeClock, setClock } from "./check-in-fixtures";
import { D1, decline, expectRefused, handBack, holder, leave, offersOf, places, soldOutShow, waiting } from "./waitlist-fixtures";
import { notificationText } from "../../worker/services/notifications/texts";
import { WAITLIST_HOLD_MINUTES, type WaitlistPlacesResponse } from "../../worker/contracts/waitlist/model";

/** The hold of an event whose admin set none. */
const WAITLIST_HOLD_MS = WAITLIST_HOLD_MINUTES.default * 60_000;

const MIN = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

const runFiveMinuteJobs = (at: number) =>
  worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), env, createExecutionContext());

const placeRow = (id: string) => D1.prepare("SELECT left_at, lapses, declines FROM waitlist_places WHERE id = ?1").bind(id).first();
const returnStatus = async (ticketId: string) =>
  (await D1.prepare("SELECT status FROM ticket_returns WHERE ticket_id = ?1 ORDER BY listed_at DESC").bind(ticketId).first<{ status: string }>())!.status;

/** A seller's ticket of the show handed back; its id. */
async function returned(show: Awaited<ReturnType<typeof soldOutShow>>) {
  const seller = await holder(show);
  expect((await handBack(seller.tickets[0]!.id, seller.user.cookie)).status).toBe(201);
  return seller.tickets[0]!.id;
}

describe("who is offered a return", () => {
  it("the first place whose quantity fits, held for WAITLIST_HOLD_MS, told by an urgent notification", async () => {
    const now = Date.now();
    freezeClock(now);
    const show = await soldOutShow({ title: "Hand Back Night" });
    const pair = await waiting(show, 2);
    const single = await waiting(show, 1);
    const later = await waiting(show, 1);

    const first = await returned(show);
    const [offer] = await offersOf(show.typeId);
    expect(offer).toMatchObject({
      place_id: single.placeId,
      user_id: single.user.id,
      quantity: 1,
      total_cents: 2500,
      status: "offered",
      hold_until: now + WAITLIST_HOLD_MS,
    });
    expect(await returnStatus(first)).toBe("offered");
    const event = await D1.prepare("SELECT kind, params, link FROM notification_events WHERE id = ?1")
      .bind(`waitlist_offer:${offer!.id}`)
      .first<{ kind: string; params: string; link: string }>();
    expect(event).toMatchObject({ kind: "waitlist_offer", link: "/tickets" });
    expect(JSON.parse(event!.params)).toMatchObject({ title: "Hand Back Night", at: new Date(now + WAITLIST_HOLD_MS).toISOString() });

    const mine = await (await places(single.user.cookie)).json<WaitlistPlacesResponse>();
    expect(mine.places[0]!.offer).toEqual({
      id: offer!.id,
      quantity: 1,
      holdUntil: new Date(now + WAITLIST_HOLD_MS).toISOString(),
      unitCents: 2500,
      totalCents: 2500,
      currency: "usd",
      taxAdded: false,
    });
    expect((await (await places(pair.user.cookie)).json<WaitlistPlacesResponse>()).places[0]!.offer).toBeNull();

    // The next return fits the later single, not the pair; two more fit the pair.
    await returned(show);
    expect((await offersOf(show.typeId)).map((o) => o.user_id)).toEqual([single.user.id, later.user.id]);
    await returned(show);
    expect(await offersOf(show.typeId)).toHaveLength(2);
    await returned(show);
    const offers = await offersOf(show.typeId);
    expect(offers.map((o) => [o.user_id, o.quantity, o.total_cents])).toEqual([
      [single.user.id, 1, 2500],
      [later.user.id, 1, 2500],
      [pair.user.id, 2, 5000],
    ]);
  });

  it("words the offer's push and e-mail in both languages", () => {
    const at = "2026-12-24T20:30:00.000Z";
    const input = {
      kind: "waitlist_offer" as const,
      actor: null,
      actorCount: 0,
      params: { title: "Hand Back Night", titlePtBr: "Noite da Devolução", at },
      brandName: "Fans",
    };
    expect(notificationText("en", input).title).toBe("A ticket for Hand Back Night is waiting for you");
    expect(notificationText("pt-BR", input).title).toBe("Um ingresso para Noite da Devolução espera por você");
    expect(notificationText("pt-BR", input).body).toContain("valor de face");
  });
});

describe("passing an offer on", () => {
  it("declined: the next place is offered it; the decliner keeps their place; another member's offer is 404", async () => {
    const show = await soldOutShow();
    const a = await waiting(show);
    const b = await waiting(show);
    await returned(show);
    const [offer] = await offersOf(show.typeId);
    expect(offer!.user_id).toBe(a.user.id);
    await expectRefused(await decline(offer!.id, b.user.cookie), 404, "waitlist_offer_not_found");
    await expectRefused(await decline("nope", a.user.cookie), 404, "waitlist_offer_not_found");

    expect((await decline(offer!.id, a.user.cookie)).status).toBe(204);
    const offers = await offersOf(show.typeId);
    expect(offers.map((o) => [o.user_id, o.status])).toEqual([
      [a.user.id, "declined"],
      [b.user.id, "offered"],
    ]);
    expect(await placeRow(a.placeId)).toEqual({ left_at: null, lapses: 0, declines: 1 });
    await expectRefused(await decline(offer!.id, a.user.cookie), 404, "waitlist_offer_not_found");

    // b declines too: nobody left who has not seen it, so it waits listed; a new fan gets it.
    expect((await decline(offers[1]!.id, b.user.cookie)).status).toBe(204);
    expect((await offersOf(show.typeId)).filter((o) => o.status === "offered")).toEqual([]);
    const c = await waiting(show);
    expect((await offersOf(show.typeId)).filter((o) => o.status === "offered").map((o) => o.user_id)).toEqual([c.user.id]);
  });

  it("the hold passes by the clock: the job lapses it at hold_until, not before, and the next place gets it", async () => {
    const start = Date.now();
    freezeClock(start);
    const show = await soldOutShow();
    const a = await waiting(show);
    const b = await waiting(show);
    const ticket = await returned(show);
    const [offer] = await offersOf(show.typeId);

    await runFiveMinuteJobs(start + WAITLIST_HOLD_MS - 1);
    expect((await offersOf(show.typeId)).map((o) => o.status)).toEqual(["offered"]);

    setClock(start + WAITLIST_HOLD_MS);
    // Past the hold the fan cannot decline it either: it is no longer theirs to pass on.
    await expectRefused(await decline(offer!.id, a.user.cookie), 404, "waitlist_offer_not_found");
    await runFiveMinuteJobs(start + WAITLIST_HOLD_MS);
    const offers = await offersOf(show.typeId);
    expect(offers.map((o) => [o.user_id, o.status])).toEqual([
      [a.user.id, "lapsed"],
      [b.user.id, "offered"],
    ]);
    expect(offers[1]!.hold_until).toBe(start + 2 * WAITLIST_HOLD_MS);
    expect(await placeRow(a.placeId)).toEqual({ left_at: null, lapses: 1, declines: 0 });
    expect(await returnStatus(ticket)).toBe("offered");

    // A second run changes nothing.
    await runFiveMinuteJobs(start + WAITLIST_HOLD_MS + 5 * MIN);
    expect((await offersOf(show.typeId)).map((o) => o.status)).toEqual(["lapsed", "offered"]);

    // b lets it pass too: back to a? No: a has seen it; it waits listed with both places kept.
    setClock(start + 2 * WAITLIST_HOLD_MS);
    await runFiveMinuteJobs(start + 2 * WAITLIST_HOLD_MS);
    expect((await offersOf(show.typeId)).map((o) => o.status)).toEqual(["lapsed", "lapsed"]);
    expect(await returnStatus(ticket)).toBe("listed");
    expect(await placeRow(b.placeId)).toEqual({ left_at: null, lapses: 1, declines: 0 });
  });

  it("leaving with a live offer withdraws it and the next place is offered the ticket", async () => {
    const show = await soldOutShow();
    const a = await waiting(show);
    const b = await waiting(show);
    await returned(show);
    expect((await leave(a.placeId, a.user.cookie)).status).toBe(204);
    expect((await offersOf(show.typeId)).map((o) => [o.user_id, o.status])).toEqual([
      [a.user.id, "withdrawn"],
      [b.user.id, "offered"],
    ]);
  });

  it("a member who joins while a return is listed is offered it at once", async () => {
    const show = await soldOutShow();
    await D1.prepare("INSERT INTO waitlist_event_rules (event_id, returns_open, updated_at) VALUES (?1, 1, ?2)").bind(show.eventId, Date.now()).run();
    await returned(show);
    expect(await offersOf(show.typeId)).toEqual([]);
    const fan = await createUser("user");
    const res = await (await import("./waitlist-fixtures")).join({ ticketTypeId: show.typeId }, fan.cookie);
    expect(res.status).toBe(201);
    expect((await res.json<{ place: { offer: { totalCents: number } | null } }>()).place.offer?.totalCents).toBe(2500);
  });
});

describe("a cancelled show", () => {
  it("closes its list at the next five-minute run: offers and returns withdrawn, places closed, each member told once", async () => {
    const show = await soldOutShow({ title: "Called Off" });
    const a = await waiting(show);
    const b = await waiting(show);
    const ticket = await returned(show);
    expect((await offersOf(show.typeId)).map((o) => o.status)).toEqual(["offered"]);
    await D1.prepare("UPDATE events SET status = 'cancelled' WHERE id = ?1").bind(show.eventId).run();

    await runFiveMinuteJobs(Date.now());
    expect((await offersOf(show.typeId)).map((o) => o.status)).toEqual(["withdrawn"]);
    expect(await returnStatus(ticket)).toBe("withdrawn");
    for (const p of [a, b])
      expect(await D1.prepare("SELECT left_reason FROM waitlist_places WHERE id = ?1").bind(p.placeId).first()).toEqual({ left_reason: "closed" });
    const told = async () =>
      (await D1.prepare("SELECT count(*) AS n FROM notification_events WHERE id IN (?1, ?2)")
        .bind(`waitlist_closed:${show.eventId}:${a.user.id}`, `waitlist_closed:${show.eventId}:${b.user.id}`)
        .first<{ n: number }>())!.n;
    expect(await told()).toBe(2);
    await runFiveMinuteJobs(Date.now());
    expect(await told()).toBe(2);
    // Its list takes nobody now.
    await expectRefused(
      await (await import("./waitlist-fixtures")).join({ ticketTypeId: show.typeId }, (await createUser("user")).cookie),
      409,
      "waitlist_closed",
    );
  });
});
