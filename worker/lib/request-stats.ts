// Request figures for the back office's Overview: per minute, how many requests, how many failed
// (5xx), and a latency histogram with fixed bounds from which the 95th percentile is read. Pure:
// the request log fills them per isolate, the RequestMetrics object keeps the last hour's.

/** Upper bounds (ms) of the latency buckets; a last bucket holds everything slower. */
export const LATENCY_BOUNDS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const;

export type MinuteStats = { minute: number; requests: number; errors: number; latency: number[] };

export const minuteOf = (ms: number) => Math.floor(ms / 60_000);

export const emptyMinute = (minute: number): MinuteStats => ({ minute, requests: 0, errors: 0, latency: Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0) });

/** Counts one request into its minute. */
export function countRequest(stats: MinuteStats, status: number, ms: number) {
  stats.requests++;
  if (status >= 500) stats.errors++;
  const bucket = LATENCY_BOUNDS_MS.findIndex((bound) => ms <= bound);
  stats.latency[bucket === -1 ? LATENCY_BOUNDS_MS.length : bucket]!++;
}

/** Adds `from` into `into` (the same minute). */
export function mergeMinute(into: MinuteStats, from: MinuteStats) {
  into.requests += from.requests;
  into.errors += from.errors;
  from.latency.forEach((n, i) => (into.latency[i] = (into.latency[i] ?? 0) + n));
}

export type HourSummary = { requests: number; errorRate: number; p95Ms: number | null };

/**
 * The hour's totals: the share of 5xx answers, and the 95th percentile latency read as the upper
 * bound of the bucket it falls in (null with no request; the slowest bucket reads as its lower bound).
 */
export function summarize(minutes: MinuteStats[]): HourSummary {
  const total = emptyMinute(0);
  for (const m of minutes) mergeMinute(total, m);
  if (total.requests === 0) return { requests: 0, errorRate: 0, p95Ms: null };
  const rank = Math.ceil(total.requests * 0.95);
  let seen = 0;
  let p95Ms: number = LATENCY_BOUNDS_MS.at(-1)!;
  for (const [i, n] of total.latency.entries()) {
    seen += n;
    if (seen >= rank) {
      p95Ms = LATENCY_BOUNDS_MS[Math.min(i, LATENCY_BOUNDS_MS.length - 1)]!;
      break;
    }
  }
  return { requests: total.requests, errorRate: total.errors / total.requests, p95Ms };
}
