// One event's tickets sold here, for the back office: its sales per ticket type (sold, checked in,
// voided, held, revenue net of refunds and of a cancellation) and its door list (every valid
// ticket with the name to look for at the door). Read-only: nothing here writes.
import { eq } from "drizzle-orm";
import type { DB } from "../client";
import { events } from "../schema/events";
import { presaleTimesOf } from "#contracts/presales.ts";
import { ticketCurrencyOf, ticketSaleStateAt } from "#contracts/tickets/event-tickets-model.ts";
import type { DoorListEntry, DoorListResponse, TicketSalesResponse, TicketTypeSales } from "#contracts/tickets/admin-sales.ts";
import type { DoorQuery } from "#contracts/tickets/admin.ts";

type TypeRow = {
  id: string;
  name: string;
  name_pt_br: string | null;
  price_cents: number;
  vip_only: number;
  quantity: number;
  remaining: number;
  held: number;
  sold: number;
  checked_in: number;
  refunded: number;
  cancelled: number;
  revenue_cents: number;
};

// Per type: its tickets by status (one pass over the event's tickets, grouped) and the seats
// checkouts still hold. A refunded or cancelled ticket is neither sold nor revenue any more.
const TYPES_SQL = `SELECT tt.id, tt.name, tt.name_pt_br, tt.price_cents, tt.vip_only, tt.quantity, tt.remaining,
  coalesce(h.held, 0) AS held, coalesce(s.sold, 0) AS sold, coalesce(s.checked_in, 0) AS checked_in,
  coalesce(s.refunded, 0) AS refunded, coalesce(s.cancelled, 0) AS cancelled, coalesce(s.revenue_cents, 0) AS revenue_cents
FROM ticket_types tt
LEFT JOIN (
  SELECT ticket_type_id,
    sum(status = 'valid') AS sold,
    sum(status = 'valid' AND checked_in_at IS NOT NULL) AS checked_in,
    sum(status = 'refunded') AS refunded,
    sum(status = 'cancelled') AS cancelled,
    sum(CASE WHEN status = 'valid' THEN price_cents ELSE 0 END) AS revenue_cents
  FROM event_tickets WHERE event_id = ?1 GROUP BY ticket_type_id
) s ON s.ticket_type_id = tt.id
LEFT JOIN (
  SELECT ticket_type_id, sum(quantity) AS held FROM ticket_holds WHERE event_id = ?1 AND state = 'held' GROUP BY ticket_type_id
) h ON h.ticket_type_id = tt.id
WHERE tt.event_id = ?1
ORDER BY tt.position, tt.created_at, tt.id`;

/** The event's sales per type, or null when there is no such event. */
export async function ticketSales(db: DB, eventId: string, now = Date.now()): Promise<TicketSalesResponse | null> {
  const event = await db.select().from(events).where(eq(events.id, eventId)).get();
  if (!event) return null;
  const { results } = await db.$client.prepare(TYPES_SQL).bind(eventId).all<TypeRow>();
  const types = results.map((r): TicketTypeSales => ({
    id: r.id,
    name: r.name,
    namePtBr: r.name_pt_br,
    priceCents: r.price_cents,
    vipOnly: r.vip_only === 1,
    quantity: r.quantity,
    remaining: r.remaining,
    held: r.held,
    sold: r.sold,
    checkedIn: r.checked_in,
    refunded: r.refunded,
    cancelled: r.cancelled,
    revenueCents: r.revenue_cents,
  }));
  const sum = (pick: (t: TicketTypeSales) => number) => types.reduce((n, t) => n + pick(t), 0);
  const saleTimes = {
    saleStart: event.ticketSaleStart?.getTime() ?? null,
    saleEnd: event.ticketSaleEnd?.getTime() ?? null,
    eventDate: event.eventDate.getTime(),
    presale: presaleTimesOf(event),
  };
  return {
    event: {
      id: event.id,
      title: event.title,
      titlePtBr: event.titlePtBr ?? null,
      eventDate: event.eventDate.toISOString(),
      timeZone: event.timeZone,
      status: event.status,
      currency: ticketCurrencyOf(event.currency),
      capacity: event.venueCapacity,
      taken: event.ticketsTaken,
      saleState: types.length > 0 ? ticketSaleStateAt(saleTimes, now) : null,
    },
    types,
    totals: {
      sold: sum((t) => t.sold),
      checkedIn: sum((t) => t.checkedIn),
      refunded: sum((t) => t.refunded),
      cancelled: sum((t) => t.cancelled),
      held: sum((t) => t.held),
      revenueCents: sum((t) => t.revenueCents),
    },
  };
}

type DoorRow = {
  id: string;
  holder_name: string | null;
  owner_name: string | null;
  owner_email: string;
  type_name: string;
  code: string;
  checked_in_at: number | null;
  checked_in_by: string | null;
};

// The owner's account name stands in for a ticket with no holder name (the owner is the buyer
// until a transfer, and is who brings it), else the owner's e-mail (a guest's).
const DOOR_SQL = `SELECT et.id, et.holder_name, ow.username AS owner_name, et.owner_email, et.type_name, et.code,
  et.checked_in_at, st.username AS checked_in_by
FROM event_tickets et
LEFT JOIN users ow ON ow.id = et.owner_user_id
LEFT JOIN users st ON st.id = et.checked_in_by
WHERE et.event_id = ?1 AND et.status = 'valid'`;

/** Names sorted as people read them (accents and case set aside), in either language. */
const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

const ORDERS: Record<DoorQuery["sort"], (a: DoorListEntry, b: DoorListEntry) => number> = {
  name: (a, b) => collator.compare(a.name, b.name) || a.code.localeCompare(b.code),
  type: (a, b) => collator.compare(a.typeName, b.typeName) || collator.compare(a.name, b.name) || a.code.localeCompare(b.code),
  // Not yet through the door first (who is still expected), then by when they came in.
  checked_in: (a, b) =>
    (a.checkedInAt === null ? 0 : 1) - (b.checkedInAt === null ? 0 : 1) ||
    (a.checkedInAt ?? "").localeCompare(b.checkedInAt ?? "") ||
    collator.compare(a.name, b.name) ||
    a.code.localeCompare(b.code),
};

/** The event's door list (valid tickets only), or null when there is no such event. */
export async function doorList(db: DB, eventId: string, q: Pick<DoorQuery, "search" | "sort">): Promise<DoorListResponse | null> {
  const event = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).get();
  if (!event) return null;
  const { results } = await db.$client.prepare(DOOR_SQL).bind(eventId).all<DoorRow>();
  const all = results.map((r): DoorListEntry => ({
    id: r.id,
    name: r.holder_name ?? r.owner_name ?? r.owner_email,
    named: r.holder_name ? "holder" : "owner",
    email: r.owner_email,
    typeName: r.type_name,
    code: r.code,
    checkedInAt: r.checked_in_at === null ? null : new Date(r.checked_in_at).toISOString(),
    checkedInBy: r.checked_in_by,
  }));
  const needle = q.search?.toLocaleLowerCase();
  const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();
  const shown = needle ? all.filter((e) => [e.name, e.email, e.code].some((field) => fold(field).includes(fold(needle)))) : all;
  return {
    eventId,
    total: all.length,
    checkedIn: all.filter((e) => e.checkedInAt !== null).length,
    entries: shown.sort(ORDERS[q.sort]),
  };
}
