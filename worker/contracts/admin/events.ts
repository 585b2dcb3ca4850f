// The back office's events (/api/admin/events): the event form's rules (docs/features.md#back-office-administrators, Events and venues) as one zod
// schema, enforced by the Worker and run by the SPA on the form before sending, and the answers'
// shapes. Always required: title, event date and time. An in-person custom event also needs its
// venue (name, address, city, state, capacity) and tickets (minimum and maximum price, sale start
// and end); an Eventbrite event needs its Eventbrite event ID instead. Blank values are null.
// Beyond the spec: prices in order, the sale ending after it starts, and the event's time zone.
import { z } from "../zod";
import {
  ALWAYS,
  DEFAULT_EVENT_TIME_ZONE,
  DEFAULT_VENUE_COUNTRY,
  DESCRIPTION_MAX,
  EVENT_FORM_MESSAGES as M,
  SEARCH_MAX,
  country,
  currency,
  eventTimeToInstant,
  optionalCapacity,
  optionalEventTime,
  optionalPrice,
  optionalText,
  optionalUrl,
  requireFields,
  timeZone,
} from "./event-fields";
import { currencyOfCountry } from "../countries";
import { EVENT_ID_PATTERN, type EventSource, type EventStatus } from "../events";
import { checkPresale, presaleFields, presaleValues } from "./presale-fields";
import { paidMinTierIdField } from "../tiers/gate";
import type { CodeMode, OfferCodeCounts } from "../offer-codes";
import { DEFAULT_REMINDER_OFFSETS } from "../newsletter-model";
import { reminderOffsetsSchema, type ReminderOffset } from "../reminders";
import type { AdminTicketType } from "../tickets/admin-ticket-types";
export { ADMIN_EVENT_MESSAGES } from "./event-limits";

export * from "./event-fields";

export const EVENT_STATUSES = ["draft", "published", "cancelled"] as const satisfies readonly EventStatus[];
export const EVENT_SOURCES = ["custom", "eventbrite"] as const satisfies readonly EventSource[];

export const ADMIN_EVENT_CODES = { notFound: "event_not_found", eventbriteTaken: "eventbrite_id_taken", venueUnknown: "venue_not_found" } as const;

const fields = (keptCountry?: string | null) => ({
  title: optionalText(),
  description: optionalText(DESCRIPTION_MAX, true),
  /** Portuguese texts (decision 031): optional, the English ones show where they are blank. */
  titlePtBR: optionalText(),
  descriptionPtBR: optionalText(DESCRIPTION_MAX, true),
  /** Sold out: the public pages say so on a future event and offer no tickets. */
  soldOut: z.boolean().default(false),
  eventDate: optionalEventTime(),
  timeZone: timeZone().default(DEFAULT_EVENT_TIME_ZONE),
  status: z.enum(EVENT_STATUSES, { error: M.statusInvalid }).default("draft"),
  source: z.enum(EVENT_SOURCES, { error: M.sourceInvalid }).default("custom"),
  eventbriteId: optionalText(),
  externalTicketUrl: optionalUrl(),
  /** A virtual meet: no venue, and a join link for VIP members instead. */
  online: z.boolean({ error: M.onlineInvalid }).default(false),
  joinUrl: optionalUrl(),
  /** The join link's, or the door's VIP pass's, lowest tier (decision 108); null: VIP and above. */
  vipMinTierId: paidMinTierIdField(),
  /** The saved venue the venue fields were filled from, if any. */
  venueId: z
    .string({ error: M.venueUnknown })
    .regex(EVENT_ID_PATTERN, M.venueUnknown)
    .nullish()
    .transform((id) => id ?? null),
  venueName: optionalText(),
  venueAddress: optionalText(),
  venueCity: optionalText(),
  venueState: optionalText(),
  venueCountry: country(keptCountry),
  venuePostalCode: optionalText(),
  venueCapacity: optionalCapacity(),
  /** The prices' currency (ISO 4217, decision 037); left out or blank: the venue country's. */
  currency: currency(),
  ticketPriceMin: optionalPrice(),
  ticketPriceMax: optionalPrice(),
  ticketSaleStart: optionalEventTime(),
  ticketSaleEnd: optionalEventTime(),
  /** The VIP presale block (admin-presale-fields.ts). */
  ...presaleFields(),
  /** "Remind me" (decision 045): minutes before the start the reminders go; left out, 1 day and 1 hour. */
  reminderOffsets: reminderOffsetsSchema.default(() => [...DEFAULT_REMINDER_OFFSETS] as ReminderOffset[]),
});

type Fields = z.output<z.ZodObject<ReturnType<typeof fields>>>;

type Kind = { source?: unknown; online?: unknown };
/** The venue block is shown and required, except for Eventbrite events and virtual meets (no venue). */
export const needsVenue = (v: Kind) => v.source !== "eventbrite" && v.online !== true;
/** The tickets block is shown except for Eventbrite events (Eventbrite sells them)... */
export const showsTickets = (v: Kind) => v.source !== "eventbrite";
/** ...and required except for virtual meets (a VIP perk, often free). */
export const needsTickets = (v: Kind) => showsTickets(v) && v.online !== true;

const zoneOf = (v: { timeZone?: unknown }) => (typeof v.timeZone === "string" ? v.timeZone : DEFAULT_EVENT_TIME_ZONE);
const instantOf = (text: unknown, zone: string) => (typeof text === "string" ? eventTimeToInstant(text, zone) : null);

