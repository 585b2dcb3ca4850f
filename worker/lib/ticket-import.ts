// Reading a ticket provider's CSV export: the file parsed by papaparse (header row, delimiter
// found among , ; tab |), a column mapping suggested from the header names, and each row turned
// into a ticket or into the reasons it cannot be one. Pure: the event list comes in, nothing is
// stored here. Anything that is not a CSV at all is a 400; a bad row is reported by its row
// number in the file (the header is row 1), never dropped without a word.
import Papa from "papaparse";
import { routeError } from "./errors";
import { zonedInstant } from "./ticket-periods";
import {
  CUSTOMER_NAME_MAX,
  EMAIL_MAX,
  IMPORT_FIELDS,
  ORDER_ID_MAX,
  PRICE_MAX_CENTS,
  TICKET_ERROR_CODES,
  type ImportField,
  type ImportRowCode,
  type TicketStatus,
} from "#contracts/tickets/admin-limits.ts";
import { TICKET_MESSAGES, type ImportMapping, type ImportRowIssue, type SuggestedMapping } from "#contracts/tickets/admin.ts";

export type CsvRecord = { row: number; cells: string[] };
export type ParsedCsv = { columns: string[]; delimiter: string; records: CsvRecord[] };

const DELIMITERS = [",", ";", "\t", "|"];
// Bytes no text file holds (NUL, other C0 controls but tab, LF, CR): an image or a spreadsheet's
// binary format sent by mistake.
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

const notCsv = (message: string = TICKET_MESSAGES.notCsv) => routeError(TICKET_ERROR_CODES.notCsv, { status: 400, message });

/** A record with one empty cell is an empty line: skipped, not counted. */
const isEmptyLine = (cells: string[]) => cells.length === 1 && cells[0]!.trim() === "";

/** The file row of papaparse's record `index` (0 is the header). */
const rowOf = (index: number, firstRow: number) => (index === 0 ? 1 : firstRow + index - 1);

/**
 * The header and the records of `text` (one piece of a file: the header row, then whole rows).
 * `firstRow` is the file row of the piece's first data row. A ticket export has several columns;
 * a list of codes may have one (`minColumns`).
 */
export function parseCsv(text: string, firstRow = 2, minColumns = 2): ParsedCsv {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === "" || BINARY.test(body)) throw notCsv();
  const result = Papa.parse<string[]>(body, { header: false, skipEmptyLines: false, delimitersToGuess: DELIMITERS });
  // A quote opened and never closed swallows every row after it: refuse the file rather than
  // import a few rows and silently lose the rest.
  const unclosed = result.errors.find((e) => e.code === "MissingQuotes");
  if (unclosed) throw notCsv(`Row ${rowOf(unclosed.row ?? 0, firstRow)}: a quoted value is never closed`);
  const [header, ...rest] = result.data;
  const columns = (header ?? []).map((name) => name.trim());
  if (columns.length < minColumns) throw notCsv();
  const records: CsvRecord[] = [];
  rest.forEach((cells, i) => {
    if (!isEmptyLine(cells)) records.push({ row: firstRow + i, cells });
  });
  return { columns, delimiter: result.meta.delimiter, records };
}

// ---- the suggested mapping ----------------------------------------------------------------------

/** Header names each field is usually exported under, lower-case letters and digits only. */
const SYNONYMS: Record<ImportField, string[]> = {
  orderId: [
    "orderid",
    "order",
    "ordernumber",
    "orderno",
    "ordernum",
    "orderref",
    "orderreference",
    "confirmation",
    "confirmationnumber",
    "confirmationcode",
    "bookingid",
    "bookingreference",
    "bookingref",
    "reference",
    "transactionid",
    "purchaseid",
  ],
  event: ["event", "eventtitle", "eventname", "eventid", "show", "showname", "performance", "concert", "title"],
  email: ["email", "emailaddress", "customeremail", "buyeremail", "purchaseremail", "attendeeemail", "useremail", "mail", "customer"],
  price: ["price", "pricepaid", "amount", "amountpaid", "total", "totalpaid", "ordertotal", "ticketprice", "gross", "grosssales", "paid", "value"],
  status: ["status", "orderstatus", "ticketstatus", "paymentstatus", "attendeestatus", "state"],
  date: ["date", "orderdate", "purchasedate", "created", "createdat", "orderedat", "purchasedat", "datetime", "timestamp", "saledate", "orderplaced"],
  name: ["name", "customername", "buyername", "purchasername", "attendeename", "fullname", "customer", "buyer", "attendee"],
};

