// The waitlist's back office (decision 189): the event's settings, its figures per ticket type and
// the paths the page reads, zod-free so the SPA imports them without a validator.
import type { Currency } from "../store/model.ts";
import { WAITLIST_CLOSES_BEFORE_MINUTES, WAITLIST_HOLD_MINUTES } from "./model.ts";

export const WAITLIST_ADMIN_MESSAGES = {
  holdMinutesInvalid: `Hold an offer between ${WAITLIST_HOLD_MINUTES.min} and ${WAITLIST_HOLD_MINUTES.max} minutes`,
  closesBeforeMinutesInvalid: `Close the list between ${WAITLIST_CLOSES_BEFORE_MINUTES.min} and ${WAITLIST_CLOSES_BEFORE_MINUTES.max} minutes before the show`,
} as const;

/** An event's waitlist settings; an event the admin never set reads the defaults. */
export type WaitlistRules = {
  /** Tickets may be handed back though nobody waits on their type. */
  returnsOpen: boolean;
  holdMinutes: number;
  closesBeforeMinutes: number;
};
export type WaitlistRulesResponse = { rules: WaitlistRules };

export const DEFAULT_WAITLIST_RULES: WaitlistRules = {
  returnsOpen: false,
  holdMinutes: WAITLIST_HOLD_MINUTES.default,
  closesBeforeMinutes: WAITLIST_CLOSES_BEFORE_MINUTES.default,
};

/** One ticket type's waitlist as the back office counts it. */
export type WaitlistTypeFigures = {
  ticketTypeId: string;
  name: string;
  namePtBr: string | null;
  /** Open places and the tickets they want between them. */
  places: { open: number; tickets: number };
  returns: { listed: number; offered: number; sold: number; withdrawn: number };
  offers: { sent: number; claimed: number; lapsed: number; declined: number };
  /**
   * Money the waitlist moved: the claimed offers' totals in, the sellers' refunds out; the net is
   * zero while no fee is kept (decision 185).
   */
  money: { salesInCents: number; refundsOutCents: number; netCents: number; currency: Currency };
};
export type WaitlistFiguresResponse = { eventId: string; types: WaitlistTypeFigures[] };

export const WAITLIST_ADMIN_API = "/api/admin/waitlist";
export const waitlistEventPath = (eventId: string) => `${WAITLIST_ADMIN_API}/events/${encodeURIComponent(eventId)}`;
export const waitlistRulesPath = (eventId: string) => `${waitlistEventPath(eventId)}/rules`;
export const waitlistPlacesCsvPath = (eventId: string) => `${waitlistEventPath(eventId)}/places.csv`;
/** The seats-released route (another part of the back office builds it): the answer says how many went to the line. */
export const waitlistReleasePath = (ticketTypeId: string) => `${WAITLIST_ADMIN_API}/types/${encodeURIComponent(ticketTypeId)}/release`;

/** The columns of the places' export, in order. */
export const WAITLIST_PLACES_CSV_HEADERS = ["Position", "Name", "Email", "Ticket type", "Quantity", "Joined at", "Lapses", "Declines"] as const;
