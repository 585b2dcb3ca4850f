// The back office's tickets (/api/admin/tickets/*): the filtered list with its total value, one
// ticket's detail, the CSV export, and the import of a ticket provider's CSV export (a preview
// with a suggested column mapping, then the import itself). Shared by the Worker and the SPA.
import { z } from "../zod";
import {
  TICKET_CURSOR_MAX,
  TICKET_SEARCH_MAX,
  TICKET_SOURCES,
  TICKET_STATUSES,
  TICKET_TIME_FILTERS,
  TICKETS_LIST_LIMIT,
  type ImportField,
  type ImportRowCode,
  type TicketSource,
  type TicketStatus,
  type TicketTimeFilter,
} from "./admin-limits";
import type { EventTicketStatus } from "./event-tickets-model";
import { DOOR_SEARCH_MAX, DOOR_SORTS } from "./admin-sales";
import { TICKET_MESSAGES } from "./admin-limits";
export { TICKET_MESSAGES } from "./admin-limits";

export * from "./admin-limits";

/** True for an IANA zone name the runtime knows ("America/Sao_Paulo", "UTC"). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The admin's IANA zone: Today and the import's dates without an offset are read in it. */
const timeZone = z.string().max(64).refine(isTimeZone, TICKET_MESSAGES.unknownTimeZone).default("UTC");

/** GET / and GET /export.csv. Empty values mean "any", as an empty search box or "All" does. */
export const ticketsQuerySchema = z.strictObject({
  search: z
    .string()
    .max(TICKET_SEARCH_MAX)
    .optional()
    .transform((s) => s?.trim() || null),
  status: z
    .enum(["", "all", ...TICKET_STATUSES])
    .default("all")
    .transform((s): TicketStatus | null => (s === "" || s === "all" ? null : s)),
  time: z
    .enum(["", ...TICKET_TIME_FILTERS])
    .default("all")
    .transform((t): TicketTimeFilter => (t === "" ? "all" : t)),
  tz: timeZone,
  /** Sold here, imported, or both ("" or "all"). */
  source: z
    .enum(["", "all", ...TICKET_SOURCES])
    .default("all")
    .transform((s): TicketSource | null => (s === "" || s === "all" ? null : s)),
  /** One event's tickets (its id); empty: every event. */
  event: z
    .string()
    .max(100)
    .optional()
    .transform((e) => e?.trim() || null),
  /** The next page: the `nextCursor` of the page before (ignored by the export). */
  cursor: z
    .string()
    .max(TICKET_CURSOR_MAX)
    .regex(/^\d{1,15}:.{1,100}$/, TICKET_MESSAGES.cursorInvalid)
    .optional()
    .transform((c) => (c ? { at: Number(c.slice(0, c.indexOf(":"))), id: c.slice(c.indexOf(":") + 1) } : null)),
  /** Rows per page (ignored by the export). */
  limit: z.coerce.number().int().min(1).max(TICKETS_LIST_LIMIT).default(TICKETS_LIST_LIMIT),
});
export type TicketsQuery = z.infer<typeof ticketsQuerySchema>;
export type TicketCursor = NonNullable<TicketsQuery["cursor"]>;
export const ticketCursorOf = (row: { createdAt: string; id: string }) => `${Date.parse(row.createdAt)}:${row.id}`;

// One event's sales and door list (/events/:eventId/*; answers in admin-ticket-sales.ts).
export const ticketSalesParamSchema = z.object({ eventId: z.string().min(1).max(100) });

/** The door list's query: a search (name, e-mail, code) and the order; tz dates the CSV's check-ins. */
export const doorQuerySchema = z.strictObject({
  search: z
    .string()
    .max(DOOR_SEARCH_MAX)
    .optional()
    .transform((s) => s?.trim() || null),
  sort: z.enum(DOOR_SORTS).default("name"),
  tz: timeZone,
});
export type DoorQuery = z.infer<typeof doorQuerySchema>;

export const ticketIdParamSchema = z.object({ id: z.string().min(1).max(100) });

/** A column of the uploaded file, by its position in the header row (names may repeat). */
const column = z.number().int().min(0).max(999);

