// What the revenue page's tier figures read (decision 100), in one D1 batch: accounts per tier now,
// the subscriptions paying now per tier, plan and currency (for MRR), the period's tier changes
// (classified here by the ranks of the ladder), the subscriptions to tiers with a trial, and the
// period's membership ledger rows per tier. Local dates become instants through ZoneClock, as on
// the rest of the revenue page.
import type { DB } from "../client";
import { ZoneClock } from "../analytics/zoned";
import { DAY_MS } from "../../lib/time";
import { FREE_TIER_ID, FREE_TIER_RANK, type TierView } from "#contracts/tiers/tiers.ts";
import type { TierFigureBucket, TierFiguresResponse, TierMoves } from "#contracts/tiers/admin-figures.ts";

/** VIP's prices, which its tier row does not hold (the configuration and the settings, decision 096). */
export type VipPrices = { monthlyCents: number; yearlyCents: number; currency: string };

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The first local date of the bucket holding `date`: itself, its week's Monday, or its month's first. */
function bucketOf(date: string, by: TierFigureBucket): string {
  if (by === "day") return date;
  if (by === "month") return `${date.slice(0, 7)}-01`;
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

function query(db: DB, sql: string, ...params: (string | number)[]) {
  return db.$client.prepare(sql).bind(...params);
}

const MEMBERS_SQL = "SELECT coalesce(tier_id, ?1) AS tier, count(*) AS n FROM users GROUP BY 1";

/** Paying now, as the revenue page's MRR counts them: active or past due and not set to cancel. */
const PAYING_SQL = `SELECT tier_id AS tier, coalesce(plan, 'monthly') AS plan, lower(price_currency) AS currency, price_cents AS price, count(*) AS n
FROM subscriptions WHERE status IN ('active', 'past_due') AND cancel_at_period_end = 0 AND cancel_at IS NULL
GROUP BY tier_id, coalesce(plan, 'monthly'), lower(price_currency), price_cents`;
type PayingRow = { tier: string; plan: "monthly" | "yearly"; currency: string | null; price: number | null; n: number };

const CHANGES_SQL = "SELECT from_tier_id AS f, to_tier_id AS t, changed_at AS at FROM membership_tier_changes WHERE changed_at >= ?1 AND changed_at < ?2";
type ChangeRow = { f: string | null; t: string | null; at: number };

/** Subscriptions started in the period, per tier and state now (trials read from them, decision 100). */
const STARTED_SQL = `SELECT tier_id AS tier, status, count(*) AS n FROM subscriptions WHERE created_at >= ?1 AND created_at < ?2 GROUP BY tier_id, status`;
const TRIALING_SQL = "SELECT tier_id AS tier, count(*) AS n FROM subscriptions WHERE status = 'trialing' GROUP BY tier_id";

/**
 * The membership ledger per tier: each invoice row belongs to the tier of the member's subscription
 * that was running when it was paid (their latest one started by then; else their first; else VIP,
 * which every row from before tiers was).
 */
const REVENUE_SQL = `SELECT coalesce(
    (SELECT s.tier_id FROM subscriptions s WHERE s.user_id = e.user_id AND s.created_at <= e.occurred_at ORDER BY s.created_at DESC, s.id DESC LIMIT 1),
    (SELECT s.tier_id FROM subscriptions s WHERE s.user_id = e.user_id ORDER BY s.created_at, s.id LIMIT 1),
    'vip') AS tier, e.currency AS currency, sum(e.amount_cents) AS cents, sum(e.tax_cents) AS tax, sum(e.amount_cents > 0) AS invoices
FROM revenue_entries e WHERE e.source = 'vip' AND e.occurred_at >= ?1 AND e.occurred_at < ?2
GROUP BY 1, 2 ORDER BY 1, 2`;

const zeroMoves = (): TierMoves => ({ new: 0, upgraded: 0, downgraded: 0, churned: 0 });

/** The move a change is, and the tier it counts for; null for a change within one rank (none). */
function classifyChange(from: number, to: number, fromId: string, toId: string): [keyof TierMoves, string] | null {
  if (from === to) return null;
  if (from === FREE_TIER_RANK) return ["new", toId];
  if (to === FREE_TIER_RANK) return ["churned", fromId];
  return [to > from ? "upgraded" : "downgraded", toId];
}

/** A subscription that is in none of these states any more has left its trial (paid or not). */
const TRIAL_RUNNING = "trialing";
const PAID_AFTER_TRIAL = new Set(["active", "past_due"]);

export async function readTierFigures(
  db: DB,
  { from, to, timeZone, by }: { from: string; to: string; timeZone: string; by: TierFigureBucket },
  ladder: TierView[],
  vip: VipPrices,
): Promise<Omit<TierFiguresResponse, "tiers">> {
  const clock = new ZoneClock(timeZone);
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  const bounds = [...dates.map((date) => clock.startOfDate(date)), clock.startOfDate(addDays(to, 1))];
  const start = bounds[0]!;
  const end = bounds.at(-1)!;

  const [membersRes, payingRes, changesRes, startedRes, trialingRes, revenueRes] = await db.$client.batch([
    query(db, MEMBERS_SQL, FREE_TIER_ID),
    query(db, PAYING_SQL),
    query(db, CHANGES_SQL, start, end),
    query(db, STARTED_SQL, start, end),
    query(db, TRIALING_SQL),
    query(db, REVENUE_SQL, start, end),
  ]);

  const byId = new Map(ladder.map((t) => [t.id, t]));
  const paidIds = ladder.filter((t) => t.rank > FREE_TIER_RANK).map((t) => t.id);
  const rankOf = (id: string | null) => (id === null ? FREE_TIER_RANK : byId.get(id)?.rank);

  const members: Record<string, number> = Object.fromEntries(ladder.map((t) => [t.id, 0]));
  for (const row of membersRes!.results as { tier: string; n: number }[]) members[row.tier] = (members[row.tier] ?? 0) + row.n;

  const mrr = mrrOf(payingRes!.results as PayingRow[], byId, vip);

  // The moves per bucket: each change falls on the local date whose bounds hold it.
  const buckets = [...new Set(dates.map((date) => bucketOf(date, by)))];
  const movesOf = () => Object.fromEntries(paidIds.map((id) => [id, zeroMoves()]));
  const periods = buckets.map((bucket) => ({ start: bucket < from ? from : bucket, moves: movesOf() }));
  const bucketIndex = new Map(buckets.map((bucket, i) => [bucket, i]));
  const totals = movesOf();
  for (const change of changesRes!.results as ChangeRow[]) {
    const [fromRank, toRank] = [rankOf(change.f), rankOf(change.t)];
    if (fromRank === undefined || toRank === undefined) continue;
    const move = classifyChange(fromRank, toRank, change.f ?? FREE_TIER_ID, change.t ?? FREE_TIER_ID);
    if (!move) continue;
    const [kind, tierId] = move;
    const day = dates[dayIndex(bounds, change.at)]!;
    const period = periods[bucketIndex.get(bucketOf(day, by))!]!;
    (period.moves[tierId] ??= zeroMoves())[kind] += 1;
    (totals[tierId] ??= zeroMoves())[kind] += 1;
  }

  const trials = trialsOf(startedRes!.results as { tier: string; status: string; n: number }[], trialingRes!.results as { tier: string; n: number }[], ladder);
  const revenue = (revenueRes!.results as { tier: string; currency: string; cents: number; tax: number; invoices: number }[]).map((r) => ({
    tierId: r.tier,
    currency: r.currency,
    cents: r.cents,
    taxCents: r.tax,
    invoices: r.invoices,
  }));
  return { from, to, timeZone, by, members, mrr, periods, totals, trials, revenue };
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

/**
 * A subscription's price is what its provider says it charges (price_cents, price_currency); one
 * no event has priced yet is charged the tier's list price: VIP's configured ones, another tier's
 * own (its BRL price for a BRL subscription, else USD).
 */
function listPrice(tier: TierView | undefined, plan: "monthly" | "yearly", currency: string | null, vip: VipPrices): [number, string] | null {
  if (!tier || tier.id === "vip") return [plan === "yearly" ? vip.yearlyCents : vip.monthlyCents, vip.currency.toLowerCase()];
  const brl = currency === "brl";
  const cents = plan === "yearly" ? (brl ? tier.prices.yearlyBrl : tier.prices.yearlyUsd) : brl ? tier.prices.monthlyBrl : tier.prices.monthlyUsd;
  return cents === null ? null : [cents, brl ? "brl" : "usd"];
}

function mrrOf(rows: PayingRow[], byId: Map<string, TierView>, vip: VipPrices): TierFiguresResponse["mrr"] {
  const sums = new Map<string, { tierId: string; currency: string; subscriptions: number; monthly: number; yearly: number }>();
  for (const row of rows) {
    const priced: [number, string] | null =
      row.price !== null && row.currency ? [row.price, row.currency] : listPrice(byId.get(row.tier), row.plan, row.currency, vip);
    if (!priced) continue;
    const [cents, currency] = priced;
    const key = `${row.tier}\u0000${currency}`;
    const sum = sums.get(key) ?? { tierId: row.tier, currency, subscriptions: 0, monthly: 0, yearly: 0 };
    sum.subscriptions += row.n;
    if (row.plan === "yearly") sum.yearly += cents * row.n;
    else sum.monthly += cents * row.n;
    sums.set(key, sum);
  }
  const rank = (id: string) => byId.get(id)?.rank ?? Number.MAX_SAFE_INTEGER;
  return [...sums.values()]
    .sort((a, b) => rank(a.tierId) - rank(b.tierId) || a.currency.localeCompare(b.currency))
    .map((s) => ({ tierId: s.tierId, currency: s.currency, subscriptions: s.subscriptions, cents: s.monthly + Math.round(s.yearly / 12) }));
}

function trialsOf(
  started: { tier: string; status: string; n: number }[],
  trialing: { tier: string; n: number }[],
  ladder: TierView[],
): TierFiguresResponse["trials"] {
  return ladder
    .filter((t) => t.trialDays > 0 || trialing.some((r) => r.tier === t.id))
    .map((tier) => {
      const running = trialing.find((r) => r.tier === tier.id)?.n ?? 0;
      let ended = 0;
      let converted = 0;
      if (tier.trialDays > 0)
        for (const row of started) {
          if (row.tier !== tier.id || row.status === TRIAL_RUNNING || row.status === "incomplete") continue;
          ended += row.n;
          if (PAID_AFTER_TRIAL.has(row.status)) converted += row.n;
        }
      return { tierId: tier.id, running, ended, converted, rate: ended > 0 ? converted / ended : null };
    });
}
