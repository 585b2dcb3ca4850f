// The waitlist's back office (decision 189): an event's settings with their audit row in one batch,
// its figures per ticket type in one grouped statement, and its open places in line order for the
// export. The settings are read by the statements that use them (listOpenSql, makeOffer), so an
// event without a row keeps the defaults.
import type { DB } from "../client";
import { auditIfChanged, type Actor } from "../audit";
import { DEFAULT_WAITLIST_RULES, type WaitlistRules } from "#contracts/waitlist/admin-model.ts";

type RulesRow = { returns_open: number; hold_minutes: number; closes_before_minutes: number };

const rulesOf = (row: RulesRow): WaitlistRules => ({
  returnsOpen: row.returns_open === 1,
  holdMinutes: row.hold_minutes,
  closesBeforeMinutes: row.closes_before_minutes,
});

/** The event's settings as they apply now: its row's, else the defaults. */
export async function readRules(db: DB, eventId: string): Promise<WaitlistRules> {
  const row = await db.$client
    .prepare(`SELECT returns_open, hold_minutes, closes_before_minutes FROM waitlist_event_rules WHERE event_id = ?1`)
    .bind(eventId)
    .first<RulesRow>();
  return row ? rulesOf(row) : { ...DEFAULT_WAITLIST_RULES };
}

/** Writes the event's settings and their audit row (before and after) in one batch; the upsert always changes its row, so the audit row follows it. */
export async function saveRules(db: DB, p: { actor: Actor; eventId: string; before: WaitlistRules; rules: WaitlistRules; now: number }): Promise<void> {
  const d1 = db.$client;
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO waitlist_event_rules (event_id, returns_open, hold_minutes, closes_before_minutes, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (event_id) DO UPDATE SET returns_open = excluded.returns_open, hold_minutes = excluded.hold_minutes,
           closes_before_minutes = excluded.closes_before_minutes, updated_at = excluded.updated_at`,
      )
      .bind(p.eventId, p.rules.returnsOpen ? 1 : 0, p.rules.holdMinutes, p.rules.closesBeforeMinutes, p.now),
    auditIfChanged(
      db,
      { actor: p.actor, action: "waitlist.rules_updated", targetType: "event", targetId: p.eventId, summary: { before: p.before, after: p.rules } },
      p.now,
    ),
  ]);
}

export type TypeFiguresRow = {
  id: string;
  name: string;
  name_pt_br: string | null;
  currency: string;
  open_places: number;
  wanted: number;
  listed: number;
  offered: number;
  sold: number;
  withdrawn: number;
  sent: number;
  claimed: number;
  lapsed: number;
  declined: number;
  sales_in: number;
  refunds_out: number;
};

/**
 * Every ticket type of the event with its waitlist counted: each table grouped by type once and
 * joined to the types, so the figures are one statement however many types there are. Sales in are
 * the claimed offers' totals; refunds out the sellers' `waitlist-refund:` ledger rows (negative
 * amounts, counted positive here).
 */
export async function eventFigures(db: DB, eventId: string): Promise<TypeFiguresRow[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT t.id, t.name, t.name_pt_br, lower(e.currency) AS currency,
              coalesce(p.open_places, 0) AS open_places, coalesce(p.wanted, 0) AS wanted,
              coalesce(r.listed, 0) AS listed, coalesce(r.offered, 0) AS offered, coalesce(r.sold, 0) AS sold, coalesce(r.withdrawn, 0) AS withdrawn,
              coalesce(o.sent, 0) AS sent, coalesce(o.claimed, 0) AS claimed, coalesce(o.lapsed, 0) AS lapsed, coalesce(o.declined, 0) AS declined,
              coalesce(o.sales_in, 0) AS sales_in, coalesce(f.refunds_out, 0) AS refunds_out
         FROM ticket_types t JOIN events e ON e.id = t.event_id
         LEFT JOIN (SELECT ticket_type_id, count(*) AS open_places, sum(quantity) AS wanted
                      FROM waitlist_places WHERE event_id = ?1 AND left_at IS NULL GROUP BY ticket_type_id) p ON p.ticket_type_id = t.id
         LEFT JOIN (SELECT ticket_type_id, sum(status = 'listed') AS listed, sum(status = 'offered') AS offered,
                           sum(status = 'sold') AS sold, sum(status = 'withdrawn') AS withdrawn
                      FROM ticket_returns WHERE event_id = ?1 GROUP BY ticket_type_id) r ON r.ticket_type_id = t.id
         LEFT JOIN (SELECT ticket_type_id, count(*) AS sent, sum(status = 'claimed') AS claimed, sum(status = 'lapsed') AS lapsed,
                           sum(status = 'declined') AS declined, sum(CASE WHEN status = 'claimed' THEN total_cents ELSE 0 END) AS sales_in
                      FROM waitlist_offers WHERE event_id = ?1 GROUP BY ticket_type_id) o ON o.ticket_type_id = t.id
         LEFT JOIN (SELECT rt.ticket_type_id, -sum(v.amount_cents) AS refunds_out
                      FROM ticket_returns rt JOIN revenue_entries v ON v.ref = 'waitlist-refund:' || rt.id
                     WHERE rt.event_id = ?1 GROUP BY rt.ticket_type_id) f ON f.ticket_type_id = t.id
        WHERE t.event_id = ?1
        ORDER BY t.position, t.created_at, t.id`,
    )
    .bind(eventId)
    .all<TypeFiguresRow>();
  return results;
}

export type ExportPlaceRow = {
  position: number;
  username: string;
  email: string;
  type_name: string;
  quantity: number;
  joined_at: number;
  lapses: number;
  declines: number;
};

/** The event's open places, each type's line in order (by joined_at, then the row written first), its position counted within its type. */
export async function placesInLine(db: DB, eventId: string): Promise<ExportPlaceRow[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT row_number() OVER (PARTITION BY p.ticket_type_id ORDER BY p.joined_at, p.rowid) AS position,
              u.username, u.email, t.name AS type_name, p.quantity, p.joined_at, p.lapses, p.declines
         FROM waitlist_places p JOIN users u ON u.id = p.user_id JOIN ticket_types t ON t.id = p.ticket_type_id
        WHERE p.event_id = ?1 AND p.left_at IS NULL
        ORDER BY t.position, t.created_at, t.id, position`,
    )
    .bind(eventId)
    .all<ExportPlaceRow>();
  return results;
}
