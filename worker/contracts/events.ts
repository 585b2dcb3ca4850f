// Events (concerts, meet-and-greets, virtual meets): shapes shared by the Worker and the SPA
// (docs/features.md#events-virtual-meets-and-the-contact-form, docs/features.md#landing-page). Type-only and
// constants, no zod, so the SPA's chunks stay free of it.
import type { PublicPresale } from "./presales";
import type { EventTicketSale } from "./tickets/event-tickets-model";
import type { Locale } from "./locale";
import type { GateTier } from "./tiers/gate";

export const EVENT_MESSAGES = {
  eventNotFound: "Event not found",
  loadFailed: "Failed to load events",
} as const;

export type EventStatus = "draft" | "published" | "cancelled";

/** Event ids are lowercase UUIDs; anything else cannot name an event (the API answers 404). */
export const EVENT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export type EventSource = "custom" | "eventbrite";

/**
 * An event as the public sees it (published only). `eventDate` is an ISO instant (UTC);
 * `timeZone` is the IANA zone the venue is in, so the SPA shows the date in the viewer's locale
 * and the event's zone. Prices are decimal numbers in `currency` (ISO 4217); null capacity shows
 * 'TBA'. An online event (a virtual meet) has no venue address; its join URL is never in this
 * shape (see VirtualMeetView).
 */
export type PublicEvent = {
  id: string;
  /** In the language asked for (`?lang=`, the locale cookie, Accept-Language): the Portuguese text when there is one, else the English. */
  title: string;
  description: string | null;
  /** The language the title is in (JSON-LD's inLanguage). */
  lang: Locale;
  eventDate: string;
  /** When it ends (ISO), or null: calendars then assume two hours. */
  endDate: string | null;
  timeZone: string;
  online: boolean;
  venueName: string | null;
  venueAddress: string | null;
  venueCity: string | null;
  venueState: string | null;
  venueCountry: string | null;
  venuePostalCode: string | null;
  venueCapacity: number | null;
  ticketPriceMin: number | null;
  ticketPriceMax: number | null;
  currency: string;
  externalTicketUrl: string | null;
  imageUrl: string | null;
  /** sold_out: set so by an administrator, or the event has started; available otherwise. */
  availability: "available" | "sold_out";
  /** The event has started: a past show (the archive on /events), never shown as sold out. */
  past: boolean;
  /**
   * The VIP presale while it is ahead or on (until the general sale); absent otherwise. While it is
   * here, externalTicketUrl is null: VIPs get the link with their code (decision 029).
   */
  presale?: PublicPresale;
  /**
   * Tickets sold here (decision 055): a published custom event in USD or BRL with ticket types;
   * absent otherwise (events sold elsewhere keep externalTicketUrl).
   */
  tickets?: EventTicketSale;
  /**
   * When the public ticket sale opens (ISO), while that is still ahead ("Notify me", decision 057):
   * the later of the sale start and the presale's general sale; absent otherwise.
   */
  saleOpensAt?: string;
  /** The event's live show's watch page ("/live/<id>", decision 113); absent when it has none. */
  watchUrl?: string;
};

/** GET /api/events: published events, event_date ascending (past ones from the last 180 days), in the language asked for. */
export type EventsResponse = { events: PublicEvent[] };
export type EventResponse = { event: PublicEvent };

/**
 * GET /api/events/virtual: the next online events. `joinUrl` is sent only to VIP members and
 * admins, and only from JOIN_WINDOW_MINUTES before the start until the end; `joinOpensAt` says
 * when it will be.
 */
export type VirtualMeetView = PublicEvent & {
  joinUrl: string | null;
  joinOpensAt: string;
  /** The lowest tier the join link is for, with its names (decision 116); null: VIP and above. */
  joinMinTier: GateTier | null;
  /** The signed-in reader's tier is below the link's: it never comes, whatever the time. */
  belowJoinTier: boolean;
};
export type VirtualMeetsResponse = { meets: VirtualMeetView[] };

export const JOIN_WINDOW_MINUTES = 15;
/** Past published events stay listed (sold-out look) this long after they happened. */
export const PAST_EVENTS_LISTED_DAYS = 180;
/** Calendar entries without an end last this long. */
export const DEFAULT_EVENT_HOURS = 2;
