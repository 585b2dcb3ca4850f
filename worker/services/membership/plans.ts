// What each VIP plan costs now: the monthly price is configuration (VIP_PRICE_CENTS, the spec's
// $9.99), the yearly one the admin's setting, in the same currency. The checkout, the local test
// checkout, the site's config and the revenue page all read them here.
import type { DB } from "../../db/client";
import { readSettings } from "../../db/settings";
import { readConfig, type AppEnv } from "../../env";
import type { PlanAmount } from "#contracts/payments.ts";
import type { VipPlan } from "#contracts/vip-plans.ts";

export type PlanPrices = Record<VipPlan, PlanAmount>;

export async function vipPlanPrices(env: AppEnv, db: DB): Promise<PlanPrices> {
  const cfg = readConfig(env);
  const settings = await readSettings(db);
  return {
    monthly: { cents: cfg.VIP_PRICE_CENTS, currency: cfg.VIP_PRICE_CURRENCY },
    yearly: { cents: settings.vipYearlyPriceCents, currency: cfg.VIP_PRICE_CURRENCY },
  };
}
