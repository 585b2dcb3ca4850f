// What the revenue page and the overview read: the revenue ledger per local date of the admin's
// time zone, monthly recurring revenue from the subscriptions, VIP members gained and lost, and
// the store's best sellers. Each is one D1 batch. Local dates become instants here (ZoneClock:
// daylight saving and half-hour zones included), and SQL groups rows between those instants, so a
// day boundary is exact in any zone.
import type { DB } from "./client";
import { ZoneClock } from "./analytics/zoned";
import { DAY_MS } from "../lib/time";
import { trend } from "../lib/analytics/figures";
import { CURRENCIES, type Currency, type ProductKind, type RevenueSource } from "#contracts/store/model.ts";
import {
  REVENUE_DEFAULT_DAYS,
  REVENUE_MAX_DAYS,
  REVENUE_TOP_PRODUCTS,
  type CurrencyRevenue,
  type MemberMovement,
  type Money,
  type OverviewStore,
  type RevenueAmounts,
  type RevenueResponse,
  type TopProduct,
} from "#contracts/admin/revenue.ts";
import { DEFAULT_VIP_YEARLY_PRICE_CENTS } from "#contracts/vip-plans.ts";

/**
 * The VIP plans' prices: the monthly one from the configuration, the yearly one from the settings
 * (decision 055; left out, the default yearly price).
 */
export type VipPrice = { cents: number; currency: string; yearlyCents?: number };

// ---- local dates ------------------------------------------------------------------------------

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (0 for the same date). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The period a request names, in local dates of its zone: `to` defaults to today there, `from` to
 * REVENUE_DEFAULT_DAYS ending with `to`. A reason instead when the dates cannot make one.
 */
export function revenuePeriod(
  { from, to, tz }: { from?: string; to?: string; tz: string },
  now = Date.now(),
): { from: string; to: string } | "reversed" | "too_long" {
  const last = to ?? new ZoneClock(tz).dateOf(now);
  const first = from ?? addDays(last, 1 - REVENUE_DEFAULT_DAYS);
  const days = daysBetween(first, last) + 1;
  if (days < 1) return "reversed";
  if (days > REVENUE_MAX_DAYS) return "too_long";
  return { from: first, to: last };
}

function datesFrom(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

function nextMonth(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
}

/** The period's local dates and the instants that bound them: bounds[i] <= a day i instant < bounds[i + 1]. */
function periodOf(clock: ZoneClock, from: string, to: string) {
  const dates = datesFrom(from, to);
  const bounds = [...dates.map((date) => clock.startOfDate(date)), clock.startOfDate(addDays(to, 1))];
  const months = [...new Set(dates.map((date) => date.slice(0, 7)))];
  return { dates, bounds, months, start: bounds[0]!, end: bounds.at(-1)! };
}

/** The index of the day holding `instant` (bounds sorted; the instant inside them). */
function dayIndex(bounds: number[], instant: number): number {
  let low = 0;
  let high = bounds.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (bounds[mid]! <= instant) low = mid;
    else high = mid - 1;
  }
  return low;
}

// ---- SQL --------------------------------------------------------------------------------------

function query(db: DB, sql: string, ...params: (string | number)[]) {
  return db.$client.prepare(sql).bind(...params);
}

/**
 * The ledger per day, source and currency. ?1 is the JSON array of the day bounds: each day's rows
 * are one range scan of the ledger's time index.
 */
const LEDGER_BY_DAY_SQL = `WITH bounds AS (
  SELECT CAST(key AS INTEGER) AS i, value AS start, lead(value) OVER (ORDER BY CAST(key AS INTEGER)) AS stop FROM json_each(?1)
)
SELECT b.i AS day, e.source AS source, e.currency AS currency,
  sum(CASE WHEN e.amount_cents > 0 THEN e.amount_cents ELSE 0 END) AS gross,
  sum(CASE WHEN e.amount_cents < 0 THEN e.amount_cents ELSE 0 END) AS refunds,
  sum(e.amount_cents < 0) AS refund_count,
  sum(e.tax_cents) AS tax
FROM bounds b JOIN revenue_entries e ON e.occurred_at >= b.start AND e.occurred_at < b.stop
WHERE b.stop IS NOT NULL
GROUP BY b.i, e.source, e.currency`;
type LedgerRow = { day: number; source: RevenueSource; currency: Currency; gross: number; refunds: number; refund_count: number; tax: number };

/** Units and amounts per product and currency of the orders paid in [?1, ?2) that still stand. */
const TOP_PRODUCTS_SQL = `SELECT l.product_id AS product_id, coalesce(p.title, max(l.title)) AS title, max(l.kind) AS kind, o.currency AS currency,
  sum(l.quantity) AS units, sum(l.total_cents) AS cents, count(DISTINCT o.id) AS orders
FROM order_lines l JOIN orders o ON o.id = l.order_id LEFT JOIN products p ON p.id = l.product_id
WHERE o.paid_at >= ?1 AND o.paid_at < ?2 AND o.status NOT IN ('refunded', 'cancelled')
GROUP BY l.product_id, o.currency
ORDER BY cents DESC, units DESC, title`;
type ProductRow = { product_id: string; title: string; kind: ProductKind; currency: Currency; units: number; cents: number; orders: number };