const normaliseHeader = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
const looksLikeEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

/** Which fields know a header name exactly ("orderdate" is a date, whatever it contains). */
const EXACT_FIELDS = new Map<string, ImportField[]>();
for (const field of IMPORT_FIELDS) for (const s of SYNONYMS[field]) EXACT_FIELDS.set(s, [...(EXACT_FIELDS.get(s) ?? []), field]);

/**
 * How well a column suits a field: a known name (the earlier in the list the better) beats a
 * name containing one, which counts only when the name is not another field's known name.
 */
function score(field: ImportField, header: string, samples: string[]): number {
  const name = normaliseHeader(header);
  if (!name) return 0;
  const synonyms = SYNONYMS[field];
  const exact = synonyms.indexOf(name);
  const someoneElses = (EXACT_FIELDS.get(name) ?? []).some((f) => f !== field);
  let points = exact >= 0 ? 100 - exact : !someoneElses && synonyms.some((s) => s.length > 3 && name.includes(s)) ? 20 : 0;
  // "Customer" may hold an e-mail or a name: the values decide.
  const emails = samples.filter((s) => s.trim() !== "").every(looksLikeEmail) && samples.some((s) => s.trim() !== "");
  if (field === "email" && emails) points += points > 0 ? 50 : 10;
  if (field === "name" && emails) points = 0;
  return points;
}

/** A column per field where one fits, each column used once, the required fields chosen first. */
export function suggestMapping(columns: string[], sampleRows: string[][]): SuggestedMapping {
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, null])) as SuggestedMapping;
  const taken = new Set<number>();
  for (const field of IMPORT_FIELDS) {
    let best = -1;
    let bestPoints = 0;
    for (const [index, header] of columns.entries()) {
      if (taken.has(index)) continue;
      const points = score(
        field,
        header,
        sampleRows.map((r) => r[index] ?? ""),
      );
      if (points > bestPoints) [best, bestPoints] = [index, points];
    }
    if (best >= 0) {
      mapping[field] = best;
      taken.add(best);
    }
  }
  return mapping;
}

/** Every mapped column must exist in the file. */
export function checkMapping(mapping: ImportMapping, columns: string[]) {
  const used = IMPORT_FIELDS.map((f) => mapping[f]).filter((c): c is number => c !== null);
  if (used.some((c) => c >= columns.length)) throw routeError(TICKET_ERROR_CODES.mappingInvalid);
}

// ---- the cells ----------------------------------------------------------------------------------

const EMAIL_PATTERN = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
// Controls and bidi overrides never belong in an order id or a name.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
const clean = (value: string) => value.normalize("NFC").replace(UNPRINTABLE, " ").replace(/\s+/g, " ").trim();

/** Provider wordings of the three statuses (compared lower-case, spaces and punctuation removed). */
const STATUS_WORDS: Record<TicketStatus, string[]> = {
  confirmed: [
    "confirmed",
    "confirm",
    "complete",
    "completed",
    "paid",
    "attending",
    "checkedin",
    "valid",
    "active",
    "placed",
    "approved",
    "success",
    "successful",
    "fulfilled",
    "issued",
    "sold",
    "confirmado",
    "pago",
  ],
  pending: ["pending", "processing", "reserved", "awaitingpayment", "unpaid", "onhold", "hold", "waiting", "waitlist", "waitlisted", "incomplete", "pendente"],
  cancelled: [
    "cancelled",
    "canceled",
    "cancel",
    "refunded",
    "refund",
    "void",
    "voided",
    "notattending",
    "deleted",
    "rejected",
    "declined",
    "failed",
    "expired",
    "chargeback",
    "cancelado",
    "reembolsado",
  ],
};
const STATUS_BY_WORD = new Map(Object.entries(STATUS_WORDS).flatMap(([status, words]) => words.map((w) => [w, status as TicketStatus])));

