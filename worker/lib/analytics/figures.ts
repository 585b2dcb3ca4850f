// The arithmetic behind the analytics cards, on the totals of a span (a rollup row, or the same
// figures computed from raw views): rounding, rates and trends.
import type { Trend } from "#contracts/trend.ts";

/** Totals of a span of page views, as analytics_daily and RANGE_TOTALS_SQL hold them. */
export type SpanTotals = {
  views: number;
  visitors: number;
  sessions: number;
  bounces: number;
  /** Summed (latest - earliest view) over the sessions with more than one view. */
  sessionMs: number;
  mobileVisitors: number;
  desktopVisitors: number;
};

export const EMPTY_TOTALS: SpanTotals = { views: 0, visitors: 0, sessions: 0, bounces: 0, sessionMs: 0, mobileVisitors: 0, desktopVisitors: 0 };

export function addTotals(a: SpanTotals, b: SpanTotals): SpanTotals {
  return {
    views: a.views + b.views,
    visitors: a.visitors + b.visitors,
    sessions: a.sessions + b.sessions,
    bounces: a.bounces + b.bounces,
    sessionMs: a.sessionMs + b.sessionMs,
    mobileVisitors: a.mobileVisitors + b.mobileVisitors,
    desktopVisitors: a.desktopVisitors + b.desktopVisitors,
  };
}

export const round1 = (n: number) => Math.round(n * 10) / 10;
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Percent change from `previous` to `current`, one decimal; null when there was nothing before. */
export const changePct = (current: number, previous: number): number | null => (previous === 0 ? null : round1(((current - previous) / previous) * 100));

/** A trend of two figures: the shown value rounded by `show`, the change computed on the exact ones. */
export const trend = (current: number, previous: number | null, show: (n: number) => number = (n) => n): Trend => ({
  value: show(current),
  changePct: previous === null ? null : changePct(current, previous),
});

/** Average seconds of the sessions with more than one view (one-view sessions have no length). */
export const avgSessionSeconds = (t: SpanTotals) => {
  const timed = t.sessions - t.bounces;
  return timed > 0 ? t.sessionMs / timed / 1000 : 0;
};

/** Percent of sessions with a single view. */
export const bounceRatePct = (t: SpanTotals) => (t.sessions > 0 ? (t.bounces / t.sessions) * 100 : 0);

/** Mobile and desktop shares of the visitors, one decimal each, adding up to 100 (both 0 without visitors). */
export function deviceShares(t: SpanTotals): { mobilePct: number; desktopPct: number } {
  const all = t.mobileVisitors + t.desktopVisitors;
  if (all === 0) return { mobilePct: 0, desktopPct: 0 };
  const mobilePct = round1((t.mobileVisitors / all) * 100);
  return { mobilePct, desktopPct: round1(100 - mobilePct) };
}