// A subscription that never got paid (incomplete, expired so) neither gained nor lost anyone. One
// that is canceled (or unpaid: Stripe stopped trying) ended at its last event; the row keeps no
// earlier history, so that is the only end it knows.
const NEVER_PAID = "('incomplete', 'incomplete_expired')";
const ENDED = "('canceled', 'unpaid')";

/** When memberships started and ended in [?1, ?2): subscriptions, and comps (an end only once it has passed, ?3 = now). */
const MOVEMENTS_SQL = `SELECT 'subscriptionsStarted' AS kind, created_at AS at FROM subscriptions WHERE created_at >= ?1 AND created_at < ?2 AND status NOT IN ${NEVER_PAID}
UNION ALL SELECT 'subscriptionsEnded', last_event_at FROM subscriptions WHERE status IN ${ENDED} AND last_event_at >= ?1 AND last_event_at < ?2
UNION ALL SELECT 'compsGranted', granted_at FROM vip_comps WHERE granted_at >= ?1 AND granted_at < ?2
UNION ALL SELECT 'compsEnded', ends_at FROM vip_comps WHERE ends_at >= ?1 AND ends_at < ?2 AND ends_at <= ?3`;
type MovementKind = "subscriptionsStarted" | "subscriptionsEnded" | "compsGranted" | "compsEnded";
type MovementRow = { kind: MovementKind; at: number };

/** A row on the yearly plan (a row no event has given a plan yet counts as monthly, as every older one was). */
const YEARLY = "plan = 'yearly'";

/** Subscriptions paying now: active, or past due (still being collected), and not set to cancel; n of them yearly. */
const MRR_NOW_SQL = `SELECT count(*) AS n, coalesce(sum(${YEARLY}), 0) AS y FROM subscriptions
  WHERE status IN ('active', 'past_due') AND cancel_at_period_end = 0 AND cancel_at IS NULL`;

/** Subscriptions started by and not ended by each instant of the JSON array ?1, and how many of them yearly. */
const MRR_AT_SQL = `SELECT CAST(j.key AS INTEGER) AS i, count(s.id) AS n, coalesce(sum(s.${YEARLY}), 0) AS y
FROM json_each(?1) j LEFT JOIN subscriptions s
  ON s.created_at <= j.value AND s.status NOT IN ${NEVER_PAID} AND (s.status NOT IN ${ENDED} OR s.last_event_at > j.value)
GROUP BY j.key`;
type MrrCount = { n: number; y: number };

// ---- the revenue page -------------------------------------------------------------------------

const zeroAmounts = (): RevenueAmounts => ({ vip: 0, store: 0, tickets: 0, refunds: 0, net: 0 });
const zeroMovement = (): MemberMovement => ({ gained: 0, lost: 0, subscriptionsStarted: 0, subscriptionsEnded: 0, compsGranted: 0, compsEnded: 0 });

function addAmounts(into: RevenueAmounts, from: RevenueAmounts) {
  into.vip += from.vip;
  into.store += from.store;
  into.tickets += from.tickets;
  into.refunds += from.refunds;
  into.net += from.net;
}

const MOVEMENT_KEYS = Object.keys(zeroMovement()) as (keyof MemberMovement)[];

function addMovements(into: MemberMovement, from: MemberMovement) {
  for (const key of MOVEMENT_KEYS) into[key] += from[key];
}

function addMovement(into: MemberMovement, kind: MovementKind) {
  into[kind] += 1;
  if (kind === "subscriptionsStarted" || kind === "compsGranted") into.gained += 1;
  else into.lost += 1;
}

function currencyFigures(currency: Currency, dates: string[], months: string[], ledger: LedgerRow[], products: ProductRow[]): CurrencyRevenue {
  const days = dates.map((date) => ({ date, ...zeroAmounts() }));
  const totals = zeroAmounts();
  let refundCount = 0;
  let taxCents = 0;
  for (const row of ledger) {
    if (row.currency !== currency) continue;
    taxCents += row.tax;
    const day = days[row.day]!;
    day[row.source] += row.gross;
    day.refunds += row.refunds;
    day.net += row.gross + row.refunds;
    refundCount += row.refund_count;
  }
  const byMonth = new Map(months.map((month) => [month, { month, ...zeroAmounts() }]));
  for (const day of days) {
    addAmounts(totals, day);
    addAmounts(byMonth.get(day.date.slice(0, 7))!, day);
  }
  const topProducts: TopProduct[] = products
    .filter((p) => p.currency === currency)
    .slice(0, REVENUE_TOP_PRODUCTS)
    .map((p) => ({ productId: p.product_id, title: p.title, kind: p.kind, units: p.units, revenueCents: p.cents, orders: p.orders }));
  return { currency, totals, refundCount, tax: { cents: taxCents, netOfTaxCents: totals.net - taxCents }, days, months: [...byMonth.values()], topProducts };
}