export function normaliseStatus(value: string): TicketStatus | null {
  return STATUS_BY_WORD.get(value.toLowerCase().replace(/[^a-z]/g, "")) ?? null;
}

/**
 * A price as cents: "45", "45.5", "$1,234.56", "1.234,56", "R$ 45,00", "45.00 USD". A comma or a
 * dot followed by one or two digits at the end is the decimal mark; any other separator groups
 * thousands (1,234 is 1234), and the two marks must differ. Negative, over PRICE_MAX_CENTS or
 * anything else: null.
 */
export function parsePrice(value: string): number | null {
  // Currency symbols and codes around the number go; a minus sign stays, and fails below.
  const text = value
    .replace(/[\s\u00A0]/g, "")
    .replace(/^[^\d.,-]+/, "")
    .replace(/[^\d.,]+$/, "");
  const m = /^(\d+|\d{1,3}(?:([.,])\d{3})+)(?:([.,])(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const [, whole, thousands, decimalMark, fraction = ""] = m;
  if (thousands && decimalMark && thousands === decimalMark) return null;
  const cents = Number(whole!.replace(/[.,]/g, "")) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) && cents <= PRICE_MAX_CENTS ? cents : null;
}

const DATE_PATTERN = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|UTC|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * A date as the ISO-style forms exports use: 2026-03-05, 2026-03-05 14:30, 2026-03-05T14:30:10Z,
 * 2026-03-05 14:30:10-05:00 (slashes allowed in the date). Without an offset it is the admin's
 * local time in `zone`. Anything else (03/05/2026 is March or May?) is null.
 */
export function parseDate(value: string, zone: string): number | null {
  const m = DATE_PATTERN.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4] ?? "0", m[5] ?? "0", m[6] ?? "0"].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Number((m[7] ?? "0").slice(0, 3).padEnd(3, "0"));
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate() || hour > 23 || minute > 59 || second > 59) return null;
  const wallMs = ((hour * 60 + minute) * 60 + second) * 1000 + ms;
  const offset = m[8]?.toUpperCase();
  if (!offset) return zonedInstant(year, month - 1, day, wallMs, zone);
  if (offset === "Z" || offset === "UTC") return Date.UTC(year, month - 1, day) + wallMs;
  const [, sign, hh, mm] = /^([+-])(\d{2}):?(\d{2})?$/.exec(offset)!;
  const minutes = Number(hh) * 60 + Number(mm ?? 0);
  if (minutes > 18 * 60) return null;
  return Date.UTC(year, month - 1, day) + wallMs - (sign === "-" ? -minutes : minutes) * 60_000;
}

// ---- rows into tickets --------------------------------------------------------------------------

export type EventRef = { id: string; title: string; currency: string };

/** What a valid row becomes (the id and the storing are the caller's). */
export type ImportedTicket = {
  row: number;
  orderId: string;
  eventId: string;
  eventTitle: string;
  customerEmail: string;
  customerName: string | null;
  status: TicketStatus;
  pricePaidCents: number;
  currency: string;
  createdAt: number;
};

const ISSUE_MESSAGES: Record<ImportRowCode, string> = {
  order_id_missing: "The order ID is empty",
  order_id_too_long: `The order ID is longer than ${ORDER_ID_MAX} characters`,
  event_missing: "The event is empty",
  event_unknown: "No event has this title or id",
  event_ambiguous: "Several events have this title: use the event's id",
  email_invalid: "The customer e-mail is not a valid address",
  status_unknown: "The status is not one of confirmed, pending or cancelled (or a known synonym)",
  price_invalid: "The price is not an amount of at least 0 (e.g. 45.00)",
  date_invalid: "The date is not like 2026-03-05 or 2026-03-05 14:30 (with an optional offset)",
  name_too_long: `The customer name is longer than ${CUSTOMER_NAME_MAX} characters`,
  malformed_row: "The row does not have as many values as the header has columns",
  duplicate_in_file: "This order ID is on an earlier row of the file",
  already_stored: "A ticket with this order ID is already stored",
};

