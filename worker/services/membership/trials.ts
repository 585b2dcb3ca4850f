// Free trials (decision 102): a tier's trial_days, once per member per tier. The Worker decides
// from its own tier row and the member's own history when the checkout opens; the checkout keeps
// the days it was opened with, so a trial the admin changes later does not change an open one.
import type { DB } from "../../db/client";

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a trial of `days` started at `start` ends (whole days, as Stripe's trial_period_days). */
export const trialEndAfter = (start: number, days: number) => start + days * DAY_MS;

/**
 * The trial a checkout of `tier` gives the member: its days, or 0 when the tier has none or the
 * member already had that tier (a subscription of it in any state, trial or paid, or a completed
 * checkout of it whose subscription's event has not arrived yet).
 */
export async function trialDaysFor(db: DB, userId: string, tier: { id: string; trialDays: number }): Promise<number> {
  if (tier.trialDays <= 0) return 0;
  const had = await db.$client
    .prepare(
      `SELECT 1 FROM subscriptions WHERE user_id = ?1 AND tier_id = ?2
       UNION ALL SELECT 1 FROM checkout_sessions WHERE user_id = ?1 AND tier_id = ?2 AND status = 'complete' LIMIT 1`,
    )
    .bind(userId, tier.id)
    .first();
  return had ? 0 : tier.trialDays;
}
