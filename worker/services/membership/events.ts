// Reads the few fields fulfilment needs from a verified event's object. Lenient by design:
// Stripe's shapes differ between API versions (e.g. current_period_end moved from the
// subscription to its items; invoice.subscription moved under parent.subscription_details),
// and a verified event with an unexpected shape must not crash the webhook.
import { z } from "zod";
import type { SubscriptionSnapshot } from "../../db/payments";
import { planOfInterval } from "#contracts/vip-plans.ts";
import { jurisdictionOf, placeOfAddress, type TaxPlace } from "#contracts/tax-model.ts";

/** An id, or an expanded object carrying one. */
const ref = z.union([z.string(), z.object({ id: z.string() })]).transform((v) => (typeof v === "string" ? v : v.id));
const metadata = z
  .record(z.string(), z.string())
  .nullish()
  .transform((m) => m ?? {});
const seconds = z.number().int().nonnegative();
const toMs = (s: number | null | undefined) => (s === null || s === undefined ? null : s * 1000);

/** A price as an event carries it; every field optional (a fixture or another API version may lack them). */
const priceSchema = z
  .object({
    unit_amount: z.number().int().nonnegative().nullish(),
    currency: z.string().nullish(),
    recurring: z.object({ interval: z.string().nullish(), interval_count: z.number().int().nullish() }).nullish(),
  })
  .nullish()
  .catch(null);

const subscriptionSchema = z.object({
  id: z.string().min(1),
  customer: ref,
  status: z.string().min(1),
  cancel_at_period_end: z.boolean().nullish(),
  cancel_at: seconds.nullish(),
  current_period_end: seconds.nullish(),
  items: z.object({ data: z.array(z.object({ current_period_end: seconds.nullish(), price: priceSchema })) }).nullish(),
  metadata,
});

const checkoutSessionSchema = z.object({
  id: z.string().min(1),
  mode: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  customer: ref.nullish(),
  subscription: ref.nullish(),
  payment_status: z.string().nullish(),
  metadata,
});

const invoiceSchema = z.object({
  id: z.string().nullish(),
  customer: ref.nullish(),
  /** API versions before 2025-03-31. */
  subscription: ref.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: ref, metadata }).nullish() }).nullish(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ end: seconds.nullish() }).nullish() })) }).nullish(),
  /** What was paid, in the currency's smallest unit (cents), and that currency (lower case). */
  amount_paid: z.number().int().nullish(),
  currency: z.string().nullish(),
  /** Stripe Tax's tax on the invoice (decision 093): `tax` before API version 2025-03-31, `total_taxes` since. */
  tax: z.number().int().nullish(),
  total_taxes: z.array(z.object({ amount: z.number().int() })).nullish(),
  customer_address: z.object({ country: z.string().nullish(), state: z.string().nullish() }).nullish(),
  /** The payment (decision 094): `payment_intent` before API version 2025-03-31, `payments.data[].payment.payment_intent` since. */
  payment_intent: ref.nullish(),
  payments: z
    .object({ data: z.array(z.object({ status: z.string().nullish(), payment: z.object({ payment_intent: ref.nullish() }).nullish() })) })
    .nullish()
    .catch(null),
});

export type ParsedSubscription = SubscriptionSnapshot & { userIdHint: string | null };

export function parseSubscription(object: unknown): ParsedSubscription | null {
  const r = subscriptionSchema.safeParse(object);
  if (!r.success) return null;
  const s = r.data;
  const itemEnds = (s.items?.data ?? []).map((i) => i.current_period_end ?? 0);
  const periodEnd = s.current_period_end ?? (itemEnds.length ? Math.max(...itemEnds) : null);
  // The plan is the price's recurring interval: a switch in the portal changes the item's price.
  const price = (s.items?.data ?? []).find((i) => i.price?.recurring)?.price ?? null;
  const plan = planOfInterval(price?.recurring?.interval, price?.recurring?.interval_count);
  return {
    id: s.id,
    plan,
    priceCents: plan ? (price?.unit_amount ?? null) : null,
    priceCurrency: plan ? (price?.currency?.toLowerCase() ?? null) : null,
    customerId: s.customer,
    status: s.status,
    currentPeriodEnd: toMs(periodEnd || null),
    // A portal cancellation may set cancel_at (a date) instead of cancel_at_period_end.
    cancelAtPeriodEnd: Boolean(s.cancel_at_period_end),
    cancelAt: toMs(s.cancel_at),
    // The tier our checkout or a tier change wrote on it (decision 098); none: the row's own.
    tierId: s.metadata.tier_id ?? null,
    userIdHint: s.metadata.user_id ?? null,
  };
}

