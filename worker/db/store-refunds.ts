// What a verified refund event does to an order, as statements for fulfilment's batch (the event's
// own id row first, so a repeated delivery changes nothing). Every statement is conditional on the
// rows, so events in any order settle the same way:
// - refunded_cents follows the charge's cumulative amount_refunded and never goes down;
// - one negative ledger row per refund, keyed `refund:<refund id>` (inserted once);
// - once the order is refunded in full: its downloads revoked, its unredeemed gift codes void, and
//   the stock of its lines given back when it was never shipped, each line once (restocked_at), and
//   its valid tickets refunded with their seats given back, each once (decision 055).
import { eq, sql } from "drizzle-orm";
import type { DB } from "./client";
import type { Statement } from "./d1";
import { orders } from "./schema";
import { REFUND_BY_EVENT_PREFIX, refundRef } from "./store-order-history";
import { ticketRefundStatements } from "./store-tickets";

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

/** The order is refunded in full now (read inside the batch, after its update). */
const fullyRefunded = (orderId: string) => sql`EXISTS (SELECT 1 FROM orders o WHERE o.id = ${orderId} AND o.status = 'refunded')`;
const fullyRefundedUnshipped = (orderId: string) =>
  sql`EXISTS (SELECT 1 FROM orders o WHERE o.id = ${orderId} AND o.status = 'refunded' AND o.shipped_at IS NULL)`;

export function refundStatements(db: DB, order: RefundedOrder, charge: ChargeRefunded, now: number): Statement[] {
  // What the charge says was refunded, never more than the order's total.
  const cumulative = sql`min(${charge.cumulativeCents}, o.total_cents)`;
  // ...and at least what the ledger holds (its rows are written first): two events sent at once may
  // each count only its own refund in the charge's total, and then the ledger knows both.
  const ledgerRefunded = sql`(SELECT coalesce(-sum(e.amount_cents), 0) FROM revenue_entries e WHERE e.order_id = ${order.id} AND e.amount_cents < 0)`;
  const refunded = sql`min(max(${charge.cumulativeCents}, ${ledgerRefunded}), total_cents)`;
  const ledger: Statement[] = charge.refunds
    ? charge.refunds.map((r) =>
        raw(
          db,
          sql`INSERT INTO revenue_entries (ref, source, amount_cents, currency, user_id, order_id, occurred_at)
              VALUES (${refundRef(r.id)}, 'store', ${-r.amountCents}, ${order.currency}, ${order.userId}, ${order.id}, ${r.at})
              ON CONFLICT (ref) DO NOTHING`,
        ),
      )
    : [
        // No list: the refund is what this event adds to the order's refunded amount (read before the update below).
        raw(
          db,
          sql`INSERT INTO revenue_entries (ref, source, amount_cents, currency, user_id, order_id, occurred_at)
              SELECT ${REFUND_BY_EVENT_PREFIX + charge.eventId}, 'store', o.refunded_cents - ${cumulative}, o.currency, o.user_id, o.id, ${charge.eventAt}
              FROM orders o WHERE o.id = ${order.id} AND ${cumulative} > o.refunded_cents
              ON CONFLICT (ref) DO NOTHING`,
        ),
      ];
  return [
    ...ledger,
    raw(
      db,
      sql`UPDATE orders SET refunded_cents = ${refunded}, refund_claimed_cents = max(refund_claimed_cents, ${refunded}),
            status = CASE WHEN ${refunded} >= total_cents THEN 'refunded' ELSE 'partially_refunded' END,
            updated_at = ${now}
          WHERE id = ${order.id} AND ${refunded} > refunded_cents`,
    ),
    raw(db, sql`UPDATE entitlements SET revoked_at = ${now} WHERE order_id = ${order.id} AND revoked_at IS NULL AND ${fullyRefunded(order.id)}`),
    raw(
      db,
      sql`UPDATE gift_codes SET voided_at = ${now}
          WHERE order_id = ${order.id} AND redeemed_at IS NULL AND voided_at IS NULL AND ${fullyRefunded(order.id)}`,
    ),
    // The stock first, then the lines' marks: a line already marked gives nothing back.
    raw(
      db,
      sql`UPDATE product_variants SET stock = stock + (
            SELECT sum(l.quantity) FROM order_lines l
            WHERE l.order_id = ${order.id} AND l.variant_id = product_variants.id AND l.kind = 'merch' AND l.restocked_at IS NULL)
          WHERE id IN (SELECT l.variant_id FROM order_lines l
                       WHERE l.order_id = ${order.id} AND l.variant_id IS NOT NULL AND l.kind = 'merch' AND l.restocked_at IS NULL)
            AND ${fullyRefundedUnshipped(order.id)}`,
    ),
    raw(
      db,
      sql`UPDATE order_lines SET restocked_at = ${now}
          WHERE order_id = ${order.id} AND variant_id IS NOT NULL AND kind = 'merch' AND restocked_at IS NULL
            AND ${fullyRefundedUnshipped(order.id)}`,
    ),
    ...ticketRefundStatements(order.id, now),
  ];
}

/** The refunds the ledger holds for an order, oldest first (the local test checkout's charge lists them). */
export async function ledgerRefundsOf(db: DB, orderId: string): Promise<{ ref: string; amountCents: number; occurredAt: number }[]> {
  const { results } = await db.$client
    .prepare(`SELECT ref, amount_cents, occurred_at FROM revenue_entries WHERE order_id = ?1 AND ref LIKE 'refund:%' ORDER BY occurred_at, id`)
    .bind(orderId)
    .all<{ ref: string; amount_cents: number; occurred_at: number }>();
  return results.map((r) => ({ ref: r.ref, amountCents: r.amount_cents, occurredAt: r.occurred_at }));
}
