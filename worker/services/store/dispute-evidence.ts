// A disputed store order's evidence (decision 094), assembled by the site from its own rows: the
// buyer's e-mail, the purchase IP and time, what was bought (the receipt's lines), the order's access
// log (receipt sent, downloads, check-ins, shipping) as Stripe's access_activity_log, the tracking
// number and the refund policy shown at checkout. The admin's note goes as uncategorized text.
import type { DB } from "../../db/client";
import { orderAccessLog, type AccessRow } from "../../db/order-access-log";
import { findOrder, listOrderLines } from "../../db/store/orders";
import { REFUND_POLICY_DISCLOSURE, type AccessLogEntry, type DisputeEvidence } from "#contracts/disputes-model.ts";
import type { DisputeEvidenceInput } from "../payments";

const iso = (ms: number) => new Date(ms).toISOString();
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

function logLine(r: AccessRow): string {
  const detail = r.detail
    ? Object.entries(r.detail)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => `${k}=${v}`)
        .join(" ")
    : "";
  return [iso(r.at), r.kind, r.ip ? `ip=${r.ip}` : "", detail].filter(Boolean).join(" ");
}

export type OrderEvidence = { evidence: DisputeEvidence; accessLog: AccessLogEntry[]; order: { id: string; number: number; email: string } };

/** The evidence for an order; null when the order is gone. */
export async function orderEvidence(db: DB, orderId: string): Promise<OrderEvidence | null> {
  const order = await findOrder(db, orderId);
  if (!order) return null;
  const [lines, log] = await Promise.all([listOrderLines(db, orderId), orderAccessLog(db, orderId)]);
  const purchase = log.find((r) => r.kind === "purchase");
  const receipt = [
    `Order #${order.number}, paid ${iso(order.paidAt.getTime())}, total ${money(order.totalCents, order.currency)}, by ${order.email}.`,
    ...lines.map((l) => `${l.quantity} x ${l.title}${l.variantLabel ? ` (${l.variantLabel})` : ""}: ${money(l.totalCents - l.discountCents, order.currency)}`),
  ].join("\n");
  return {
    order: { id: order.id, number: order.number, email: order.email },
    evidence: {
      customerEmailAddress: order.email,
      customerPurchaseIp: purchase?.ip ?? null,
      receipt,
      shippingCarrier: order.carrier,
      shippingTrackingNumber: order.trackingNumber,
      refundPolicyDisclosure: REFUND_POLICY_DISCLOSURE,
      accessActivityLog: log.map(logLine).join("\n"),
    },
    accessLog: log.map((r) => ({ kind: r.kind, at: iso(r.at), ip: r.ip, detail: r.detail })),
  };
}

/** Stripe's field limits are generous (20,000 characters per text); the log keeps its newest lines within them. */
const TEXT_MAX = 20_000;
const fit = (text: string) => (text.length <= TEXT_MAX ? text : text.slice(text.length - TEXT_MAX));

/** The provider's fields, from the evidence and the admin's note. */
export function evidenceInput(e: DisputeEvidence, note: string | null): DisputeEvidenceInput {
  return {
    customer_email_address: e.customerEmailAddress,
    ...(e.customerPurchaseIp ? { customer_purchase_ip: e.customerPurchaseIp } : {}),
    product_description: fit(e.receipt),
    access_activity_log: fit(e.accessActivityLog),
    refund_policy_disclosure: e.refundPolicyDisclosure,
    ...(e.shippingTrackingNumber ? { shipping_tracking_number: e.shippingTrackingNumber } : {}),
    ...(e.shippingCarrier ? { shipping_carrier: e.shippingCarrier } : {}),
    ...(note ? { uncategorized_text: fit(note) } : {}),
  };
}

/** A paid order the local provider may dispute, by its number. */
export const findOrderByNumber = (db: DB, number: number) =>
  db.$client
    .prepare(`SELECT id, payment_intent_id AS paymentIntentId, total_cents - refunded_cents AS amountCents, currency FROM orders WHERE number = ?1`)
    .bind(number)
    .first<{ id: string; paymentIntentId: string | null; amountCents: number; currency: string }>();
