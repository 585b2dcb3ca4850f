// What a verified refund event does to an order, as statements for fulfilment's batch (the event's
// own id row first, so a repeated delivery changes nothing). Every statement is conditional on the
// rows, so events in any order settle the same way:
// - refunded_cents follows the charge's cumulative amount_refunded and never goes down;
// - one negative ledger row per refund, keyed `refund:<refund id>` (inserted once), and for an
//   order of tickets and store lines its tickets' part on its own row (the revenue page's sources);
// - once the order is refunded in full: its downloads revoked, its unredeemed gift codes void, and
//   the stock of its lines given back when it was never shipped, each line once (restocked_at), and
//   its valid tickets refunded with their seats given back, each once (decision 055).
import { eq, sql, type SQL } from "drizzle-orm";
import type { DB } from "../client";
import type { Statement } from "../d1";
import { orders } from "../schema/store";
import { REFUND_BY_EVENT_PREFIX, refundRef } from "./order-history";
import { ticketRefundStatements } from "./tickets";
import { takeBackStatements } from "../contests/remix-shares";

export type RefundedOrder = { id: string; userId: string | null; currency: string; totalCents: number; refundedCents: number };

/** The order a payment belongs to (what a refund is made against); null for other payments (VIP invoices). */
export async function findOrderByPaymentIntent(db: DB, paymentIntentId: string): Promise<RefundedOrder | null> {
  const row = await db
    .select({ id: orders.id, userId: orders.userId, currency: orders.currency, totalCents: orders.totalCents, refundedCents: orders.refundedCents })
    .from(orders)
    .where(eq(orders.paymentIntentId, paymentIntentId))
    .get();
  return row ?? null;
}

/** One refund of the charge, as the event lists it. */
export type ChargeRefund = { id: string; amountCents: number; at: number };

export type ChargeRefunded = {
  /** The charge's amount_refunded: every refund so far, not this one's. */
  cumulativeCents: number;
  /** The refunds the event lists; null when it lists none (the ledger then takes the difference). */
  refunds: ChargeRefund[] | null;
  eventId: string;
  eventAt: number;
};

const raw = (db: DB, query: ReturnType<typeof sql>): Statement => db.run(query).getQuery();

/** The suffix of a refund's row for the tickets' part of a mixed order. */
const TICKETS_PART = ":tickets";

/** The order is refunded in full now (read inside the batch, after its update). */
const fullyRefunded = (orderId: string) => sql`EXISTS (SELECT 1 FROM orders o WHERE o.id = ${orderId} AND o.status = 'refunded')`;
const fullyRefundedUnshipped = (orderId: string) =>
  sql`EXISTS (SELECT 1 FROM orders o WHERE o.id = ${orderId} AND o.status = 'refunded' AND o.shipped_at IS NULL)`;

/** A ledger row's refund: its ref less the suffix of the tickets' part (`refund:<id>:tickets`). */
export const REFUND_OF_REF = `CASE WHEN ref LIKE 'refund:%${TICKETS_PART}' THEN substr(ref, 1, length(ref) - ${TICKETS_PART.length}) ELSE ref END`;

/**
 * A refund's ledger rows, keeping the order's sources: the order's tickets were charged on a
 * `tickets` row and the rest on a `store` row, and a refund is split between them as the order's
 * total was (its tickets' part never more than the tickets' charge less their earlier refunds).
 * The `refund:<id>` row always exists (the store's part, or the whole for an order of tickets
 * only); `refund:<id>:tickets` holds the tickets' part of a mixed order, written first and only
 * while the refund has no row yet (a replay, or a refund recorded before the split, adds nothing).
 * `amount` and `bound` are read from the order row `o`. `bound` is the most the order's ledger may
 * give back in all (the charge's refunded total, or the order's total): the row takes only what the
 * order's other refund and dispute rows leave under it, so an event that lists its refunds after
 * one that did not (or a lost dispute beside refunds) cannot count the same money twice.
 */
