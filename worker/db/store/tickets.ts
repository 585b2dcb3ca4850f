// Ticket lines of the store's checkout (decision 055): the rows a ticket line is priced from, and
// the statements that take, give back and issue its seats, each built for the store's own batches
// (worker/db/store/checkouts.ts, store-orders.ts, store-refunds.ts) so a ticket line is reserved,
// released, fulfilled and refunded in the same transaction as the rest of its checkout.
//
// Taking (the reservation batch): per type `remaining = remaining - ?1 WHERE remaining >= ?1`, per
// event `tickets_taken = tickets_taken + ?1 WHERE venue_capacity IS NULL OR tickets_taken + ?1 <=
// venue_capacity`, each followed by the store's sold_out refusal (the batch fails whole when it
// changed nothing), and a `ticket_holds` row per type.
// Giving back (expiry, failure, provider refusal): only holds still `held`, then marked `released`,
// so twice gives back once. A payment after an expiry takes a released hold's seats again where the
// type and the venue still have them (the hold is then committed); where they do not, the hold stays
// `released`, no ticket is issued for it and the admins' notice names it for a refund.
// Issuing: one `event_tickets` row per seat of each committed hold, conditional on the order this
// delivery inserted. A full refund turns the order's `valid` tickets `refunded` and gives their seats
// back in the same batch, seats first: a ticket already refunded (or cancelled) gives nothing.
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DB } from "../client";
import type { Statement } from "../d1";
import { events } from "../schema/events";
import { eventTickets, ticketHolds, ticketTypes } from "../schema/tickets";
import { listedForLine, seatsForTheLine } from "../waitlist/seats";

const stmt = (text: string, ...params: unknown[]): Statement => ({ sql: text, params });

/** A ticket type with what its sale depends on (its event's state, times, currency). */
export async function loadTicketRows(db: DB, typeIds: string[]): Promise<Map<string, TicketRow>> {
  if (typeIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: ticketTypes.id,
      eventId: ticketTypes.eventId,
      name: ticketTypes.name,
      namePtBr: ticketTypes.namePtBr,
      priceCents: ticketTypes.priceCents,
      remaining: ticketTypes.remaining,
      perOrderLimit: ticketTypes.perOrderLimit,
      vipOnly: ticketTypes.vipOnly,
      minTierId: ticketTypes.minTierId,
      event: {
        title: events.title,
        titlePtBr: events.titlePtBr,
        status: events.status,
        source: events.source,
        eventDate: events.eventDate,
        currency: events.currency,
        venueCapacity: events.venueCapacity,
        ticketsTaken: events.ticketsTaken,
        ticketSaleStart: events.ticketSaleStart,
        ticketSaleEnd: events.ticketSaleEnd,
        presaleCodeMode: events.presaleCodeMode,
        presaleStartsAt: events.presaleStartsAt,
        presaleEndsAt: events.presaleEndsAt,
        generalSaleAt: events.generalSaleAt,
        presaleMinTierId: events.presaleMinTierId,
      },
    })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .where(inArray(ticketTypes.id, typeIds))
    .all();
  return new Map(rows.map((r) => [r.id, r]));
}
export type TicketRow = {
  id: string;
  eventId: string;
  name: string;
  namePtBr: string | null;
  priceCents: number;
  remaining: number;
  perOrderLimit: number;
  vipOnly: boolean;
  minTierId: string | null;
  event: {
    title: string;
    titlePtBr: string | null;
    status: "draft" | "published" | "cancelled";
    source: "custom" | "eventbrite";
    eventDate: Date;
    currency: string;
    venueCapacity: number | null;
    ticketsTaken: number;
    ticketSaleStart: Date | null;
    ticketSaleEnd: Date | null;
    presaleCodeMode: "none" | "shared" | "unique";
    presaleStartsAt: Date | null;
    presaleEndsAt: Date | null;
    generalSaleAt: Date | null;
    /** The presale's lowest tier (decision 104; null: VIP and above). */
    presaleMinTierId: string | null;
  };
};

/** A checkout's ticket line as the reservation stores it (lines of one type summed). */
export type NewTicketHold = { ticketTypeId: string; eventId: string; quantity: number; unitCents: number; totalCents: number };

