// Ticket orders for the back office: the filtered list with its total value per currency, one
// ticket with its event, every filtered row for the CSV export, and the import's reads and its
// insert. A ticket shows its event's current title, or the stored one once the event is gone;
// searches match what is shown.
import { and, asc, desc, eq, gte, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DB } from "./client";
import { events, tickets } from "./schema";
import { auditInsert, type Actor } from "./audit";
import { TICKETS_LIST_LIMIT, type TicketStatus } from "../contracts/admin-tickets-limits";
import type { CurrencyTotal, TicketDetailResponse, TicketsListResponse, TicketView } from "../contracts/admin-tickets";
import type { EventRef, ImportedTicket } from "../lib/ticket-import";
import type { Period } from "../lib/ticket-periods";
import { auditDetail } from "../contracts/audit-detail";

export type TicketFilters = { search: string | null; status: TicketStatus | null; period: Period | null };

const shownTitle = sql<string>`coalesce(${events.title}, ${tickets.eventTitle})`;

/** Case-insensitive substring (instr, not LIKE: no wildcards to escape, no pattern length cap). */
const contains = (column: SQLWrapper, needle: string) => sql`instr(lower(${column}), ${needle}) > 0`;

function where({ search, status, period }: TicketFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (search) {
    const needle = search.toLowerCase();
    conditions.push(or(contains(tickets.orderId, needle), contains(shownTitle, needle), contains(tickets.customerEmail, needle)));
  }
  if (status) conditions.push(eq(tickets.status, status));
  if (period) conditions.push(gte(tickets.createdAt, new Date(period.from)), lt(tickets.createdAt, new Date(period.to)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const viewColumns = {
  id: tickets.id,
  orderId: tickets.orderId,
  eventId: tickets.eventId,
  eventTitle: shownTitle,
  customerEmail: tickets.customerEmail,
  customerName: tickets.customerName,
  status: tickets.status,
  pricePaidCents: tickets.pricePaidCents,
  currency: tickets.currency,
  createdAt: tickets.createdAt,
};

type ViewRow = {
  id: string;
  orderId: string;
  eventId: string | null;
  eventTitle: string;
  customerEmail: string;
  customerName: string | null;
  status: TicketStatus;
  pricePaidCents: number;
  currency: string;
  createdAt: Date;
};

const toView = (row: ViewRow): TicketView => ({
  id: row.id,
  orderId: row.orderId,
  eventId: row.eventId,
  eventTitle: row.eventTitle,
  customerEmail: row.customerEmail,
  customerName: row.customerName,
  status: row.status,
  price: row.pricePaidCents / 100,
  currency: row.currency,
  createdAt: row.createdAt.toISOString(),
});

const filteredRows = (db: DB, filters: TicketFilters) =>
  db
    .select(viewColumns)
    .from(tickets)
    .leftJoin(events, eq(events.id, tickets.eventId))
    .where(where(filters))
    .orderBy(desc(tickets.createdAt), desc(tickets.id));

/** The newest TICKETS_LIST_LIMIT matching tickets, how many match, and their value per currency. */
export async function listTickets(db: DB, filters: TicketFilters): Promise<TicketsListResponse> {
  const [rows, sums] = await db.batch([
    filteredRows(db, filters).limit(TICKETS_LIST_LIMIT),
    db
      .select({ currency: tickets.currency, cents: sql<number>`sum(${tickets.pricePaidCents})`, count: sql<number>`count(*)` })
      .from(tickets)
      .leftJoin(events, eq(events.id, tickets.eventId))
      .where(where(filters))
      .groupBy(tickets.currency)
      .orderBy(desc(sql`count(*)`), asc(tickets.currency)),
  ]);
  const totals = sums.map((s): CurrencyTotal => ({ currency: s.currency, amount: s.cents / 100, count: s.count }));
  const count = totals.reduce((n, t) => n + t.count, 0);
  return { tickets: rows.map(toView), count, totals, truncated: count > rows.length };
}

/** Every matching ticket, newest first (the export has no cap). */
export async function exportTickets(db: DB, filters: TicketFilters): Promise<TicketView[]> {
  return (await filteredRows(db, filters)).map(toView);
}

export async function findTicket(db: DB, id: string): Promise<TicketDetailResponse | null> {
  const row = await db
    .select({ ticket: viewColumns, event: events })
    .from(tickets)
    .leftJoin(events, eq(events.id, tickets.eventId))
    .where(eq(tickets.id, id))
    .get();
  if (!row) return null;
  const event = row.event;
  return {
    ticket: toView(row.ticket),
    event: event && {
      id: event.id,
      title: event.title,
      eventDate: event.eventDate.toISOString(),
      timeZone: event.timeZone,
      status: event.status,
      venueName: event.venueName,
      venueCity: event.venueCity,
      online: event.isOnline,
    },
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
