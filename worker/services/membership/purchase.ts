// The VIP subscription as a kind of purchase (decision 089): the subscription-mode Checkout Sessions,
// the subscription's and its invoices' events. Nothing else in the code base sets users.is_vip from
// payments: it is recomputed from the subscriptions table in the same batch as each effect.
// Any order: effects are conditional statements comparing the event's `created` time with the
// row's last_event_at, and a deleted subscription is never revived (see worker/db/payments.ts).
import type { DB } from "../../db/client";
import {
  activateFromCheckout,
  endSubscription,
  fillMissingPeriodEnd,
  fillMissingPlan,
  findSubscription,
  findUserForPayments,
  linkCustomer,
  markInvoiceFailed,
  markInvoicePaid,
  recordInvoiceRevenue,
  setCheckoutStatus,
  syncUserMembership,
  takeTrial,
  upsertSubscription,
  type TierChange,
  type TrialTake,
  type VipChange,
} from "../../db/payments";
import type { Statement } from "../../db/d1";
import { recordVipPayment } from "../../db/tiers/vip-payments";
import { CURRENCIES, type Currency } from "#contracts/store/model.ts";
import {
  checkoutSessionMode,
  unreadableEvent,
  type FollowUpContext,
  type FulfilmentEvent,
  type PurchaseKind,
  type PurchasePlan,
} from "../payments/purchase-kind";
import { localVipCharge, planVipDispute } from "./disputes";
import { matchInvoicePayment, type UnmatchedPayment } from "./payment-lookup";
import { VIP_KIND_NAME } from "./dispute-evidence";
import { refundRefusedSubscription, type PaidInvoiceOf } from "./duplicates";
import { chargeRefusedTrial } from "./refused-trials";
import { parseCheckoutSession, parseInvoice, parseSubscription, type ParsedInvoice } from "./events";
import { notifyAdminLater } from "../admin-notifications";
import { notifyPaymentFailed, notifyVipChanged } from "../notifications/membership";
import { accessChanged } from "../access-changed";
import { sendMembershipReceipt, type PaidMembershipInvoice } from "./receipt";

const SUBSCRIPTION_EVENTS: readonly string[] = [
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
];

/**
 * What a stored event is followed by. vipStarted: this event turned the member's VIP on (a first
 * subscription, or a new one after the last ended); the flag changes in the batch itself, so of
 * concurrent deliveries only one sees it.
 */
export type VipFollowUps = {
  vipStarted?: (member: { email: string; username: string }) => void;
  /**
   * This event turned the member's VIP on or off (decision 040: their open pages are told; the
   * member is notified, the event's id keying that notification).
   */
  vipChanged?: (userId: string, change: { vip: boolean; eventId: string }) => void;
  /**
   * A subscription's payment failed and it is past due now: the member is notified once per
   * invoice (`invoiceKey`: the invoice's id, else the event's), however often Stripe retries it.
   */
  paymentFailed?: (userId: string, invoiceKey: string) => void;
  /** This event moved a member who stays a paying member to another tier: their open pages are told. */
  tierChanged?: (userId: string, change: { tierId: string | null; eventId: string }) => void;
  /** A membership invoice was paid and stored (not refused for another running subscription): the member's receipt. */
  paymentReceived?: (userId: string, invoice: PaidMembershipInvoice) => void;
};

/**
 * In a request: a member who just became VIP is announced to the admin (when switched on); a member
 * whose VIP started or ended has their open pages told, keeping their session (decision 040).
 */
const membershipNotices = (c: FollowUpContext): VipFollowUps => ({
  vipStarted: (member) => notifyAdminLater(c, { kind: "new_vip", member }),
  vipChanged: (userId, change) => {
    c.executionCtx.waitUntil(accessChanged(c.env, c.var.db, { kind: "roles", userId: userId }));
    // The member's own notification (vip_granted or vip_ended), keyed by the payment event.
    c.executionCtx.waitUntil(notifyVipChanged(c.env, c.var.db, userId, change.vip, change.eventId));
  },
  paymentFailed: (userId, invoiceKey) => c.executionCtx.waitUntil(notifyPaymentFailed(c.env, c.var.db, userId, invoiceKey)),
  tierChanged: (userId) => c.executionCtx.waitUntil(accessChanged(c.env, c.var.db, { kind: "roles", userId: userId })),
  paymentReceived: (userId, invoice) => c.executionCtx.waitUntil(sendMembershipReceipt(c.env, c.var.db, userId, invoice)),
});

type VipPlanOfEvent = {
  statements: Statement[];
  /** whose VIP to recompute */ userId: string | null;
  /** invoice.payment_failed: the invoice's key, when statements[0] marks its subscription past due */
  failedInvoice?: string;
  /** invoice.paid without its payment (a newer API version's event): looked up at the provider after the batch */
  unmatchedPayment?: UnmatchedPayment;
  /** invoice.paid: its subscription and payment, refunded after the batch if statements[0] refused it (decision 108) */
  paidInvoice?: PaidInvoiceOf;
  /** a trialing subscription: statements[0] took its trial (takeTrial), charged after the batch when refused */
  trialOf?: string;
  /** invoice.paid for an amount: the member's receipt, mailed when statements[0] accepted it */
  receipt?: PaidMembershipInvoice;
};
const nothing = (): VipPlanOfEvent => ({ statements: [], userId: null });