export function refundLedgerRows(db: DB, order: RefundedOrder, ref: string, asked: SQL, at: SQL | number, bound: SQL): Statement[] {
  const partRef = ref + TICKETS_PART;
  const givenBackByOthers = sql`(SELECT coalesce(-sum(e.amount_cents), 0) FROM revenue_entries e
    WHERE e.order_id = o.id AND e.amount_cents < 0 AND e.ref NOT IN (${ref}, ${partRef}))`;
  const amount = sql`max(0, min(${asked}, ${bound} - ${givenBackByOthers}))`;
  const charged = sql`(SELECT coalesce(sum(e.amount_cents), 0) FROM revenue_entries e WHERE e.order_id = o.id AND e.source = 'tickets' AND e.amount_cents > 0)`;
  const refunded = sql`(SELECT coalesce(-sum(e.amount_cents), 0) FROM revenue_entries e WHERE e.order_id = o.id AND e.source = 'tickets' AND e.amount_cents < 0)`;
  const ticketsPart = sql`max(0, min(CAST(round(${amount} * ${charged} * 1.0 / o.total_cents) AS INTEGER), ${charged} - ${refunded}, ${amount}))`;
  const ticketsOnly = sql`${charged} >= o.total_cents`;
  const storePart = sql`${amount} - coalesce((SELECT -e.amount_cents FROM revenue_entries e WHERE e.ref = ${partRef}), 0)`;
  // A refund gives back its share of the order's tax (decision 093), where that tax was owed.
  const taxShare = (part: SQL) => sql`CAST(round((${part}) * o.tax_cents * 1.0 / max(o.total_cents, 1)) AS INTEGER)`;
  const jurisdiction = sql`(SELECT max(e.tax_jurisdiction) FROM revenue_entries e WHERE e.order_id = o.id AND e.amount_cents > 0)`;
  return [
    raw(
      db,
      sql`INSERT INTO revenue_entries (ref, source, amount_cents, currency, user_id, order_id, occurred_at, tax_cents, tax_jurisdiction)
          SELECT ${partRef}, 'tickets', -${ticketsPart}, o.currency, o.user_id, o.id, ${at}, -${taxShare(ticketsPart)}, ${jurisdiction}
          FROM orders o WHERE o.id = ${order.id} AND ${amount} > 0 AND NOT ${ticketsOnly} AND ${ticketsPart} > 0
            AND NOT EXISTS (SELECT 1 FROM revenue_entries e WHERE e.ref = ${ref})
          ON CONFLICT (ref) DO NOTHING`,
    ),
    raw(
      db,
      sql`INSERT INTO revenue_entries (ref, source, amount_cents, currency, user_id, order_id, occurred_at, tax_cents, tax_jurisdiction)
          SELECT ${ref}, CASE WHEN ${ticketsOnly} THEN 'tickets' ELSE 'store' END,
                 -(${storePart}),
                 o.currency, o.user_id, o.id, ${at}, -${taxShare(storePart)}, ${jurisdiction}
          FROM orders o WHERE o.id = ${order.id} AND ${amount} > 0
          ON CONFLICT (ref) DO NOTHING`,
    ),
  ];
}

