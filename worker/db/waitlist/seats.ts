// Seats only the waitlist may buy (decision 190). The admin's release takes its seats from the
// venue in ONE conditional statement: the seats' INSERT draws at most `venue_capacity -
// tickets_taken` rows (read in that statement), so the same batch's count of what it inserted is
// what the event's `tickets_taken` and the type's `quantity` grow by; racing releases are batches
// D1 runs one after another, each reading the last one's count. A released seat is a new seat of
// the type: its quantity grows, its `remaining` (the general sale's) does not.
import { sql, type SQL } from "drizzle-orm";
import type { DB } from "../client";
import { listOpenSql } from "./places";

export type ReleaseTarget = { typeId: string; eventId: string; open: boolean };

/** The type, its event, and whether its event's list is open now (published, custom, before the list closes). */
export async function releaseTarget(db: DB, typeId: string, now: number): Promise<ReleaseTarget | null> {
  const row = await db.$client
    .prepare(`SELECT t.id, t.event_id, ${listOpenSql("?2")} AS open FROM ticket_types t JOIN events e ON e.id = t.event_id WHERE t.id = ?1`)
    .bind(typeId, now)
    .first<{ id: string; event_id: string; open: number }>();
  return row ? { typeId: row.id, eventId: row.event_id, open: row.open === 1 } : null;
}

/** Lists up to `count` new seats of the type for its line, bounded by the venue; how many it listed. */
export async function releaseSeats(db: DB, p: { typeId: string; count: number; actor: { id: string; email: string }; now: number }): Promise<number> {
  const d1 = db.$client;
  const releaseId = crypto.randomUUID();
  const ids = JSON.stringify(Array.from({ length: p.count }, () => crypto.randomUUID()));
  const released = `(SELECT count(*) FROM waitlist_seats WHERE release_id = ?1)`;
  const results = await d1.batch([
    d1
      .prepare(
        `INSERT INTO waitlist_seats (id, ticket_type_id, event_id, source, release_id, status, unit_cents, tax_cents, currency, listed_at, updated_at)
         SELECT j.value, t.id, t.event_id, 'released', ?1, 'listed', t.price_cents, 0, e.currency, ?4, ?4
           FROM json_each(?2) j JOIN ticket_types t ON t.id = ?3 JOIN events e ON e.id = t.event_id
          WHERE ${listOpenSql("?4")}
            -- The venue's room left, read in this statement: the bound no racing release can pass.
            AND j.key < coalesce(e.venue_capacity - e.tickets_taken, json_array_length(?2))`,
      )
      .bind(releaseId, ids, p.typeId, p.now),
    d1
      .prepare(`UPDATE events SET tickets_taken = tickets_taken + ${released} WHERE id = (SELECT event_id FROM ticket_types WHERE id = ?2) AND ${released} > 0`)
      .bind(releaseId, p.typeId),
    d1.prepare(`UPDATE ticket_types SET quantity = quantity + ${released}, updated_at = ?3 WHERE id = ?2 AND ${released} > 0`).bind(releaseId, p.typeId, p.now),
    d1
      .prepare(
        `INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, summary, created_at)
         SELECT ?2, ?3, 'waitlist.release', 'ticket_type', ?4, json_object('after', json_object('requested', ?5, 'released', ${released})), ?6
          WHERE changes() > 0`,
      )
      .bind(releaseId, p.actor.id, p.actor.email, p.typeId, p.count, p.now),
    d1.prepare(`SELECT ${released} AS n`).bind(releaseId),
  ]);
  return (results[4]!.results as { n: number }[])[0]!.n;
}

/**
 * A refunded order's seats, for its batch once `when` holds: each valid ticket whose type has an open
 * place on a list still open becomes a listed seat of that type instead of going back to the
 * general sale (the seat keeps its place in the venue). The statements that give seats back skip
 * the tickets this one listed (`listedForLine`). One seat per ticket, so a replay lists none.
 */
export const seatsForTheLine = (orderId: string, now: number, when: SQL): SQL => sql`
  INSERT INTO waitlist_seats (id, ticket_type_id, event_id, source, source_ticket_id, status, unit_cents, tax_cents, currency, listed_at, updated_at)
  SELECT lower(hex(randomblob(16))), x.ticket_type_id, x.event_id, 'refunded', x.id, 'listed', t.price_cents, 0, e.currency, ${now}, ${now}
    FROM event_tickets x JOIN ticket_types t ON t.id = x.ticket_type_id JOIN events e ON e.id = x.event_id
   WHERE x.order_id = ${orderId} AND x.status = 'valid' AND ${when} AND ${sql.raw(listOpenSql(String(Math.trunc(now))))}
     AND EXISTS (SELECT 1 FROM waitlist_places p WHERE p.ticket_type_id = x.ticket_type_id AND p.left_at IS NULL)
  ON CONFLICT DO NOTHING`;

/** Whether the ticket `alias` became a seat for the line (`seatsForTheLine`): its seat is not given back. */
export const listedForLine = (alias: string): SQL => sql.raw(`EXISTS (SELECT 1 FROM waitlist_seats s WHERE s.source_ticket_id = ${alias}.id)`);
