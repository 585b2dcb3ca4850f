// The buyer's and holder's tickets (/tickets, /tickets/$ticketId; decision 055, part "mytickets"):
// the answers, the English texts of their refusals and limits. Zod-free, so the pages and the
// validation table import it without a validator (the request schemas are in tickets-mine.ts).
import type { Currency } from "../store/model";
import type { TicketKind } from "../live-limits";

export const TICKETS_API = "/api/tickets";
export const ticketApiPath = (ticketId: string) => `${TICKETS_API}/${encodeURIComponent(ticketId)}`;

/** Transfers a member may make, [max, window seconds]: each mails another member. */
export const TICKET_TRANSFER_RATE_LIMIT = [10, 60 * 60] as const;

export const TICKETS_MINE_MESSAGES = {
  holderNameTooLong: "The name on the ticket must be at most 80 characters",
  holderLocked: "The doors have opened: the name on this ticket can no longer be changed",
  inactive: "This ticket was refunded, cancelled or already used",
  transferClosed: "The event has started: this ticket can no longer be transferred",
  transferToSelf: "This ticket is already yours",
  recipientNotFound: "No member has this username",
} as const;

/**
 * A ticket as its owner sees it. `checked_in` is a valid ticket used at the door; `token` (the QR)
 * only for a valid ticket not used yet; `editable`/`transferable` say what the owner may still do.
 */
export type MyTicketStatus = "valid" | "checked_in" | "refunded" | "cancelled";

export type MyTicket = {
  id: string;
  /** The typed fallback code, TKT-XXXX-XXXX. */
  code: string;
  status: MyTicketStatus;
  /** ISO; when it was used at the door. */
  checkedInAt: string | null;
  /** The type's name in the asked language. */
  typeName: string;
  priceCents: number;
  currency: Currency;
  holderName: string | null;
  /** The QR's signed token; null unless valid and not used. */
  token: string | null;
  orderNumber: number;
  /** The member bought it (not handed it by a transfer). */
  bought: boolean;
  /** ISO; when it last changed hands. */
  transferredAt: string | null;
  /** The holder's name may be changed now (valid, unused, before the doors open). */
  editable: boolean;
  /** It may be transferred now (the same conditions). */
  transferable: boolean;
  /** A seat at the venue, or watching online (decision 113): an online ticket has no QR (`token` null). */
  kind: TicketKind;
  /** "/live/<eventId>" when the event has a live show to watch; else null. */
  watchUrl: string | null;
};

/** The event a ticket is for, in the asked language; ISO instants, `timeZone` the venue's. */
export type MyTicketEvent = {
  id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  status: "draft" | "published" | "cancelled";
  isOnline: boolean;
  venueName: string | null;
  venueAddress: string | null;
  venueCity: string | null;
  venueCountry: string | null;
};

export type MyTicketGroup = { event: MyTicketEvent; tickets: MyTicket[] };

/** GET /api/tickets: events not over yet (soonest first), then past ones (latest first). */
export type MyTicketsResponse = { upcoming: MyTicketGroup[]; past: MyTicketGroup[] };

/** GET /api/tickets/:id, and the answer of its holder and transfer writes (the transfer's: the ticket as it left). */
export type MyTicketResponse = { event: MyTicketEvent; ticket: MyTicket };

/** POST /api/tickets/:id/transfer: who has it now. */
export type TicketTransferResponse = { transferred: true; to: string };
