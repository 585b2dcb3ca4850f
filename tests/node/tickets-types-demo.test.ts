// The local demo's event selling tickets here (scripts/lib/demo-tickets.mjs, decision 055): it goes
// into the migrated tables (foreign keys on), is a published custom event in USD at a venue with a
// capacity, on sale at the seed's moment by the shared sale rules, with "General" (plenty) and "VIP
// area" (few enough for "N left"), both named in Portuguese and passing the back office's own form
// rules; a second seed keeps what the back office or a checkout changed and the times sold (the
// show at 20:00 in Miami), and sets up again only a show that is over with no ticket sold.
import { describe, expect, it } from "vitest";
import { migratedDb } from "./migrated-db";
import { DEMO_TICKET_EVENT, DEMO_TICKET_TYPES, demoTicketsSql } from "../../scripts/lib/demo-tickets.mjs";
import { TICKET_LIMITS, ticketCurrencyOf, ticketSaleStateAt } from "../../worker/contracts/tickets/event-tickets-model";
import { ticketTypeInputSchema } from "../../worker/contracts/tickets/admin-ticket-types";

/** A seed run on Saturday 21 November 2026, 09:07:30 in New York. */
const SEED_NOW = Date.UTC(2026, 10, 21, 14, 7, 30);
const DAY = 24 * 60 * 60 * 1000;

type Row = Record<string, string | number | null>;
const all = (database: ReturnType<typeof migratedDb>, query: string) => database.prepare(query).all() as unknown as Row[];

describe("the demo event selling tickets here", () => {
  it("is a published custom event in USD with a capacity, on sale at the seed, with General and a nearly sold-out VIP area", () => {
    const database = migratedDb();
    database.exec(demoTicketsSql(SEED_NOW).join("\n"));
    const [event] = all(database, `SELECT * FROM events WHERE id = '${DEMO_TICKET_EVENT.id}'`);
    expect(event).toMatchObject({ status: "published", source: "custom", currency: "USD", venue_capacity: 300, tickets_taken: 0 });
    expect(ticketCurrencyOf(String(event!.currency))).toBe("usd");
    const times = {
      saleStart: Number(event!.ticket_sale_start),
      saleEnd: Number(event!.ticket_sale_end),
      eventDate: Number(event!.event_date),
      presale: null,
    };
    expect(ticketSaleStateAt(times, SEED_NOW)).toBe("on_sale");
    expect(times.eventDate - SEED_NOW).toBeGreaterThan(20 * DAY);

    const types = all(
      database,
      `SELECT name, name_pt_br, price_cents, quantity, remaining, vip_only FROM ticket_types WHERE event_id = '${DEMO_TICKET_EVENT.id}' ORDER BY position`,
    );
    expect(types.map((t) => [t.name, t.name_pt_br])).toEqual([
      ["General", "Pista"],
      ["VIP area", "Área VIP"],
    ]);
    const [general, vipArea] = types;
    expect(Number(general!.remaining)).toBeGreaterThan(TICKET_LIMITS.fewLeft);
    expect(Number(vipArea!.remaining)).toBeGreaterThan(0);
    expect(Number(vipArea!.remaining)).toBeLessThanOrEqual(TICKET_LIMITS.fewLeft);
    // The back office's form would take each type as it is.
    for (const { id: _id, remaining: _remaining, ...input } of DEMO_TICKET_TYPES) expect(ticketTypeInputSchema.safeParse(input).success, input.name).toBe(true);
  });

  it("starts at 20:00 in the venue's zone three weeks after the first seed", () => {
    const database = migratedDb();
    database.exec(demoTicketsSql(SEED_NOW).join("\n"));
    const [event] = all(database, `SELECT event_date, time_zone, ticket_sale_end FROM events WHERE id = '${DEMO_TICKET_EVENT.id}'`);
    const local = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", dateStyle: "medium", timeStyle: "short" }).format(Number(event!.event_date));
    expect([event!.time_zone, local]).toEqual(["America/New_York", "Dec 12, 2026, 8:00 PM"]);
    expect(event!.ticket_sale_end).toBe(event!.event_date);
  });

  it("a second seed keeps what was changed since and the times tickets were sold for", () => {
    const database = migratedDb();
    database.exec(demoTicketsSql(SEED_NOW).join("\n"));
    const first = all(database, `SELECT event_date, ticket_sale_start, ticket_sale_end FROM events WHERE id = '${DEMO_TICKET_EVENT.id}'`);
    database.exec(
      `UPDATE ticket_types SET remaining = 1 WHERE id = '${DEMO_TICKET_TYPES[1]!.id}'; UPDATE events SET tickets_taken = 2 WHERE id = '${DEMO_TICKET_EVENT.id}';`,
    );
    // A restart half an hour later, and one after the show with seats sold: the times stay.
    for (const later of [SEED_NOW + 31 * 60_000, SEED_NOW + 30 * DAY]) {
      database.exec(demoTicketsSql(later).join("\n"));
      expect(all(database, `SELECT event_date, ticket_sale_start, ticket_sale_end FROM events WHERE id = '${DEMO_TICKET_EVENT.id}'`)).toEqual(first);
    }
    expect(all(database, `SELECT remaining FROM ticket_types WHERE id = '${DEMO_TICKET_TYPES[1]!.id}'`)).toEqual([{ remaining: 1 }]);
    expect(all(database, `SELECT tickets_taken FROM events WHERE id = '${DEMO_TICKET_EVENT.id}'`)).toEqual([{ tickets_taken: 2 }]);
    expect(all(database, "SELECT count(*) AS n FROM ticket_types")).toEqual([{ n: 2 }]);
  });

  it("a show that is over with no ticket sold is set up again three weeks on, at 20:00", () => {
    const database = migratedDb();
    database.exec(demoTicketsSql(SEED_NOW).join("\n"));
    const later = SEED_NOW + 30 * DAY;
    database.exec(demoTicketsSql(later).join("\n"));
    const [event] = all(database, `SELECT event_date FROM events WHERE id = '${DEMO_TICKET_EVENT.id}'`);
    expect(Number(event!.event_date) - later).toBeGreaterThan(20 * DAY);
    expect(new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", timeStyle: "short" }).format(Number(event!.event_date))).toBe("8:00 PM");
  });
});