export const issue = (row: number, code: ImportRowCode, value: string | null = null): ImportRowIssue => ({ row, code, message: ISSUE_MESSAGES[code], value });

/** Events by id, and by title (lower-case) with every event of that title. */
export function eventIndex(events: EventRef[]) {
  const byId = new Map(events.map((e) => [e.id, e]));
  const byTitle = new Map<string, EventRef[]>();
  for (const event of events) {
    const key = event.title.normalize("NFC").trim().toLowerCase();
    byTitle.set(key, [...(byTitle.get(key) ?? []), event]);
  }
  return { byId, byTitle };
}
export type EventIndex = ReturnType<typeof eventIndex>;

/**
 * Each record checked against the mapping: valid rows become tickets (the first of each order id
 * in the piece), the others are errors (every problem of the row) or in-file duplicate skips.
 */
export function readRows(records: CsvRecord[], columns: number, mapping: ImportMapping, events: EventIndex, zone: string, now: number) {
  const tickets: ImportedTicket[] = [];
  const errors: ImportRowIssue[] = [];
  const skips: ImportRowIssue[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, cells } of records) {
    // Missing values or stray ones mean the row was cut or a delimiter was not quoted: its cells
    // cannot be trusted to be in their columns. Empty cells after the last column are harmless.
    if (cells.length < columns || cells.slice(columns).some((c) => c.trim() !== "")) {
      errors.push(issue(row, "malformed_row", `${cells.length}/${columns}`));
      continue;
    }
    const cell = (field: keyof ImportMapping) => {
      const index = mapping[field];
      return index === null ? null : (cells[index] ?? "");
    };
    const problems: ImportRowIssue[] = [];

    const orderId = clean(cell("orderId")!);
    if (!orderId) problems.push(issue(row, "order_id_missing"));
    else if (orderId.length > ORDER_ID_MAX) problems.push(issue(row, "order_id_too_long", orderId.slice(0, 40)));

    const eventText = clean(cell("event")!);
    let event: EventRef | undefined;
    if (!eventText) problems.push(issue(row, "event_missing"));
    else {
      const sameTitle = events.byTitle.get(eventText.toLowerCase()) ?? [];
      event = events.byId.get(eventText) ?? (sameTitle.length === 1 ? sameTitle[0] : undefined);
      if (!event) problems.push(issue(row, sameTitle.length > 1 ? "event_ambiguous" : "event_unknown", eventText));
    }

    const email = cell("email")!.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(email) || email.length > EMAIL_MAX) problems.push(issue(row, "email_invalid", email));

    const statusText = cell("status");
    const status = statusText === null ? "confirmed" : normaliseStatus(statusText);
    if (!status) problems.push(issue(row, "status_unknown", statusText));

    const priceText = cell("price")!;
    const cents = parsePrice(priceText);
    if (cents === null) problems.push(issue(row, "price_invalid", priceText));

    const dateText = cell("date");
    const createdAt = dateText === null ? now : parseDate(dateText, zone);
    if (createdAt === null) problems.push(issue(row, "date_invalid", dateText));

    const nameText = cell("name");
    const name = nameText === null ? null : clean(nameText) || null;
    if (name && name.length > CUSTOMER_NAME_MAX) problems.push(issue(row, "name_too_long", name.slice(0, 40)));

    if (problems.length > 0) {
      errors.push(...problems);
      continue;
    }
    const earlier = firstRowOf.get(orderId);
    if (earlier !== undefined) {
      skips.push(issue(row, "duplicate_in_file", orderId));
      continue;
    }
    firstRowOf.set(orderId, row);
    tickets.push({
      row,
      orderId,
      eventId: event!.id,
      eventTitle: event!.title,
      customerEmail: email,
      customerName: name,
      status: status!,
      pricePaidCents: cents!,
      currency: event!.currency,
      createdAt: createdAt!,
    });
  }
  return { tickets, errors, skips };
}
