// A second subscription for a member who already has a running one (two checkouts paid at once,
// decision 108). Both checkouts were paid at the provider before any event arrived, so the site
// cannot refuse the payment; the subscription's insert refuses the row (db/payments.ts
// `onlyLiveOne`), and after the batch the provider ends that subscription and refunds its invoice
// under one key per invoice, so a replayed or retried event never refunds twice.
import type { DB } from "../../db/client";
import { findSubscription } from "../../db/payments";
import { findVipPayment, recordVipRefund } from "../../db/tiers/vip-payments";
import { createPaymentsService } from "../payments";
import type { FollowUpContext, PurchaseKind } from "../payments/purchase-kind";

/** The refund's idempotency key and ledger row: one per refused invoice. */
export const duplicateRefundKey = (invoiceId: string) => `duplicate-subscription:${invoiceId}`;

export type PaidInvoiceOf = { subscriptionId: string; invoiceId: string | null };

/** The invoice's recorded payment (the event's own, or the one looked up at the provider). */
const paymentOfInvoice = (db: DB, invoiceId: string) =>
  db.$client.prepare(`SELECT payment_intent_id AS id FROM vip_payments WHERE invoice_id = ?1`).bind(invoiceId).first<{ id: string }>();

/** Whether the batch refused the invoice's subscription: it paid for a member who had one running. */
const refused = async (db: DB, subscriptionId: string) => !(await findSubscription(db, subscriptionId));

/** After an invoice.paid batch that changed no subscription: when it was refused, cancel it and refund its payment. */
export async function refundRefusedSubscription(c: FollowUpContext, kind: PurchaseKind, inv: PaidInvoiceOf, now = Date.now()) {
  const db = c.var.db;
  if (!(await refused(db, inv.subscriptionId))) return;
  try {
    const payments = createPaymentsService(c.env, { db, kinds: [kind] });
    await payments.cancelSubscription(inv.subscriptionId);
    const intent = inv.invoiceId ? await paymentOfInvoice(db, inv.invoiceId) : null;
    const paid = intent ? await findVipPayment(db, intent.id) : null;
    if (!paid || !inv.invoiceId || paid.amountCents - paid.refundedCents <= 0) return;
    const key = duplicateRefundKey(inv.invoiceId);
    const amountCents = paid.amountCents - paid.refundedCents;
    const refund = await payments.refund({ paymentIntentId: paid.paymentIntentId, amountCents, idempotencyKey: key });
    await recordVipRefund(db, { paymentIntentId: paid.paymentIntentId, refundId: refund.id, amountCents, ledgerRef: key }, now);
  } catch (err) {
    console.error(`membership: the second subscription ${inv.subscriptionId} could not be ended and refunded; do it at the provider`, err);
  }
}
