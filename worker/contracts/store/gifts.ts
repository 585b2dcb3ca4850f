// Request schemas and limits of /api/store/gifts (decision 054). The code's shape and the answers
// are in the zod-free store-gift-model.ts, which the app imports.
import { z } from "../zod";
import { GIFT_CODE_INPUT_MAX } from "./gift-model";

export * from "./gift-model";

/** POST /api/store/gifts/redeem. The code as typed: the Worker reads it (normaliseGiftCode). */
export const giftRedeemBodySchema = z.strictObject({
  code: z.string().min(1).max(GIFT_CODE_INPUT_MAX),
});

/**
 * Redeem attempts, right or wrong, per account and per address: [max, window seconds]. Counted
 * before the code is looked up, so past the limit even a right code waits; a code has about 2^59
 * values, so this only stops a script from trying.
 */
export const GIFT_REDEEM_RATE_LIMITS = {
  perAccount: [10, 60 * 60],
  perIp: [30, 60 * 60],
} as const satisfies Record<string, readonly [number, number]>;
