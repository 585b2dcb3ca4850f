// The local demo's live shows (scripts/lib/demo-live-shows.mjs): a ticketed online show about to
// start with the demo fan's online ticket and its room, and a members' show ended with its replay
// open; idempotent, moving with the clock, never in what the production migrations make.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { migratedDb } from "./migrated-db";
import { buildSeedSql } from "../../scripts/lib/demo-seed.mjs";
import { demoStoreSql } from "../../scripts/lib/demo-store.mjs";
import { demoTicketsSql } from "../../scripts/lib/demo-tickets.mjs";
import { demoTiersSql } from "../../scripts/lib/demo-tiers.mjs";
import { demoRoomsSql } from "../../scripts/lib/demo-rooms.mjs";
import { DEMO_LIVE_REPLAY_SHOW, DEMO_LIVE_TICKET_SHOW, demoLiveShowsSql } from "../../scripts/lib/demo-live-shows.mjs";

const PEPPER = "demo-seed-test-pepper-0123456789";
const NOW = Date.UTC(2026, 10, 27, 12, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const FAN = "00000000-0000-4000-8000-00000000a003";

async function seeded(now = NOW) {
  const database = migratedDb();
  database.exec(await buildSeedSql(PEPPER, now));
  database.exec([...demoStoreSql(now), ...demoTicketsSql(now), ...demoTiersSql(now), ...demoRoomsSql(now), ...demoLiveShowsSql(now)].join("\n"));
  return database;
}
type Db = Awaited<ReturnType<typeof seeded>>;
const show = (database: Db, eventId: string) => ({
  ...database
    .prepare("SELECT access, state, provider, started_at, ended_at, replay_hours, pinned_product_ids, room_id FROM live_shows WHERE event_id = ?")
    .get(eventId),
});
const event = (database: Db, eventId: string) => ({
  ...database.prepare("SELECT event_date, end_date, is_online, status, tickets_taken FROM events WHERE id = ?").get(eventId),
});

describe("the demo's live shows", () => {
  it("has a ticketed online show 50 minutes ahead, its online ticket type and the demo fan's ticket", async () => {
    const database = await seeded();
    const t = DEMO_LIVE_TICKET_SHOW;
    expect(event(database, t.eventId)).toEqual({
      event_date: NOW + 50 * MINUTE,
      end_date: NOW + 110 * MINUTE,
      is_online: 1,
      status: "published",
      tickets_taken: 1,
    });
    expect(show(database, t.eventId)).toEqual({
      access: "ticket",
      state: "scheduled",
      provider: "local",
      started_at: null,
      ended_at: null,
      replay_hours: 48,
      pinned_product_ids: JSON.stringify(t.pinnedProductIds),
      room_id: "studio-session",
    });
    expect(t.pinnedProductIds).toHaveLength(2);
    const pinned = database
      .prepare(`SELECT count(*) AS n FROM products WHERE id IN (${t.pinnedProductIds.map(() => "?").join(", ")})`)
      .get(...t.pinnedProductIds);
    expect(pinned).toEqual({ n: 2 });
    expect({ ...database.prepare("SELECT kind, remaining, quantity, name_pt_br FROM ticket_types WHERE id = ?").get(t.ticketType.id) }).toEqual({
      kind: "online",
      remaining: 999,
      quantity: 1000,
      name_pt_br: "Ingresso online",
    });
    const tickets = database
      .prepare("SELECT owner_user_id, status, code FROM event_tickets WHERE event_id = ?")
      .all(t.eventId)
      .map((r) => ({ ...r }));
    expect(tickets).toEqual([{ owner_user_id: FAN, status: "valid", code: "TKT-WTCH-2345" }]);
    expect({ ...database.prepare("SELECT status, total_cents, user_id FROM orders WHERE id = ?").get(t.ticket.orderId) }).toEqual({
      status: "paid",
      total_cents: 1000,
      user_id: FAN,
    });
    expect({ ...database.prepare("SELECT read_access, read_event_id, write_access FROM rooms WHERE id = ?").get(t.roomId) }).toEqual({
      read_access: "ticket",
      read_event_id: t.eventId,
      write_access: "ticket",
    });
  });

  it("has a members' show that ended two hours ago with its 48-hour replay, kept for Inner Circle after that", async () => {
    const database = await seeded();
    const r = DEMO_LIVE_REPLAY_SHOW;
    expect(show(database, r.eventId)).toMatchObject({
      access: "members",
      state: "ended",
      started_at: NOW - 3 * HOUR,
      ended_at: NOW - 2 * HOUR,
      replay_hours: 48,
    });
    expect({ ...database.prepare("SELECT replay_keep_tier_id FROM live_shows WHERE event_id = ?").get(r.eventId) }).toEqual({
      replay_keep_tier_id: "inner-circle",
    });
    expect(event(database, r.eventId)).toMatchObject({ event_date: NOW - 3 * HOUR, end_date: NOW - 2 * HOUR, is_online: 1 });
    expect({ ...database.prepare("SELECT read_access FROM rooms WHERE id = ?").get(r.roomId) }).toEqual({ read_access: "members" });
  });

  it("runs again without doubling anything; a later seed moves the times, an ended ticketed show starts over, a live one stays", async () => {
    const database = await seeded();
    const t = DEMO_LIVE_TICKET_SHOW;
    const later = NOW + 5 * HOUR;
    database.exec(demoLiveShowsSql(later).join("\n"));
    expect(event(database, t.eventId)).toMatchObject({ event_date: later + 50 * MINUTE, tickets_taken: 1 });
    expect(database.prepare("SELECT count(*) AS n FROM event_tickets WHERE event_id = ?").get(t.eventId)).toEqual({ n: 1 });
    expect(show(database, DEMO_LIVE_REPLAY_SHOW.eventId)).toMatchObject({ ended_at: later - 2 * HOUR });

    database.exec(`UPDATE live_shows SET state = 'live', started_at = ${later} WHERE event_id = '${t.eventId}'`);
    database.exec(demoLiveShowsSql(later + HOUR).join("\n"));
    expect(show(database, t.eventId)).toMatchObject({ state: "live", started_at: later });
    expect(event(database, t.eventId)).toMatchObject({ event_date: later + 50 * MINUTE });

    database.exec(`UPDATE live_shows SET state = 'ended', ended_at = ${later + HOUR} WHERE event_id = '${t.eventId}'`);
    database.exec(demoLiveShowsSql(later + 2 * HOUR).join("\n"));
    expect(show(database, t.eventId)).toMatchObject({ state: "scheduled", started_at: null, ended_at: null });
    expect(event(database, t.eventId)).toMatchObject({ event_date: later + 2 * HOUR + 50 * MINUTE });
  });

  it("is not in the production migrations", () => {
    const dir = new URL("../../migrations/", import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".sql"))) {
      const sql = readFileSync(new URL(file, dir), "utf8");
      expect(sql, file).not.toContain(DEMO_LIVE_TICKET_SHOW.eventId);
      expect(sql, file).not.toContain(DEMO_LIVE_REPLAY_SHOW.eventId);
    }
  });
});
