// A refund's claim on its order (decision 074): before the provider is asked, the amount is taken
// from what is left of the order, so racing refunds (two admins, a double click, an event's
// cancellation beside an admin's refund) can never ask for more than was paid together.
// - The claim is one row per idempotency key, inserted by one conditional statement only while the
//   order has room (claimed + amount <= total); the same batch (one transaction) raises the order's
//   claim for the row this request's token inserted, and orders.refund_claimed_cents has a CHECK
//   that it never passes the total. A retried request (the same key) finds its claim and asks the
//   provider again, which answers with the refund it made.
// - A refusal by the provider gives back the claim the request made (never an earlier one: that
//   refund may stand). The refund event keeps the claim at least at what was refunded.
import type { DB } from "./client";

/** An early fraud warning's claim of the rest of an order (decision 094): its key is this and the warning's id. */
export const FRAUD_WARNING_CLAIM_PREFIX = "fraud-warning:";

export type RefundClaim = { claimed: true; fresh: boolean } | { claimed: false; leftCents: number } | null;

/** Claims `amountCents` of the order under `key`; what is left when it does not fit; null for no such order. */
export async function claimRefund(db: DB, orderId: string, key: string, amountCents: number, now = Date.now()): Promise<RefundClaim> {
  const d1 = db.$client;
  const token = crypto.randomUUID();
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO refund_claims (key, order_id, amount_cents, token, created_at)
         SELECT ?1, o.id, ?3, ?4, ?5 FROM orders o WHERE o.id = ?2 AND ?3 > 0 AND o.refund_claimed_cents + ?3 <= o.total_cents
         ON CONFLICT (key) DO NOTHING`,
      )
      .bind(key, orderId, amountCents, token, now),
    d1
      .prepare(
        `UPDATE orders SET refund_claimed_cents = refund_claimed_cents + ?3
         WHERE id = ?2 AND EXISTS (SELECT 1 FROM refund_claims WHERE key = ?1 AND token = ?4)`,
      )
      .bind(key, orderId, amountCents, token),
  ]);
  const claim = await d1.prepare(`SELECT token FROM refund_claims WHERE key = ?1 AND order_id = ?2`).bind(key, orderId).first<{ token: string }>();
  if (claim) return { claimed: true, fresh: claim.token === token };
  const row = await d1.prepare(`SELECT total_cents - refund_claimed_cents AS left FROM orders WHERE id = ?1`).bind(orderId).first<{ left: number }>();
  return row ? { claimed: false, leftCents: Math.max(0, row.left) } : null;
}

/** Gives back the claim under `key` (the provider refused the refund), never below what was refunded. */
export async function releaseRefund(db: DB, orderId: string, key: string): Promise<void> {
  const d1 = db.$client;
  await d1.batch([
    d1
      .prepare(
        `UPDATE orders SET refund_claimed_cents = max(refunded_cents, refund_claimed_cents - (SELECT amount_cents FROM refund_claims WHERE key = ?1))
         WHERE id = ?2 AND EXISTS (SELECT 1 FROM refund_claims WHERE key = ?1 AND order_id = ?2)`,
      )
      .bind(key, orderId),
    d1.prepare(`DELETE FROM refund_claims WHERE key = ?1 AND order_id = ?2`).bind(key, orderId),
  ]);
}
