// Ticket orders for the back office: the filtered list with its total value per currency, one
// ticket with its event, every filtered row for the CSV export, and the import's reads and its
// insert. The list holds both sources: tickets sold here (`event_tickets`, one row per ticket,
// with its order's number and buyer) and orders imported from a provider (`tickets`, one row per
// order), read as one UNION ALL with every filter pushed into each side (each side can use its
// created_at and event indexes; a page reads at most `limit + 1` rows of each). An imported
// order shows its event's current title, or the stored one once the event is gone; searches
// match what is shown.
import { eq, sql } from "drizzle-orm";
import type { DB } from "../client";
import { events, tickets } from "../schema/events";
import { auditInsert, type Actor } from "../audit";
import type { TicketSource, TicketStatus } from "#contracts/tickets/admin-limits.ts";
import {
  ticketCursorOf,
  type CurrencyTotal,
  type TicketCursor,
  type TicketDetailResponse,
  type TicketsListResponse,
  type TicketView,
} from "#contracts/tickets/admin.ts";
import type { EventTicketStatus } from "#contracts/tickets/event-tickets-model.ts";
import type { EventRef, ImportedTicket } from "../../lib/ticket-import";
import type { Period } from "../../lib/ticket-periods";
import { auditDetail } from "#contracts/audit-detail.ts";

export type TicketFilters = {
  search: string | null;
  status: TicketStatus | null;
  period: Period | null;
  source?: TicketSource | null;
  eventId?: string | null;
};

/** One side of the UNION ALL: its SELECT (the shared columns, in order) and FROM, its conditions and their binds, its order columns. */
type Side = { select: string; where: string[]; binds: unknown[]; created: string; id: string };

/** Adds a condition and its binds. */
function add(side: Side, condition: string, ...binds: unknown[]) {
  side.where.push(condition);
  side.binds.push(...binds);
}

// The shared columns, in the UNION's order.
const IMPORTED_SELECT = `SELECT 'imported' AS source, t.id AS id, t.order_id AS order_id, t.event_id AS event_id,
  coalesce(e.title, t.event_title) AS event_title, e.title_pt_br AS event_title_pt_br, t.customer_email AS customer_email, t.customer_name AS customer_name,
  t.status AS status, NULL AS ticket_status, t.price_paid_cents AS price_cents, upper(t.currency) AS currency, t.created_at AS created_at,
  NULL AS store_order_id, NULL AS type_name, NULL AS holder_name, NULL AS code, NULL AS checked_in_at
FROM tickets t LEFT JOIN events e ON e.id = t.event_id`;

// A sold ticket's status on the spec's scale: valid is confirmed; refunded and cancelled (its
// event's cancellation) are cancelled. Nothing sold here is pending (an unpaid checkout issues none).
const SOLD_SELECT = `SELECT 'sold' AS source, et.id AS id, CAST(o.number AS TEXT) AS order_id, et.event_id AS event_id,
  e.title AS event_title, e.title_pt_br AS event_title_pt_br, et.buyer_email AS customer_email, u.username AS customer_name,
  CASE et.status WHEN 'valid' THEN 'confirmed' ELSE 'cancelled' END AS status, et.status AS ticket_status,
  et.price_cents AS price_cents, upper(et.currency) AS currency, et.created_at AS created_at,
  et.order_id AS store_order_id, et.type_name AS type_name, et.holder_name AS holder_name, et.code AS code, et.checked_in_at AS checked_in_at
FROM event_tickets et JOIN orders o ON o.id = et.order_id JOIN events e ON e.id = et.event_id LEFT JOIN users u ON u.id = et.buyer_user_id`;

const SOLD_STATUSES: Record<TicketStatus, EventTicketStatus[]> = { confirmed: ["valid"], pending: [], cancelled: ["refunded", "cancelled"] };

/** Case-insensitive substring (instr, not LIKE: no wildcards to escape, no pattern length cap). */
const contains = (column: string) => `instr(lower(${column}), ?) > 0`;

