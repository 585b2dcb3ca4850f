// The back office's tier figures (GET /api/admin/revenue/tiers, decision 100): members per tier
// now, monthly recurring revenue per tier and currency, the period's membership moves per tier
// (new, upgraded, downgraded, churned) per day, week or month, trial conversion, and the period's
// membership revenue per tier. Dates are local dates in the admin's time zone; money is integer
// cents per currency, never converted.
import { z } from "../zod";
import { isLocalDate, timeZoneQuery } from "../admin/revenue";
import type { TierBadge } from "./badges";

export const TIER_FIGURE_BUCKETS = ["day", "week", "month"] as const;
export type TierFigureBucket = (typeof TIER_FIGURE_BUCKETS)[number];

const localDate = z.string().max(10).refine(isLocalDate, "Expected a date as YYYY-MM-DD");

/** The revenue page's period (same defaults, limits and codes) and how its moves are grouped. */
export const tierFiguresQuerySchema = z.strictObject({
  from: localDate.optional(),
  to: localDate.optional(),
  tz: timeZoneQuery,
  by: z.enum(TIER_FIGURE_BUCKETS).default("day"),
});

/**
 * A tier's moves, read from the tier history by comparing ranks (the free tier is rank 0): `new`
 * free to this paid tier; `upgraded` to this tier from a lower paid one; `downgraded` to this tier
 * from a higher one; `churned` from this tier to free.
 */
export type TierMoves = { new: number; upgraded: number; downgraded: number; churned: number };

export type TierFiguresResponse = {
  from: string;
  to: string;
  timeZone: string;
  by: TierFigureBucket;
  /** The ladder, lowest rank first, the free tier included: the names and colours the page shows. */
  tiers: TierBadge[];
  /** Accounts per tier now (the free tier: every account with no paid tier). */
  members: Record<string, number>;
  /**
   * Monthly recurring revenue now, per paid tier and currency: subscriptions active or past due
   * and not set to cancel; a monthly one counts its price, a yearly one a twelfth of it (rounded
   * once per tier and currency).
   */
  mrr: { tierId: string; currency: string; subscriptions: number; cents: number }[];
  /** Each bucket of the period (its first local date), oldest first, zeros included: the moves per paid tier. */
  periods: { start: string; moves: Record<string, TierMoves> }[];
  /** The whole period's moves per paid tier. */
  totals: Record<string, TierMoves>;
  /**
   * Trials per tier (see decision 100 for how they are read): running now; and, of the
   * subscriptions to a tier with a trial started in the period, those whose trial has ended and
   * those that went on to pay. `rate` = converted / ended, null when none ended.
   */
  trials: { tierId: string; running: number; ended: number; converted: number; rate: number | null }[];
  /** The period's membership revenue (invoices less refunds) per tier and currency, and the tax within it. */
  revenue: { tierId: string; currency: string; cents: number; taxCents: number; invoices: number }[];
};
