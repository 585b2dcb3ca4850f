// The requests of upgrade and win-back offers (decision 101): the back office's settings and a
// member's claim. Words and numbers in tier-offers-model.ts.
import { z } from "../zod";
import { VIP_PLANS } from "../vip-plans";
import { OFFER_MESSAGES, OFFER_PERCENT_MAX, OFFER_PERCENT_MIN, OFFER_THRESHOLD_MAX } from "./offers-model";

const threshold = z
  .int({ error: OFFER_MESSAGES.thresholdInvalid })
  .min(0, OFFER_MESSAGES.thresholdInvalid)
  .max(OFFER_THRESHOLD_MAX, OFFER_MESSAGES.thresholdInvalid);
const percent = z
  .int({ error: OFFER_MESSAGES.percentInvalid })
  .min(OFFER_PERCENT_MIN, OFFER_MESSAGES.percentInvalid)
  .max(OFFER_PERCENT_MAX, OFFER_MESSAGES.percentInvalid);

/** PUT /api/admin/offers: every setting at once (the section saves them together). */
export const offerSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  thresholds: z.strictObject({ plays: threshold, likes: threshold, eventsAttended: threshold, purchases: threshold }),
  percentOff: percent,
  tierId: z.string({ error: OFFER_MESSAGES.tierInvalid }).min(1, OFFER_MESSAGES.tierInvalid).max(64, OFFER_MESSAGES.tierInvalid),
  winBack: z.strictObject({ enabled: z.boolean(), percentOff: percent }),
});

export const offerParamSchema = z.strictObject({ id: z.string().min(1).max(64) });

/** POST /api/offers/:id/claim: the plan whose first period is discounted. */
export const offerClaimSchema = z.strictObject({ plan: z.enum(VIP_PLANS).default("monthly") });
