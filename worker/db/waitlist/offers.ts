// Offers (decisions 185 and 190): returned tickets and seats only the waitlist may buy, held for the
// first place in line whose quantity they fit. An offer is made by one batch (one transaction): the
// chosen returns and seats are marked offered only where still listed, the offer's row is written
// only when all of them were, and otherwise they are listed again; so two makers racing over the
// same items make one offer. Lapsing and declining are one batch each too: the items go back to
// `listed` and the place stays (its count grows).
import type { DB } from "../client";
import { listOpenSql } from "./places";
import { WAITLIST_HOLD_MINUTES } from "#contracts/waitlist/model.ts";

/** An offer's hold in minutes for the place's event (alias e): the admin's setting, else the default. */
const HOLD_MINUTES_SQL = `coalesce((SELECT x.hold_minutes FROM waitlist_event_rules x WHERE x.event_id = e.id), ${WAITLIST_HOLD_MINUTES.default})`;

/** A listed return or seat of the type, as the line is offered them (oldest first). */
export type ListedItem = { id: string; kind: "return" | "seat" };
export type WaitingPlace = { id: string; user_id: string; quantity: number; seen: string };

/** The type's listed returns and seats, oldest first, and its open places without a live offer, first in line first. */
export async function offerCandidates(db: DB, ticketTypeId: string): Promise<{ items: ListedItem[]; places: WaitingPlace[] }> {
  const d1 = db.$client;
  const [items, places] = await d1.batch([
    d1
      .prepare(
        `SELECT id, 'return' AS kind, listed_at FROM ticket_returns WHERE ticket_type_id = ?1 AND status = 'listed'
         UNION ALL
         SELECT id, 'seat' AS kind, listed_at FROM waitlist_seats WHERE ticket_type_id = ?1 AND status = 'listed'
         ORDER BY listed_at, kind, id`,
      )
      .bind(ticketTypeId),
    d1
      .prepare(
        `SELECT p.id, p.user_id, p.quantity,
                (SELECT json_group_array(x.id) FROM (
                   SELECT i.return_id AS id FROM waitlist_offer_items i JOIN waitlist_offers o ON o.id = i.offer_id WHERE o.place_id = p.id
                   UNION ALL
                   SELECT s.seat_id FROM waitlist_offer_seats s JOIN waitlist_offers o ON o.id = s.offer_id WHERE o.place_id = p.id) x) AS seen
           FROM waitlist_places p
          WHERE p.ticket_type_id = ?1 AND p.left_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.place_id = p.id AND o.status = 'offered')
          -- Joined in the same millisecond: the one written first is first.
          ORDER BY p.joined_at, p.rowid`,
      )
      .bind(ticketTypeId),
  ]);
  return {
    items: (items!.results as (ListedItem & { listed_at: number })[]).map((r) => ({ id: r.id, kind: r.kind })),
    places: places!.results as WaitingPlace[],
  };
}

export type MadeOffer = { id: string; userId: string; eventId: string; holdUntil: number };

/** What an offer's own items hold, read inside its batch (`?1` the offer). */
const OFFERED_ITEMS = `(SELECT unit_cents, tax_cents, currency FROM ticket_returns WHERE offer_id = ?1 AND status = 'offered'
  UNION ALL SELECT unit_cents, tax_cents, currency FROM waitlist_seats WHERE offer_id = ?1 AND status = 'offered')`;

/**
 * Offers these returns and seats to the place, held for its event's hold minutes (the default when
 * the admin set none, decision 189), read by the statement that writes the offer; null when another
 * maker took any of them first.
 */
