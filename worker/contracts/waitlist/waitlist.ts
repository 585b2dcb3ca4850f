// The waitlist's request schemas (decision 185), over the zod-free model.
import { z } from "../zod";
import { WAITLIST_ID_PATTERN, WAITLIST_MESSAGES as M, WAITLIST_QUANTITY_MAX, WAITLIST_RELEASE_MAX } from "./model";

const quantity = z.int({ error: M.quantityInvalid }).min(1, M.quantityInvalid).max(WAITLIST_QUANTITY_MAX, M.quantityInvalid);

export const joinWaitlistSchema = z.strictObject({
  ticketTypeId: z.string().regex(WAITLIST_ID_PATTERN),
  quantity: quantity.default(1),
});

export const returnTicketSchema = z.strictObject({ ticketId: z.string().min(1).max(64) });

/** The admin's release of seats to a type's line (decision 190). */
export const releaseSeatsSchema = z.strictObject({
  count: z.int({ error: M.releaseCountInvalid }).min(1, M.releaseCountInvalid).max(WAITLIST_RELEASE_MAX, M.releaseCountInvalid),
});
