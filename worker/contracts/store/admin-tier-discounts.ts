// The store's member prices by tier in the back office (decision 099): PUT /api/admin/store/tier-discounts
// replaces the list, GET reads it. A tier's discount applies to its members and every tier above.
import { z } from "../zod";
import { PROMO_SCOPES, type PromoScope } from "./model";
import { TIER_ID_PATTERN } from "../tiers/gate";

export const TIER_DISCOUNT_MAX_PCT = 90;
export const TIER_DISCOUNTS_MAX = 60;

export type TierDiscount = { tierId: string; scope: PromoScope; percentOff: number };
export type TierDiscountsResponse = { discounts: TierDiscount[] };

export const tierDiscountsInput = z.strictObject({
  discounts: z
    .array(
      z.strictObject({
        tierId: z.string().regex(TIER_ID_PATTERN),
        scope: z.enum(PROMO_SCOPES),
        percentOff: z.number().int().min(1).max(TIER_DISCOUNT_MAX_PCT),
      }),
    )
    .max(TIER_DISCOUNTS_MAX)
    // One percentage per tier and scope.
    .refine((list) => new Set(list.map((d) => `${d.tierId}|${d.scope}`)).size === list.length),
});
