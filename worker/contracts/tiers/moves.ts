// Moving between tiers (decision 098): the checkout of any paid tier, an upgrade now with its
// prorated charge, a downgrade at the period's end. Amounts are cents of the subscription's currency.
import { z } from "../zod";
import { VIP_PLANS, type VipPlan } from "../vip-plans";
import { CANCEL_REASONS } from "../cancel-reasons";
import type { TaxBehavior } from "../tax-model";
export { TIER_MOVE_MESSAGES } from "./moves-limits";

/** A tier's id as the admin makes it (lower case, digits, dashes). */
export const tierIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, "tierId must be a tier's id");

export const TIER_CURRENCIES = ["usd", "brl"] as const;

/** POST /api/payments/subscription/change and its preview: the tier and plan to move to. */
export const tierChangeBodySchema = z.strictObject({
  tierId: tierIdSchema,
  plan: z.enum(VIP_PLANS, { message: "plan must be monthly or yearly" }),
});

/** How long a preview's price holds: a confirm sent later is refused (409 tier_change_preview_expired) rather than charged otherwise. */
export const TIER_PREVIEW_VALID_MS = 15 * 60 * 1000;

/**
 * The confirmed move: the preview's `pricedAt` sent back, so the charge is priced at the instant the
 * member was shown (as Stripe's proration_date) and equals it to the cent; without it, priced now.
 */
export const tierChangeConfirmSchema = tierChangeBodySchema.extend({
  pricedAt: z.iso.datetime({ message: "pricedAt must be the preview's pricedAt" }).optional(),
});

/**
 * What a change comes to. `upgrade`: made now, `totalNowCents` charged now: the prorated difference
 * (`amountNowCents`) with the tax of the member's billing place (`taxNowCents`, added or included:
 * decision 147), renewing at `renewsAt` for `renewalCents` (before an added tax). `downgrade`:
 * nothing charged now; the tier stays until `renewsAt`, when the new one starts at `renewalCents`.
 */
export type TierChangePreviewResponse = {
  kind: "upgrade" | "downgrade";
  tierId: string;
  plan: VipPlan;
  currency: string;
  amountNowCents: number;
  taxNowCents: number;
  totalNowCents: number;
  /** Where the member's charges are taxed and how; null when no tax is collected there (or no place is known). */
  tax: { jurisdiction: string; behavior: TaxBehavior } | null;
  renewalCents: number;
  /** The tax of each renewal at `renewalCents` in the member's billing place (added or included as `tax.behavior` says); 0 without one. */
  renewalTaxCents: number;
  renewsAt: string;
  /** The instant it was priced at (whole seconds): the confirm sends it back. */
  pricedAt: string;
};

/** POST /api/payments/subscription/cancel: cancels at the period's end, with the reason kept. */
export const cancelBodySchema = z.strictObject({
  reason: z.enum(CANCEL_REASONS, { message: "reason must be one of the listed reasons" }),
  other: z.string().trim().max(500).optional(),
  /** True only when the member was shown the retention offer and chose to cancel: that uses it up. */
  offerDeclined: z.literal(true, { message: "offerDeclined must be true when given" }).optional(),
});
