// /api/admin/tickets: tickets sold here and ticket orders imported from a provider, for
// administrators (the admin tree's gate runs first: door staff are refused like any member).
//   GET  /                 ?search=&status=&time=all|today|7d|30d&tz=&source=all|sold|imported&event=&cursor=&limit=
//                          a page of rows (newest first, both sources) + count and total value of every filtered row
//   GET  /export.csv       same filters (no paging)                      tickets.csv of every filtered row
//   GET  /events/:eventId               one event's sales per ticket type (sold, checked in, revenue), capacity and taken
//   GET  /events/:eventId/door          ?search=&sort=name|type|checked_in   its door list (valid tickets)
//   GET  /events/:eventId/door.csv      same, as door-list.csv for the door
//   GET  /:id              one ticket (sold or imported) with its event
//   POST /import/preview   body: the CSV text (its first rows are enough) → columns, suggested mapping, rows
//   POST /import           { csv, mapping, firstRow, tz } → imported, skipped and refused rows
// Bodies are capped at 64 KB like every API body: the SPA sends a large file in pieces of whole
// rows, each with the header row and its first row's number, and each piece is imported on its
// own (an order id seen in an earlier piece is then "already stored"). Imported rows are a
// provider's past sales, not purchases made now, so they mail no admin notification.
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import { validate } from "../../lib/validate";
import { notFound, routeError } from "../../lib/errors";
import { attachment, CSV_CONTENT_TYPE, toCsv } from "../../lib/csv";
import { toZonedIso } from "#contracts/time-zones.ts";
import { ticketPeriod } from "../../lib/ticket-periods";
import { checkMapping, eventIndex, issue, parseCsv, readRows, suggestMapping } from "../../lib/ticket-import";
import { eventRefs, exportTickets, findTicket, insertTickets, listTickets, storedOrderIds, type TicketFilters } from "../../db/tickets/tickets";
import { doorList, ticketSales } from "../../db/tickets/sales";
import type { DoorListResponse, TicketSalesResponse } from "#contracts/tickets/admin-sales.ts";
import { ADMIN_EVENT_CODES, ADMIN_EVENT_MESSAGES } from "#contracts/admin/events.ts";
import { isUniqueViolation } from "../../db/d1";
import {
  IMPORT_PREVIEW_ROWS,
  TICKET_ERROR_CODES,
  TICKET_MESSAGES,
  doorQuerySchema,
  importBodySchema,
  ticketSalesParamSchema,
  ticketIdParamSchema,
  ticketsQuerySchema,
  type ImportPreviewResponse,
  type ImportResponse,
  type TicketDetailResponse,
  type TicketsListResponse,
  type TicketsQuery,
} from "#contracts/tickets/admin.ts";
import { actorOf } from "../../middleware/guards";

// The spec's six columns, as before tickets were sold here (and as the import reads them back):
// a sold ticket is one row, its order's number, its buyer's e-mail, its status on the spec's scale.
const EXPORT_HEADERS = ["Order ID", "Event", "Customer", "Status", "Price", "Date"] as const;
const DOOR_HEADERS = ["Name", "E-mail", "Ticket type", "Code", "Checked in"] as const;

const filtersOf = (q: TicketsQuery, now = Date.now()): TicketFilters => ({
  search: q.search,
  status: q.status,
  period: ticketPeriod(q.time, q.tz, now),
  source: q.source,
  eventId: q.event,
});
const query = validate("query", ticketsQuerySchema);
const eventParam = validate("param", ticketSalesParamSchema);
const doorQuery = validate("query", doorQuerySchema);
const eventNotFound = () => notFound(ADMIN_EVENT_MESSAGES.eventNotFound, ADMIN_EVENT_CODES.notFound);

