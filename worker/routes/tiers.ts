// GET /api/tiers: the membership ladder as the signup options show it (decision 097), to everyone.
// The tiers offered now (archived ones left out), lowest rank first, both languages in one answer
// (so one cached copy serves every visitor), VIP's prices filled from its configured plans (the
// monthly price and the yearly setting, in the configured currency). A back-office write renews
// the content version, so the edge cache's copies are left behind at once.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { readTiers } from "../db/tiers/tiers";
import { publicCacheControl } from "../lib/cache-control";
import { vipPlanPrices } from "../services/membership/plans";
import { VIP_TIER_ID, type TierView } from "#contracts/tiers/tiers.ts";
import type { PublicTiersResponse } from "#contracts/tiers/limits.ts";

type Prices = TierView["prices"];

/** VIP's configured plans as a tier's prices (a currency other than USD and BRL shows none). */
function vipPrices({ monthly, yearly }: Awaited<ReturnType<typeof vipPlanPrices>>): Prices {
  const currency = monthly.currency.toUpperCase();
  const prices: Prices = { monthlyUsd: null, yearlyUsd: null, monthlyBrl: null, yearlyBrl: null };
  if (currency === "USD") Object.assign(prices, { monthlyUsd: monthly.cents, yearlyUsd: yearly.cents });
  if (currency === "BRL") Object.assign(prices, { monthlyBrl: monthly.cents, yearlyBrl: yearly.cents });
  return prices;
}

export const tierRoutes = new Hono<HonoEnv>().get("/", async (c) => {
  const [tiers, plans] = await Promise.all([readTiers(c.var.db), vipPlanPrices(c.env, c.var.db)]);
  const offered = tiers.filter((tier) => !tier.archived).map((tier) => (tier.id === VIP_TIER_ID ? { ...tier, prices: vipPrices(plans) } : tier));
  c.header("Cache-Control", publicCacheControl(null));
  return c.json<PublicTiersResponse>({ tiers: offered });
});
