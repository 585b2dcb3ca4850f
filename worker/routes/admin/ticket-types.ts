// /api/admin/events/:id/ticket-types: what a custom event in USD or BRL sells here (decision 055),
// for administrators only (the admin tree's gate runs first). Mounted beside the events sub-app.
//   GET    /              the event's types, each with sold, held and remaining
//   POST   /              a new type → 201 (409 event_not_sellable, ticket_types_full)
//   PUT    /:typeId       every field again; a new quantity moves remaining by the difference
//                         (409 ticket_quantity_below_sold when fewer than sold and held)
//   A type may ask a tier at least X (minTierId, decision 099): a tier the ladder lacks is 400
//   tier_gate_unknown and nothing is stored.
//   DELETE /:typeId       only a type nothing was sold or held of (409 ticket_type_has_sales)
// Each write and its audit row go in one batch; the content version is renewed after it, as after
// every back-office write, so the public answers cached at the edge show the change.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { parseJsonBody } from "../../lib/validate";
import { notFound, routeError } from "../../lib/errors";
import { isRefused } from "../../lib/outcome";
import { findEvent, type EventRow } from "../../db/events";
import { createTicketType, deleteTicketType, findTicketType, listTicketTypes, updateTicketType } from "../../db/tickets/admin-ticket-types";
import { sellsTicketsHere } from "../../db/tickets/sale";
import { EVENT_ID_PATTERN } from "#contracts/events.ts";
import { ADMIN_EVENT_CODES, ADMIN_EVENT_MESSAGES } from "#contracts/admin/events.ts";
import { ROUTE_CODES } from "#contracts/route-codes.ts";
import {
  ticketTypeInputSchema,
  type AdminTicketType,
  type AdminTicketTypeResponse,
  type AdminTicketTypesResponse,
  type TicketTypeDeletedResponse,
} from "#contracts/tickets/admin-ticket-types.ts";
import { actorOf } from "../../middleware/guards";
import { checkGate } from "../../services/tier-gate-check";

type Ctx = Context<HonoEnv>;

const eventNotFound = () => notFound(ADMIN_EVENT_MESSAGES.eventNotFound, ADMIN_EVENT_CODES.notFound);
const typeNotFound = () => notFound(ROUTE_CODES.ticket_type_not_found.en, "ticket_type_not_found");

async function storedEvent(c: Ctx): Promise<EventRow> {
  const id = c.req.param("id") ?? "";
  const row = EVENT_ID_PATTERN.test(id) ? await findEvent(c.var.db, id) : null;
  if (!row) throw eventNotFound();
  return row;
}

async function storedType(c: Ctx): Promise<AdminTicketType> {
  const event = await storedEvent(c);
  const typeId = c.req.param("typeId") ?? "";
  const type = EVENT_ID_PATTERN.test(typeId) ? await findTicketType(c.var.db, event.id, typeId) : null;
  if (!type) throw typeNotFound();
  return type;
}

export const adminTicketTypeRoutes = new Hono<HonoEnv>()
  .get("/:id/ticket-types", async (c) => {
    const event = await storedEvent(c);
    return c.json<AdminTicketTypesResponse>({ ticketTypes: await listTicketTypes(c.var.db, event.id) });
  })

  .post("/:id/ticket-types", async (c) => {
    const event = await storedEvent(c);
    const values = await parseJsonBody(c, ticketTypeInputSchema);
    if (values.minTierId !== null) await checkGate(c.var.db, { minTier: values.minTierId }, "minTierId");
    if (!sellsTicketsHere(event)) throw routeError("event_not_sellable");
    const created = await createTicketType(c.var.db, actorOf(c), event.id, values);
    if (created === null) throw eventNotFound();
    if (isRefused(created)) throw routeError(created.refused === "full" ? "ticket_types_full" : "event_not_sellable");
    return c.json<AdminTicketTypeResponse>({ ticketType: created }, 201);
  })

  .put("/:id/ticket-types/:typeId", async (c) => {
    const before = await storedType(c);
    const values = await parseJsonBody(c, ticketTypeInputSchema);
    if (values.minTierId !== null) await checkGate(c.var.db, { minTier: values.minTierId }, "minTierId");
    const updated = await updateTicketType(c.var.db, actorOf(c), before, values);
    if (updated === null) throw typeNotFound();
    if (isRefused(updated)) throw routeError("ticket_quantity_below_sold");
    return c.json<AdminTicketTypeResponse>({ ticketType: updated });
  })

  .delete("/:id/ticket-types/:typeId", async (c) => {
    const before = await storedType(c);
    const outcome = await deleteTicketType(c.var.db, actorOf(c), before);
    if (outcome === null) throw typeNotFound();
    if (isRefused(outcome)) throw routeError("ticket_type_has_sales");
    return c.json<TicketTypeDeletedResponse>({ deleted: before.id });
  });
