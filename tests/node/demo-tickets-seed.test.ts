// The local demo's ticket orders (scripts/lib/demo-seed.mjs): they go into the tables exactly as
// migrations 0009 and 0016 make them, belong to demo events that sell tickets, cover every status
// and the list's periods (today, this week, this month, older), fall inside their event's sale
// window, and a second seed neither duplicates nor overwrites them but moves their dates with now.
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { migratedDb } from "./migrated-db";
import { buildSeedSql, DEMO_EVENTS, DEMO_TICKETS, demoEventDates, demoEventsSql, demoTicketsSql } from "../../scripts/lib/demo-seed.mjs";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** A seed run on Saturday 21 November 2026, 09:07:30 in New York. */
const SEED_NOW = Date.UTC(2026, 10, 21, 14, 7, 30);

type TicketRow = {
  id: string;
  order_id: string;
  event_id: string;
  event_title: string;
  customer_email: string;
  customer_name: string | null;
  status: string;
  price_paid_cents: number;
  currency: string;
  created_at: number;
};

function seededDb(now = SEED_NOW) {
  const database = migratedDb();
  seed(database, now);
  return database;
}
const seed = (database: DatabaseSync, now: number) => database.exec([...demoEventsSql(now), ...demoTicketsSql(now)].join("\n"));
const ticketsOf = (database: DatabaseSync) => database.prepare("SELECT * FROM tickets ORDER BY id").all() as unknown as TicketRow[];

describe("demo ticket orders", () => {
  it("are a few dozen, each inserted with a conflict rule, part of the whole seed", async () => {
    expect(DEMO_TICKETS.length).toBeGreaterThanOrEqual(24);
    for (const statement of demoTicketsSql(SEED_NOW).filter((s) => s.startsWith("INSERT"))) expect(statement).toMatch(/^INSERT OR IGNORE INTO tickets /);
    const sql = await buildSeedSql("demo-tickets-test-pepper", SEED_NOW);
    expect(sql).toContain(demoTicketsSql(SEED_NOW)[0]);
    expect(new Set(DEMO_TICKETS.map((t) => t.orderId)).size).toBe(DEMO_TICKETS.length);
  });

  it("go into the migrated tables with their event's title and currency, prices in cents", () => {
    const rows = ticketsOf(seededDb());
    expect(rows).toHaveLength(DEMO_TICKETS.length);
    const events = new Map(DEMO_EVENTS.map((e) => [e.id, e]));
    for (const row of rows) {
      const demo = DEMO_TICKETS.find((t) => t.id === row.id)!;
      const event = events.get(row.event_id)!;
      expect(row).toMatchObject({
        order_id: demo.orderId,
        event_title: event.title,
        currency: event.currency ?? "USD",
        status: demo.status,
        price_paid_cents: Math.round(demo.price * 100),
        customer_email: demo.email,
      });
      // A price the event sells at.
      expect(demo.price).toBeGreaterThanOrEqual(event.ticketPriceMin!);
      expect(demo.price).toBeLessThanOrEqual(event.ticketPriceMax!);
    }
  });

  it("cover every status, upcoming and past events, and today, this week, this month and older", () => {
    const rows = ticketsOf(seededDb());
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["confirmed", "pending", "cancelled"]));
    const ages = rows.map((r) => SEED_NOW - r.created_at);
    expect(ages.filter((a) => a >= 0 && a < 6 * HOUR).length).toBeGreaterThanOrEqual(2);
    expect(ages.filter((a) => a >= DAY && a < 7 * DAY).length).toBeGreaterThanOrEqual(3);
    expect(ages.filter((a) => a >= 7 * DAY && a < 30 * DAY).length).toBeGreaterThanOrEqual(3);
    expect(ages.filter((a) => a >= 30 * DAY).length).toBeGreaterThanOrEqual(3);
    const eventDates = new Map(DEMO_EVENTS.map((e) => [e.id, demoEventDates(e, SEED_NOW)]));
    const ticketed = new Set(rows.map((r) => r.event_id));
    expect([...ticketed].some((id) => eventDates.get(id)!.eventDate > SEED_NOW)).toBe(true);
    expect([...ticketed].some((id) => eventDates.get(id)!.eventDate < SEED_NOW)).toBe(true);
    // The cancelled show's tickets were all refunded; no tickets for drafts or online meets.
    const byId = new Map(DEMO_EVENTS.map((e) => [e.id, e]));
    for (const row of rows) {
      const event = byId.get(row.event_id)!;
      expect(event.status).not.toBe("draft");
      expect(event.online ?? false).toBe(false);
      if (event.status === "cancelled") expect(row.status).toBe("cancelled");
    }
  });

  it("were bought while their event was on sale, and never in the future", () => {
    const rows = ticketsOf(seededDb());
    const dates = new Map(DEMO_EVENTS.map((e) => [e.id, demoEventDates(e, SEED_NOW)]));
    for (const row of rows) {
      const { eventDate, ticketSaleStart } = dates.get(row.event_id)!;
      expect(row.created_at).toBeLessThanOrEqual(SEED_NOW);
      expect(row.created_at).toBeLessThan(eventDate);
      if (ticketSaleStart !== null) expect(row.created_at, row.order_id).toBeGreaterThanOrEqual(ticketSaleStart);
    }
  });

  it("run again without duplicating (a deleted one comes back), keep edits, and move every date with now", () => {
    const database = seededDb();
    const first = ticketsOf(database);
    database.exec(`UPDATE tickets SET status = 'cancelled', customer_name = 'Edited' WHERE id = '${first[0]!.id}'`);
    database.exec(`DELETE FROM tickets WHERE id = '${first[1]!.id}'`);
    seed(database, SEED_NOW + DAY);
    const second = ticketsOf(database);
    expect(second.map((r) => r.id)).toEqual(first.map((r) => r.id));
    expect(second[0]).toMatchObject({ status: "cancelled", customer_name: "Edited" });
    for (const [i, row] of second.entries()) expect(row.created_at - first[i]!.created_at).toBe(DAY);
  });

  it("are left out while their event is missing, instead of failing the seed", () => {
    const database = migratedDb();
    database.exec(demoTicketsSql(SEED_NOW).join("\n"));
    expect(ticketsOf(database)).toEqual([]);
  });
});
