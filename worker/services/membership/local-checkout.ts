// What the VIP test checkout's and test portal's buttons do (local mode). Each builds the events
// Stripe would send for a subscription, and the local provider delivers them (payments/
// local-delivery.ts): signed, verified and fulfilled exactly as the webhook's, through this kind.
import type { DB } from "../../db/client";
import { findBillingCustomer } from "../../db/payments";
import type { SubscriptionRow } from "../../db/payments";
import { deliver } from "../payments/local-delivery";
import { localEvent, newLocalId } from "../payments/local-events";
import type { FollowUpContext } from "../payments/purchase-kind";
import type { PaymentsService } from "../payments/types";
import { checkoutSessionObject, invoiceObject, periodEndAfter, subscriptionObject, type LocalInvoiceTax, type LocalSubscription } from "./local-events";
import { readTaxSettings } from "../../db/tax-settings";
import { computeDemoTax, type TaxPlace, type TaxStatus } from "#contracts/tax-model.ts";
import { vipSubscriptions } from "./purchase";
import { trialEndAfter } from "./trials";
import type { VipPlan } from "#contracts/vip-plans.ts";

/** `prices`: each plan's amount as the site sells it now (the configuration's monthly price, the settings' yearly one). */
export type LocalDeps = {
  db: DB;
  service: PaymentsService;
  secret: string;
  prices: Record<VipPlan, { cents: number; currency: string }>;
  followUp?: FollowUpContext;
};

export const deliverVip = (deps: LocalDeps, events: Parameters<typeof deliver>[1], now: number) => deliver({ ...deps, kinds: [vipSubscriptions] }, events, now);

/**
 * The checkout a Pay click completes: the plan it sells and the amount it was opened with (null: the
 * plan's price now); `firstPeriodCents`, an offer's discounted first invoice (decision 101): the
 * subscription keeps the full price, which every later invoice charges.
 */
export type LocalCheckout = {
  sessionId: string;
  userId: string;
  plan: VipPlan;
  amountCents: number | null;
  /** The tier sold and its currency (null: VIP's configured one). */
  tierId: string;
  currency: string | null;
  firstPeriodCents?: number | null;
  /** The free trial's days the checkout was opened with (decision 102): 0, none. */
  trialDays?: number;
};

/** The DEMO tax on a membership for the member's place (decision 093), as Stripe Tax would add it to the invoice. */
export async function localVipTax(
  db: DB,
  amount: { cents: number; currency: string },
  place: TaxPlace | null,
): Promise<(LocalInvoiceTax & { status: TaxStatus }) | null> {
  if (!place) return null;
  const settings = await readTaxSettings(db);
  const behavior = amount.currency.toLowerCase() === "brl" ? settings.behavior.brl : settings.behavior.usd;
  const tax = computeDemoTax([{ kind: "membership", amountCents: amount.cents }], place, behavior, settings.registrations);
  return { cents: tax.taxCents, behavior, country: place.country, state: place.state, status: tax.status };
}

/** The billing place the subscription's invoices named (decision 147): what its later charges are taxed for. */
export const billingPlaceOf = (row: Pick<SubscriptionRow, "taxCountry" | "taxRegion">): TaxPlace | null =>
  row.taxCountry ? { country: row.taxCountry, state: row.taxRegion } : null;

/**
 * Pay: a new subscription of the checkout's plan, its first invoice paid (with the DEMO tax for the
 * member's place), the checkout completed. With a trial, as Stripe does it: the subscription is
 * trialing until the trial's end (its period's end) and its first invoice is 0, taxed nothing.
 */
export async function payLocalCheckout(
  deps: LocalDeps,
  { sessionId, userId, plan, amountCents, tierId, currency, firstPeriodCents = null, trialDays = 0 }: LocalCheckout,
  place: TaxPlace | null = null,
  now = Date.now(),
) {
  const customerId = (await findBillingCustomer(deps.db, userId))?.customerId ?? newLocalId("customer");
  const sub: LocalSubscription = {
    id: newLocalId("subscription"),
    customerId,
    userId,
    status: trialDays > 0 ? "trialing" : "active",
    periodStart: now,
    periodEnd: trialDays > 0 ? trialEndAfter(now, trialDays) : periodEndAfter(plan, now),
    cancelAtPeriodEnd: false,
    priceCents: amountCents ?? deps.prices[plan].cents,
    currency: currency ?? deps.prices[plan].currency,
    plan,
    tierId,
  };
  const firstPaid = trialDays > 0 ? 0 : (firstPeriodCents ?? sub.priceCents);
  // A trial's invoice of 0 names the place too, as Stripe's does: the trial's end is taxed for it.
  const tax = await localVipTax(deps.db, { cents: firstPaid, currency: sub.currency }, place);
  await deliverVip(
    deps,
    [
      localEvent("customer.subscription.created", subscriptionObject(sub, now), now),
      localEvent("invoice.paid", invoiceObject(sub, { amountPaid: firstPaid, tax }), now),
      localEvent(
        "checkout.session.completed",
        checkoutSessionObject({ id: sessionId, userId, status: "complete", paymentStatus: "paid", customerId, subscriptionId: sub.id, tierId }),
        now,
      ),
    ],
    now,
  );
}

