// The back office's revenue page (GET /api/admin/revenue) and the overview's store figures: money
// from the revenue ledger (revenue_entries: VIP invoices, store orders, refunds, and tickets once
// they are sold here), monthly recurring revenue from the subscriptions, VIP members gained and
// lost, and the store's top products. Dates are local dates in the admin's time zone; money is
// integer cents, one currency per figure, never converted.
import { z } from "../zod";
import { isValidTimeZone } from "../time-zones";
import type { Currency, ProductKind } from "../store/model";
import type { Trend } from "../trend";

/** The longest period one request covers: a year, leap day included. */
export const REVENUE_MAX_DAYS = 366;
/** Days a period covers when the request names neither end. */
export const REVENUE_DEFAULT_DAYS = 30;
/** Rows of the top products table, per currency. */
export const REVENUE_TOP_PRODUCTS = 10;

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date YYYY-MM-DD that exists (no 2026-02-30). */
export function isLocalDate(value: string): boolean {
  if (!LOCAL_DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

const localDate = z.string().max(10).refine(isLocalDate, "Expected a date as YYYY-MM-DD");

/** An IANA zone the runtime knows; UTC when left out. */
export const timeZoneQuery = z.string().max(64).refine(isValidTimeZone, "Unknown time zone").default("UTC");

/**
 * `from` and `to` are the period's first and last local dates (both included) in `tz`; without
 * `to`, today there; without `from`, REVENUE_DEFAULT_DAYS ending with `to`. A first day after the
 * last answers 400 `revenue_period_reversed`; more than REVENUE_MAX_DAYS, `revenue_period_too_long`.
 */
export const revenueQuerySchema = z.strictObject({
  from: localDate.optional(),
  to: localDate.optional(),
  tz: timeZoneQuery,
});

/** Cents per source; `refunds` is the sum of the refund rows (zero or negative); `net` adds them all. */
export type RevenueAmounts = { vip: number; store: number; tickets: number; refunds: number; net: number };

/** What one product brought in over the period, in one currency. */
export type TopProduct = {
  productId: string;
  /** The product's title now (the title it was sold under when it is gone). */
  title: string;
  kind: ProductKind;
  /** Units sold (a line's quantity). */
  units: number;
  /** The lines' amounts as sold: before an order-wide promotion code and without shipping. */
  revenueCents: number;
  orders: number;
};

export type CurrencyRevenue = {
  currency: Currency;
  totals: RevenueAmounts;
  /** How many refund rows the period holds. */
  refundCount: number;
  /**
   * The tax within `totals.net` (sales tax and VAT collected less what refunds gave back, decision
   * 093), and the revenue that is the artist's: net less that tax.
   */
  tax: { cents: number; netOfTaxCents: number };
  /** Every local date of the period, oldest first, zeros included. */
  days: (RevenueAmounts & { date: string })[];
  /** Every calendar month the period touches (YYYY-MM), the sum of its days in the period. */
  months: (RevenueAmounts & { month: string })[];
  /**
   * The period's best sellers by revenue, then units (REVENUE_TOP_PRODUCTS at most), from orders
   * paid in it; fully refunded and cancelled orders left out, a partial refund not deducted.
   */
  topProducts: TopProduct[];
};

/** Members who gained or lost VIP: paid subscriptions and complimentary VIP (comps) apart. */
export type MemberMovement = {
  gained: number;
  lost: number;
  subscriptionsStarted: number;
  subscriptionsEnded: number;
  compsGranted: number;
  compsEnded: number;
};

export type MrrSnapshot = { month: string; subscriptions: number; cents: number };

/**
 * Monthly recurring revenue in the VIP plan's currency (the configuration's price; a subscription
 * carries no currency of its own). `now`: subscriptions active or past due and not set to cancel,
 * times the price. `atStart` and `monthEnds`: subscriptions started by then and not ended by then
 * (a cancellation scheduled at that time cannot be known later), times today's price. A yearly
 * plan counts as a twelfth of today's yearly price (decision 055).
 */
export type RevenueMrr = {
  currency: string;
  priceCents: number;
  /** The yearly plan's price today (the settings'); a yearly subscription counts as a twelfth of it (decision 055). */
  yearlyPriceCents: number;
  subscriptions: number;
  /** How many of `subscriptions` are on the yearly plan. */
  yearlySubscriptions: number;
  /** The figure now against the figure at the period's start. */
  cents: Trend;
  atStart: { subscriptions: number; cents: number };
  /** At the end of each month of the period that has ended, oldest first. */
  monthEnds: MrrSnapshot[];
};

export type RevenueResponse = {
  from: string;
  to: string;
  timeZone: string;
  /** Every currency the ledger keeps (usd, brl), each with its own figures. */
  currencies: CurrencyRevenue[];
  mrr: RevenueMrr;
  members: {
    totals: MemberMovement;
    days: (MemberMovement & { date: string })[];
    months: (MemberMovement & { month: string })[];
  };
};

/** An amount in one currency. */
export type Money = { currency: Currency; cents: number };

/** The overview's store figures, in the admin's time zone (every currency, zeros included). */
export type OverviewStore = {
  /** Orders paid since local midnight: how many, and their totals per currency. */
  ordersToday: { count: number; totals: Money[] };
  /** The ledger's net since the first of the local month (every source, refunds deducted). */
  monthRevenue: Money[];
};