export const importMappingSchema = z.strictObject({
  orderId: column,
  event: column,
  email: column,
  price: column,
  status: column.nullable().default(null),
  date: column.nullable().default(null),
  name: column.nullable().default(null),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** POST /import: one piece of the file (the header row, then whole rows) and what its columns mean. */
export const importBodySchema = z.strictObject({
  csv: z.string().min(1, TICKET_MESSAGES.csvRequired),
  mapping: importMappingSchema,
  /** The file row of the piece's first ticket (the header is row 1), so errors name the file's rows. */
  firstRow: z.number({ error: TICKET_MESSAGES.firstRowInvalid }).int(TICKET_MESSAGES.firstRowInvalid).min(2, TICKET_MESSAGES.firstRowInvalid).default(2),
  tz: timeZone,
});
export type ImportBody = z.input<typeof importBodySchema>;

export type TicketView = {
  id: string;
  /** sold: a ticket sold here (one row per ticket); imported: an order from a provider's CSV. */
  source: TicketSource;
  /** The provider's order id, or the store order's number ("1042") of a ticket sold here. */
  orderId: string;
  /** Null once the event was deleted (the order is kept). */
  eventId: string | null;
  /** The event's title now, or the one the order was stored with when the event is gone. */
  eventTitle: string;
  /** The event's Portuguese title, which the back office in Portuguese shows (null: none, or the event is gone). */
  eventTitlePtBr: string | null;
  customerEmail: string;
  customerName: string | null;
  status: TicketStatus;
  /** Decimal amount in `currency` (45.5 for 45.50). */
  price: number;
  /** ISO code, upper case ("USD"). */
  currency: string;
  createdAt: string;
  // Tickets sold here only (null for imported orders):
  /**
   * The ticket's own status; `status` maps it onto the spec's: valid → confirmed, refunded and
   * cancelled (the event's cancellation) → cancelled. Nothing sold here is pending.
   */
  ticketStatus: EventTicketStatus | null;
  /** The store order's id (its back-office page), the type as sold, the name at the door, the typed code. */
  storeOrderId: string | null;
  typeName: string | null;
  holderName: string | null;
  code: string | null;
  checkedInAt: string | null;
};

/** The filtered rows' value in one currency (two decimals when shown). */
export type CurrencyTotal = { currency: string; amount: number; count: number };

export type TicketsListResponse = {
  /** Newest first, at most TICKETS_LIST_LIMIT. */
  tickets: TicketView[];
  /** Every ticket the filters match. */
  count: number;
  /** Their total value per currency, largest count first. */
  totals: CurrencyTotal[];
  /** More rows follow this page. */
  truncated: boolean;
  /** Ask for the next page with `cursor=<this>`; absent on the last page. */
  nextCursor?: string;
};

export type TicketEventSummary = {
  id: string;
  title: string;
  eventDate: string;
  timeZone: string;
  status: "draft" | "published" | "cancelled";
  venueName: string | null;
  venueCity: string | null;
  online: boolean;
};

export type TicketDetailResponse = { ticket: TicketView; event: TicketEventSummary | null };

/** The suggested mapping: a column per field, or null where none looks right. */
export type SuggestedMapping = Record<ImportField, number | null>;

export type ImportPreviewResponse = {
  columns: string[];
  /** The delimiter found (",", ";", tab or "|"). */
  delimiter: string;
  mapping: SuggestedMapping;
  /** The first rows as the file has them, one cell per column. */
  rows: string[][];
  /** Data rows in what was sent (empty lines not counted). */
  rowCount: number;
};

/** One row refused or left out: its row in the file (the header is row 1) and why. */
export type ImportRowIssue = { row: number; code: ImportRowCode; message: string; value: string | null };

export type ImportResponse = {
  /** Data rows read (empty lines not counted). */
  rows: number;
  imported: number;
  skipped: number;
  /** Rows refused (each has one or more entries in `errors`). */
  failed: number;
  /** Rows left out on purpose: the order id is already stored or came earlier in the file. */
  skips: ImportRowIssue[];
  /** Rows that could not become a ticket, nothing of them stored. */
  errors: ImportRowIssue[];
};