export type ParsedCheckoutSession = {
  id: string;
  isSubscription: boolean;
  userId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  paid: boolean;
  tierId: string | null;
};

export function parseCheckoutSession(object: unknown): ParsedCheckoutSession | null {
  const r = checkoutSessionSchema.safeParse(object);
  if (!r.success) return null;
  const s = r.data;
  return {
    id: s.id,
    isSubscription: s.mode === "subscription",
    userId: s.client_reference_id ?? s.metadata.user_id ?? null,
    customerId: s.customer ?? null,
    subscriptionId: s.subscription ?? null,
    paid: s.payment_status === "paid" || s.payment_status === "no_payment_required",
    tierId: s.metadata.tier_id ?? null,
  };
}

export type ParsedInvoice = {
  /** The invoice's id: its payment retries are separate events about the same invoice. */
  id: string | null;
  subscriptionId: string;
  customerId: string | null;
  periodEnd: number | null;
  userIdHint: string | null;
  /** The tier the subscription's metadata named when the invoice was made. */
  tierIdHint: string | null;
  /** Cents paid; null when the object does not say (older fixtures, other shapes). */
  amountPaid: number | null;
  /** Lower-case ISO 4217 code, as Stripe writes it; null when absent. */
  currency: string | null;
  /** The tax within amountPaid, and where it is owed ("DE", "US-CA"); 0 and null without tax. */
  taxCents: number;
  taxJurisdiction: string | null;
  /** The billing place the invoice was taxed for, taxed or not (its customer's address); null when it names none. */
  place: TaxPlace | null;
  /** The payment intent that paid it (what a dispute names); null when the event does not carry it. */
  paymentIntentId: string | null;
};

/** The paid payment's intent: the older field, else the paid one of the invoice's payments (the newest first). */
function invoicePaymentIntent(inv: z.infer<typeof invoiceSchema>): string | null {
  if (inv.payment_intent) return inv.payment_intent;
  const payments = inv.payments?.data ?? [];
  const paid = payments.find((p) => p.status === "paid" && p.payment?.payment_intent) ?? payments.find((p) => p.payment?.payment_intent);
  return paid?.payment?.payment_intent ?? null;
}

function invoiceTax(inv: z.infer<typeof invoiceSchema>): Pick<ParsedInvoice, "taxCents" | "taxJurisdiction" | "place"> {
  const taxCents = inv.total_taxes ? inv.total_taxes.reduce((sum, t) => sum + t.amount, 0) : (inv.tax ?? 0);
  const place = placeOfAddress(inv.customer_address);
  return { taxCents, taxJurisdiction: taxCents > 0 && place ? jurisdictionOf(place) : null, place };
}

/** Null for invoices that belong to no subscription (nothing to do with VIP). */
export function parseInvoice(object: unknown): ParsedInvoice | null {
  const r = invoiceSchema.safeParse(object);
  if (!r.success) return null;
  const inv = r.data;
  const details = inv.parent?.subscription_details ?? null;
  const subscriptionId = details?.subscription ?? inv.subscription ?? null;
  if (!subscriptionId) return null;
  const ends = (inv.lines?.data ?? []).map((l) => l.period?.end ?? 0);
  const periodEnd = ends.length ? Math.max(...ends) : 0;
  return {
    id: inv.id ?? null,
    subscriptionId,
    customerId: inv.customer ?? null,
    periodEnd: toMs(periodEnd || null),
    userIdHint: details?.metadata.user_id ?? null,
    tierIdHint: details?.metadata.tier_id ?? null,
    amountPaid: inv.amount_paid ?? null,
    currency: inv.currency?.toLowerCase() ?? null,
    ...invoiceTax(inv),
    paymentIntentId: invoicePaymentIntent(inv),
  };
}