/** Decline: the card is refused; the checkout fails and nothing is granted. */
export async function declineLocalCheckout(deps: LocalDeps, { sessionId, userId }: { sessionId: string; userId: string }, now = Date.now()) {
  const object = checkoutSessionObject({ id: sessionId, userId, status: "complete", paymentStatus: "unpaid", customerId: null, subscriptionId: null });
  await deliverVip(deps, [localEvent("checkout.session.async_payment_failed", object, now)], now);
}

/** Cancel: the member leaves the checkout; the session expires. */
export async function cancelLocalCheckout(deps: LocalDeps, { sessionId, userId }: { sessionId: string; userId: string }, now = Date.now()) {
  const object = checkoutSessionObject({ id: sessionId, userId, status: "expired", paymentStatus: "unpaid", customerId: null, subscriptionId: null });
  await deliverVip(deps, [localEvent("checkout.session.expired", object, now)], now);
}

export type LocalManageAction = "cancel-at-period-end" | "resume" | "end-now" | "switch-to-yearly" | "switch-to-monthly";

/** The plan a switch action moves to. */
export const switchTarget = (action: LocalManageAction): VipPlan | null =>
  action === "switch-to-yearly" ? "yearly" : action === "switch-to-monthly" ? "monthly" : null;

/** The start of the billing period of `plan` that ends at `end`. */
export function periodStartBefore(plan: VipPlan, end: number) {
  const d = new Date(end);
  if (plan === "yearly") d.setUTCFullYear(d.getUTCFullYear() - 1);
  else d.setUTCMonth(d.getUTCMonth() - 1);
  return d.getTime();
}

/**
 * What switching `row` to `target` at `now` comes to, as Stripe prorates an interval change: the
 * new plan's price, a new period from now, the unused share of the current period credited, and
 * the price less that credit charged now (nothing when the credit covers it; what is left of the
 * credit stays with the customer for later invoices, as Stripe's customer balance keeps it).
 */
export function localSwitchTerms(row: SubscriptionRow, prices: LocalDeps["prices"], target: VipPlan, now: number) {
  const plan: VipPlan = row.plan ?? "monthly";
  const periodEnd = row.currentPeriodEnd?.getTime() ?? periodEndAfter(plan, now);
  const paidCents = row.priceCents ?? prices[plan].cents;
  const start = periodStartBefore(plan, periodEnd);
  const creditCents = periodEnd > now && periodEnd > start ? Math.round((paidCents * (periodEnd - now)) / (periodEnd - start)) : 0;
  const priceCents = prices[target].cents;
  return {
    plan: target,
    priceCents,
    currency: prices[target].currency,
    creditCents,
    chargeCents: Math.max(0, priceCents - creditCents),
    leftoverCents: Math.max(0, creditCents - priceCents),
    periodEnd: periodEndAfter(target, now),
  };
}

/**
 * The local stand-in for the Customer Portal: cancel at period end, undo that, end now, or switch
 * plans. A switch does what Stripe does when a price's interval changes: the subscription's item
 * gets the other plan's price and a new period from now (customer.subscription.updated), and an
 * invoice charges the new price less the unused part of the old period (invoice.paid; nothing
 * charged when the credit covers it).
 */
export async function manageLocalSubscription(deps: LocalDeps, row: SubscriptionRow, action: LocalManageAction, now = Date.now()) {
  const plan: VipPlan = row.plan ?? "monthly";
  const periodEnd = row.currentPeriodEnd?.getTime() ?? periodEndAfter(plan, now);
  const base: LocalSubscription = {
    id: row.id,
    customerId: row.customerId,
    userId: row.userId,
    status: row.status,
    periodStart: now,
    periodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    priceCents: row.priceCents ?? deps.prices[plan].cents,
    currency: row.priceCurrency ?? deps.prices[plan].currency,
    plan,
    tierId: row.tierId,
  };
  const target = switchTarget(action);
  if (target) {
    const terms = localSwitchTerms(row, deps.prices, target, now);
    const switched: LocalSubscription = { ...base, plan: target, priceCents: terms.priceCents, currency: terms.currency, periodEnd: terms.periodEnd };
    const amountPaid = terms.chargeCents;
    const tax = await localVipTax(deps.db, { cents: amountPaid, currency: switched.currency }, billingPlaceOf(row));
    await deliverVip(
      deps,
      [
        localEvent("customer.subscription.updated", subscriptionObject(switched, now), now),
        localEvent("invoice.paid", invoiceObject(switched, { amountPaid, reason: "subscription_update", tax }), now),
      ],
      now,
    );
    return;
  }
  const event =
    action === "end-now"
      ? localEvent("customer.subscription.deleted", subscriptionObject({ ...base, status: "canceled", cancelAtPeriodEnd: false }, now), now)
      : localEvent("customer.subscription.updated", subscriptionObject({ ...base, cancelAtPeriodEnd: action === "cancel-at-period-end" }, now), now);
  await deliverVip(deps, [event], now);
}
