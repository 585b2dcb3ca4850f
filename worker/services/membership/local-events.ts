// The VIP test checkout's Stripe-shaped objects: subscriptions, invoices and subscription-mode
// Checkout Sessions. They carry the same fields a real delivery does (both the older and the
// current API layout of the period end), so the local mode exercises exactly the parsing and
// fulfilment the live webhook uses.
import { newLocalId, unixSeconds } from "../payments/local-events";
import type { VipPlan } from "#contracts/vip-plans.ts";

/** One calendar month after `ms`, like a monthly Stripe price. */
export function oneMonthAfter(ms: number) {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.getTime();
}

/** One calendar year after `ms`, like a yearly Stripe price. */
export function oneYearAfter(ms: number) {
  const d = new Date(ms);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.getTime();
}

/** The end of a billing period of `plan` that starts at `ms`. */
export const periodEndAfter = (plan: VipPlan, ms: number) => (plan === "yearly" ? oneYearAfter(ms) : oneMonthAfter(ms));

/** The local stand-ins for the two Stripe Prices. */
export const LOCAL_PRICE_IDS = { monthly: "price_local_vip", yearly: "price_local_vip_yearly" } as const satisfies Record<VipPlan, string>;

export type LocalSubscription = {
  id: string;
  customerId: string;
  userId: string;
  /** Stripe's subscription status (active, past_due, canceled, ...). */
  status: string;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  priceCents: number;
  currency: string;
  plan: VipPlan;
  /** The tier it pays for (decision 098), carried in its metadata as the live checkout puts it. */
  tierId: string;
};

/** The local stand-in for a price: VIP's two, or a tier's per plan. */
const localPriceId = (s: LocalSubscription) => (s.tierId === "vip" ? LOCAL_PRICE_IDS[s.plan] : `price_local_${s.tierId}_${s.plan}`);

export function subscriptionObject(s: LocalSubscription, nowMs: number) {
  const start = unixSeconds(s.periodStart);
  const end = unixSeconds(s.periodEnd);
  return {
    id: s.id,
    object: "subscription",
    customer: s.customerId,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    cancel_at: s.cancelAtPeriodEnd ? end : null,
    canceled_at: s.status === "canceled" || s.cancelAtPeriodEnd ? unixSeconds(nowMs) : null,
    ended_at: s.status === "canceled" ? unixSeconds(nowMs) : null,
    current_period_start: start,
    current_period_end: end,
    items: {
      object: "list",
      data: [
        {
          id: `si_${s.id}`,
          object: "subscription_item",
          current_period_start: start,
          current_period_end: end,
          price: {
            id: localPriceId(s),
            object: "price",
            unit_amount: s.priceCents,
            currency: s.currency.toLowerCase(),
            recurring: { interval: s.plan === "yearly" ? "year" : "month", interval_count: 1 },
          },
          quantity: 1,
        },
      ],
    },
    metadata: { user_id: s.userId, tier_id: s.tierId },
    livemode: false,
  };
}

/** A paid invoice of the subscription: its first (the price), or a switch's (`amountPaid`: the price less the unused time's credit). */
/** The DEMO tax on a local invoice (decision 093), where Stripe Tax puts its own. */
export type LocalInvoiceTax = { cents: number; behavior: "inclusive" | "exclusive"; country: string; state: string | null };

export function invoiceObject(
  s: LocalSubscription,
  { amountPaid = s.priceCents, reason = "subscription_create", tax }: { amountPaid?: number; reason?: string; tax?: LocalInvoiceTax | null } = {},
) {
  const invoiceId = newLocalId("invoice");
  const paid = amountPaid + (tax?.behavior === "exclusive" ? tax.cents : 0);
  return {
    ...(tax
      ? {
          total_taxes: [{ amount: tax.cents }],
          customer_address: { country: tax.country, state: tax.state },
          automatic_tax: { enabled: true, status: "complete" },
        }
      : {}),
    id: invoiceId,
    object: "invoice",
    customer: s.customerId,
    status: "paid",
    amount_paid: paid,
    currency: s.currency.toLowerCase(),
    billing_reason: reason,
    parent: { type: "subscription_details", subscription_details: { subscription: s.id, metadata: { user_id: s.userId, tier_id: s.tierId } } },
    lines: { object: "list", data: [{ period: { start: unixSeconds(s.periodStart), end: unixSeconds(s.periodEnd) } }] },
    // The current API's layout of the payment that paid it (what a dispute on it names).
    payments: {
      object: "list",
      data: [
        {
          object: "invoice_payment",
          status: "paid",
          amount_paid: paid,
          currency: s.currency.toLowerCase(),
          payment: { type: "payment_intent", payment_intent: newLocalId("paymentIntent") },
        },
      ],
    },
    livemode: false,
  };
}

export function checkoutSessionObject(c: {
  id: string;
  userId: string;
  status: "complete" | "expired" | "open";
  paymentStatus: "paid" | "unpaid";
  customerId: string | null;
  subscriptionId: string | null;
  tierId?: string;
}) {
  return {
    id: c.id,
    object: "checkout.session",
    mode: "subscription",
    status: c.status,
    payment_status: c.paymentStatus,
    client_reference_id: c.userId,
    customer: c.customerId,
    subscription: c.subscriptionId,
    metadata: { user_id: c.userId, ...(c.tierId ? { tier_id: c.tierId } : {}) },
    livemode: false,
  };
}