/** The VIP subscription kind, its follow-ups given (the admins' and the member's notices by default). */
export function vipSubscriptionKind(followUps: (c: FollowUpContext) => VipFollowUps = membershipNotices): PurchaseKind {
  const kind: PurchaseKind = {
    name: VIP_KIND_NAME,
    dispute: (db, dispute, when, now) => planVipDispute(kind, db, dispute, when, now),
    localCharge: localVipCharge,
    claims: (event) => {
      // Every Checkout Session not in payment mode is a VIP checkout, as it always was.
      const mode = checkoutSessionMode(event);
      return SUBSCRIPTION_EVENTS.includes(event.type) || (mode !== null && mode !== "payment");
    },
    async plan(db, event, now): Promise<PurchasePlan> {
      const plan = await planVipEvent(db, event, now);
      const { userId, failedInvoice, unmatchedPayment, paidInvoice, trialOf, receipt } = plan;
      const statements = userId ? [...plan.statements, ...syncUserMembership(db, userId, now)] : plan.statements;
      return {
        statements,
        followUp: (results, c) => {
          const effects = followUps(c);
          const vipRow = userId ? results.at(-1)?.results[0] : undefined;
          const vip = vipTurnedOn(vipRow);
          if (vip) effects.vipStarted?.(vip);
          if (userId && vipRow) effects.vipChanged?.(userId, { vip: vip !== null, eventId: event.id }); // a row only when the flag changed
          const tierRow = userId ? (results.at(-2)?.results[0] as TierChange | undefined) : undefined;
          if (userId && tierRow && !vipRow) effects.tierChanged?.(userId, { tierId: tierRow.tier_id, eventId: event.id });
          // results[0] is markInvoiceFailed: a change means it is past due now.
          if (userId && failedInvoice && (results[0]?.meta.changes ?? 0) > 0) effects.paymentFailed?.(userId, failedInvoice);
          const take = trialOf ? (results[0]?.results[0] as TrialTake | undefined) : undefined;
          if (trialOf && take?.granted === 0) c.executionCtx.waitUntil(chargeRefusedTrial(c, kind, trialOf));
          const matched = unmatchedPayment ? matchInvoicePayment(c, unmatchedPayment) : Promise.resolve();
          c.executionCtx.waitUntil(matched);
          // results[0] is markInvoicePaid: no change may mean the member's other subscription refused it (its payment recorded first).
          if (paidInvoice && (results[0]?.meta.changes ?? 0) === 0)
            c.executionCtx.waitUntil(matched.then(() => refundRefusedSubscription(c, kind, paidInvoice)));
          else if (userId && receipt) effects.paymentReceived?.(userId, receipt);
        },
      };
    },
  };
  return kind;
}

export const vipSubscriptions = vipSubscriptionKind();

/** The member, when syncUserVip's row (only returned on a change) says VIP went on. */
function vipTurnedOn(row: unknown): { email: string; username: string } | null {
  if (typeof row !== "object" || row === null) return null;
  const { is_vip, email, username } = row as Partial<Record<keyof VipChange, unknown>>;
  return is_vip === 1 && typeof email === "string" && typeof username === "string" ? { email, username } : null;
}

/** A member id from an event is only used when that member exists (no FK failures, no retries forever). */
async function existingUserId(db: DB, id: string | null) {
  if (!id) return null;
  return (await findUserForPayments(db, id))?.id ?? null;
}

/**
 * Which member a subscription belongs to: the row we already have, else the user_id metadata
 * our checkout put on it. Subscriptions we did not open (other products on the same Stripe
 * account) carry neither, and are left alone.
 */
async function subscriptionOwner(db: DB, subscriptionId: string, hint: string | null) {
  const row = await findSubscription(db, subscriptionId);
  if (row) return row.userId;
  return existingUserId(db, hint);
}

/** A verified event this kind cannot read: recorded without effect. */
const unexpectedShape = (event: FulfilmentEvent): VipPlanOfEvent => ({ ...unreadableEvent(event), userId: null });

