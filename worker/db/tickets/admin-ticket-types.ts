// The back office's ticket types of an event (decision 055). Each write is one conditional
// statement with its audit row after it in the same batch (auditIfChanged: stored only when the
// write changed a row): a type is added only to a custom event in USD or BRL with room for one
// more; a quantity change moves `remaining` by the difference in the statement itself, never below
// what is sold or held; a type with tickets sold or in checkouts is never deleted.
import type { DB } from "../client";
import { auditIfChanged, type Actor, type AuditEntry } from "../audit";
import { refuse, type Refused } from "../../lib/outcome";
import { iso } from "../../lib/time";
import { TICKET_LIMITS } from "#contracts/tickets/event-tickets-model.ts";
import { sellsTicketsHere } from "./sale";
import type { AdminTicketType, TicketTypeValues } from "#contracts/tickets/admin-ticket-types.ts";

type TicketTypeSqlRow = {
  id: string;
  event_id: string;
  name: string;
  name_pt_br: string | null;
  price_cents: number;
  quantity: number;
  remaining: number;
  per_order_limit: number;
  vip_only: number;
  min_tier_id: string | null;
  position: number;
  kind: "venue" | "online";
  created_at: number;
  updated_at: number;
  sold: number;
  held: number;
};

const SELECT_TYPES = `
  SELECT t.*,
         (SELECT count(*) FROM event_tickets k WHERE k.ticket_type_id = t.id AND k.status = 'valid') AS sold,
         (SELECT coalesce(sum(h.quantity), 0) FROM ticket_holds h WHERE h.ticket_type_id = t.id AND h.state = 'held') AS held
  FROM ticket_types t`;
const ORDER = "ORDER BY t.position, t.created_at, t.id";

