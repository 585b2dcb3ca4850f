// The tickets a member holds (decision 055, part "mytickets"): reading them with their events,
// changing the name at the door, and handing one to another member. Every read and write is scoped
// to the owner in its query, so another member's ticket is simply not found. Writes are single
// conditional statements: a refused one changes nothing, and of two racing transfers one wins.
// Outcomes, never HTTP errors. Guest tickets become a member's with their guest orders
// (attachGuestPurchases in store-collection.ts).
import type { DB } from "../client";
import { isUniqueViolation } from "../d1";
import { notSuspendedText } from "../suspensions";
import { DEFAULT_EVENT_MS } from "../events";
import type { Locale } from "#contracts/locale.ts";
import type { Currency } from "#contracts/store/model.ts";
import type { EventTicketStatus } from "#contracts/tickets/event-tickets-model.ts";

/** One ticket with what its pages show of its event and order (raw columns, epoch ms). */
export type OwnedTicketRow = {
  id: string;
  code: string;
  token_version: number;
  status: EventTicketStatus;
  checked_in_at: number | null;
  type_name: string;
  type_name_pt_br: string | null;
  price_cents: number;
  currency: Currency;
  holder_name: string | null;
  buyer_user_id: string | null;
  transferred_at: number | null;
  order_number: number;
  created_at: number;
  event_id: string;
  event_title: string;
  event_title_pt_br: string | null;
  event_date: number;
  end_date: number | null;
  time_zone: string;
  event_status: "draft" | "published" | "cancelled";
  is_online: number;
  venue_name: string | null;
  venue_address: string | null;
  venue_city: string | null;
  venue_country: string | null;
  /** The type's kind (decision 113): 'online' watches the show, opens no door. */
  type_kind: "venue" | "online";
  /** The event has a live show to watch (1) or not (0). */
  has_show: number;
};

const SELECT_OWNED = `
  SELECT t.id, t.code, t.token_version, t.status, t.checked_in_at, t.type_name, tt.name_pt_br AS type_name_pt_br, t.price_cents, t.currency,
         t.holder_name, t.buyer_user_id, t.transferred_at, o.number AS order_number, t.created_at,
         e.id AS event_id, e.title AS event_title, e.title_pt_br AS event_title_pt_br, e.event_date, e.end_date, e.time_zone,
         e.status AS event_status, e.is_online, e.venue_name, e.venue_address, e.venue_city, e.venue_country,
         coalesce(tt.kind, 'venue') AS type_kind, EXISTS (SELECT 1 FROM live_shows ls WHERE ls.event_id = e.id) AS has_show
  FROM event_tickets t
  JOIN events e ON e.id = t.event_id
  JOIN orders o ON o.id = t.order_id
  LEFT JOIN ticket_types tt ON tt.id = t.ticket_type_id`;

/** Every ticket the member holds, by event start then purchase (the route groups them). */
export async function listOwnedTickets(db: DB, userId: string): Promise<OwnedTicketRow[]> {
  const { results } = await db.$client
    .prepare(`${SELECT_OWNED} WHERE t.owner_user_id = ?1 ORDER BY e.event_date, e.id, t.created_at, t.code`)
    .bind(userId)
    .all<OwnedTicketRow>();
  return results;
}

/** One ticket of the member's; null for another's or an unknown one. */
export async function findOwnedTicket(db: DB, userId: string, ticketId: string): Promise<OwnedTicketRow | null> {
  return db.$client.prepare(`${SELECT_OWNED} WHERE t.id = ?1 AND t.owner_user_id = ?2`).bind(ticketId, userId).first<OwnedTicketRow>();
}

/** When an event is over: its end, or DEFAULT_EVENT_HOURS after it starts (as the events' pages read it). */
export const eventOverAt = (row: Pick<OwnedTicketRow, "event_date" | "end_date">) => row.end_date ?? row.event_date + DEFAULT_EVENT_MS;

/** The ticket's name and its event's title in `locale` (the Portuguese ones where they exist). */
export const localisedNames = (row: OwnedTicketRow, locale: Locale) => ({
  typeName: (locale === "pt-BR" && row.type_name_pt_br) || row.type_name,
  title: (locale === "pt-BR" && row.event_title_pt_br) || row.event_title,
});

/** Why the owner may not change a ticket now; null when they may (the doors open at the event's start). */
export function ticketLockedBy(row: Pick<OwnedTicketRow, "status" | "checked_in_at" | "event_date">, now: number): "inactive" | "started" | null {
  if (row.status !== "valid" || row.checked_in_at !== null) return "inactive";
  if (now >= row.event_date) return "started";
  return null;
}

/** The conditions every owner's write repeats in its WHERE: theirs, valid, unused, doors not open. ?1 ticket, ?2 owner, ?3 now. */
const CHANGEABLE = `id = ?1 AND owner_user_id = ?2 AND status = 'valid' AND checked_in_at IS NULL
  AND EXISTS (SELECT 1 FROM events e WHERE e.id = event_tickets.event_id AND e.event_date > ?3)`;

export type TicketWriteOutcome = "ok" | "not_found" | "inactive" | "started";