const refuseSoldOut = () => stmt(`INSERT INTO store_refusals (code) SELECT 'sold_out' WHERE changes() = 0`);

/** The seats of a checkout's ticket lines, for the reservation batch (after the checkout's own row). */
export function ticketReservationStatements(checkoutId: string, holds: NewTicketHold[], now: number): Statement[] {
  const statements: Statement[] = [];
  for (const h of holds) {
    statements.push(
      stmt(`UPDATE ticket_types SET remaining = remaining - ?1, updated_at = ?3 WHERE id = ?2 AND remaining >= ?1`, h.quantity, h.ticketTypeId, now),
      refuseSoldOut(),
      stmt(
        `INSERT INTO ticket_holds (checkout_id, ticket_type_id, event_id, quantity, unit_cents, total_cents, state, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'held', ?7)`,
        checkoutId,
        h.ticketTypeId,
        h.eventId,
        h.quantity,
        h.unitCents,
        h.totalCents,
        now,
      ),
    );
  }
  const perEvent = new Map<string, number>();
  for (const h of holds) perEvent.set(h.eventId, (perEvent.get(h.eventId) ?? 0) + h.quantity);
  for (const [eventId, quantity] of perEvent) {
    statements.push(
      stmt(
        `UPDATE events SET tickets_taken = tickets_taken + ?1 WHERE id = ?2 AND (venue_capacity IS NULL OR tickets_taken + ?1 <= venue_capacity)`,
        quantity,
        eventId,
      ),
      refuseSoldOut(),
    );
  }
  return statements;
}

/**
 * Gives back the seats of a checkout's holds still `held` and marks them released. Changes nothing
 * the second time, nor after a payment committed them. (The bounds only guard the CHECKs should an
 * admin have changed a type's quantity meanwhile: a failed release would fail its event's batch.)
 */
export const ticketReleaseStatements = (checkoutId: string, now: number): Statement[] => [
  stmt(
    `UPDATE ticket_types
        SET remaining = min(quantity, remaining + (SELECT h.quantity FROM ticket_holds h WHERE h.checkout_id = ?1 AND h.ticket_type_id = ticket_types.id AND h.state = 'held')),
            updated_at = ?2
      WHERE id IN (SELECT ticket_type_id FROM ticket_holds WHERE checkout_id = ?1 AND state = 'held')`,
    checkoutId,
    now,
  ),
  stmt(
    `UPDATE events
        SET tickets_taken = max(0, tickets_taken - (SELECT sum(h.quantity) FROM ticket_holds h WHERE h.checkout_id = ?1 AND h.event_id = events.id AND h.state = 'held'))
      WHERE id IN (SELECT event_id FROM ticket_holds WHERE checkout_id = ?1 AND state = 'held')`,
    checkoutId,
  ),
  stmt(`UPDATE ticket_holds SET state = 'released', updated_at = ?2 WHERE checkout_id = ?1 AND state = 'held'`, checkoutId, now),
];

/** One issued ticket's id and typed code, drawn before the batch. */
export type IssuedTicketIds = { id: string; code: string };

export type TicketOrderPlan = {
  orderId: string;
  checkoutId: string;
  /** Every hold of the checkout (whatever its state when read: the statements read it again). */
  holds: (Pick<NewTicketHold, "ticketTypeId" | "eventId" | "quantity"> & { tickets: IssuedTicketIds[] })[];
  /** The tickets' share of the order's total (their holds' totals): the ledger's `tickets` row. */
  ticketCents: number;
  /** The tax within ticketCents, and where it is owed (decision 093). */
  ticketTaxCents?: number;
  taxJurisdiction?: string | null;
};

/**
 * The ticket part of a paid order's batch, placed after the order's insert (`?1` the order this
 * delivery inserts: nothing happens when another delivery made the order). Released holds take their
 * seats again where both the type and the venue have them; held ones are committed; each committed
 * hold becomes its tickets; the ledger gets the tickets' share.
 */