const toAdminTicketType = (row: TicketTypeSqlRow): AdminTicketType => ({
  id: row.id,
  eventId: row.event_id,
  name: row.name,
  namePtBr: row.name_pt_br,
  priceCents: row.price_cents,
  quantity: row.quantity,
  remaining: row.remaining,
  sold: row.sold,
  held: row.held,
  perOrderLimit: row.per_order_limit,
  vipOnly: row.vip_only === 1,
  minTierId: row.min_tier_id,
  position: row.position,
  kind: row.kind,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** An event's ticket types in their order, each with what is sold and held. */
export async function listTicketTypes(db: DB, eventId: string): Promise<AdminTicketType[]> {
  const { results } = await db.$client.prepare(`${SELECT_TYPES} WHERE t.event_id = ?1 ${ORDER}`).bind(eventId).all<TicketTypeSqlRow>();
  return results.map(toAdminTicketType);
}

/** The ticket types of several events (the back office's list), by event, in one query. */
export async function ticketTypesByEvent(db: DB, eventIds: readonly string[]): Promise<Map<string, AdminTicketType[]>> {
  const byEvent = new Map<string, AdminTicketType[]>();
  if (eventIds.length === 0) return byEvent;
  const wanted = new Set(eventIds);
  // Every type (at most TICKET_LIMITS.maxTypesPerEvent an event), not an IN list: D1 binds at most 100 values.
  const { results } = await db.$client.prepare(`${SELECT_TYPES} ${ORDER}`).all<TicketTypeSqlRow>();
  for (const row of results) {
    if (!wanted.has(row.event_id)) continue;
    const list = byEvent.get(row.event_id) ?? [];
    list.push(toAdminTicketType(row));
    byEvent.set(row.event_id, list);
  }
  return byEvent;
}

export async function findTicketType(db: DB, eventId: string, typeId: string): Promise<AdminTicketType | null> {
  const row = await db.$client.prepare(`${SELECT_TYPES} WHERE t.id = ?1 AND t.event_id = ?2`).bind(typeId, eventId).first<TicketTypeSqlRow>();
  return row ? toAdminTicketType(row) : null;
}

/** True when any ticket of the event was issued or is held by a checkout (its delete would break them). */
export async function eventHasTickets(db: DB, eventId: string): Promise<boolean> {
  const row = await db.$client
    .prepare(`SELECT EXISTS (SELECT 1 FROM event_tickets WHERE event_id = ?1) OR EXISTS (SELECT 1 FROM ticket_holds WHERE event_id = ?1) AS x`)
    .bind(eventId)
    .first<{ x: number }>();
  return row?.x === 1;
}

export async function countTicketTypes(db: DB, eventId: string): Promise<number> {
  const row = await db.$client.prepare(`SELECT count(*) AS n FROM ticket_types WHERE event_id = ?1`).bind(eventId).first<{ n: number }>();
  return row?.n ?? 0;
}

/** What an audit row shows of a type: the form's fields. */
const auditView = (v: TicketTypeValues | AdminTicketType) => ({
  name: v.name,
  namePtBr: v.namePtBr,
  priceCents: v.priceCents,
  quantity: v.quantity,
  perOrderLimit: v.perOrderLimit,
  vipOnly: v.vipOnly,
  minTierId: v.minTierId,
  position: v.position,
  kind: v.kind,
});

const entry = (actor: Actor, action: AuditEntry["action"], eventId: string, summary: AuditEntry["summary"]): AuditEntry => ({
  actor,
  action,
  targetType: "event",
  targetId: eventId,
  summary,
});

/** The event is gone, may not sell tickets here, or has all the types it may have. */
export type TicketTypeAddRefusal = Refused<"not_sellable" | "full">;

/**
 * Adds a type to a custom event in USD or BRL that has fewer than TICKET_LIMITS.maxTypesPerEvent,
 * checked in the insert itself; its remaining is its quantity. Null when the event is gone.
 */
export async function createTicketType(
  db: DB,
  actor: Actor,
  eventId: string,
  values: TicketTypeValues,
  now = Date.now(),
): Promise<AdminTicketType | TicketTypeAddRefusal | null> {
  const id = crypto.randomUUID();
  const insert = db.$client
    .prepare(
      `INSERT INTO ticket_types (id, event_id, name, name_pt_br, price_cents, quantity, remaining, per_order_limit, vip_only, position, created_at, updated_at, min_tier_id, kind)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7, ?8, ?9, ?10, ?10, ?12, ?13 FROM events
       WHERE id = ?2 AND source = 'custom' AND upper(currency) IN ('USD', 'BRL')
         AND (SELECT count(*) FROM ticket_types WHERE event_id = ?2) < ?11`,
    )
    .bind(
      id,
      eventId,
      values.name,
      values.namePtBr,
      values.priceCents,
      values.quantity,
      values.perOrderLimit,
      values.vipOnly ? 1 : 0,
      values.position,
      now,
      TICKET_LIMITS.maxTypesPerEvent,
      values.minTierId,
      values.kind,
    );
  const audit = entry(actor, "event.ticket_type.create", eventId, { after: { id, ...auditView(values) } });
  const [result] = await db.$client.batch([insert, auditIfChanged(db, audit, now)]);
  if ((result?.meta.changes ?? 0) > 0) return (await findTicketType(db, eventId, id))!;
  const event = await db.$client.prepare(`SELECT source, currency FROM events WHERE id = ?1`).bind(eventId).first<{ source: string; currency: string }>();
  if (!event) return null;
  return sellsTicketsHere(event) ? refuse("full") : refuse("not_sellable");
}

/**
 * Every field of a type again. A new quantity moves remaining by the difference in the same
 * statement (against the row as it is then, so a sale at the same moment counts), refused when
 * that would leave it below zero: fewer than what is sold and held. Null when the type is gone.
 */
export async function updateTicketType(
  db: DB,
  actor: Actor,
  before: AdminTicketType,
  values: TicketTypeValues,
  now = Date.now(),
): Promise<AdminTicketType | Refused<"below_sold"> | null> {
  // SQLite reads every SET expression against the row before the update: `quantity` there is the old one.
  const update = db.$client
    .prepare(
      `UPDATE ticket_types SET name = ?3, name_pt_br = ?4, price_cents = ?5, remaining = remaining + (?6 - quantity), quantity = ?6,
              per_order_limit = ?7, vip_only = ?8, position = ?9, updated_at = ?10, min_tier_id = ?11, kind = ?12
       WHERE id = ?1 AND event_id = ?2 AND remaining + (?6 - quantity) >= 0`,
    )
    .bind(
      before.id,
      before.eventId,
      values.name,
      values.namePtBr,
      values.priceCents,
      values.quantity,
      values.perOrderLimit,
      values.vipOnly ? 1 : 0,
      values.position,
      now,
      values.minTierId,
      values.kind,
    );
  const audit = entry(actor, "event.ticket_type.update", before.eventId, {
    before: { id: before.id, ...auditView(before) },
    after: { id: before.id, ...auditView(values) },
  });
  const [result] = await db.$client.batch([update, auditIfChanged(db, audit, now)]);
  const after = await findTicketType(db, before.eventId, before.id);
  if ((result?.meta.changes ?? 0) > 0) return after;
  return after ? refuse("below_sold") : null;
}

/** Deletes a type no ticket and no checkout ever took: "deleted", "has_sales", or null when it is gone. */
export async function deleteTicketType(db: DB, actor: Actor, before: AdminTicketType, now = Date.now()): Promise<"deleted" | Refused<"has_sales"> | null> {
  const remove = db.$client
    .prepare(
      `DELETE FROM ticket_types WHERE id = ?1 AND event_id = ?2
         AND NOT EXISTS (SELECT 1 FROM event_tickets WHERE ticket_type_id = ?1)
         AND NOT EXISTS (SELECT 1 FROM ticket_holds WHERE ticket_type_id = ?1)`,
    )
    .bind(before.id, before.eventId);
  const audit = entry(actor, "event.ticket_type.delete", before.eventId, { before: { id: before.id, ...auditView(before) }, after: null });
  const [result] = await db.$client.batch([remove, auditIfChanged(db, audit, now)]);
  if ((result?.meta.changes ?? 0) > 0) return "deleted";
  return (await findTicketType(db, before.eventId, before.id)) ? refuse("has_sales") : null;
}
