// Each paid VIP invoice's payment (decision 094, migration 0064), and the statements a dispute or an
// early fraud warning on one runs in the event's batch. Every write is conditional (on the dispute's
// `lostNow` or `warningNew`, and on what the rows say), so a replayed or racing event changes nothing.
import { sql, type SQL } from "drizzle-orm";
import type { DB } from "../client";
import { runBatch, type Statement } from "../d1";
import { TERMINAL_STATUSES } from "../payments";

const raw = (db: DB, query: SQL): Statement => db.run(query).getQuery();
const TERMINAL_SQL = sql.raw(TERMINAL_STATUSES.map((s) => `'${s}'`).join(", "));

export type VipPaymentInput = {
  paymentIntentId: string;
  invoiceId: string;
  subscriptionId: string;
  amountCents: number;
  currency: string;
  taxCents: number;
  taxJurisdiction: string | null;
  periodEnd: number | null;
};

/** invoice.paid: the payment that paid the invoice, once (whatever order its events come in). */
export const recordVipPayment = (db: DB, p: VipPaymentInput, userId: string, paidAt: number): Statement =>
  raw(
    db,
    sql`INSERT INTO vip_payments (payment_intent_id, invoice_id, subscription_id, user_id, amount_cents, currency, tax_cents, tax_jurisdiction, period_end, paid_at)
        VALUES (${p.paymentIntentId}, ${p.invoiceId}, ${p.subscriptionId}, ${userId}, ${p.amountCents}, ${p.currency}, ${p.taxCents}, ${p.taxJurisdiction},
          ${p.periodEnd}, ${paidAt})
        ON CONFLICT (payment_intent_id) DO NOTHING`,
  );

export type VipPaymentRow = {
  paymentIntentId: string;
  invoiceId: string;
  subscriptionId: string;
  userId: string | null;
  amountCents: number;
  currency: string;
  taxCents: number;
  periodEnd: number | null;
  paidAt: number;
  refundId: string | null;
  refundedCents: number;
  refundedAt: number | null;
};

const COLUMNS = `payment_intent_id AS paymentIntentId, invoice_id AS invoiceId, subscription_id AS subscriptionId, user_id AS userId,
  amount_cents AS amountCents, currency, tax_cents AS taxCents, period_end AS periodEnd, paid_at AS paidAt, refund_id AS refundId,
  refunded_cents AS refundedCents, refunded_at AS refundedAt`;

export const findVipPayment = (db: DB, paymentIntentId: string) =>
  db.$client.prepare(`SELECT ${COLUMNS} FROM vip_payments WHERE payment_intent_id = ?1`).bind(paymentIntentId).first<VipPaymentRow>();

/** The member's newest payment with something left to refund (the local provider disputes it). */
export const latestVipPaymentOf = (db: DB, userId: string) =>
  db.$client
    .prepare(`SELECT ${COLUMNS} FROM vip_payments WHERE user_id = ?1 AND amount_cents > refunded_cents ORDER BY paid_at DESC LIMIT 1`)
    .bind(userId)
    .first<VipPaymentRow>();

/** Whether the subscription was paid before this payment (a renewal, not its first). */
export async function paidBefore(db: DB, p: Pick<VipPaymentRow, "subscriptionId" | "paidAt" | "paymentIntentId">): Promise<boolean> {
  const row = await db.$client
    .prepare(`SELECT 1 AS x FROM vip_payments WHERE subscription_id = ?1 AND paid_at <= ?2 AND payment_intent_id != ?3 LIMIT 1`)
    .bind(p.subscriptionId, p.paidAt, p.paymentIntentId)
    .first();
  return row !== null;
}

/**
 * The VIP time taken back: the subscription ends now (canceled, which no later provider event
 * revives), when `condition` holds in the batch. syncUserVip follows it.
 */
export const endMembershipNow = (db: DB, subscriptionId: string, condition: SQL, now: number): Statement =>
  raw(
    db,
    sql`UPDATE subscriptions SET status = 'canceled', current_period_end = min(coalesce(current_period_end, ${now}), ${now}), cancel_at_period_end = 0,
          cancel_at = NULL, past_due_since = NULL, updated_at = ${now}
        WHERE id = ${subscriptionId} AND status NOT IN (${TERMINAL_SQL}) AND ${condition}`,
  );

/**
 * The money a payment lost (a dispute) as a negative VIP row of the ledger, with its share of the
 * payment's tax, once per `ref`, never more than the payment less what was refunded of it. A
 * currency the ledger does not keep is left out, as invoice.paid leaves it out.
 */
export const vipLossLedgerRow = (db: DB, paymentIntentId: string, ref: string, amount: SQL, condition: SQL, at: number): Statement =>
  raw(db, vipLossSql(paymentIntentId, ref, sql`max(0, min(${amount}, p.amount_cents - p.refunded_cents))`, condition, at));

const vipLossSql = (paymentIntentId: string, ref: string, amount: SQL, condition: SQL, at: number) =>
  sql`INSERT INTO revenue_entries (ref, source, amount_cents, currency, user_id, occurred_at, tax_cents, tax_jurisdiction)
      SELECT ${ref}, 'vip', -(${amount}), p.currency, p.user_id, ${at},
             -CAST(round((${amount}) * p.tax_cents * 1.0 / max(p.amount_cents, 1)) AS INTEGER), p.tax_jurisdiction
      FROM vip_payments p WHERE p.payment_intent_id = ${paymentIntentId} AND ${condition} AND (${amount}) > 0 AND p.currency IN ('usd', 'brl')
      ON CONFLICT (ref) DO NOTHING`;

/** A warning's refund, once the provider made it: on the payment and on the ledger, once. */
export async function recordVipRefund(db: DB, p: { paymentIntentId: string; refundId: string; amountCents: number; ledgerRef: string }, now: number) {
  await runBatch(db, [
    raw(
      db,
      sql`UPDATE vip_payments SET refund_id = ${p.refundId}, refunded_cents = refunded_cents + ${p.amountCents}, refunded_at = ${now}
          WHERE payment_intent_id = ${p.paymentIntentId} AND refund_id IS NULL`,
    ),
    raw(db, vipLossSql(p.paymentIntentId, p.ledgerRef, sql`${p.amountCents}`, sql`1 = 1`, now)),
  ]);
}
