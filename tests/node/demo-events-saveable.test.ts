// Every seeded event opens in the back office's event form and saves as it is: the seed's rows,
// read the way the Worker reads them (drizzle over the migrated schema), shown in the form
// (eventFormOf) and checked by the Worker's own rules (checkEventForm → eventInputSchema), with no
// field touched. A seed row the form refuses would make an admin fix data they never typed.
import type { DatabaseSync } from "node:sqlite";
import { drizzle } from "drizzle-orm/sqlite-proxy";
import { describe, expect, it } from "vitest";
import { migratedDb } from "./migrated-db";
import { DEMO_EVENTS, demoEventsSql } from "../../scripts/lib/demo-seed.mjs";
import { DEMO_TICKET_EVENT, demoTicketsSql } from "../../scripts/lib/demo-tickets.mjs";
import * as schema from "../../worker/db/schema";
import { toAdminEvent } from "../../worker/db/admin-events";
import { checkEventForm, eventFormOf } from "../../app/features/admin/events/eventForm";

/** drizzle over node's SQLite, answering rows as arrays in the selected columns' order, as D1 does. */
function drizzleOver(database: DatabaseSync) {
  return drizzle(
    async (sql, params, method) => {
      const statement = database.prepare(sql);
      if (method === "run") {
        statement.run(...(params as never[]));
        return { rows: [] };
      }
      const rows = (statement.all(...(params as never[])) as Record<string, unknown>[]).map((row) => Object.values(row));
      return { rows: method === "get" ? (rows[0] ?? []) : rows } as { rows: unknown[] };
    },
    { schema },
  );
}

async function seededEvents(now: number) {
  const database = migratedDb();
  database.exec([...demoEventsSql(now), ...demoTicketsSql(now)].join("\n"));
  return drizzleOver(database).select().from(schema.events).orderBy(schema.events.id);
}

describe("seeded events in the event form", () => {
  it("every one (the demo events and the event selling tickets here) is valid as seeded", async () => {
    const rows = await seededEvents(Date.UTC(2026, 10, 21, 15, 3));
    expect(rows.map((row) => row.id).sort()).toEqual([...DEMO_EVENTS.map((event: { id: string }) => event.id), DEMO_TICKET_EVENT.id].sort());
    for (const row of rows) {
      const checked = checkEventForm(eventFormOf(toAdminEvent(row)), row.venueCountry);
      expect(checked.ok ? "valid" : checked.errors, row.title).toBe("valid");
    }
  });

  it("the Miami show's venue has a capacity: a venue's seats bound what is sold (decision 055)", async () => {
    const rows = await seededEvents(Date.UTC(2026, 10, 21, 15, 3));
    const miami = rows.find((row) => row.title === "Miami Freestyle Heat")!;
    expect(miami.venueCapacity).toBeGreaterThan(0);
  });
});
