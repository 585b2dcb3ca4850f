// The back office's saved venues. Each write and its audit row go in one D1 batch. Editing a venue
// does not rewrite the events filled from it: an event's venue fields are its own copy.
import { asc, count, eq, sql } from "drizzle-orm";
import type { DB } from "./client";
import { events, venues } from "./schema/events";
import { auditInsert, type Actor } from "./audit";
import { matchesSearch } from "./admin-search";
import type { AdminVenue, VenueValues } from "#contracts/admin/venues.ts";

type VenueRow = typeof venues.$inferSelect;

const toAdminVenue = (row: VenueRow, eventCount: number): AdminVenue => ({
  id: row.id,
  name: row.name,
  address: row.address,
  city: row.city,
  state: row.state,
  country: row.country,
  postalCode: row.postalCode,
  capacity: row.capacity,
  eventCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Each venue's events, counted in the same query (the index on events.venue_id serves it). Written
 * out in full: drizzle leaves single-table columns unqualified, and inside this subquery a bare
 * "id" would be the event's.
 */
const usedBy = sql<number>`(SELECT count(*) FROM "events" WHERE "events"."venue_id" = "venues"."id")`.mapWith(Number);

/** Venues by name (any case) whose name or address contains the search, any case. */
export async function listAdminVenues(db: DB, search?: string): Promise<AdminVenue[]> {
  const rows = await db
    .select({ venue: venues, eventCount: usedBy })
    .from(venues)
    .orderBy(sql`${venues.name} COLLATE NOCASE`, asc(venues.id));
  return rows.filter(({ venue }) => matchesSearch(search, [venue.name, venue.address])).map(({ venue, eventCount }) => toAdminVenue(venue, eventCount));
}

export async function findAdminVenue(db: DB, id: string): Promise<AdminVenue | null> {
  const row = await db.select({ venue: venues, eventCount: usedBy }).from(venues).where(eq(venues.id, id)).get();
  return row ? toAdminVenue(row.venue, row.eventCount) : null;
}

/** How many events were filled from the venue. */
export async function countVenueEvents(db: DB, id: string): Promise<number> {
  const row = await db.select({ n: count() }).from(events).where(eq(events.venueId, id)).get();
  return row?.n ?? 0;
}

/** What the audit row shows of a venue. */
const auditView = ({ id: _id, eventCount: _count, createdAt: _created, updatedAt: _updated, ...shown }: AdminVenue): Record<string, unknown> => shown;

export async function createVenue(db: DB, actor: Actor, values: VenueValues, now = Date.now()): Promise<AdminVenue> {
  const row: VenueRow = { ...values, id: crypto.randomUUID(), createdAt: new Date(now), updatedAt: new Date(now) };
  await db.batch([
    db.insert(venues).values(row),
    auditInsert(db, { actor, action: "venue.create", targetType: "venue", targetId: row.id, summary: { after: auditView(toAdminVenue(row, 0)) } }, now),
  ]);
  return toAdminVenue(row, 0);
}

/** Every field replaced; null when the venue went away meanwhile. */
export async function updateVenue(db: DB, actor: Actor, before: AdminVenue, values: VenueValues, now = Date.now()): Promise<AdminVenue | null> {
  const was = auditView(before);
  const will: Record<string, unknown> = { ...values };
  const keys = Object.keys(will).filter((key) => was[key] !== will[key]);
  await db.batch([
    db
      .update(venues)
      .set({ ...values, updatedAt: new Date(now) })
      .where(eq(venues.id, before.id)),
    auditInsert(
      db,
      {
        actor,
        action: "venue.update",
        targetType: "venue",
        targetId: before.id,
        summary: { before: Object.fromEntries(keys.map((k) => [k, was[k]])), after: Object.fromEntries(keys.map((k) => [k, will[k]])) },
      },
      now,
    ),
  ]);
  return findAdminVenue(db, before.id);
}

export async function deleteVenue(db: DB, actor: Actor, before: AdminVenue, now = Date.now()): Promise<void> {
  await db.batch([
    db.delete(venues).where(eq(venues.id, before.id)),
    auditInsert(db, { actor, action: "venue.delete", targetType: "venue", targetId: before.id, summary: { before: auditView(before), after: null } }, now),
  ]);
}
