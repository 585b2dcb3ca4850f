// The revenue page's periods: the presets as local dates in the admin's zone, the first and last
// days the API takes (both included).

export const REVENUE_PRESETS = ["7d", "30d", "90d", "12m"] as const;
export type RevenuePreset = (typeof REVENUE_PRESETS)[number];
export const DEFAULT_PRESET: RevenuePreset = "30d";

export const isRevenuePreset = (value: unknown): value is RevenuePreset => REVENUE_PRESETS.some((p) => p === value);

const DAY_MS = 24 * 60 * 60 * 1000;

const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Today's date (YYYY-MM-DD) on the clocks of `timeZone`. */
export function todayIn(timeZone: string, now = Date.now()): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(new Date(now));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The preset's dates ending today: the last 7, 30 or 90 days, or the 12 calendar months to this one. */
export function presetRange(preset: RevenuePreset, today: string): { from: string; to: string } {
  if (preset === "12m") {
    const [year, month] = today.split("-").map(Number) as [number, number];
    const start = new Date(Date.UTC(year, month - 1 - 11, 1)).toISOString().slice(0, 10);
    return { from: start, to: today };
  }
  const days = preset === "7d" ? 7 : preset === "30d" ? 30 : 90;
  return { from: shift(today, 1 - days), to: today };
}

/** Long periods read better by month: one bar per month instead of a year of days. */
export const byMonth = (preset: RevenuePreset) => preset === "12m";
