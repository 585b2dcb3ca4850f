// The sellers' refunds after waitlist sales (decisions 185, 191). A claim's batch marks each sold
// return that has money to give back `pending`; each ask of the provider settles it `done` or
// `failed` (attempts counted). The five-minute job asks again the failed ones and the pending ones
// a claim's follow-up never settled, under the same key, until WAITLIST_REFUND_ATTEMPTS; then the
// return is given up once (`refund_given_up_at`) and the admin told.
import type { DB } from "../client";
import type { Statement } from "../d1";

/** Asks of the provider before a refund is left to the admin. */
export const WAITLIST_REFUND_ATTEMPTS = 5;
/** A pending refund younger than this is its claim's follow-up's to ask. */
export const WAITLIST_REFUND_GRACE_MS = 2 * 60 * 1000;

/** In a claim's batch, after its returns are sold: the ones with something to refund become pending. */
export const markRefundsPending = (buyerOrderId: string): Statement => ({
  sql: `UPDATE ticket_returns SET refund_status = 'pending'
         WHERE buyer_order_id = ?1 AND status = 'sold' AND refund_status IS NULL AND unit_cents > 0
           AND EXISTS (SELECT 1 FROM orders o WHERE o.id = ticket_returns.seller_order_id AND o.payment_intent_id IS NOT NULL)`,
  params: [buyerOrderId],
});

/** What a seller's refund and its receipt need. */
export type SellerRefund = {
  return_id: string;
  unit_cents: number;
  currency: string;
  refund_attempts: number;
  refund_error: string | null;
  payment_intent_id: string | null;
  order_number: number;
  seller_email: string;
  seller_locale: string;
  event_title: string;
  event_title_pt_br: string | null;
  event_date: number;
  time_zone: string;
  type_name: string;
  type_name_pt_br: string | null;
};

const SELECT_REFUND = `SELECT r.id AS return_id, r.unit_cents, r.currency, r.refund_attempts, r.refund_error, o.payment_intent_id, o.number AS order_number,
       COALESCE(u.email, o.email) AS seller_email, COALESCE(u.locale, o.locale) AS seller_locale,
       e.title AS event_title, e.title_pt_br AS event_title_pt_br, e.event_date, e.time_zone, t.name AS type_name, t.name_pt_br AS type_name_pt_br
  FROM ticket_returns r
  JOIN orders o ON o.id = r.seller_order_id
  LEFT JOIN users u ON u.id = r.seller_user_id
  JOIN events e ON e.id = r.event_id
  JOIN ticket_types t ON t.id = r.ticket_type_id`;

/** The refunds a claim's order made pending. */
export async function refundsOfClaim(db: DB, buyerOrderId: string): Promise<SellerRefund[]> {
  const { results } = await db.$client
    .prepare(`${SELECT_REFUND} WHERE r.buyer_order_id = ?1 AND r.refund_status = 'pending' ORDER BY r.listed_at, r.id`)
    .bind(buyerOrderId)
    .all<SellerRefund>();
  return results;
}

/** The refunds the job asks again: failed ones under the bound, pending ones whose follow-up is long past. */
export async function refundsDue(db: DB, now: number, limit = 25): Promise<SellerRefund[]> {
  const { results } = await db.$client
    .prepare(
      `${SELECT_REFUND}
        WHERE r.status = 'sold' AND r.refund_attempts < ?2
          AND (r.refund_status = 'failed' OR (r.refund_status = 'pending' AND r.sold_at <= ?1 - ?3))
        ORDER BY r.sold_at, r.id LIMIT ?4`,
    )
    .bind(now, WAITLIST_REFUND_ATTEMPTS, WAITLIST_REFUND_GRACE_MS, limit)
    .all<SellerRefund>();
  return results;
}

/** Records one ask; true when this ask is the one that made the refund done (its receipt is then sent). */
export async function settleRefund(db: DB, returnId: string, outcome: { ok: true } | { ok: false; error: string }, now: number): Promise<boolean> {
  const res = await db.$client
    .prepare(
      `UPDATE ticket_returns SET refund_status = ?2, refund_attempts = refund_attempts + 1, refund_tried_at = ?3, refund_error = ?4
        WHERE id = ?1 AND refund_status IN ('pending', 'failed')`,
    )
    .bind(returnId, outcome.ok ? "done" : "failed", now, outcome.ok ? null : outcome.error.slice(0, 500))
    .run();
  return outcome.ok && res.meta.changes > 0;
}

/** Failed refunds out of attempts, each given up once: the admin is told of exactly these. */
export async function giveUpRefunds(db: DB, now: number): Promise<SellerRefund[]> {
  const { results } = await db.$client
    .prepare(
      `UPDATE ticket_returns SET refund_given_up_at = ?1
        WHERE refund_status = 'failed' AND refund_attempts >= ?2 AND refund_given_up_at IS NULL
        RETURNING id`,
    )
    .bind(now, WAITLIST_REFUND_ATTEMPTS)
    .all<{ id: string }>();
  if (results.length === 0) return [];
  const ids = results.map((r) => r.id);
  const { results: rows } = await db.$client
    .prepare(`${SELECT_REFUND} WHERE r.id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(ids))
    .all<SellerRefund>();
  return rows;
}
