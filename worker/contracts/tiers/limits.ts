// The tier form's limits, texts and codes (decision 097): zod-free, so the table of validation
// codes, the SPA's first chunks and the Worker all read them.

import type { TierView } from "./tiers";

export const ADMIN_TIERS_API = "/api/admin/tiers";
export const TIERS_API = "/api/tiers";

export const TIER_NAME_MAX = 60;
export const TIER_DESCRIPTION_MAX = 500;
export const TIER_BENEFIT_MAX = 160;
export const TIER_BENEFITS_MAX = 12;
/** A tier's id: lowercase letters and digits in dash-joined words, made from its English name. */
export const TIER_ID_MAX = 40;
/** Each price, in cents: 1 to 10,000 in its currency (the VIP yearly setting's floor; a ceiling that leaves room for reais). */
export const TIER_PRICE_MIN_CENTS = 100;
export const TIER_PRICE_MAX_CENTS = 1_000_000;
export const TIER_TRIAL_DAYS_MAX = 90;

export const TIER_FORM_MESSAGES = {
  nameRequired: "A tier needs a name in both languages",
  nameTooLong: `A tier's name must be at most ${TIER_NAME_MAX} characters`,
  idInvalid: "The English name must contain letters or digits: the tier's address is made from it",
  descriptionTooLong: `A tier's description must be at most ${TIER_DESCRIPTION_MAX} characters`,
  benefitRequired: "A benefit cannot be empty",
  benefitTooLong: `A benefit must be at most ${TIER_BENEFIT_MAX} characters`,
  benefitsTooMany: `A tier lists at most ${TIER_BENEFITS_MAX} benefits per language`,
  priceInvalid: `A price is a whole number of cents from ${TIER_PRICE_MIN_CENTS} to ${TIER_PRICE_MAX_CENTS}, or empty`,
  priceRequired: "A tier needs a monthly or a yearly price",
  pricesFixed: "The free tier and VIP take no prices or trial here: VIP's prices are the configured monthly price and the yearly setting",
  badgeColorInvalid: "The badge colour is a #rrggbb colour",
  trialDaysInvalid: `A free trial is 0 to ${TIER_TRIAL_DAYS_MAX} days`,
} as const;

export const TIER_ERROR_CODES = {
  notFound: "tier_not_found",
  idTaken: "tier_id_taken",
  builtIn: "tier_built_in",
  cannotMove: "tier_cannot_move",
} as const;

export const TIER_MESSAGES = {
  notFound: "No such tier",
  idTaken: "A tier with this name's address already exists: choose another English name",
  builtIn: "The free tier and VIP keep their places on the ladder: they cannot be archived or moved",
  cannotMove: "This tier is already at that end of the ladder",
} as const;

/** GET /api/tiers: the tiers offered now, lowest rank first, VIP's prices filled from its configured plans. */
export type PublicTiersResponse = { tiers: TierView[] };