/** Why a write that changed nothing was refused, read after it. */
async function refusalOf(db: DB, userId: string, ticketId: string, now: number): Promise<Exclude<TicketWriteOutcome, "ok">> {
  const row = await findOwnedTicket(db, userId, ticketId);
  if (!row) return "not_found";
  // A write refused for no reason the row shows lost a race to one that changed it: as good as gone.
  return ticketLockedBy(row, now) ?? "not_found";
}

/** Sets (or clears, with null) the name at the door: only the owner, only until the doors open. */
export async function setHolderName(db: DB, userId: string, ticketId: string, holderName: string | null, now = Date.now()): Promise<TicketWriteOutcome> {
  const { meta } = await db.$client.prepare(`UPDATE event_tickets SET holder_name = ?4 WHERE ${CHANGEABLE}`).bind(ticketId, userId, now, holderName).run();
  return meta.changes > 0 ? "ok" : refusalOf(db, userId, ticketId, now);
}

/** The member a ticket may go to: any account in good standing, found by username (any case). */
export async function findTransferRecipient(db: DB, username: string, now = Date.now()) {
  return db.$client
    .prepare(`SELECT u.id, u.username, u.email, u.locale FROM users u WHERE lower(u.username) = lower(?1) AND ${notSuspendedText("u", now)}`)
    .bind(username)
    .first<{ id: string; username: string; email: string; locale: string }>();
}

export type TransferOutcome =
  | { moved: { code: string; tokenVersion: number } }
  | Exclude<TicketWriteOutcome, "ok">
  | "recipient_gone"
  | "handed_back"
  | "from_waitlist";

/**
 * The waitlist's hold on a ticket (decision 191): a live return (handed back: it waits for a buyer,
 * so it cannot go elsewhere meanwhile), or a sale from the list to its current order (bought at face
 * value from the line: it may be handed back, not passed on, so the list is no route to a scalper).
 */
const WAITLIST_HELD = `EXISTS (SELECT 1 FROM ticket_returns r WHERE r.ticket_id = event_tickets.id
  AND (r.status IN ('listed', 'offered') OR (r.status = 'sold' AND r.buyer_order_id = event_tickets.order_id)))`;

async function waitlistHoldOf(db: DB, ticketId: string): Promise<"handed_back" | "from_waitlist" | null> {
  const row = await db.$client
    .prepare(
      `SELECT max(CASE WHEN r.status IN ('listed', 'offered') THEN 1 ELSE 0 END) AS live, max(CASE WHEN r.status = 'sold' THEN 1 ELSE 0 END) AS bought
         FROM event_tickets t JOIN ticket_returns r ON r.ticket_id = t.id
        WHERE t.id = ?1 AND (r.status IN ('listed', 'offered') OR (r.status = 'sold' AND r.buyer_order_id = t.order_id))`,
    )
    .bind(ticketId)
    .first<{ live: number | null; bought: number | null }>();
  if (row?.live) return "handed_back";
  return row?.bought ? "from_waitlist" : null;
}

/**
 * Hands the ticket to another member in ONE conditional statement: the owner, their address, a
 * new typed code, the next token version (the old QR and code stop at once), the transfer time,
 * and no name at the door (the new holder sets theirs). Only while the sender owns it, it is valid
 * and unused, its event has not started, and the recipient is in good standing: two racing
 * transfers of one ticket cannot both pass. A new code that clashes with another is drawn again.
 */
export async function transferTicket(
  db: DB,
  ticket: { id: string; fromUserId: string; toUserId: string },
  drawCode: () => string,
  now = Date.now(),
): Promise<TransferOutcome> {
  const statement = db.$client.prepare(
    `UPDATE event_tickets
        SET owner_user_id = ?4, owner_email = (SELECT email FROM users WHERE id = ?4), code = ?5, token_version = token_version + 1,
            transferred_at = ?3, holder_name = NULL
      WHERE ${CHANGEABLE} AND ?4 <> ?2 AND NOT ${WAITLIST_HELD}
        AND EXISTS (SELECT 1 FROM users u WHERE u.id = ?4 AND ${notSuspendedText("u", now)})
      RETURNING code, token_version`,
  );
  for (let attempt = 0; ; attempt++) {
    try {
      const moved = await statement.bind(ticket.id, ticket.fromUserId, now, ticket.toUserId, drawCode()).first<{ code: string; token_version: number }>();
      if (moved) return { moved: { code: moved.code, tokenVersion: moved.token_version } };
      break;
    } catch (err) {
      if (attempt < 2 && isUniqueViolation(err, "event_tickets.code")) continue;
      throw err;
    }
  }
  const recipient = await db.$client
    .prepare(`SELECT 1 AS ok FROM users u WHERE u.id = ?1 AND ${notSuspendedText("u", now)}`)
    .bind(ticket.toUserId)
    .first();
  if (!recipient) return "recipient_gone";
  const why = await refusalOf(db, ticket.fromUserId, ticket.id, now);
  // Nothing on the ticket's row explains it: the waitlist's hold may.
  if (why === "not_found" && (await findOwnedTicket(db, ticket.fromUserId, ticket.id))) return (await waitlistHoldOf(db, ticket.id)) ?? why;
  return why;
}
