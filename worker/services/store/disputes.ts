// The store order's part in disputes and early fraud warnings (decision 094), the hook the payments
// core asks (purchase-kind.ts `dispute`). The core writes the dispute's row first in the event's
// batch; these statements follow it, each conditional on what that row says then:
// - lost (and not revoked yet, true in one batch only): the lost amount on the ledger as a negative
//   row keyed `dispute:<id>` (split between tickets and the rest as a refund is, and never more than
//   the order's total less what its refunds gave back), and what the order
//   paid for taken back by the refunds' own revocation (worker/db/store/refunds.ts); a redeemed
//   gift's VIP time is then taken back after the batch, as a refund's "revoke" does;
// - an early fraud warning not acted on yet: when nothing has shipped and no ticket was checked in,
//   the rest of the order is claimed for a refund (refund_claims, as an admin's refund claims it) and
//   the provider is asked after the batch, under the warning's key, so it refunds once; the refund's
//   own event then revokes. Else the order is flagged for the admin. The door's admission refuses a
//   ticket whose order a warning claimed (db/tickets/check-in-tickets.ts), so of the admission and the claim,
//   whichever statement runs first decides (decision 150).
import { sql, type SQL } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Statement } from "../../db/d1";
import { findDispute, flagWarning } from "../../db/payment-disputes";
import { FRAUD_WARNING_CLAIM_PREFIX, releaseRefund } from "../../db/refund-claims";
import { findOrderByPaymentIntent, refundLedgerRows, revocationStatements } from "../../db/store/refunds";
import { notifyAdmin } from "../admin-notifications";
import { noticeState, type DisputeFacts } from "../mail/dispute";
import { createPaymentsService, PaymentProviderError, PaymentsConfigError } from "../payments";
import type { DisputeConditions, DisputeEffect, DisputePlan, FollowUpContext, PaymentDispute, PurchaseKind } from "../payments/purchase-kind";
import { settleGiftTime } from "./gift-refund";
import { takeBackStatements } from "../../db/contests/remix-shares";
import { accessChanged } from "../access-changed";

const raw = (db: DB, query: SQL): Statement => db.run(query).getQuery();

const warningKey = (disputeId: string) => `${FRAUD_WARNING_CLAIM_PREFIX}${disputeId}`;

function lostStatements(db: DB, order: { id: string } & Parameters<typeof refundLedgerRows>[1], disputeId: string, lostNow: SQL, now: number): Statement[] {
  const amount = sql`CASE WHEN ${lostNow} THEN (SELECT d.amount_cents FROM payment_disputes d WHERE d.id = ${disputeId}) ELSE 0 END`;
  const unshipped = sql`${lostNow} AND EXISTS (SELECT 1 FROM orders o WHERE o.id = ${order.id} AND o.shipped_at IS NULL)`;
  return [
    ...refundLedgerRows(db, order, `dispute:${disputeId}`, amount, now, sql`o.total_cents`),
    ...takeBackStatements(order.id, now),
    ...revocationStatements(db, order.id, now, lostNow, unshipped),
  ];
}

function warningStatements(db: DB, orderId: string, disputeId: string, warningNew: SQL, now: number): Statement[] {
  const key = warningKey(disputeId);
  return [
    // Nothing shipped, no ticket checked in, something left to refund: claim it all, once.
    raw(
      db,
      sql`INSERT INTO refund_claims (key, order_id, amount_cents, token, created_at)
          SELECT ${key}, o.id, o.total_cents - o.refund_claimed_cents, ${key}, ${now} FROM orders o
          WHERE o.id = ${orderId} AND ${warningNew} AND o.payment_intent_id IS NOT NULL AND o.shipped_at IS NULL
            AND o.total_cents - o.refund_claimed_cents > 0
            AND NOT EXISTS (SELECT 1 FROM event_tickets t WHERE t.order_id = o.id AND t.checked_in_at IS NOT NULL)
          ON CONFLICT (key) DO NOTHING`,
    ),
    raw(
      db,
      sql`UPDATE orders SET refund_claimed_cents = total_cents
          WHERE id = ${orderId} AND ${warningNew} AND EXISTS (SELECT 1 FROM refund_claims WHERE key = ${key})`,
    ),
    raw(
      db,
      sql`UPDATE payment_disputes SET fraud_action = CASE WHEN EXISTS (SELECT 1 FROM refund_claims WHERE key = ${key}) THEN 'refunded' ELSE 'flagged' END,
            status = CASE WHEN EXISTS (SELECT 1 FROM refund_claims WHERE key = ${key}) THEN 'refunded' ELSE 'flagged' END, updated_at = ${now}
          WHERE id = ${disputeId} AND fraud_action IS NULL`,
    ),
  ];
}

