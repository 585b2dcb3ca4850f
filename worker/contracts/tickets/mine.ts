// The request schemas of the buyer's and holder's tickets (answers in tickets-mine-model.ts).
import { z } from "../zod";
import { usernameSchema } from "../auth";
import { userText } from "../text";
import { TICKET_LIMITS } from "./event-tickets-model";
import { TICKETS_MINE_MESSAGES } from "./mine-model";

export * from "./mine-model";

/** PUT /api/tickets/:id/holder: the name at the door; empty or null clears it. */
export const holderNameSchema = z.strictObject({
  holderName: userText({ max: TICKET_LIMITS.holderNameMax, maxMessage: TICKETS_MINE_MESSAGES.holderNameTooLong })
    .nullable()
    .transform((name) => name || null),
});

/** POST /api/tickets/:id/transfer: to another member, by username. */
export const transferSchema = z.strictObject({ username: usernameSchema });

/** A ticket id in the address: what fulfilment draws (a UUID), a bounded string otherwise. */
export const ticketIdSchema = z.string().min(1).max(64);
