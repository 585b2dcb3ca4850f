// The back office's ticket values the SPA needs at run time, without zod (the admin chunk imports
// these; the zod contract, admin-tickets.ts, re-exports them).
import { CONTACT_MESSAGES } from "../contact.ts";
import { TICKET_LIMITS } from "./event-tickets-model.ts";

export const TICKETS_API = "/api/admin/tickets";

export const TICKET_STATUSES = ["confirmed", "pending", "cancelled"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** All Time, Today (the admin's calendar day), Last 7 Days, Last 30 Days (one calendar month back). */
export const TICKET_TIME_FILTERS = ["all", "today", "7d", "30d"] as const;
export type TicketTimeFilter = (typeof TICKET_TIME_FILTERS)[number];

/** Rows the list returns at most (newest first); the count, the totals and the export cover them all. */
export const TICKETS_LIST_LIMIT = 500;

/**
 * Where a row of the list comes from: a ticket sold here (`event_tickets`, one row per ticket) or
 * an order imported from a provider's CSV (`tickets`, one row per order).
 */
export const TICKET_SOURCES = ["sold", "imported"] as const;
export type TicketSource = (typeof TICKET_SOURCES)[number];

/** The list's page cursor: "<created at ms>:<row id>" of the last row shown (newest first). */
export const TICKET_CURSOR_MAX = 130;
export const TICKET_SEARCH_MAX = 100;

/** What an import maps the provider's columns to. */
export const IMPORT_FIELDS = ["orderId", "event", "email", "price", "status", "date", "name"] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** Without these a row cannot become a ticket; the others have defaults (confirmed, now, no name). */
export const REQUIRED_IMPORT_FIELDS = ["orderId", "event", "email", "price"] as const satisfies readonly ImportField[];

/** Data rows the preview shows. */
export const IMPORT_PREVIEW_ROWS = 5;
/**
 * The API takes at most 64 KB per request body (JSON_BODY_MAX_BYTES), so the SPA sends a file in
 * pieces of whole rows, each carrying the header row, with the JSON-encoded CSV at most this
 * long (the rest of the 64 KB is the mapping and the envelope).
 */
export const IMPORT_PIECE_MAX_BYTES = 56 * 1024;
/** Largest file the SPA sends (in pieces): a provider's export of a season, not an archive. */
export const IMPORT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const ORDER_ID_MAX = 100;
export const CUSTOMER_NAME_MAX = 200;
export const EMAIL_MAX = 254;
/** Highest price an import accepts for one order, in cents (a typo guard: 1,000,000.00). */
export const PRICE_MAX_CENTS = 100_000_000;

/** Error codes of the ticket routes besides invalid_input and not_found. */
export const TICKET_ERROR_CODES = {
  ticketNotFound: "ticket_not_found",
  notCsv: "not_csv",
  noRows: "no_rows",
  mappingInvalid: "mapping_invalid",
} as const;

/** Why an imported row was refused (errors) or left out (skips). The SPA translates each code. */
export const IMPORT_ROW_CODES = [
  "order_id_missing",
  "order_id_too_long",
  "event_missing",
  "event_unknown",
  "event_ambiguous",
  "email_invalid",
  "status_unknown",
  "price_invalid",
  "date_invalid",
  "name_too_long",
  "malformed_row",
  "duplicate_in_file",
  "already_stored",
] as const;
export type ImportRowCode = (typeof IMPORT_ROW_CODES)[number];

/** Refusals of the ticket-type routes (route-codes.ts, under "tickets: types and the event form"). */
export const TICKET_TYPE_MESSAGES = {
  eventNotSellable: "Only a custom event priced in USD or BRL can sell tickets here",
  typesFull: `An event can have at most ${TICKET_LIMITS.maxTypesPerEvent} ticket types`,
  quantityBelowSold: "The quantity cannot go below the tickets already sold or held in checkouts",
  typeHasSales: "This ticket type has tickets sold or in checkouts: set its quantity to what is sold instead",
  eventHasTickets: "This event has sold tickets: cancel it instead of deleting it",
  eventHasTicketTypes: "This event sells tickets here: remove its ticket types before changing its source or currency",
} as const;

/** English texts; the SPA shows its own translation for each code it knows. */
export const TICKET_MESSAGES = {
  ticketNotFound: "Ticket not found",
  unknownTimeZone: "Unknown time zone",
  notCsv: "This file is not a CSV file with a header row and at least two columns",
  noRows: "The file has a header row but no tickets",
  csvRequired: "The CSV text is required",
  mappingInvalid: "Each mapped column must be one of the file's columns",
  firstRowInvalid: "firstRow must be the file row of the first ticket (2 or more)",
  cursorInvalid: "cursor must be the nextCursor of the page before",
} as const;

/** The highest price of one ticket, in cents ($10,000 or R$10.000). */
export const TICKET_PRICE_MAX_CENTS = 1_000_000;
/** The highest position (order in the list) a type may have. */
export const TICKET_POSITION_MAX = 1000;

/** English texts; the API names each rule by its code (validation-codes.ts), which the SPA translates. */
export const TICKET_TYPE_FORM_MESSAGES = {
  /** The contact form's text, so both share the code name_required. */
  nameRequired: CONTACT_MESSAGES.nameRequired,
  nameTooLong: `A ticket type's name must be at most ${TICKET_LIMITS.nameMax} characters`,
  priceInvalid: `A ticket's price is a whole number of cents from 0 to ${TICKET_PRICE_MAX_CENTS}`,
  quantityInvalid: `The quantity is a whole number from 0 to ${TICKET_LIMITS.maxQuantity}`,
  perOrderLimitInvalid: `The limit per order is a whole number from 1 to ${TICKET_LIMITS.maxPerOrderLimit}`,
  positionInvalid: `The position is a whole number from 0 to ${TICKET_POSITION_MAX}`,
} as const;