function checkEvent(v: Fields, ctx: z.RefinementCtx<Fields>) {
  requireFields(v, ctx, [
    ["title", M.titleRequired],
    ["eventDate", M.eventDateRequired],
  ]);
  if (v.source === "eventbrite") requireFields(v, ctx, [["eventbriteId", M.eventbriteIdRequired]]);
  if (needsVenue(v)) {
    requireFields(v, ctx, [
      ["venueName", M.venueNameRequired],
      ["venueAddress", M.venueAddressRequired],
      ["venueCity", M.venueCityRequired],
      ["venueState", M.venueStateRequired],
      ["venueCapacity", M.capacityRequired],
    ]);
  }
  if (needsTickets(v)) {
    requireFields(v, ctx, [
      ["ticketPriceMin", M.priceMinRequired],
      ["ticketPriceMax", M.priceMaxRequired],
      ["ticketSaleStart", M.saleStartRequired],
      ["ticketSaleEnd", M.saleEndRequired],
    ]);
  }
  const { ticketPriceMin: min, ticketPriceMax: max } = v;
  if (typeof min === "number" && typeof max === "number" && max < min) ctx.addIssue({ code: "custom", path: ["ticketPriceMax"], message: M.priceOrder });
  const start = instantOf(v.ticketSaleStart, zoneOf(v));
  const end = instantOf(v.ticketSaleEnd, zoneOf(v));
  if (start !== null && end !== null && end < start) ctx.addIssue({ code: "custom", path: ["ticketSaleEnd"], message: M.saleOrder });
  checkPresale(v, ctx);
}

/** The stored form of a valid event: times as epoch ms (the zone applied), prices as decimals. */
function toValues(v: Fields) {
  const zone = v.timeZone;
  const at = (text: string | null) => (text === null ? null : eventTimeToInstant(text, zone)!);
  return {
    ...v,
    title: v.title!,
    eventDate: at(v.eventDate)!,
    ticketSaleStart: at(v.ticketSaleStart),
    ticketSaleEnd: at(v.ticketSaleEnd),
    venueCountry: needsVenue(v) ? (v.venueCountry ?? DEFAULT_VENUE_COUNTRY) : v.venueCountry,
    currency: v.currency ?? currencyOfCountry(needsVenue(v) ? (v.venueCountry ?? DEFAULT_VENUE_COUNTRY) : v.venueCountry),
    ...presaleValues(v),
  };
}

/**
 * An event as the form sends it, for create (POST) and edit (PUT: every field again). `keptCountry`
 * lets an edited event keep a venue country from before the list was every country.
 */
export const eventInputSchema = (keptCountry?: string | null) => z.strictObject(fields(keptCountry)).superRefine(checkEvent, ALWAYS).transform(toValues);

export type EventInput = z.input<ReturnType<typeof eventInputSchema>>;
export type EventValues = z.output<ReturnType<typeof eventInputSchema>>;

export const EVENT_STATUS_FILTERS = ["all", ...EVENT_STATUSES] as const;
export const EVENT_SOURCE_FILTERS = ["all", ...EVENT_SOURCES] as const;
export type EventStatusFilter = (typeof EVENT_STATUS_FILTERS)[number];
export type EventSourceFilter = (typeof EVENT_SOURCE_FILTERS)[number];

/** GET /api/admin/events: a search (title, venue name, venue city; any case) and two filters. */
export const eventListQuerySchema = z.object({
  search: z.string().max(SEARCH_MAX).optional(),
  status: z.enum(EVENT_STATUS_FILTERS).default("all"),
  source: z.enum(EVENT_SOURCE_FILTERS).default("all"),
});

/** An event as the back office sees it: every field, whatever its status. Times are ISO instants. */
export type AdminEvent = {
  id: string;
  title: string;
  description: string | null;
  titlePtBR: string | null;
  descriptionPtBR: string | null;
  soldOut: boolean;
  eventDate: string;
  timeZone: string;
  status: EventStatus;
  source: EventSource;
  eventbriteId: string | null;
  externalTicketUrl: string | null;
  online: boolean;
  joinUrl: string | null;
  /** The lowest tier of its VIP access: a virtual meet's join link, the pass at an in-person event's door (decision 108); null: VIP and above. */
  vipMinTierId: string | null;
  venueId: string | null;
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
  ticketSaleStart: string | null;
  ticketSaleEnd: string | null;
  /** The VIP presale (decision 029): 'none' and null times without one. */
  presaleCodeMode: CodeMode;
  presaleStartsAt: string | null;
  presaleEndsAt: string | null;
  generalSaleAt: string | null;
  presaleSharedCode: string | null;
  /** The presale code's lowest tier (decision 104); null: VIP and above. */
  presaleMinTierId: string | null;
  /** The unique codes' counts ('unique' mode only; null otherwise). */
  presaleCodes: OfferCodeCounts | null;
  /** "Remind me" (decision 045): the minutes before the start the reminders go at. */
  reminderOffsets: number[];
  /** How many people asked for a reminder: confirmed (members at once) and visitors still to confirm. */
  reminders: ReminderCounts;
  /** People waiting to be told when its public ticket sale opens ("Notify me", decision 057). */
  notifyWaiting: number;
  /** What it sells here (decision 055; custom events in USD or BRL only), in order, with sold / held / remaining. */
  ticketTypes: AdminTicketType[];
  /** Seats held or sold here, all types together, against venueCapacity. */
  ticketsTaken: number;
  createdAt: string;
  updatedAt: string;
};

export type ReminderCounts = { active: number; pending: number };

export type AdminEventsResponse = { events: AdminEvent[] };
export type AdminEventResponse = { event: AdminEvent };
export type EventDeletedResponse = { deleted: string };
