// The waitlist's back office request schemas (decision 189), over the zod-free admin model.
import { z } from "../zod";
import { WAITLIST_CLOSES_BEFORE_MINUTES, WAITLIST_HOLD_MINUTES } from "./model";
import { WAITLIST_ADMIN_MESSAGES as M } from "./admin-model";

const minutes = (bounds: { min: number; max: number }, message: string) => z.int({ error: message }).min(bounds.min, message).max(bounds.max, message);

export const waitlistRulesSchema = z.strictObject({
  returnsOpen: z.boolean(),
  holdMinutes: minutes(WAITLIST_HOLD_MINUTES, M.holdMinutesInvalid),
  closesBeforeMinutes: minutes(WAITLIST_CLOSES_BEFORE_MINUTES, M.closesBeforeMinutesInvalid),
});