export async function makeOffer(db: DB, p: { id: string; placeId: string; returnIds: string[]; seatIds: string[]; now: number }): Promise<MadeOffer | null> {
  const d1 = db.$client;
  const [, , inserted] = await d1.batch([
    d1
      .prepare(
        `UPDATE ticket_returns SET status = 'offered', offer_id = ?1, updated_at = ?3
          WHERE id IN (SELECT value FROM json_each(?2)) AND status = 'listed'`,
      )
      .bind(p.id, JSON.stringify(p.returnIds), p.now),
    d1
      .prepare(
        `UPDATE waitlist_seats SET status = 'offered', offer_id = ?1, updated_at = ?3
          WHERE id IN (SELECT value FROM json_each(?2)) AND status = 'listed'`,
      )
      .bind(p.id, JSON.stringify(p.seatIds), p.now),
    d1
      .prepare(
        `INSERT INTO waitlist_offers (id, place_id, user_id, event_id, ticket_type_id, quantity, total_cents, tax_cents, currency, hold_until, status, created_at, updated_at)
         SELECT ?1, pl.id, pl.user_id, pl.event_id, pl.ticket_type_id, ?3,
                (SELECT sum(unit_cents) FROM ${OFFERED_ITEMS}),
                (SELECT sum(tax_cents) FROM ${OFFERED_ITEMS}),
                (SELECT currency FROM ${OFFERED_ITEMS} LIMIT 1), ?4 + ${HOLD_MINUTES_SQL} * 60000, 'offered', ?4, ?4
           FROM waitlist_places pl JOIN events e ON e.id = pl.event_id
          WHERE pl.id = ?2 AND pl.left_at IS NULL AND pl.quantity = ?3 AND ${listOpenSql("?4")}
            AND (SELECT count(*) FROM ${OFFERED_ITEMS}) = ?3
            AND NOT EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.place_id = pl.id AND o.status = 'offered')
         RETURNING user_id, event_id, hold_until`,
      )
      .bind(p.id, p.placeId, p.returnIds.length + p.seatIds.length, p.now),
    d1
      .prepare(`UPDATE ticket_returns SET status = 'listed', offer_id = NULL WHERE offer_id = ?1 AND NOT EXISTS (SELECT 1 FROM waitlist_offers WHERE id = ?1)`)
      .bind(p.id),
    d1
      .prepare(`UPDATE waitlist_seats SET status = 'listed', offer_id = NULL WHERE offer_id = ?1 AND NOT EXISTS (SELECT 1 FROM waitlist_offers WHERE id = ?1)`)
      .bind(p.id),
    d1.prepare(`INSERT INTO waitlist_offer_items (offer_id, return_id) SELECT ?1, id FROM ticket_returns WHERE offer_id = ?1`).bind(p.id),
    d1.prepare(`INSERT INTO waitlist_offer_seats (offer_id, seat_id) SELECT ?1, id FROM waitlist_seats WHERE offer_id = ?1`).bind(p.id),
  ]);
  const row = (inserted!.results as { user_id: string; event_id: string; hold_until: number }[])[0];
  return row ? { id: p.id, userId: row.user_id, eventId: row.event_id, holdUntil: row.hold_until } : null;
}