/** The sides the filters leave (a side none of whose rows can match is not read at all). */
function sides(f: TicketFilters): Side[] {
  const out: Side[] = [];
  const common = (side: Side, created: string, event: string) => {
    if (f.period) add(side, `${created} >= ? AND ${created} < ?`, f.period.from, f.period.to);
    if (f.eventId) add(side, `${event} = ?`, f.eventId);
  };
  const needle = f.search?.toLowerCase() ?? null;

  if (f.source !== "sold") {
    const side: Side = { select: IMPORTED_SELECT, where: [], binds: [], created: "t.created_at", id: "t.id" };
    if (needle)
      add(side, `(${contains("t.order_id")} OR ${contains("coalesce(e.title, t.event_title)")} OR ${contains("t.customer_email")})`, needle, needle, needle);
    if (f.status) add(side, "t.status = ?", f.status);
    common(side, "t.created_at", "t.event_id");
    out.push(side);
  }

  const soldStatuses = f.status ? SOLD_STATUSES[f.status] : null;
  if (f.source !== "imported" && (soldStatuses === null || soldStatuses.length > 0)) {
    const side: Side = { select: SOLD_SELECT, where: [], binds: [], created: "et.created_at", id: "et.id" };
    if (needle) {
      // The order's number ("1042", or "#1042" as the receipt shows it), the event, the buyer's
      // e-mail, and what the door knows: the ticket's code and its holder's name.
      const fields = ["CAST(o.number AS TEXT)", "e.title", "et.buyer_email", "et.code", "coalesce(et.holder_name, '')"];
      add(side, `(${fields.map(contains).join(" OR ")})`, needle.replace(/^#/, ""), needle, needle, needle, needle);
    }
    if (soldStatuses) add(side, `et.status IN (${soldStatuses.map(() => "?").join(", ")})`, ...soldStatuses);
    common(side, "et.created_at", "et.event_id");
    out.push(side);
  }
  return out;
}

/** One side as SQL: its filters, then (for a page) the cursor, its own order and limit. */
function sideSql(side: Side, page: { cursor: TicketCursor | null; limit: number } | null): { sql: string; binds: unknown[] } {
  const where = [...side.where];
  const binds = [...side.binds];
  const { created, id } = side;
  if (page?.cursor) {
    where.push(`(${created} < ? OR (${created} = ? AND ${id} < ?))`);
    binds.push(page.cursor.at, page.cursor.at, page.cursor.id);
  }
  const text = where.length > 0 ? `${side.select} WHERE ${where.join(" AND ")}` : side.select;
  if (!page) return { sql: text, binds };
  return { sql: `SELECT * FROM (${text} ORDER BY ${created} DESC, ${id} DESC LIMIT ?)`, binds: [...binds, page.limit] };
}

/** The sides' rows, newest first: a page of them, or all (`page` null). */
function rowsSql(list: Side[], page: { cursor: TicketCursor | null; limit: number } | null) {
  const parts = list.map((side) => sideSql(side, page));
  const binds = parts.flatMap((p) => p.binds);
  const text = `${parts.map((p) => p.sql).join(" UNION ALL ")} ORDER BY created_at DESC, id DESC`;
  return page ? { sql: `${text} LIMIT ?`, binds: [...binds, page.limit] } : { sql: text, binds };
}

type RawRow = {
  source: TicketSource;
  id: string;
  order_id: string;
  event_id: string | null;
  event_title: string;
  event_title_pt_br: string | null;
  customer_email: string;
  customer_name: string | null;
  status: TicketStatus;
  ticket_status: EventTicketStatus | null;
  price_cents: number;
  currency: string;
  created_at: number;
  store_order_id: string | null;
  type_name: string | null;
  holder_name: string | null;
  code: string | null;
  checked_in_at: number | null;
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const toView = (row: RawRow): TicketView => ({
  id: row.id,
  source: row.source,
  orderId: row.order_id,
  eventId: row.event_id,
  eventTitle: row.event_title,
  eventTitlePtBr: row.event_title_pt_br,
  customerEmail: row.customer_email,
  customerName: row.customer_name,
  status: row.status,
  price: row.price_cents / 100,
  currency: row.currency,
  createdAt: new Date(row.created_at).toISOString(),
  ticketStatus: row.ticket_status,
  storeOrderId: row.store_order_id,
  typeName: row.type_name,
  holderName: row.holder_name,
  code: row.code,
  checkedInAt: iso(row.checked_in_at),
});

export type TicketPage = { cursor: TicketCursor | null; limit: number };

/**
 * A page of the matching rows (newest first, after `cursor`), how many match in all, and their
 * value per currency (every matching row, whatever its status, as the spec's Total Value sums the
 * filtered rows; currencies are never added together).
 */
export async function listTickets(db: DB, filters: TicketFilters, page: TicketPage): Promise<TicketsListResponse> {
  const list = sides(filters);
  if (list.length === 0) return { tickets: [], count: 0, totals: [], truncated: false };
  const d1 = db.$client;
  const rows = rowsSql(list, { cursor: page.cursor, limit: page.limit + 1 });
  const all = list.map((side) => sideSql(side, null));
  const sums = `SELECT currency, sum(price_cents) AS cents, count(*) AS count FROM (${all.map((p) => p.sql).join(" UNION ALL ")})
    GROUP BY currency ORDER BY count(*) DESC, currency ASC`;
  const [found, totalsOf] = await d1.batch<unknown>([d1.prepare(rows.sql).bind(...rows.binds), d1.prepare(sums).bind(...all.flatMap((p) => p.binds))]);
  const raw = (found!.results as RawRow[]).map(toView);
  const shown = raw.slice(0, page.limit);
  const totals = (totalsOf!.results as { currency: string; cents: number; count: number }[]).map((s): CurrencyTotal => ({
    currency: s.currency,
    amount: s.cents / 100,
    count: s.count,
  }));
  const count = totals.reduce((n, t) => n + t.count, 0);
  const more = raw.length > page.limit;
  return { tickets: shown, count, totals, truncated: more, ...(more ? { nextCursor: ticketCursorOf(shown[shown.length - 1]!) } : {}) };
}

/** Every matching row, newest first (the export has no cap). */
export async function exportTickets(db: DB, filters: TicketFilters): Promise<TicketView[]> {
  const list = sides(filters);
  if (list.length === 0) return [];
  const { sql: text, binds } = rowsSql(list, null);
  const { results } = await db.$client
    .prepare(text)
    .bind(...binds)
    .all<RawRow>();
  return results.map(toView);
}

/** An imported order or a ticket sold here, by its id, with its event. */
export async function findTicket(db: DB, id: string): Promise<TicketDetailResponse | null> {
  const d1 = db.$client;
  const [imported, sold] = await d1.batch<RawRow>([
    d1.prepare(`${IMPORTED_SELECT} WHERE t.id = ?`).bind(id),
    d1.prepare(`${SOLD_SELECT} WHERE et.id = ?`).bind(id),
  ]);
  const raw = imported!.results[0] ?? sold!.results[0];
  if (!raw) return null;
  const event = raw.event_id ? await db.select().from(events).where(eq(events.id, raw.event_id)).get() : undefined;
  return {
    ticket: toView(raw),
    event: event
      ? {
          id: event.id,
          title: event.title,
          eventDate: event.eventDate.toISOString(),
          timeZone: event.timeZone,
          status: event.status,
          venueName: event.venueName,
          venueCity: event.venueCity,
          online: event.isOnline,
        }
      : null,
  };
}

// ---- the import ---------------------------------------------------------------------------------

/** What an imported row's event column is matched against: every event, whatever its status. */
export async function eventRefs(db: DB): Promise<EventRef[]> {
  return db.select({ id: events.id, title: events.title, currency: events.currency }).from(events);
}

/** Which of `orderIds` are already stored. */
export async function storedOrderIds(db: DB, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: tickets.orderId })
    .from(tickets)
    .where(sql`${tickets.orderId} IN (SELECT value FROM json_each(${JSON.stringify(orderIds)}))`);
  return new Set(rows.map((r) => r.orderId));
}

/**
 * Rows per INSERT. Each statement binds one parameter, the rows as a JSON array read back with
 * json_each, so D1's cap of 100 bound parameters per statement never limits a batch; 500 short
 * rows stay far below its statement and value size limits.
 */
const ROWS_PER_STATEMENT = 500;

const INSERT_SQL = `INSERT INTO tickets (id, order_id, event_id, event_title, customer_email, customer_name, status, price_paid_cents, currency, created_at)
SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), json_extract(value, '$[4]'),
  json_extract(value, '$[5]'), json_extract(value, '$[6]'), json_extract(value, '$[7]'), json_extract(value, '$[8]'), json_extract(value, '$[9]')
FROM json_each(?1)`;

export type ImportAudit = { rows: number; skipped: number; failed: number; firstRow: number; lastRow: number };

/**
 * Stores the tickets and the audit row in one D1 batch: all or nothing. A plain INSERT, so an
 * order id stored meanwhile by someone else fails the whole batch (the caller checks again and
 * retries) instead of being dropped unseen.
 */
export async function insertTickets(db: DB, actor: Actor, rows: ImportedTicket[], audit: ImportAudit, now = Date.now()): Promise<void> {
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const values = rows
      .slice(i, i + ROWS_PER_STATEMENT)
      .map((t) => [
        crypto.randomUUID(),
        t.orderId,
        t.eventId,
        t.eventTitle,
        t.customerEmail,
        t.customerName,
        t.status,
        t.pricePaidCents,
        t.currency,
        t.createdAt,
      ]);
    statements.push(d1.prepare(INSERT_SQL).bind(JSON.stringify(values)));
  }
  const log = auditInsert(
    db,
    {
      actor,
      action: "ticket.import",
      targetType: "ticket",
      summary: {
        after: { imported: rows.length, skipped: audit.skipped, failed: audit.failed, rows: audit.rows },
        ...auditDetail({ kind: "ticket_csv_import", firstRow: audit.firstRow, lastRow: audit.lastRow }),
      },
    },
    now,
  ).toSQL();
  statements.push(d1.prepare(log.sql).bind(...log.params));
  await d1.batch(statements);
}
