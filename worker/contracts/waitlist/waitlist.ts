// The waitlist's request schemas (decision 185), over the zod-free model.
import { z } from "../zod";
import { WAITLIST_ID_PATTERN, WAITLIST_MESSAGES as M, WAITLIST_QUANTITY_MAX } from "./model";

const quantity = z.int({ error: M.quantityInvalid }).min(1, M.quantityInvalid).max(WAITLIST_QUANTITY_MAX, M.quantityInvalid);

export const joinWaitlistSchema = z.strictObject({
  ticketTypeId: z.string().regex(WAITLIST_ID_PATTERN),
  quantity: quantity.default(1),
});

export const returnTicketSchema = z.strictObject({ ticketId: z.string().min(1).max(64) });
