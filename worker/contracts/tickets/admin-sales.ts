// One event's tickets sold here, for the back office (/api/admin/tickets/events/:eventId/*): the
// sales summary per ticket type, and the door list (every valid ticket, its name at the door,
// type, code and check-in) as JSON and as a CSV for the door. Admins only: door staff check
// tickets in at /check-in, they do not see orders. Zod-free (the SPA imports it); the query's
// schemas are in admin-tickets.ts.
import type { Currency } from "../store/model";
import type { TicketSaleState } from "./event-tickets-model";

export const DOOR_SORTS = ["name", "type", "checked_in"] as const;
export type DoorSort = (typeof DOOR_SORTS)[number];
export const DOOR_SEARCH_MAX = 100;

export const ticketSalesPath = (eventId: string) => `/api/admin/tickets/events/${encodeURIComponent(eventId)}`;
export const doorListPath = (eventId: string) => `${ticketSalesPath(eventId)}/door`;
export const doorCsvPath = (eventId: string) => `${ticketSalesPath(eventId)}/door.csv`;

/** One ticket type's sales. Amounts in cents of the event's currency. */
export type TicketTypeSales = {
  id: string;
  name: string;
  namePtBr: string | null;
  priceCents: number;
  vipOnly: boolean;
  /** What the type offers, and what may still be sold (neither held nor sold). */
  quantity: number;
  remaining: number;
  /** Seats held by checkouts still open (not yet paid, not yet released). */
  held: number;
  /** Tickets issued and still valid (refunded and cancelled ones are not sold any more). */
  sold: number;
  /** Valid tickets already through the door. */
  checkedIn: number;
  /** Tickets voided by a refund, and by the event's cancellation. */
  refunded: number;
  cancelled: number;
  /** What the valid tickets were paid: net of refunds and of the cancellation. */
  revenueCents: number;
};

export type TicketSalesResponse = {
  event: {
    id: string;
    title: string;
    /** The Portuguese title, which the back office in Portuguese shows (null: none). */
    titlePtBr: string | null;
    eventDate: string;
    timeZone: string;
    status: "draft" | "published" | "cancelled";
    /** The currency tickets are sold in (null when the event's cannot be: only USD and BRL). */
    currency: Currency | null;
    /** The venue's capacity (null: none, only the types' quantities cap the sale) and the seats held or sold. */
    capacity: number | null;
    taken: number;
    /** Where the sale stands now (null: the event sells no tickets here). */
    saleState: TicketSaleState | null;
  };
  /** In the types' order; empty when the event sells no tickets here. */
  types: TicketTypeSales[];
  /** Every type together. */
  totals: { sold: number; checkedIn: number; refunded: number; cancelled: number; held: number; revenueCents: number };
};

/**
 * One valid ticket on the door list. `name` is the holder's, else its owner's account name (the
 * buyer's until a transfer), else the owner's e-mail (a guest buyer's).
 */
export type DoorListEntry = {
  id: string;
  name: string;
  /** Whose name `name` is: the holder's as set on the ticket, or the owner's when none was set. */
  named: "holder" | "owner";
  /** The owner's e-mail. */
  email: string;
  typeName: string;
  code: string;
  checkedInAt: string | null;
  checkedInBy: string | null;
};

export type DoorListResponse = {
  eventId: string;
  /** Every valid ticket of the event (before the search) and how many are through the door. */
  total: number;
  checkedIn: number;
  entries: DoorListEntry[];
};
