// The VIP subscription's part in disputes and early fraud warnings (decision 094), the hook the
// payments core asks (purchase-kind.ts `dispute`): a payment intent is the membership's when an
// invoice.paid recorded it (vip_payments). The core writes the dispute's row first; these follow:
// - lost (and not revoked yet, true in one batch only): the VIP time taken back, the subscription
//   ends now (its member's VIP recomputed in the batch), and the lost amount on the ledger as a
//   negative `dispute:<id>` VIP row with its tax share; after the batch the provider cancels the
//   subscription (no further charge) and the member's open pages and sockets are told;
// - an early fraud warning not acted on yet: VIP time is delivered over time, so only a membership's
//   first payment, still within the period it paid for and not refunded, is refunded and the
//   membership ended (as for a lost dispute; the refund asked after the batch under the warning's
//   key); a renewal, or a first payment whose period is over, is flagged for the admin.
import { sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Statement } from "../../db/d1";
import { findDispute, flagWarning } from "../../db/payment-disputes";
import { syncUserMembership } from "../../db/payments";
import { endMembershipNow, findVipPayment, paidBefore, recordVipRefund, vipLossLedgerRow, type VipPaymentRow } from "../../db/tiers/vip-payments";
import { notifyAdmin } from "../admin-notifications";
import { noticeState, type DisputeFacts } from "../mail/dispute";
import { createPaymentsService, PaymentProviderError, PaymentsConfigError } from "../payments";
import type { DisputeConditions, DisputeEffect, DisputePlan, FollowUpContext, PaymentDispute, PurchaseKind } from "../payments/purchase-kind";
import { notifyVipChanged } from "../notifications/membership";
import { findVipMember } from "./dispute-evidence";
import { accessChanged } from "../access-changed";

const warningKey = (disputeId: string) => `fraud-warning:${disputeId}`;

function lostStatements(db: DB, p: VipPaymentRow, disputeId: string, lostNow: DisputeConditions["lostNow"], now: number): Statement[] {
  const amount = sql`CASE WHEN ${lostNow} THEN (SELECT d.amount_cents FROM payment_disputes d WHERE d.id = ${disputeId}) ELSE 0 END`;
  const statements = [
    vipLossLedgerRow(db, p.paymentIntentId, `dispute:${disputeId}`, amount, lostNow, now),
    endMembershipNow(db, p.subscriptionId, lostNow, now),
  ];
  return p.userId ? [...statements, ...syncUserMembership(db, p.userId, now)] : statements;
}

/** A first payment, its period still running and nothing refunded: the warning refunds it. */
async function refundable(db: DB, p: VipPaymentRow, now: number) {
  return p.refundedCents === 0 && p.periodEnd !== null && p.periodEnd > now && !(await paidBefore(db, p));
}

function warningStatements(
  db: DB,
  p: VipPaymentRow,
  disputeId: string,
  warningNew: DisputeConditions["warningNew"],
  refund: boolean,
  now: number,
): Statement[] {
  const action = refund ? "refunded" : "flagged";
  const mark = db
    .run(sql`UPDATE payment_disputes SET fraud_action = ${action}, status = ${action}, updated_at = ${now} WHERE id = ${disputeId} AND fraud_action IS NULL`)
    .getQuery();
  if (!refund) return [mark];
  const ended = [endMembershipNow(db, p.subscriptionId, warningNew, now), ...(p.userId ? syncUserMembership(db, p.userId, now) : [])];
  return [...ended, mark];
}

/** The member's VIP ended by the batch: the provider stops charging, the member's pages and sockets are told. */
async function membershipTakenBack(c: FollowUpContext, p: VipPaymentRow, key: string) {
  try {
    await createPaymentsService(c.env).cancelSubscription(p.subscriptionId);
  } catch (err) {
    console.error(`membership: cancelling subscription ${p.subscriptionId} after ${key} failed; cancel it at the provider`, err);
  }
  if (!p.userId) return;
  await accessChanged(c.env, c.var.db, { kind: "roles", userId: p.userId });
  const member = await c.var.db.$client.prepare(`SELECT is_vip AS vip FROM users WHERE id = ?1`).bind(p.userId).first<{ vip: number }>();
  if (member && !member.vip) await notifyVipChanged(c.env, c.var.db, p.userId, false, key);
}

async function refundForWarning(c: FollowUpContext, kind: PurchaseKind, p: VipPaymentRow, disputeId: string, now: number) {
  const db = c.var.db;
  const key = warningKey(disputeId);
  const amountCents = p.amountCents - p.refundedCents;
  try {
    const payments = createPaymentsService(c.env, { db, kinds: [kind] });
    const refund = await payments.refund({ paymentIntentId: p.paymentIntentId, amountCents, idempotencyKey: key });
    await recordVipRefund(db, { paymentIntentId: p.paymentIntentId, refundId: refund.id, amountCents, ledgerRef: key }, now);
  } catch (err) {
    console.error(`membership: the refund for fraud warning ${disputeId} failed; flagged for the admin`, err);
    // The membership stays ended (no further charge); the admin decides about the money.
    if (err instanceof PaymentProviderError || err instanceof PaymentsConfigError) await flagWarning(db, disputeId, now);
  }
}

async function afterDispute(c: FollowUpContext, kind: PurchaseKind, p: VipPaymentRow, disputeId: string, effect: DisputeEffect, now: number) {
  const db = c.var.db;
  const before = await findDispute(db, disputeId);
  if (!before) return;
  const refunding = before.type === "fraud_warning" && before.fraudAction === "refunded" && effect.changed;
  if (refunding) await refundForWarning(c, kind, p, disputeId, now);
  if (effect.revokedNow || refunding) await membershipTakenBack(c, p, `dispute:${disputeId}`);
  const row = (await findDispute(db, disputeId)) ?? before;
  const state = noticeState(row, now);
  const member = p.userId ? await findVipMember(db, p.userId, p.subscriptionId) : null;
  if (!state || !member) return;
  const facts: DisputeFacts = { ...row, state, orderNumber: null, member: { username: member.username, plan: member.plan }, email: member.email };
  await notifyAdmin(c.env, db, { kind: "vip_dispute", dispute: facts }, now);
}

/** `kind`: the membership's own (purchase.ts), through which the local provider refunds a warning's payment. */
export async function planVipDispute(kind: PurchaseKind, db: DB, dispute: PaymentDispute, when: DisputeConditions, now: number): Promise<DisputePlan | null> {
  const p = await findVipPayment(db, dispute.paymentIntentId);
  if (!p) return null;
  const statements =
    dispute.type === "dispute"
      ? lostStatements(db, p, dispute.id, when.lostNow, now)
      : warningStatements(db, p, dispute.id, when.warningNew, await refundable(db, p, now), now);
  return {
    target: { id: p.subscriptionId, userId: p.userId, amountCents: p.amountCents - p.refundedCents, currency: p.currency },
    statements,
    followUp: (effect, c) => {
      if (effect.changed || effect.revokedNow) c.executionCtx.waitUntil(afterDispute(c, kind, p, dispute.id, effect, now));
    },
  };
}

/** The local provider's view of a VIP payment, so it can refund a warning's offline as Stripe would. */
export async function localVipCharge(db: DB, paymentIntentId: string) {
  const p = await findVipPayment(db, paymentIntentId);
  if (!p) return null;
  const refunds = p.refundId ? [{ id: p.refundId, amountCents: p.refundedCents, at: p.refundedAt ?? p.paidAt }] : [];
  return { amountCents: p.amountCents, refundedCents: p.refundedCents, currency: p.currency, refunds };
}