export function refundStatements(db: DB, order: RefundedOrder, charge: ChargeRefunded, now: number): Statement[] {
  // What the charge says was refunded, never more than the order's total: no refund row goes beyond it.
  const cumulative = sql`min(${charge.cumulativeCents}, o.total_cents)`;
  // ...and at least what the ledger holds (its rows are written first): two events sent at once may
  // each count only its own refund in the charge's total, and then the ledger knows both.
  const ledgerRefunded = sql`(SELECT coalesce(-sum(e.amount_cents), 0) FROM revenue_entries e WHERE e.order_id = ${order.id} AND e.amount_cents < 0)`;
  const refunded = sql`min(max(${charge.cumulativeCents}, ${ledgerRefunded}), total_cents)`;
  const ledger: Statement[] = charge.refunds
    ? charge.refunds.flatMap((r) => refundLedgerRows(db, order, refundRef(r.id), sql`${r.amountCents}`, r.at, cumulative))
    : // No list: the refund is what this event adds to the order's refunded amount (read before the update below).
      refundLedgerRows(db, order, REFUND_BY_EVENT_PREFIX + charge.eventId, sql`(${cumulative} - o.refunded_cents)`, charge.eventAt, cumulative);
  return [
    ...ledger,
    // A released contest remix's share taken back in proportion, from the ledger just written (decision 197).
    ...takeBackStatements(order.id, now),
    raw(
      db,
      sql`UPDATE orders SET refunded_cents = ${refunded}, refund_claimed_cents = max(refund_claimed_cents, ${refunded}),
            status = CASE WHEN ${refunded} >= total_cents THEN 'refunded' ELSE 'partially_refunded' END,
            updated_at = ${now}
          WHERE id = ${order.id} AND ${refunded} > refunded_cents`,
    ),
    ...revocationStatements(db, order.id, now, fullyRefunded(order.id), fullyRefundedUnshipped(order.id)),
  ];
}

/**
 * What an order paid for, taken back once `when` holds inside the batch (a full refund; a lost
 * dispute, decision 094): its downloads revoked, its unredeemed gift codes void, the stock of its
 * lines given back when `unshipped` holds too, each line once (restocked_at), and its valid tickets
 * refunded with their seats given back, each once. Every statement finds nothing left to do the
 * second time.
 */
export function revocationStatements(db: DB, orderId: string, now: number, when: SQL, unshipped: SQL): Statement[] {
  return [
    raw(db, sql`UPDATE entitlements SET revoked_at = ${now} WHERE order_id = ${orderId} AND revoked_at IS NULL AND ${when}`),
    raw(
      db,
      sql`UPDATE gift_codes SET voided_at = ${now}
          WHERE order_id = ${orderId} AND redeemed_at IS NULL AND voided_at IS NULL AND ${when}`,
    ),
    // The stock first, then the lines' marks: a line already marked gives nothing back.
    raw(
      db,
      sql`UPDATE product_variants SET stock = stock + (
            SELECT sum(l.quantity) FROM order_lines l
            WHERE l.order_id = ${orderId} AND l.variant_id = product_variants.id AND l.kind = 'merch' AND l.restocked_at IS NULL)
          WHERE id IN (SELECT l.variant_id FROM order_lines l
                       WHERE l.order_id = ${orderId} AND l.variant_id IS NOT NULL AND l.kind = 'merch' AND l.restocked_at IS NULL)
            AND ${unshipped}`,
    ),
    raw(
      db,
      sql`UPDATE order_lines SET restocked_at = ${now}
          WHERE order_id = ${orderId} AND variant_id IS NOT NULL AND kind = 'merch' AND restocked_at IS NULL
            AND ${unshipped}`,
    ),
    ...ticketRefundStatements(db, orderId, now, when),
  ];
}

/** The refunds the ledger holds for an order, oldest first (the local test checkout's charge lists them). */
export async function ledgerRefundsOf(db: DB, orderId: string): Promise<{ ref: string; amountCents: number; occurredAt: number }[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT ${REFUND_OF_REF} AS ref, sum(amount_cents) AS amount_cents, min(occurred_at) AS occurred_at
       FROM revenue_entries WHERE order_id = ?1 AND ref LIKE 'refund:%' GROUP BY 1 ORDER BY min(occurred_at), min(id)`,
    )
    .bind(orderId)
    .all<{ ref: string; amount_cents: number; occurred_at: number }>();
  return results.map((r) => ({ ref: r.ref, amountCents: r.amount_cents, occurredAt: r.occurred_at }));
}
