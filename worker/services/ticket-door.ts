// A ticket at the door (decision 055): its QR token's claims or its typed code, let in once at the
// door's event, or the reason it is refused. worker/db/tickets/check-in-tickets.ts holds the statements;
// services/vip-pass.ts decides whether a read is a ticket's or a pass's and limits the reads.
import type { DB } from "../db/client";
import { admitTicket, type TicketRead } from "../db/tickets/check-in-tickets";
import type { CheckInResponse } from "#contracts/tickets/vip-pass.ts";

/**
 * Lets the ticket in at `eventId`, or says why not: replaced (an older token version: the ticket was
 * transferred), refunded (or being refunded for a fraud warning), cancelled, wrong_event, online_only (a ticket for watching online),
 * already_checked_in (with when and by whom). Null
 * when no ticket has that id or code (the caller answers `unknown`).
 */
export async function readTicket(db: DB, eventId: string, read: TicketRead, staffId: string, now: number): Promise<CheckInResponse | null> {
  const outcome = await admitTicket(db, eventId, read, staffId, now);
  const found = outcome.found;
  if (outcome.admitted) return { result: "valid", ticket: outcome.found.ticket, checkedInAt: new Date(now).toISOString() };
  if (!found) return null;
  const { ticket } = found;
  // A newer version means a transfer replaced this QR; a newer one than stored was never signed.
  if (read.by === "token" && found.tokenVersion !== read.version) return found.tokenVersion > read.version ? { result: "replaced" } : null;
  if (found.status === "refunded" || found.refundPending) return { result: "refunded", ticket };
  if (found.status === "cancelled") return { result: "cancelled", ticket };
  if (ticket.event.id !== eventId) return { result: "wrong_event", ticket };
  if (found.online) return { result: "online_only", ticket };
  if (found.checkedInAt) return { result: "already_checked_in", ticket, checkedInAt: found.checkedInAt.toISOString() };
  throw new Error("event_tickets: neither admitted nor refused");
}
