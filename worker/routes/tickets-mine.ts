// /api/tickets: the tickets a signed-in member holds (decision 055, part "mytickets"). Every route
// is requireUser (visitor or banned: 401); another member's ticket is the same 404
// ticket_not_found as an unknown one (scoped in the query). Texts in the asked language (?lang=).
//   GET  /                 their tickets grouped by event (upcoming, then past), each with its
//                          status, code, name at the door and, while it admits, the QR's token.
//                          Tickets held by their address as a guest become theirs first, once
//                          that address is verified (as the store's collection attaches orders).
//   GET  /:id              one of them
//   PUT  /:id/holder       { holderName } (null or "" clears): until the doors open (the event's
//                          start; then 409 ticket_holder_locked); 409 ticket_inactive when
//                          refunded, cancelled or used
//   POST /:id/transfer     { username }: to another member in good standing (404
//                          ticket_recipient_not_found, 400 ticket_transfer_to_self), only a valid
//                          unused ticket before the event starts (409 ticket_inactive,
//                          ticket_transfer_closed), not one handed back to the waitlist (409
//                          ticket_handed_back) nor one bought from it (409 ticket_from_waitlist,
//                          decision 191); one conditional statement moves the owner,
//                          draws a new code and bumps the token version, so the old QR and code
//                          stop at once; the recipient is mailed in their language. 429
//                          rate_limited past TICKET_TRANSFER_RATE_LIMIT.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { requireUser } from "../middleware/guards";
import { requestLanguage } from "../middleware/content-language";
import { validate } from "../lib/validate";
import { routeError } from "../lib/errors";
import { newTicketCode } from "../lib/ticket-code";
import { attachGuestPurchases } from "../db/store/collection";
import { findOwnedTicket, findTransferRecipient, listOwnedTickets, setHolderName, transferTicket, type TicketWriteOutcome } from "../db/tickets/mine";
import { announceTransfer, myTicketAnswer, myTicketsAnswer } from "../services/tickets-mine";
import { hitRateLimit } from "../services/rate-limit";
import {
  holderNameSchema,
  ticketIdSchema,
  transferSchema,
  TICKET_TRANSFER_RATE_LIMIT,
  type MyTicketResponse,
  type MyTicketsResponse,
  type TicketTransferResponse,
} from "#contracts/tickets/mine.ts";
import { accessChanged } from "../services/access-changed";

/** The ticket id of the address, or 404 for one that cannot be a ticket's. */
function ticketIdOf(c: { req: { param: (name: "id") => string | undefined } }): string {
  const parsed = ticketIdSchema.safeParse(c.req.param("id"));
  if (!parsed.success) throw routeError("ticket_not_found");
  return parsed.data;
}

/** A refused write that is not about the doors: not theirs (any more), or no longer admitting anyone. */
function refuse(outcome: Exclude<TicketWriteOutcome, "ok" | "started">): never {
  if (outcome === "not_found") throw routeError("ticket_not_found");
  throw routeError("ticket_inactive");
}

export const ticketsMineRoutes = new Hono<HonoEnv>()
  .use("*", requireUser)

  .get("/", async (c) => {
    const user = c.var.user!;
    // What this address holds as a guest is the member's once they have proven the address.
    if (user.emailVerified) await attachGuestPurchases(c.var.db, user.id, user.email);
    c.header("Cache-Control", "private, no-store");
    return c.json<MyTicketsResponse>(await myTicketsAnswer(c.env, await listOwnedTickets(c.var.db, user.id), user.id, requestLanguage(c)));
  })

  .get("/:id", async (c) => {
    const user = c.var.user!;
    const row = await findOwnedTicket(c.var.db, user.id, ticketIdOf(c));
    if (!row) throw routeError("ticket_not_found");
    c.header("Cache-Control", "private, no-store");
    return c.json<MyTicketResponse>(await myTicketAnswer(c.env, row, user.id, requestLanguage(c)));
  })

  .put("/:id/holder", validate("json", holderNameSchema), async (c) => {
    const user = c.var.user!;
    const id = ticketIdOf(c);
    const outcome = await setHolderName(c.var.db, user.id, id, c.req.valid("json").holderName);
    if (outcome === "started") throw routeError("ticket_holder_locked");
    if (outcome !== "ok") refuse(outcome);
    const row = await findOwnedTicket(c.var.db, user.id, id);
    if (!row) throw routeError("ticket_not_found");
    return c.json<MyTicketResponse>(await myTicketAnswer(c.env, row, user.id, requestLanguage(c)));
  })

  .post("/:id/transfer", validate("json", transferSchema), async (c) => {
    const user = c.var.user!;
    const db = c.var.db;
    const id = ticketIdOf(c);
    const ticket = await findOwnedTicket(db, user.id, id);
    if (!ticket) throw routeError("ticket_not_found");
    // Counted once the ticket is known to be theirs: each transfer mails another member.
    await hitRateLimit(db, `ticket-transfer:user:${user.id}`, TICKET_TRANSFER_RATE_LIMIT);
    const recipient = await findTransferRecipient(db, c.req.valid("json").username);
    if (!recipient) throw routeError("ticket_recipient_not_found");
    if (recipient.id === user.id) throw routeError("ticket_transfer_to_self");
    const outcome = await transferTicket(db, { id, fromUserId: user.id, toUserId: recipient.id }, newTicketCode);
    if (outcome === "recipient_gone") throw routeError("ticket_recipient_not_found");
    if (outcome === "started") throw routeError("ticket_transfer_closed");
    if (outcome === "handed_back") throw routeError("ticket_handed_back");
    if (outcome === "from_waitlist") throw routeError("ticket_from_waitlist");
    if (typeof outcome === "string") refuse(outcome);
    c.executionCtx.waitUntil(announceTransfer(c.env, db, ticket, outcome.moved.code, user.username, recipient));
    // The sender may no longer read the rooms this ticket opened for them.
    c.executionCtx.waitUntil(accessChanged(c.env, db, { kind: "tickets", userId: user.id }));
    return c.json<TicketTransferResponse>({ transferred: true, to: recipient.username });
  });
