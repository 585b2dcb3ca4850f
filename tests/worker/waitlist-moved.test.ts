// A moved show's waitlist (decision 191): the first step of the tickets' `event_moved` job tells
// each member once per move (waitlist_moved, with the new date, in their language), withdraws the
// offers live at the change and offers their tickets afresh down the line (first in line first);
// places are kept. The same move delivered again tells nobody and withdraws nothing.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { freezeClock } from "./check-in-fixtures";
import { D1, DAY, handBack, holder, offersOf, soldOutShow, waiting, waitlistState } from "./waitlist-fixtures";
import { createDb } from "../../worker/db/client";
import { handleEventMoved, type EventMovedMessage } from "../../worker/services/tickets/event-moved";
import { notificationText } from "../../worker/services/notifications/texts";
import type { AppEnv } from "../../worker/env";

afterEach(() => {
  vi.useRealTimers();
});

const movedNotices = (eventId: string, changedAt: number) =>
  // One event per member and move, its id naming both.
  D1.prepare("SELECT substr(id, length(?1) + 1) AS user_id, params FROM notification_events WHERE kind = 'waitlist_moved' AND substr(id, 1, length(?1)) = ?1")
    .bind(`waitlist_moved:${eventId}:${changedAt}:`)
    .all<{ user_id: string; params: string }>();

describe("a moved show's waitlist", () => {
  it("tells each member once, withdraws the live offer and offers it afresh, places kept; a redelivery changes nothing", async () => {
    const start = Date.now();
    freezeClock(start);
    const show = await soldOutShow({ title: "Moving Night" });
    const first = await waiting(show);
    const second = await waiting(show);
    const seller = await holder(show);
    expect((await handBack(seller.tickets[0]!.id, seller.user.cookie)).status).toBe(201);
    const [before] = await offersOf(show.typeId);
    expect(before!.user_id).toBe(first.user.id);

    const from = (await D1.prepare("SELECT event_date FROM events WHERE id = ?1").bind(show.eventId).first<{ event_date: number }>())!.event_date;
    const to = from + 2 * DAY;
    await D1.prepare("UPDATE events SET event_date = ?2 WHERE id = ?1").bind(show.eventId, to).run();
    const message: EventMovedMessage = { type: "event_moved", eventId: show.eventId, from, to, changedAt: start };
    await handleEventMoved(env as unknown as AppEnv, createDb(env.DB), message, start + 60_000);

    const offers = await offersOf(show.typeId);
    expect(offers.map((o) => [o.user_id, o.status])).toEqual([
      [first.user.id, "withdrawn"],
      [first.user.id, "offered"],
    ]);
    expect((await waitlistState()).openPlaces).toBeGreaterThanOrEqual(2);
    const open = await D1.prepare("SELECT count(*) AS n FROM waitlist_places WHERE ticket_type_id = ?1 AND left_at IS NULL")
      .bind(show.typeId)
      .first<{ n: number }>();
    expect(open!.n).toBe(2);
    const notices = (await movedNotices(show.eventId, start)).results;
    expect(notices.map((n) => n.user_id).sort()).toEqual([first.user.id, second.user.id].sort());
    const params = JSON.parse(notices[0]!.params) as { title: string; at: string };
    expect(params.at).toBe(new Date(to).toISOString());
    const input = { kind: "waitlist_moved" as const, actor: null, actorCount: 1, params, brandName: "Fan site" };
    expect(notificationText("en", input).title).toBe("Moving Night has a new date");
    expect(notificationText("pt-BR", input).title).toBe("Moving Night tem uma nova data");

    // The same move again: nobody told twice, the fresh offer stays.
    await handleEventMoved(env as unknown as AppEnv, createDb(env.DB), message, start + 120_000);
    expect((await movedNotices(show.eventId, start)).results).toHaveLength(2);
    expect((await offersOf(show.typeId)).map((o) => o.status)).toEqual(["withdrawn", "offered"]);
  });
});
