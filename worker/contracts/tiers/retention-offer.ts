// The back office's retention offer settings (decision 103); words and numbers in retention-offer-model.ts.
import { z } from "../zod";
import { RETENTION_MESSAGES, RETENTION_PERCENT_MAX, RETENTION_PERCENT_MIN, RETENTION_PERIODS_MAX, RETENTION_PERIODS_MIN } from "./retention-offer-model";

/** PUT /api/admin/offers/retention: every setting at once. */
export const retentionSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  percentOff: z
    .int({ error: RETENTION_MESSAGES.percentInvalid })
    .min(RETENTION_PERCENT_MIN, RETENTION_MESSAGES.percentInvalid)
    .max(RETENTION_PERCENT_MAX, RETENTION_MESSAGES.percentInvalid),
  periods: z
    .int({ error: RETENTION_MESSAGES.periodsInvalid })
    .min(RETENTION_PERIODS_MIN, RETENTION_MESSAGES.periodsInvalid)
    .max(RETENTION_PERIODS_MAX, RETENTION_MESSAGES.periodsInvalid),
});
