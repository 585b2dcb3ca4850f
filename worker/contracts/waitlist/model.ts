// The waitlist for sold-out ticket types (decision 185): its limits, its English texts and the
// answers' types, zod-free so a page can import them without a validator.
import type { Currency } from "../store/model";

/**
 * How long a fan has to pay for an offer before it passes to the next place, in minutes: the
 * event's setting (waitlist_event_rules, decision 189), `default` for an event without one.
 */
export const WAITLIST_HOLD_MINUTES = { default: 30, min: 5, max: 24 * 60 } as const;
/** The list and returns close this many minutes before the show starts, so the door's list is settled; per event likewise. */
export const WAITLIST_CLOSES_BEFORE_MINUTES = { default: 120, min: 0, max: 7 * 24 * 60 } as const;
/** The default closing, for an event whose admin set none. */
export const WAITLIST_CLOSES_BEFORE_START_MS = WAITLIST_CLOSES_BEFORE_MINUTES.default * 60 * 1000;
/** The most tickets one place may ask for: the highest per-order limit a type may set. */
export const WAITLIST_QUANTITY_MAX = 20;
/** How busy a list is, never its length: up to `few` and up to `some` waiting; more is many. */
export const WAITLIST_BUSY_BOUNDS = { few: 5, some: 20 } as const;

export const WAITLIST_BUSY_LEVELS = ["few", "some", "many"] as const;
export type WaitlistBusy = (typeof WAITLIST_BUSY_LEVELS)[number];

export const busyLevelOf = (waiting: number): WaitlistBusy =>
  waiting <= WAITLIST_BUSY_BOUNDS.few ? "few" : waiting <= WAITLIST_BUSY_BOUNDS.some ? "some" : "many";

export const RETURN_STATUSES = ["listed", "offered", "sold", "withdrawn"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const OFFER_STATUSES = ["offered", "claimed", "lapsed", "declined", "withdrawn"] as const;

/** Ids the routes accept: the Worker's UUIDs. */
export const WAITLIST_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const WAITLIST_MESSAGES = {
  typeNotFound: "No such ticket type on sale",
  notSoldOut: "This ticket type is not sold out: buy it instead",
  closed: "The waitlist for this show is closed",
  alreadyJoined: "You are already on the waitlist for this ticket type",
  placeNotFound: "No such waitlist place",
  returnNotFound: "No such returned ticket",
  returnsClosed: "This show takes no returns now",
  alreadyReturned: "This ticket is already handed back",
  returnOffered: "This ticket is already offered to a fan waiting for it",
  offerNotFound: "No such offer",
  offerGone: "This offer has passed: its hold ran out or it went to someone else",
  quantityInvalid: "Ask for between 1 and {max} tickets",
  releaseCountInvalid: "Release between 1 and {max} seats",
  releaseClosed: "This show's waitlist is closed: it is cancelled, over, not on sale or about to start",
  ticketHandedBack: "This ticket is handed back to the waitlist: take it back before transferring it",
  ticketFromWaitlist: "A ticket bought from the waitlist can be handed back, not transferred",
} as const;

/** The most seats one release lists for a type's line (decision 190). */
export const WAITLIST_RELEASE_MAX = 500;

/** POST /api/admin/waitlist/types/:typeId/release: how many seats were listed (fewer than asked when the venue is full). */
export type WaitlistReleaseResponse = { released: number };

/** A member's place on a list, as they see it: no position and nobody else's name. */
export type WaitlistPlace = {
  id: string;
  ticketTypeId: string;
  eventId: string;
  quantity: number;
  joinedAt: string;
  busy: WaitlistBusy;
  /** The offer waiting for the member's payment, if one is. */
  offer: WaitlistOffer | null;
};

export type WaitlistOffer = {
  id: string;
  quantity: number;
  holdUntil: string;
  /** Face value per ticket as the seller paid it, tax included where it was. */
  unitCents: number;
  totalCents: number;
  currency: Currency;
  /** Seats the admin released, where the store adds tax to prices: the checkout adds it as for any ticket (decision 190). */
  taxAdded: boolean;
};

export type WaitlistPlacesResponse = { places: WaitlistPlace[] };
export type WaitlistPlaceResponse = { place: WaitlistPlace };

/** A ticket the member handed back: what they get back, and where it stands. */
export type TicketReturn = {
  id: string;
  ticketId: string;
  eventId: string;
  status: ReturnStatus;
  refundCents: number;
  currency: Currency;
  listedAt: string;
};
export type TicketReturnResponse = { return: TicketReturn };
export type TicketReturnsResponse = { returns: TicketReturn[] };

/**
 * A claim's payment checkout id (its store_checkouts row, the session's client_reference_id and
 * metadata checkout_id) starts with this: the waitlist's kind of purchase claims those sessions and
 * the store's leaves them alone.
 */
export const WAITLIST_CHECKOUT_PREFIX = "wl_";
export const isWaitlistCheckout = (checkoutId: unknown) => typeof checkoutId === "string" && checkoutId.startsWith(WAITLIST_CHECKOUT_PREFIX);

/** The checkout's answer: where the browser goes to pay. */
export type WaitlistCheckoutResponse = { url: string };
