// The back office's writes to an order, each audited in its own batch: "mark shipped" (once, and
// only for a paid order with something to ship) and the record of a refund the provider accepted
// (the order itself changes only when the provider's refund event arrives).
import type { DB } from "../client";
import { auditIfChanged, type Actor } from "../audit";
import { REFUND_ACTION, SHIP_ACTION, type RefundRequest } from "./order-history";

export type Shipping = { carrier: string; trackingNumber: string; trackingUrl: string | null };

export type ShipOutcome = "shipped" | "not_found" | "already_shipped" | "not_shippable";

/**
 * Marks the order shipped: one conditional UPDATE (not yet shipped; paid, or partly refunded;
 * holding a merch line) with its audit row stored only when it changed the order, so a second
 * click or a race between two admins ships once. A paid order becomes `shipped`; a partly
 * refunded one keeps that status and gains its shipping date.
 */
export async function markOrderShipped(db: DB, actor: Actor, orderId: string, shipping: Shipping, now = Date.now()): Promise<ShipOutcome> {
  const d1 = db.$client;
  const [update] = await d1.batch([
    d1
      .prepare(
        `UPDATE orders SET status = CASE WHEN status = 'paid' THEN 'shipped' ELSE status END,
           carrier = ?2, tracking_number = ?3, tracking_url = ?4, shipped_at = ?5, updated_at = ?5
         WHERE id = ?1 AND shipped_at IS NULL AND status IN ('paid', 'partially_refunded')
           AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = ?1 AND l.kind = 'merch')`,
      )
      .bind(orderId, shipping.carrier, shipping.trackingNumber, shipping.trackingUrl, now),
    auditIfChanged(
      db,
      { actor, action: SHIP_ACTION, targetType: "order", targetId: orderId, summary: { before: { shippedAt: null }, after: { ...shipping } } },
      now,
    ),
  ]);
  if ((update?.meta.changes ?? 0) > 0) return "shipped";
  const row = await d1.prepare(`SELECT shipped_at FROM orders WHERE id = ?1`).bind(orderId).first<{ shipped_at: number | null }>();
  if (!row) return "not_found";
  return row.shipped_at !== null ? "already_shipped" : "not_shippable";
}

/**
 * The audit row of a refund the provider accepted: who asked, how much, its provider id. Written
 * once per refund id, so a retried request (the same attempt, the same refund at the provider)
 * is one entry in the history.
 */
export async function recordRefundRequest(db: DB, actor: Actor, orderId: string, request: RefundRequest, now = Date.now()) {
  const summary = JSON.stringify({ after: request });
  await db.$client
    .prepare(
      `INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, summary, created_at)
       SELECT ?1, ?2, ?3, 'order', ?4, ?5, ?6
       WHERE NOT EXISTS (SELECT 1 FROM audit_log WHERE action = ?3 AND target_id = ?4 AND json_extract(summary, '$.after.refundId') = ?7)`,
    )
    .bind(actor.id, actor.email, REFUND_ACTION, orderId, summary, now, request.refundId)
    .run();
}
