// /api/admin/events: the back office's event management (administrators only: the admin tree's
// gate runs first). Every event, whatever its status; each write is zod-checked (the form's own
// schema), audited in the batch that makes it, and forgets the public pages' memoized events, so
// the list, the landing page's JSON-LD and the calendar feed show it at once.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { parseJsonBody, validate } from "../../lib/validate";
import { checkMinTierChoice } from "../../services/tier-gate-check";
import { conflict, notFound, routeError, ruleError } from "../../lib/errors";
import { forget } from "../../lib/memo";
import { EVENTS_MEMO_PREFIX, findEvent, type EventRow } from "../../db/events";
import { adminEventOf, createEvent, deleteEvent, listAdminEvents, updateEvent } from "../../db/admin-events";
import { findAdminVenue } from "../../db/admin-venues";
import { countTicketTypes, eventHasTickets } from "../../db/tickets/admin-ticket-types";
import { sellsTicketsHere } from "../../db/tickets/sale";
import { EVENT_ID_PATTERN } from "#contracts/events.ts";
import {
  ADMIN_EVENT_CODES,
  ADMIN_EVENT_MESSAGES,
  eventInputSchema,
  eventListQuerySchema,
  type AdminEventResponse,
  type AdminEventsResponse,
  type EventDeletedResponse,
  type EventValues,
} from "#contracts/admin/events.ts";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/d1";
import { actorOf } from "../../middleware/guards";
import { hasValidTickets } from "../../db/tickets/event-cancellations";
import { queueMovedNotices } from "../../services/tickets/event-moved";
import { EVENT_CANCEL_MESSAGES } from "#contracts/tickets/event-cancellation.ts";

type Ctx = Context<HonoEnv>;

const eventNotFound = () => notFound(ADMIN_EVENT_MESSAGES.eventNotFound, ADMIN_EVENT_CODES.notFound);
const venueUnknown = () => ruleError("venueId", "event_venue_unknown");

async function storedEvent(c: Ctx): Promise<EventRow> {
  const id = c.req.param("id") ?? "";
  const row = EVENT_ID_PATTERN.test(id) ? await findEvent(c.var.db, id) : null;
  if (!row) throw eventNotFound();
  return row;
}

/**
 * Runs an event write: a venue that does not exist (or was deleted meanwhile) is the form's 400,
 * an Eventbrite event ID another event has is a 409.
 */
async function writeEvent<T>(c: Ctx, values: EventValues, write: () => Promise<T>): Promise<T> {
  if (values.venueId && !(await findAdminVenue(c.var.db, values.venueId))) throw venueUnknown();
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ADMIN_EVENT_MESSAGES.eventbriteTaken, ADMIN_EVENT_CODES.eventbriteTaken);
    if (isForeignKeyViolation(err)) throw venueUnknown();
    throw err;
  } finally {
    forget(EVENTS_MEMO_PREFIX);
  }
}

export const adminEventRoutes = new Hono<HonoEnv>()
  .get("/", validate("query", eventListQuerySchema), async (c) =>
    c.json<AdminEventsResponse>({ events: await listAdminEvents(c.var.db, c.req.valid("query")) }),
  )

  .post("/", validate("json", eventInputSchema()), async (c) => {
    const values = c.req.valid("json");
    await checkMinTierChoice(c.var.db, values.presaleMinTierId, null, "presaleMinTierId");
    await checkMinTierChoice(c.var.db, values.vipMinTierId, null, "vipMinTierId");
    const event = await writeEvent(c, values, () => createEvent(c.var.db, actorOf(c), values));
    return c.json<AdminEventResponse>({ event }, 201);
  })

  .get("/:id", async (c) => c.json<AdminEventResponse>({ event: await adminEventOf(c.var.db, await storedEvent(c)) }))

  // Every field of the form again. A venue country from before the three choices may stay. An event
  // with ticket types keeps its source and currency (its prices are in it; decision 055). An event
  // with sold tickets is cancelled only by Cancel event (event-cancellation.ts), which refunds its
  // buyers; a new start is mailed to its buyers (services/tickets/event-moved.ts).
  .put("/:id", async (c) => {
    const before = await storedEvent(c);
    const values = await parseJsonBody(c, eventInputSchema(before.venueCountry));
    await checkMinTierChoice(c.var.db, values.presaleMinTierId, before.presaleMinTierId, "presaleMinTierId");
    await checkMinTierChoice(c.var.db, values.vipMinTierId, before.vipMinTierId, "vipMinTierId");
    const keepsSale = sellsTicketsHere(values) && values.currency.toUpperCase() === before.currency.toUpperCase();
    if (!keepsSale && (await countTicketTypes(c.var.db, before.id)) > 0) throw routeError("event_has_ticket_types");
    const sold = await hasValidTickets(c.var.db, before.id);
    if (sold && values.status === "cancelled" && before.status !== "cancelled") throw conflict(EVENT_CANCEL_MESSAGES.hasTicketSales, "event_has_ticket_sales");
    const event = await writeEvent(c, values, () => updateEvent(c.var.db, actorOf(c), before, values));
    if (!event) throw eventNotFound();
    const from = before.eventDate.getTime();
    if (sold && event.status !== "cancelled" && values.eventDate !== from) {
      await queueMovedNotices(c.env, before.id, from, values.eventDate, Date.parse(event.updatedAt));
    }
    return c.json<AdminEventResponse>({ event });
  })

  // Its imported ticket orders stay (they keep the event's title; tickets.event_id becomes null); its
  // presale codes and unsold ticket types go. One that sold tickets here (or has them in a checkout)
  // is refused: those tickets and orders need it (decision 055); it is cancelled instead.
  .delete("/:id", async (c) => {
    const before = await storedEvent(c);
    if (await eventHasTickets(c.var.db, before.id)) throw routeError("event_has_tickets");
    try {
      await deleteEvent(c.var.db, actorOf(c), before);
    } catch (err) {
      // A checkout took seats between the check and the delete: the foreign keys refuse the batch whole.
      if (isForeignKeyViolation(err)) throw routeError("event_has_tickets");
      throw err;
    }
    forget(EVENTS_MEMO_PREFIX);
    return c.json<EventDeletedResponse>({ deleted: before.id });
  });
