// Places on a waitlist (decision 185). A join is one conditional INSERT ... SELECT: the type sold
// out (its own stock or the venue's), the event published and its list still open by the clock, the
// quantity within the type's per-order limit, and one open place per member and type (a partial
// unique index, so racing joins leave one row). Every read and write names the member, so another
// member's place is as unknown as a missing one.
import type { DB } from "../client";
import { WAITLIST_CLOSES_BEFORE_MINUTES } from "#contracts/waitlist/model.ts";

/** The SQL that says a type (alias t, its event e) takes no more buyers: its stock or its venue is gone. */
export const SOLD_OUT_SQL = `(t.remaining <= 0 OR (e.venue_capacity IS NOT NULL AND e.tickets_taken >= e.venue_capacity))`;
/** The minutes before an event (alias e) its list closes: the admin's setting, else the default (decision 189). */
const CLOSES_BEFORE_MINUTES_SQL = `coalesce((SELECT x.closes_before_minutes FROM waitlist_event_rules x WHERE x.event_id = e.id), ${WAITLIST_CLOSES_BEFORE_MINUTES.default})`;
/** The SQL that says an event (alias e) still has its list and returns open at `now` (the parameter named). */
export const listOpenSql = (now: string) => `(e.source = 'custom' AND e.status = 'published' AND e.event_date - ${CLOSES_BEFORE_MINUTES_SQL} * 60000 > ${now})`;

export type PlaceRow = {
  id: string;
  ticket_type_id: string;
  event_id: string;
  user_id: string;
  quantity: number;
  joined_at: number;
  /** Open places on the same type, the member's included. */
  waiting: number;
};

const PLACE_COLUMNS = `p.id, p.ticket_type_id, p.event_id, p.user_id, p.quantity, p.joined_at,
  (SELECT count(*) FROM waitlist_places w WHERE w.ticket_type_id = p.ticket_type_id AND w.left_at IS NULL) AS waiting`;

/** Whether the member's place was written (false: refused; `joinRefusal` says why). */
export async function joinWaitlist(db: DB, p: { id: string; ticketTypeId: string; userId: string; quantity: number; now: number }): Promise<boolean> {
  const written = await db.$client
    .prepare(
      `INSERT INTO waitlist_places (id, ticket_type_id, event_id, user_id, quantity, joined_at)
       SELECT ?1, t.id, t.event_id, ?3, ?4, ?5
         FROM ticket_types t JOIN events e ON e.id = t.event_id
        WHERE t.id = ?2 AND ${listOpenSql("?5")} AND ${SOLD_OUT_SQL} AND ?4 <= t.per_order_limit
       ON CONFLICT DO NOTHING`,
    )
    .bind(p.id, p.ticketTypeId, p.userId, p.quantity, p.now)
    .run();
  return (written.meta.changes ?? 0) > 0;
}

/** Why a join stored nothing, read after it: the first rule it broke. */
export async function joinRefusal(
  db: DB,
  p: { ticketTypeId: string; userId: string; quantity: number; now: number },
): Promise<"already_joined" | "closed" | "not_sold_out" | "over_limit" | "not_found"> {
  const row = await db.$client
    .prepare(
      `SELECT t.per_order_limit AS lim, ${listOpenSql("?3")} AS open, ${SOLD_OUT_SQL} AS sold_out,
              EXISTS (SELECT 1 FROM waitlist_places w WHERE w.ticket_type_id = t.id AND w.user_id = ?2 AND w.left_at IS NULL) AS joined
         FROM ticket_types t JOIN events e ON e.id = t.event_id WHERE t.id = ?1`,
    )
    .bind(p.ticketTypeId, p.userId, p.now)
    .first<{ lim: number; open: number; sold_out: number; joined: number }>();
  if (!row) return "not_found";
  if (row.joined) return "already_joined";
  if (!row.open) return "closed";
  if (!row.sold_out) return "not_sold_out";
  return "over_limit";
}

export async function findPlace(db: DB, userId: string, placeId: string): Promise<PlaceRow | null> {
  return db.$client
    .prepare(`SELECT ${PLACE_COLUMNS} FROM waitlist_places p WHERE p.id = ?1 AND p.user_id = ?2 AND p.left_at IS NULL`)
    .bind(placeId, userId)
    .first<PlaceRow>();
}

export async function listPlaces(db: DB, userId: string): Promise<PlaceRow[]> {
  const { results } = await db.$client
    .prepare(`SELECT ${PLACE_COLUMNS} FROM waitlist_places p WHERE p.user_id = ?1 AND p.left_at IS NULL ORDER BY p.joined_at`)
    .bind(userId)
    .all<PlaceRow>();
  return results;
}

/**
 * Leaves the list: the place closes, and an offer still waiting on it is withdrawn with its tickets
 * listed again, in one batch. False when the member had no such open place.
 */
export async function leaveWaitlist(db: DB, userId: string, placeId: string, now: number): Promise<{ left: boolean; ticketTypeId: string | null }> {
  const d1 = db.$client;
  const open = `SELECT 1 FROM waitlist_places WHERE id = ?1 AND user_id = ?2 AND left_at IS NULL`;
  const live = `SELECT id FROM waitlist_offers WHERE place_id = ?1 AND status = 'offered'`;
  const [, , , left] = await d1.batch([
    d1
      .prepare(
        `UPDATE ticket_returns SET status = 'listed', offer_id = NULL, updated_at = ?3 WHERE status = 'offered' AND offer_id IN (${live}) AND EXISTS (${open})`,
      )
      .bind(placeId, userId, now),
    d1
      .prepare(
        `UPDATE waitlist_seats SET status = 'listed', offer_id = NULL, updated_at = ?3 WHERE status = 'offered' AND offer_id IN (${live}) AND EXISTS (${open})`,
      )
      .bind(placeId, userId, now),
    d1
      .prepare(`UPDATE waitlist_offers SET status = 'withdrawn', updated_at = ?3 WHERE place_id = ?1 AND status = 'offered' AND EXISTS (${open})`)
      .bind(placeId, userId, now),
    d1
      .prepare(`UPDATE waitlist_places SET left_at = ?3, left_reason = 'left' WHERE id = ?1 AND user_id = ?2 AND left_at IS NULL RETURNING ticket_type_id`)
      .bind(placeId, userId, now),
  ]);
  const row = (left!.results as { ticket_type_id: string }[])[0];
  return { left: row !== undefined, ticketTypeId: row?.ticket_type_id ?? null };
}