type DisputedOrder = { id: string; number: number; email: string; paymentIntentId: string };

const orderFacts = (db: DB, orderId: string) =>
  db.$client.prepare(`SELECT id, number, email, payment_intent_id AS paymentIntentId FROM orders WHERE id = ?1`).bind(orderId).first<DisputedOrder>();

/** What follows a stored dispute event: the gift time of a lost one taken back, the refund a warning claimed asked, the admins told. */
async function afterDispute(c: FollowUpContext, kind: PurchaseKind, disputeId: string, effect: DisputeEffect, now: number) {
  const db = c.var.db;
  const before = await findDispute(db, disputeId);
  const order = before && (await orderFacts(db, before.targetId));
  if (!before || !order) return;
  if (effect.revokedNow)
    await Promise.all([settleGiftTime(c.env, db, order.id, "revoke", now), accessChanged(c.env, db, { kind: "order-tickets", orderId: order.id })]);
  // A warning's row is written once (the core never rewrites one): changed is its first delivery.
  if (before.fraudAction === "refunded" && effect.changed) await refundForWarning(c, kind, order, disputeId, now);
  const row = (await findDispute(db, disputeId)) ?? before;
  const state = noticeState(row, now);
  if (!state) return;
  const facts: DisputeFacts = { ...row, state, orderNumber: order.number, email: order.email };
  await notifyAdmin(c.env, db, { kind: "dispute", dispute: facts }, now);
}

async function refundForWarning(c: FollowUpContext, kind: PurchaseKind, order: DisputedOrder, disputeId: string, now: number) {
  const db = c.var.db;
  const key = warningKey(disputeId);
  const claim = await db.$client.prepare(`SELECT amount_cents AS amountCents FROM refund_claims WHERE key = ?1`).bind(key).first<{ amountCents: number }>();
  if (!claim) return;
  try {
    const payments = createPaymentsService(c.env, { db, kinds: [kind] });
    await payments.refund({ paymentIntentId: order.paymentIntentId, amountCents: claim.amountCents, idempotencyKey: key });
  } catch (err) {
    console.error(`store: the refund for fraud warning ${disputeId} on order ${order.id} failed; flagged for the admin`, err);
    // Refused (or payments unavailable): the claim is given back and the admin decides, as for a
    // shipped order. Anything else may have refunded: the claim stays, as an admin's refund's does.
    if (err instanceof PaymentProviderError || err instanceof PaymentsConfigError) {
      await releaseRefund(db, order.id, key);
      await flagWarning(db, disputeId, now);
    }
  }
}

/** `kind`: the store's own (purchase.ts), through which the local provider refunds a warning's order. */
export async function planOrderDispute(kind: PurchaseKind, db: DB, dispute: PaymentDispute, when: DisputeConditions, now: number): Promise<DisputePlan | null> {
  const order = await findOrderByPaymentIntent(db, dispute.paymentIntentId);
  if (!order) return null;
  const statements =
    dispute.type === "dispute" ? lostStatements(db, order, dispute.id, when.lostNow, now) : warningStatements(db, order.id, dispute.id, when.warningNew, now);
  return {
    target: { id: order.id, userId: order.userId, amountCents: order.totalCents - order.refundedCents, currency: order.currency },
    statements,
    followUp: (effect, c) => {
      if (effect.changed || effect.revokedNow) c.executionCtx.waitUntil(afterDispute(c, kind, dispute.id, effect, now));
    },
  };
}