export const ticketRoutes = new Hono<HonoEnv>()
  .get("/", query, async (c) => {
    const q = c.req.valid("query");
    return c.json<TicketsListResponse>(await listTickets(c.var.db, filtersOf(q), { cursor: q.cursor, limit: q.limit }));
  })

  // Dates in the admin's zone with its offset (2026-03-05T14:30:00-05:00): a spreadsheet shows the
  // local time, and importing the file again reads the same instant.
  .get("/export.csv", query, async (c) => {
    const q = c.req.valid("query");
    const rows = await exportTickets(c.var.db, filtersOf(q));
    const csv = toCsv(
      EXPORT_HEADERS,
      rows.map((t) => [t.orderId, t.eventTitle, t.customerEmail, t.status, t.price.toFixed(2), toZonedIso(Date.parse(t.createdAt), q.tz)]),
    );
    return c.body(csv, 200, { "Content-Type": CSV_CONTENT_TYPE, "Content-Disposition": attachment("tickets.csv") });
  })

  .get("/events/:eventId", eventParam, async (c) => {
    const sales = await ticketSales(c.var.db, c.req.valid("param").eventId);
    if (!sales) throw eventNotFound();
    return c.json<TicketSalesResponse>(sales);
  })

  .get("/events/:eventId/door", eventParam, doorQuery, async (c) => {
    const list = await doorList(c.var.db, c.req.valid("param").eventId, c.req.valid("query"));
    if (!list) throw eventNotFound();
    return c.json<DoorListResponse>(list);
  })

  // For the door: who to let in, checked in or not (times in the admin's zone with its offset).
  .get("/events/:eventId/door.csv", eventParam, doorQuery, async (c) => {
    const q = c.req.valid("query");
    const list = await doorList(c.var.db, c.req.valid("param").eventId, q);
    if (!list) throw eventNotFound();
    const csv = toCsv(
      DOOR_HEADERS,
      list.entries.map((e) => [e.name, e.email, e.typeName, e.code, e.checkedInAt ? toZonedIso(Date.parse(e.checkedInAt), q.tz) : ""]),
    );
    return c.body(csv, 200, { "Content-Type": CSV_CONTENT_TYPE, "Content-Disposition": attachment("door-list.csv") });
  })

  .get("/:id", validate("param", ticketIdParamSchema), async (c) => {
    const detail = await findTicket(c.var.db, c.req.valid("param").id);
    if (!detail) throw notFound(TICKET_MESSAGES.ticketNotFound, TICKET_ERROR_CODES.ticketNotFound);
    return c.json<TicketDetailResponse>(detail);
  })

  .post("/import/preview", async (c) => {
    const { columns, delimiter, records } = parseCsv(await c.req.text());
    const rows = records.slice(0, IMPORT_PREVIEW_ROWS).map((r) => r.cells);
    return c.json<ImportPreviewResponse>({ columns, delimiter, mapping: suggestMapping(columns, rows), rows, rowCount: records.length });
  })

  .post("/import", validate("json", importBodySchema), async (c) => {
    const body = c.req.valid("json");
    const { columns, records } = parseCsv(body.csv, body.firstRow);
    if (records.length === 0) throw routeError(TICKET_ERROR_CODES.noRows, { message: TICKET_MESSAGES.noRows });
    checkMapping(body.mapping, columns);
    const now = Date.now();
    const read = readRows(records, columns.length, body.mapping, eventIndex(await eventRefs(c.var.db)), body.tz, now);

    // Once more if an order id was stored by someone else between the check and the insert.
    for (let attempt = 1; ; attempt++) {
      const stored = await storedOrderIds(
        c.var.db,
        read.tickets.map((t) => t.orderId),
      );
      const fresh = read.tickets.filter((t) => !stored.has(t.orderId));
      const skips = [...read.skips, ...read.tickets.filter((t) => stored.has(t.orderId)).map((t) => issue(t.row, "already_stored", t.orderId))].sort(
        (a, b) => a.row - b.row,
      );
      const failedRows = new Set(read.errors.map((e) => e.row)).size;
      try {
        if (fresh.length > 0) {
          const rows = records.map((r) => r.row);
          await insertTickets(
            c.var.db,
            actorOf(c),
            fresh,
            { rows: records.length, skipped: skips.length, failed: failedRows, firstRow: rows[0]!, lastRow: rows[rows.length - 1]! },
            now,
          );
        }
      } catch (err) {
        if (attempt < 2 && isUniqueViolation(err, "tickets.order_id")) continue;
        throw err;
      }
      return c.json<ImportResponse>({ rows: records.length, imported: fresh.length, skipped: skips.length, failed: failedRows, skips, errors: read.errors });
    }
  });