export function ticketOrderStatements(p: TicketOrderPlan, now: number): Statement[] {
  const exists = `EXISTS (SELECT 1 FROM orders WHERE id = ?1)`;
  const statements: Statement[] = [];
  for (const h of p.holds) {
    statements.push(
      stmt(
        `UPDATE ticket_types SET remaining = remaining - ?2, updated_at = ?6 WHERE id = ?3 AND remaining >= ?2 AND ${exists}
            AND EXISTS (SELECT 1 FROM ticket_holds WHERE checkout_id = ?4 AND ticket_type_id = ?3 AND state = 'released')
            AND EXISTS (SELECT 1 FROM events WHERE id = ?5 AND (venue_capacity IS NULL OR tickets_taken + ?2 <= venue_capacity))`,
        p.orderId,
        h.quantity,
        h.ticketTypeId,
        p.checkoutId,
        h.eventId,
        now,
      ),
      stmt(`UPDATE events SET tickets_taken = tickets_taken + ?1 WHERE id = ?2 AND changes() > 0`, h.quantity, h.eventId),
      stmt(
        `UPDATE ticket_holds SET state = 'committed', updated_at = ?3 WHERE checkout_id = ?1 AND ticket_type_id = ?2 AND state = 'released' AND changes() > 0`,
        p.checkoutId,
        h.ticketTypeId,
        now,
      ),
    );
  }
  statements.push(
    stmt(`UPDATE ticket_holds SET state = 'committed', updated_at = ?3 WHERE checkout_id = ?2 AND state = 'held' AND ${exists}`, p.orderId, p.checkoutId, now),
  );
  for (const h of p.holds) {
    if (h.tickets.length === 0) continue;
    statements.push(
      stmt(
        `INSERT INTO event_tickets (id, code, token_version, order_id, event_id, ticket_type_id, type_name, price_cents, currency,
                                    buyer_user_id, buyer_email, owner_user_id, owner_email, status, created_at)
         SELECT json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]'), 1, o.id, h.event_id, h.ticket_type_id, t.name, h.unit_cents, o.currency,
                o.user_id, o.email, o.user_id, o.email, 'valid', o.paid_at
           FROM json_each(?4) j
           JOIN orders o ON o.id = ?1
           JOIN ticket_holds h ON h.checkout_id = ?2 AND h.ticket_type_id = ?3 AND h.state = 'committed'
           JOIN ticket_types t ON t.id = h.ticket_type_id`,
        p.orderId,
        p.checkoutId,
        h.ticketTypeId,
        JSON.stringify(h.tickets.map((t) => [t.id, t.code])),
      ),
    );
  }
  if (p.holds.length > 0) {
    statements.push(
      stmt(
        `INSERT INTO revenue_entries (ref, source, amount_cents, currency, user_id, order_id, occurred_at, tax_cents, tax_jurisdiction)
         SELECT 'order:' || o.id || ':tickets', 'tickets', ?2, o.currency, o.user_id, o.id, o.paid_at, ?3, ?4 FROM orders o WHERE o.id = ?1`,
        p.orderId,
        p.ticketCents,
        p.ticketTaxCents ?? 0,
        p.ticketTaxCents ? (p.taxJurisdiction ?? null) : null,
      ),
    );
  }
  return statements;
}

/**
 * What takes an order's tickets back, once `when` holds (read inside the batch: a full refund, after
 * its update of the order; a lost dispute, decision 094): the seats of its `valid` tickets back to
 * their types and events (or, while fans wait on the type, to its line as seats only the waitlist
 * may buy), then those tickets `refunded`. A replay finds none valid; cancelled tickets (an event
 * cancellation) are left as they are and give nothing back.
 */
export const ticketRefundStatements = (db: DB, orderId: string, now: number, when: SQL): Statement[] => [
  // While fans wait on a type, its freed seats go to their line, not back to the sale (decision 190).
  db.run(seatsForTheLine(orderId, now, when)).getQuery(),
  db
    .run(
      sql`UPDATE ticket_types
        SET remaining = min(quantity, remaining + (SELECT count(*) FROM event_tickets e WHERE e.order_id = ${orderId} AND e.ticket_type_id = ticket_types.id AND e.status = 'valid' AND NOT ${listedForLine("e")})),
            updated_at = ${now}
      WHERE id IN (SELECT ticket_type_id FROM event_tickets e WHERE order_id = ${orderId} AND status = 'valid' AND NOT ${listedForLine("e")}) AND ${when}`,
    )
    .getQuery(),
  db
    .run(
      sql`UPDATE events
        SET tickets_taken = max(0, tickets_taken - (SELECT count(*) FROM event_tickets e WHERE e.order_id = ${orderId} AND e.event_id = events.id AND e.status = 'valid' AND NOT ${listedForLine("e")}))
      WHERE id IN (SELECT event_id FROM event_tickets e WHERE order_id = ${orderId} AND status = 'valid' AND NOT ${listedForLine("e")}) AND ${when}`,
    )
    .getQuery(),
  db.run(sql`UPDATE event_tickets SET status = 'refunded', voided_at = ${now} WHERE order_id = ${orderId} AND status = 'valid' AND ${when}`).getQuery(),
];

