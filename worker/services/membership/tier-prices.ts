// What a paid tier costs (decision 098): VIP's prices stay the configured ones (plans.ts); an admin
// tier's come from its row, per plan and currency (null: not sold so). The checkout and every tier
// change price from here, never from what a client sends.
import type { DB } from "../../db/client";
import { readTiers } from "../../db/tiers/tiers";
import type { AppEnv } from "../../env";
import { notFound, routeError } from "../../lib/errors";
import { FREE_TIER_ID, VIP_TIER_ID, VIP_TIER_RANK, type TierView } from "#contracts/tiers/tiers.ts";
import { TIER_MOVE_MESSAGES } from "#contracts/tiers/moves.ts";
import type { VipPlan } from "#contracts/vip-plans.ts";
import { vipPlanPrices } from "./plans";
import { listSubscriptions } from "../../db/payments";
import { currentSubscription, statusOf } from "./membership";

export type TierPrice = { tier: TierView; plan: VipPlan; amount: { cents: number; currency: string } };

const COLUMN = {
  monthly: { usd: "monthlyUsd", brl: "monthlyBrl" },
  yearly: { usd: "yearlyUsd", brl: "yearlyBrl" },
} as const;

/** The tier a paid source may name: it exists (404 tier_not_found), and is paid and not archived (400 tier_not_for_sale). */
export async function sellableTier(db: DB, tierId: string): Promise<TierView> {
  const tier = (await readTiers(db)).find((t) => t.id === tierId);
  if (!tier) throw notFound(TIER_MOVE_MESSAGES.tierNotFound, "tier_not_found");
  if (tier.id === FREE_TIER_ID || tier.archived) throw routeError("tier_not_for_sale");
  return tier;
}

/**
 * The price of `tierId` on `plan` in `currency` (left out: VIP's configured currency, else USD), or
 * null where the tier is not sold so: unknown, free, archived, or without a price for the plan and
 * currency.
 */
export async function priceIfSold(env: AppEnv, db: DB, tierId: string, plan: VipPlan, currency?: string | null): Promise<TierPrice | null> {
  const tier = (await readTiers(db)).find((t) => t.id === tierId);
  if (!tier || tier.id === FREE_TIER_ID || tier.archived) return null;
  if (tier.id === VIP_TIER_ID) {
    const amount = (await vipPlanPrices(env, db))[plan];
    if (currency && currency.toLowerCase() !== amount.currency.toLowerCase()) return null;
    return { tier, plan, amount };
  }
  const code = (currency ?? "usd").toLowerCase();
  if (code !== "usd" && code !== "brl") return null;
  const cents = tier.prices[COLUMN[plan][code]];
  return cents === null ? null : { tier, plan, amount: { cents, currency: code } };
}

/**
 * The price of `tierId` on `plan` in `currency`, refusing an unknown tier (404 tier_not_found) and
 * one not sold so (400 tier_not_for_sale).
 */
export async function tierPrice(env: AppEnv, db: DB, tierId: string, plan: VipPlan, currency?: string | null): Promise<TierPrice> {
  await sellableTier(db, tierId);
  const price = await priceIfSold(env, db, tierId, plan, currency);
  if (!price) throw routeError("tier_not_for_sale");
  return price;
}

/**
 * Whether a member may buy `tierId` beside what they hold: anything when they hold no paid tier;
 * nothing while a subscription of theirs runs (they move through the change flow); beside a comp or
 * a gift only a tier ranked above the one held (the higher paid tier wins while both run; the comp
 * stays). A held tier the ladder lacks refuses (fails closed).
 */
export async function mayBuyBeside(db: DB, member: { id: string; isVip: boolean; tierId: string | null }, tierId: string): Promise<boolean> {
  if (!member.isVip) return true;
  const [tiers, subscriptions] = await Promise.all([readTiers(db), listSubscriptions(db, member.id)]);
  const status = statusOf(currentSubscription(subscriptions));
  if (status !== "none" && status !== "ended") return false;
  const target = tiers.find((t) => t.id === tierId)?.rank;
  const held = member.tierId === null ? VIP_TIER_RANK : tiers.find((t) => t.id === member.tierId)?.rank;
  return target !== undefined && held !== undefined && target > held;
}
