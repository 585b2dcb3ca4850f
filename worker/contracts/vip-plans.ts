// The VIP plans (decision 055): the monthly one (the spec's price, configuration) and a yearly one
// whose amount the admin sets in the settings. Zod-free: the first load, the pages and the Worker
// all read it.

export const VIP_PLANS = ["monthly", "yearly"] as const;
export type VipPlan = (typeof VIP_PLANS)[number];

/** The yearly plan's amount until an admin saves one: $99.00 (the demo's "2 months free"). */
export const DEFAULT_VIP_YEARLY_PRICE_CENTS = 9900;
/** The amounts the admin may set, in the monthly plan's currency (USD): 1 to 1,000. */
export const VIP_YEARLY_PRICE_MIN_CENTS = 100;
export const VIP_YEARLY_PRICE_MAX_CENTS = 100_000;

/** A provider price's recurring interval as a plan; null for any other (weekly, daily, every 3 months). */
export function planOfInterval(interval: string | null | undefined, intervalCount: number | null | undefined = 1): VipPlan | null {
  if ((intervalCount ?? 1) !== 1) return null;
  if (interval === "month") return "monthly";
  if (interval === "year") return "yearly";
  return null;
}

/**
 * Whole months a yearly member gets free against paying the monthly price twelve times ("2 months
 * free" for $99 against 12 x $9.99 = $119.88: $20.88 is 2.09 months). 0 when the yearly plan saves
 * less than one month, so the pages say nothing then.
 */
export function monthsFreeOf(yearlyCents: number, monthlyCents: number): number {
  if (monthlyCents <= 0 || yearlyCents <= 0) return 0;
  const saved = 12 * monthlyCents - yearlyCents;
  return saved <= 0 ? 0 : Math.floor(saved / monthlyCents);
}
