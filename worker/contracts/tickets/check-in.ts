// Request schemas of /api/check-in (decision 027). The answers and the pass's timing are in
// vip-pass.ts, which the SPA imports without zod.
import { z } from "../zod";
import { EVENT_ID_PATTERN } from "../events";
import { PASS_CODE_INPUT_MAX, PASS_TOKEN_INPUT_MAX } from "./vip-pass";

export const CHECK_IN_MESSAGES = {
  invalidEvent: "Invalid event id",
  tokenOrCode: "Send the pass's token or its typed code, not both",
} as const;

export const eventIdSchema = z.string().regex(EVENT_ID_PATTERN, CHECK_IN_MESSAGES.invalidEvent);

/** A pass as the door read it: the QR code's token, or the code a person typed. Exactly one. */
export const checkInSchema = z
  .strictObject({
    eventId: eventIdSchema,
    token: z.string().min(1).max(PASS_TOKEN_INPUT_MAX).optional(),
    code: z.string().trim().min(1).max(PASS_CODE_INPUT_MAX).optional(),
  })
  .refine((body) => (body.token === undefined) !== (body.code === undefined), { message: CHECK_IN_MESSAGES.tokenOrCode });

export const checkInEventParamSchema = z.object({ id: eventIdSchema });