async function planVipEvent(db: DB, event: FulfilmentEvent, now: number): Promise<VipPlanOfEvent> {
  const object = event.data.object;
  const eventAt = event.created * 1000;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = parseCheckoutSession(object);
      if (!session) return unexpectedShape(event);
      const statements: Statement[] = [setCheckoutStatus(db, session.id, "complete", ["pending"], now)];
      const userId = session.isSubscription ? await existingUserId(db, session.userId) : null;
      if (!userId) return { statements, userId: null };
      if (session.customerId) statements.push(linkCustomer(db, userId, session.customerId));
      if (session.subscriptionId && session.customerId && session.paid) {
        statements.push(activateFromCheckout(db, { id: session.subscriptionId, customerId: session.customerId, tierId: session.tierId }, userId, eventAt, now));
      }
      return { statements, userId };
    }

    case "checkout.session.async_payment_failed": {
      const session = parseCheckoutSession(object);
      if (!session) return unexpectedShape(event);
      return { statements: [setCheckoutStatus(db, session.id, "failed", ["pending", "complete"], now)], userId: null };
    }

    case "checkout.session.expired": {
      const session = parseCheckoutSession(object);
      if (!session) return unexpectedShape(event);
      return { statements: [setCheckoutStatus(db, session.id, "canceled", ["pending"], now)], userId: null };
    }

    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const sub = parseSubscription(object);
      if (!sub) return unexpectedShape(event);
      const userId = await subscriptionOwner(db, sub.id, sub.userIdHint);
      if (!userId) return nothing();
      const deleted = event.type === "customer.subscription.deleted";
      const write = deleted ? endSubscription : upsertSubscription;
      // A trial is taken once per member and tier, before the row is written (decision 149).
      const trial = !deleted && sub.status === "trialing";
      const statements = [...(trial ? [takeTrial(db, sub, userId, now)] : []), write(db, sub, userId, eventAt, now)];
      if (sub.currentPeriodEnd) statements.push(fillMissingPeriodEnd(db, sub.id, sub.currentPeriodEnd));
      if (sub.plan) statements.push(fillMissingPlan(db, sub.id, sub));
      return { statements, userId, ...(trial ? { trialOf: sub.id } : {}) };
    }

    case "invoice.paid": {
      const inv = parseInvoice(object);
      if (!inv) return nothing(); // not a subscription invoice, or not one we can read
      const row = await findSubscription(db, inv.subscriptionId);
      const userId = row?.userId ?? (await existingUserId(db, inv.userIdHint));
      const customerId = row?.customerId ?? inv.customerId;
      if (!userId || !customerId) return nothing();
      const statements = [
        markInvoicePaid(
          db,
          { subscriptionId: inv.subscriptionId, customerId, periodEnd: inv.periodEnd, tierId: inv.tierIdHint, amountPaid: inv.amountPaid, place: inv.place },
          userId,
          eventAt,
          now,
        ),
      ];
      const paidInvoice = { subscriptionId: inv.subscriptionId, invoiceId: inv.id };
      const revenue = ledgerAmount(inv, event.id);
      if (revenue) statements.push(recordInvoiceRevenue(db, revenue, userId, eventAt));
      const receipt =
        inv.amountPaid && inv.amountPaid > 0 && inv.currency
          ? {
              key: inv.id ?? event.id,
              subscriptionId: inv.subscriptionId,
              tierId: inv.tierIdHint,
              amountCents: inv.amountPaid,
              currency: inv.currency,
              taxCents: inv.taxCents,
              taxJurisdiction: inv.taxJurisdiction,
              paidAt: eventAt,
            }
          : undefined;
      // The payment a dispute or a fraud warning will name (decision 094).
      if (!inv.id || !receipt) return { statements, userId, paidInvoice, receipt };
      const payment = {
        ...inv,
        invoiceId: inv.id,
        subscriptionId: inv.subscriptionId,
        amountCents: receipt.amountCents,
        currency: receipt.currency,
        userId,
        paidAt: eventAt,
      };
      if (!inv.paymentIntentId) return { statements, userId, unmatchedPayment: payment, paidInvoice, receipt };
      statements.push(recordVipPayment(db, { ...payment, paymentIntentId: inv.paymentIntentId }, userId, eventAt));
      return { statements, userId, paidInvoice, receipt };
    }

    case "invoice.payment_failed": {
      const inv = parseInvoice(object);
      if (!inv) return nothing();
      const row = await findSubscription(db, inv.subscriptionId);
      if (!row) return nothing(); // a first payment that failed: there is no membership to suspend
      return { statements: [markInvoiceFailed(db, inv.subscriptionId, eventAt, now)], userId: row.userId, failedInvoice: inv.id ?? event.id };
    }
  }
  // Another Checkout Session event (none today): recorded without effect.
  return nothing();
}

const isLedgerCurrency = (code: string | null): code is Currency => CURRENCIES.some((c) => c === code);

/**
 * What a paid invoice adds to the revenue ledger, or null: nothing was paid (a free trial, a 100 %
 * coupon), or the currency is one the ledger does not keep (its CHECK would fail the whole batch,
 * and with it the membership the payment bought), which is logged instead.
 */
function ledgerAmount(inv: ParsedInvoice, eventId: string) {
  if (!inv.id || inv.amountPaid === null || inv.amountPaid <= 0) return null;
  if (!isLedgerCurrency(inv.currency)) {
    console.error(`payments: invoice.paid event ${eventId} is in ${inv.currency ?? "no currency"}; not added to the revenue ledger`);
    return null;
  }
  return { invoiceId: inv.id, amountCents: inv.amountPaid, currency: inv.currency, taxCents: inv.taxCents, taxJurisdiction: inv.taxJurisdiction };
}
