// How long a member has supported the artist (decision 100): the time they held a paid tier, from
// their tier history (membership_tier_changes: each change opens an interval until the next one,
// the last until now), summed across tiers and gaps left out, in whole average months (a Gregorian
// year's twelfth, 30.436875 days), rounded down. Zod-free: the pages read it too.

export const SUPPORT_MONTH_MS = 30.436875 * 24 * 60 * 60 * 1000;

/** Whole months in `paidMs` of paid membership. */
export const monthsSupportedOf = (paidMs: number): number => Math.floor(Math.max(0, paidMs) / SUPPORT_MONTH_MS);