export async function readRevenue(
  db: DB,
  { from, to, timeZone }: { from: string; to: string; timeZone: string },
  price: VipPrice,
  now = Date.now(),
): Promise<RevenueResponse> {
  const clock = new ZoneClock(timeZone);
  const { dates, bounds, months, start, end } = periodOf(clock, from, to);
  // Month ends inside the period that have passed; the month still running has the figure now.
  const monthEnds = months.map((month) => ({ month, at: clock.startOfDate(`${nextMonth(month)}-01`) })).filter((m) => m.at <= Math.min(end, now));

  const [ledgerRes, productsRes, movementsRes, mrrNowRes, mrrAtRes] = await db.$client.batch([
    query(db, LEDGER_BY_DAY_SQL, JSON.stringify(bounds)),
    query(db, TOP_PRODUCTS_SQL, start, end),
    query(db, MOVEMENTS_SQL, start, end, now),
    query(db, MRR_NOW_SQL),
    query(db, MRR_AT_SQL, JSON.stringify([start, ...monthEnds.map((m) => m.at)])),
  ]);
  const ledger = ledgerRes!.results as LedgerRow[];
  const products = productsRes!.results as ProductRow[];

  const memberDays = dates.map((date) => ({ date, ...zeroMovement() }));
  for (const row of movementsRes!.results as MovementRow[]) addMovement(memberDays[dayIndex(bounds, row.at)]!, row.kind);
  const memberTotals = zeroMovement();
  const memberMonths = new Map(months.map((month) => [month, { month, ...zeroMovement() }]));
  for (const day of memberDays) {
    addMovements(memberTotals, day);
    addMovements(memberMonths.get(day.date.slice(0, 7))!, day);
  }

  // A yearly plan counts as a twelfth of its price a month; the sum is rounded once, to the cent.
  const yearlyCents = price.yearlyCents ?? DEFAULT_VIP_YEARLY_PRICE_CENTS;
  const centsOf = ({ n, y }: MrrCount) => (n - y) * price.cents + Math.round((y * yearlyCents) / 12);
  const none: MrrCount = { n: 0, y: 0 };
  const counts = new Map((mrrAtRes!.results as (MrrCount & { i: number })[]).map((r) => [r.i, r]));
  const paying = (mrrNowRes!.results as MrrCount[])[0] ?? none;
  const atStart = counts.get(0) ?? none;
  return {
    from,
    to,
    timeZone,
    currencies: CURRENCIES.map((currency) => currencyFigures(currency, dates, months, ledger, products)),
    mrr: {
      currency: price.currency.toLowerCase(),
      priceCents: price.cents,
      yearlyPriceCents: yearlyCents,
      subscriptions: paying.n,
      yearlySubscriptions: paying.y,
      cents: trend(centsOf(paying), centsOf(atStart)),
      atStart: { subscriptions: atStart.n, cents: centsOf(atStart) },
      monthEnds: monthEnds.map((m, i) => {
        const at = counts.get(i + 1) ?? none;
        return { month: m.month, subscriptions: at.n, cents: centsOf(at) };
      }),
    },
    members: { totals: memberTotals, days: memberDays, months: [...memberMonths.values()] },
  };
}

// ---- the overview -----------------------------------------------------------------------------

const perCurrency = (rows: { currency: Currency; cents: number }[]): Money[] =>
  CURRENCIES.map((currency) => ({ currency, cents: rows.find((r) => r.currency === currency)?.cents ?? 0 }));

/** Orders paid since local midnight and the ledger's net since the first of the local month. */
export async function readOverviewStore(db: DB, timeZone: string, now = Date.now()): Promise<OverviewStore> {
  const clock = new ZoneClock(timeZone);
  const midnight = clock.startOfDay(now);
  const monthStart = clock.startOfDate(`${clock.dateOf(now).slice(0, 7)}-01`);
  const [ordersRes, ledgerRes] = await db.$client.batch([
    query(db, "SELECT currency, count(*) AS n, sum(total_cents) AS cents FROM orders WHERE paid_at >= ?1 AND paid_at <= ?2 GROUP BY currency", midnight, now),
    query(
      db,
      "SELECT currency, sum(amount_cents) AS cents FROM revenue_entries WHERE occurred_at >= ?1 AND occurred_at <= ?2 GROUP BY currency",
      monthStart,
      now,
    ),
  ]);
  const orders = ordersRes!.results as { currency: Currency; n: number; cents: number }[];
  return {
    ordersToday: { count: orders.reduce((sum, r) => sum + r.n, 0), totals: perCurrency(orders) },
    monthRevenue: perCurrency(ledgerRes!.results as { currency: Currency; cents: number }[]),
  };
}