/** The types with returns or seats listed while a place without a live offer waits on them. */
export async function typesWithListedItems(db: DB): Promise<string[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT DISTINCT x.ticket_type_id FROM (
         SELECT ticket_type_id FROM waitlist_seats WHERE status = 'listed'
         UNION SELECT ticket_type_id FROM ticket_returns WHERE status = 'listed') x
        WHERE EXISTS (SELECT 1 FROM waitlist_places p WHERE p.ticket_type_id = x.ticket_type_id AND p.left_at IS NULL
                        AND NOT EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.place_id = p.id AND o.status = 'offered'))`,
    )
    .all<{ ticket_type_id: string }>();
  return results.map((r) => r.ticket_type_id);
}

const LAPSING = `SELECT id FROM waitlist_offers WHERE status = 'offered' AND hold_until <= ?1`;

/** Every offer whose hold has passed lapses (its place kept, its lapse counted, its items listed again); the types concerned. */
export async function lapseOffers(db: DB, now: number): Promise<string[]> {
  const d1 = db.$client;
  const [, , , lapsed] = await d1.batch([
    d1.prepare(`UPDATE waitlist_places SET lapses = lapses + 1 WHERE id IN (SELECT place_id FROM waitlist_offers WHERE id IN (${LAPSING}))`).bind(now),
    d1.prepare(`UPDATE ticket_returns SET status = 'listed', offer_id = NULL, updated_at = ?1 WHERE status = 'offered' AND offer_id IN (${LAPSING})`).bind(now),
    d1.prepare(`UPDATE waitlist_seats SET status = 'listed', offer_id = NULL, updated_at = ?1 WHERE status = 'offered' AND offer_id IN (${LAPSING})`).bind(now),
    d1
      .prepare(`UPDATE waitlist_offers SET status = 'lapsed', updated_at = ?1 WHERE status = 'offered' AND hold_until <= ?1 RETURNING ticket_type_id`)
      .bind(now),
  ]);
  return [...new Set((lapsed!.results as { ticket_type_id: string }[]).map((r) => r.ticket_type_id))];
}

/** The member declines their live offer, inside its hold: its returns and seats go back on the list. Null when there was none. */
export async function declineOffer(db: DB, userId: string, offerId: string, now: number): Promise<{ ticketTypeId: string } | null> {
  const d1 = db.$client;
  const live = `SELECT 1 FROM waitlist_offers WHERE id = ?1 AND user_id = ?2 AND status = 'offered' AND hold_until > ?3`;
  const [, , , declined] = await d1.batch([
    d1
      .prepare(`UPDATE waitlist_places SET declines = declines + 1 WHERE id = (SELECT place_id FROM waitlist_offers WHERE id = ?1) AND EXISTS (${live})`)
      .bind(offerId, userId, now),
    d1
      .prepare(`UPDATE ticket_returns SET status = 'listed', offer_id = NULL, updated_at = ?3 WHERE offer_id = ?1 AND status = 'offered' AND EXISTS (${live})`)
      .bind(offerId, userId, now),
    d1
      .prepare(`UPDATE waitlist_seats SET status = 'listed', offer_id = NULL, updated_at = ?3 WHERE offer_id = ?1 AND status = 'offered' AND EXISTS (${live})`)
      .bind(offerId, userId, now),
    d1
      .prepare(
        `UPDATE waitlist_offers SET status = 'declined', updated_at = ?3 WHERE id = ?1 AND user_id = ?2 AND status = 'offered' AND hold_until > ?3 RETURNING ticket_type_id`,
      )
      .bind(offerId, userId, now),
  ]);
  const row = (declined!.results as { ticket_type_id: string }[])[0];
  return row ? { ticketTypeId: row.ticket_type_id } : null;
}

export type OfferRow = {
  id: string;
  place_id: string;
  user_id: string;
  event_id: string;
  ticket_type_id: string;
  quantity: number;
  total_cents: number;
  tax_cents: number;
  currency: string;
  hold_until: number;
  status: string;
  checkout_id: string | null;
  /** 1 when the offer carries seats (never returns with them), read by `liveOffersOf` only. */
  has_seats?: number;
};

/** The live offers on these places, by place. */
export async function liveOffersOf(db: DB, placeIds: string[]): Promise<Map<string, OfferRow>> {
  if (placeIds.length === 0) return new Map();
  const { results } = await db.$client
    .prepare(
      `SELECT o.*, EXISTS (SELECT 1 FROM waitlist_seats s WHERE s.offer_id = o.id) AS has_seats
         FROM waitlist_offers o WHERE o.status = 'offered' AND o.place_id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(placeIds))
    .all<OfferRow>();
  return new Map(results.map((o) => [o.place_id, o]));
}

/** The event's title in both languages, for the offer's notification. */
export async function eventTitles(db: DB, eventId: string) {
  return db.$client.prepare(`SELECT title, title_pt_br FROM events WHERE id = ?1`).bind(eventId).first<{ title: string; title_pt_br: string | null }>();
}
