// Membership tiers (decision 096): a ladder where each rank includes what the lower ones give. The
// free "Member" tier is every registered account (rank 0); VIP is the first paid tier (rank 1, the
// spec's VIP); the admin's tiers rank above it. Zod-free: the first load, the pages and the Worker
// all read it.

export const FREE_TIER_ID = "member";
export const VIP_TIER_ID = "vip";
export const FREE_TIER_RANK = 0;
export const VIP_TIER_RANK = 1;

/** A member's tier as the session carries it. */
export type MemberTier = { id: string; rank: number };

export const FREE_TIER: MemberTier = { id: FREE_TIER_ID, rank: FREE_TIER_RANK };
export const VIP_TIER: MemberTier = { id: VIP_TIER_ID, rank: VIP_TIER_RANK };

/** Who a tier gate asks about: a signed-in member's flags and tier (absent in older fixtures: read from isVIP). */
export type TierHolder = { isVIP: boolean; isAdmin?: boolean; tier?: MemberTier };

/** The member's tier; a holder without one (an older client fixture) is VIP or free by its flag. */
export const tierOf = (holder: TierHolder): MemberTier => holder.tier ?? (holder.isVIP ? VIP_TIER : FREE_TIER);

/**
 * A tier gate: "tier at least" a rank, or "one of these tiers" by id. Administrators pass every
 * gate, as they passed every VIP gate; a visitor (null) passes none.
 */
export type TierRule = { minRank: number } | { tierIds: readonly string[] };

export function admitsTier(holder: TierHolder | null | undefined, rule: TierRule): boolean {
  if (!holder) return false;
  if (holder.isAdmin) return true;
  const tier = tierOf(holder);
  return "minRank" in rule ? tier.rank >= rule.minRank : rule.tierIds.includes(tier.id);
}

/** A tier as the site shows it: its texts in both languages, prices, badge and state. */
export type TierView = {
  id: string;
  rank: number;
  name: { en: string; ptBR: string };
  description: { en: string; ptBR: string };
  benefits: { en: string[]; ptBR: string[] };
  /** Cents, null where the tier is not sold (the free tier; VIP, whose prices are configured). */
  prices: { monthlyUsd: number | null; yearlyUsd: number | null; monthlyBrl: number | null; yearlyBrl: number | null };
  badgeColor: string;
  trialDays: number;
  /** Its members (and every higher tier's) stream and download lossless masters (decision 105). */
  lossless: boolean;
  archived: boolean;
};

/**
 * Who streams and downloads lossless masters (decision 105): the lowest tier that includes it and
 * every tier above; with none, only admins (admitsTier lets them through every rule).
 */
export function losslessRuleOf(tiers: readonly Pick<TierView, "rank" | "lossless">[]): TierRule {
  const ranks = tiers.filter((t) => t.lossless).map((t) => t.rank);
  return ranks.length > 0 ? { minRank: Math.min(...ranks) } : { tierIds: [] };
}