/** A checkout's ticket lines with their type's and event's names now (the provider's line items, the summaries). */
export const listTicketHolds = (db: DB, checkoutId: string) =>
  db
    .select({
      ticketTypeId: ticketHolds.ticketTypeId,
      eventId: ticketHolds.eventId,
      quantity: ticketHolds.quantity,
      unitCents: ticketHolds.unitCents,
      totalCents: ticketHolds.totalCents,
      state: ticketHolds.state,
      typeName: ticketTypes.name,
      typeNamePtBr: ticketTypes.namePtBr,
      eventTitle: events.title,
      eventTitlePtBr: events.titlePtBr,
      eventDate: events.eventDate,
      timeZone: events.timeZone,
      position: ticketTypes.position,
    })
    .from(ticketHolds)
    .innerJoin(ticketTypes, eq(ticketTypes.id, ticketHolds.ticketTypeId))
    .innerJoin(events, eq(events.id, ticketHolds.eventId))
    .where(eq(ticketHolds.checkoutId, checkoutId))
    .orderBy(asc(events.eventDate), asc(ticketTypes.position), asc(ticketTypes.name))
    .all();
export type TicketHoldView = Awaited<ReturnType<typeof listTicketHolds>>[number];

/** An order's tickets, with their event and type, in a stable order (the receipt). */
export const listOrderTickets = (db: DB, orderId: string) =>
  db
    .select({
      id: eventTickets.id,
      code: eventTickets.code,
      tokenVersion: eventTickets.tokenVersion,
      eventId: eventTickets.eventId,
      ticketTypeId: eventTickets.ticketTypeId,
      typeName: eventTickets.typeName,
      typeNamePtBr: ticketTypes.namePtBr,
      priceCents: eventTickets.priceCents,
      status: eventTickets.status,
      eventTitle: events.title,
      eventTitlePtBr: events.titlePtBr,
      eventDate: events.eventDate,
      timeZone: events.timeZone,
      venueName: events.venueName,
      venueCity: events.venueCity,
    })
    .from(eventTickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, eventTickets.ticketTypeId))
    .innerJoin(events, eq(events.id, eventTickets.eventId))
    .where(and(eq(eventTickets.orderId, orderId)))
    .orderBy(asc(events.eventDate), asc(ticketTypes.position), asc(eventTickets.code))
    .all();

/** An order's ticket lines for its back-office page: each type bought, how many were issued, are still valid, were checked in. */
export const orderTicketLinesQuery = (db: DB, orderId: string) => {
  const countOf = (condition: ReturnType<typeof sql>) =>
    sql<number>`(SELECT count(*) FROM event_tickets x WHERE x.order_id = ${orderId} AND x.ticket_type_id = ${ticketHolds.ticketTypeId} AND ${condition})`;
  return db
    .select({
      eventId: ticketHolds.eventId,
      eventTitle: events.title,
      ticketTypeId: ticketHolds.ticketTypeId,
      typeName: ticketTypes.name,
      quantity: ticketHolds.quantity,
      unitCents: ticketHolds.unitCents,
      totalCents: ticketHolds.totalCents,
      issued: countOf(sql`1`),
      valid: countOf(sql`x.status = 'valid'`),
      checkedIn: countOf(sql`x.checked_in_at IS NOT NULL`),
    })
    .from(ticketHolds)
    .innerJoin(ticketTypes, eq(ticketTypes.id, ticketHolds.ticketTypeId))
    .innerJoin(events, eq(events.id, ticketHolds.eventId))
    .where(eq(ticketHolds.checkoutId, sql`(SELECT checkout_id FROM orders WHERE id = ${orderId})`))
    .orderBy(asc(events.eventDate), asc(ticketTypes.position), asc(ticketTypes.name));
};
