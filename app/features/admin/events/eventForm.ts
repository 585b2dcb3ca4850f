// The event form's state (what the inputs hold, as text) and the request it becomes: blanks are
// null, capacity and prices numbers, times the wall clock time of the inputs (the Worker applies
// the event's zone). The shared schema checks it here exactly as the Worker will.
import {
  DEFAULT_EVENT_TIME_ZONE,
  DEFAULT_VENUE_COUNTRY,
  eventInputSchema,
  instantToWallTime,
  needsVenue,
  showsTickets,
  type AdminEvent,
  type EventInput,
} from "#contracts/admin/events.ts";
import { currencyOfCountry } from "#contracts/countries.ts";
import { DEFAULT_REMINDER_OFFSETS } from "#contracts/newsletter-model.ts";
import { REMINDER_OFFSET_CHOICES, type ReminderOffset } from "#contracts/reminders.ts";
import type { AdminVenue } from "#contracts/admin/venues.ts";
import type { EventSource, EventStatus } from "#contracts/events.ts";
import { fieldErrorsOf, type FieldErrors } from "./errors";

export type EventForm = {
  title: string;
  description: string;
  titlePtBR: string;
  descriptionPtBR: string;
  soldOut: boolean;
  eventDate: string;
  timeZone: string;
  status: EventStatus;
  source: EventSource;
  eventbriteId: string;
  externalTicketUrl: string;
  online: boolean;
  joinUrl: string;
  vipMinTierId: string;
  venueId: string;
  venueName: string;
  venueAddress: string;
  venueCity: string;
  venueState: string;
  venueCountry: string;
  venuePostalCode: string;
  venueCapacity: string;
  /** The prices' currency (ISO 4217): the country's when it changes, then the admin's pick. */
  currency: string;
  ticketPriceMin: string;
  ticketPriceMax: string;
  ticketSaleStart: string;
  ticketSaleEnd: string;
  /** The VIP presale block (EventPresaleFields): off by default. */
  presale: boolean;
  presaleCodeMode: "shared" | "unique";
  presaleStartsAt: string;
  presaleEndsAt: string;
  generalSaleAt: string;
  presaleSharedCode: string;
  /** The code's lowest tier ("": VIP and above, decision 104). */
  presaleMinTierId: string;
  /** "Remind me" (decision 045): the times before the start the reminders go, ticked. */
  reminderOffsets: ReminderOffset[];
};

export type EventField = keyof EventForm;

/** The ticked reminder times in the form's order (longest first), whatever order they were ticked in. */
const offsetsOf = (offsets: readonly number[]): ReminderOffset[] => REMINDER_OFFSET_CHOICES.filter((offset) => offsets.includes(offset));

export const emptyEventForm = (): EventForm => ({
  title: "",
  description: "",
  titlePtBR: "",
  descriptionPtBR: "",
  soldOut: false,
  eventDate: "",
  timeZone: DEFAULT_EVENT_TIME_ZONE,
  status: "draft",
  source: "custom",
  eventbriteId: "",
  externalTicketUrl: "",
  online: false,
  joinUrl: "",
  vipMinTierId: "",
  venueId: "",
  venueName: "",
  venueAddress: "",
  venueCity: "",
  venueState: "",
  venueCountry: DEFAULT_VENUE_COUNTRY,
  venuePostalCode: "",
  venueCapacity: "",
  currency: currencyOfCountry(DEFAULT_VENUE_COUNTRY),
  ticketPriceMin: "",
  ticketPriceMax: "",
  ticketSaleStart: "",
  ticketSaleEnd: "",
  presale: false,
  presaleCodeMode: "shared",
  presaleStartsAt: "",
  presaleEndsAt: "",
  generalSaleAt: "",
  presaleSharedCode: "",
  presaleMinTierId: "",
  reminderOffsets: offsetsOf(DEFAULT_REMINDER_OFFSETS),
});

const text = (value: string | null) => value ?? "";
const number = (value: number | null) => (value === null ? "" : String(value));
const wall = (iso: string | null, zone: string) => (iso === null ? "" : instantToWallTime(iso, zone));

/** A stored event in the form, its times as wall clock time in its own zone. */
export function eventFormOf(event: AdminEvent): EventForm {
  return {
    title: event.title,
    description: text(event.description),
    titlePtBR: text(event.titlePtBR),
    descriptionPtBR: text(event.descriptionPtBR),
    soldOut: event.soldOut,
    eventDate: wall(event.eventDate, event.timeZone),
    timeZone: event.timeZone,
    status: event.status,
    source: event.source,
    eventbriteId: text(event.eventbriteId),
    externalTicketUrl: text(event.externalTicketUrl),
    online: event.online,
    joinUrl: text(event.joinUrl),
    vipMinTierId: event.vipMinTierId ?? "",
    venueId: text(event.venueId),
    venueName: text(event.venueName),
    venueAddress: text(event.venueAddress),
    venueCity: text(event.venueCity),
    venueState: text(event.venueState),
    // Without one (an Eventbrite event, a virtual meet) the default is ready should the venue block show.
    venueCountry: event.venueCountry ?? DEFAULT_VENUE_COUNTRY,
    venuePostalCode: text(event.venuePostalCode),
    venueCapacity: number(event.venueCapacity),
    currency: event.currency,
    ticketPriceMin: number(event.ticketPriceMin),
    ticketPriceMax: number(event.ticketPriceMax),
    ticketSaleStart: wall(event.ticketSaleStart, event.timeZone),
    ticketSaleEnd: wall(event.ticketSaleEnd, event.timeZone),
    presale: event.presaleCodeMode !== "none",
    presaleCodeMode: event.presaleCodeMode === "unique" ? "unique" : "shared",
    presaleStartsAt: wall(event.presaleStartsAt, event.timeZone),
    presaleEndsAt: wall(event.presaleEndsAt, event.timeZone),
    generalSaleAt: wall(event.generalSaleAt, event.timeZone),
    presaleSharedCode: text(event.presaleSharedCode),
    presaleMinTierId: event.presaleMinTierId ?? "",
    reminderOffsets: offsetsOf(event.reminderOffsets),
  };
}

/** The venue fields a saved venue fills in. */
export function withVenue(form: EventForm, venue: AdminVenue): EventForm {
  return {
    ...form,
    venueId: venue.id,
    venueName: venue.name,
    venueAddress: venue.address,
    venueCity: text(venue.city),
    venueState: text(venue.state),
    venueCountry: venue.country,
    venuePostalCode: text(venue.postalCode),
    venueCapacity: number(venue.capacity),
    currency: venue.country === form.venueCountry ? form.currency : currencyOfCountry(venue.country),
  };
}

const blankToNull = (value: string) => (value.trim() === "" ? null : value.trim());
/** A number input's text: null when blank, NaN when it is no number (the schema says so). */
const numberOrNull = (value: string) => (value.trim() === "" ? null : Number(value.trim()));

/** The request: hidden blocks (an Eventbrite event's venue and tickets, an online event's venue) are sent empty. */
export function eventInputOf(form: EventForm): EventInput {
  const venue = needsVenue(form);
  const tickets = showsTickets(form);
  const ifVenue = <T>(value: T) => (venue ? value : null);
  const ifTickets = <T>(value: T) => (tickets ? value : null);
  return {
    title: blankToNull(form.title),
    description: blankToNull(form.description),
    titlePtBR: blankToNull(form.titlePtBR),
    descriptionPtBR: blankToNull(form.descriptionPtBR),
    soldOut: form.soldOut,
    eventDate: blankToNull(form.eventDate),
    timeZone: form.timeZone,
    status: form.status,
    source: form.source,
    eventbriteId: blankToNull(form.eventbriteId),
    externalTicketUrl: blankToNull(form.externalTicketUrl),
    online: form.online,
    joinUrl: form.online ? blankToNull(form.joinUrl) : null,
    vipMinTierId: form.source === "eventbrite" ? null : blankToNull(form.vipMinTierId),
    venueId: ifVenue(blankToNull(form.venueId)),
    venueName: ifVenue(blankToNull(form.venueName)),
    venueAddress: ifVenue(blankToNull(form.venueAddress)),
    venueCity: ifVenue(blankToNull(form.venueCity)),
    venueState: ifVenue(blankToNull(form.venueState)),
    venueCountry: ifVenue(blankToNull(form.venueCountry)),
    venuePostalCode: ifVenue(blankToNull(form.venuePostalCode)),
    venueCapacity: ifVenue(numberOrNull(form.venueCapacity)),
    currency: form.currency,
    ticketPriceMin: ifTickets(numberOrNull(form.ticketPriceMin)),
    ticketPriceMax: ifTickets(numberOrNull(form.ticketPriceMax)),
    ticketSaleStart: ifTickets(blankToNull(form.ticketSaleStart)),
    ticketSaleEnd: ifTickets(blankToNull(form.ticketSaleEnd)),
    // Without a presale nothing is sent: the Worker's default is none, which clears a stored one.
    ...(form.presale
      ? {
          presaleCodeMode: form.presaleCodeMode,
          presaleStartsAt: blankToNull(form.presaleStartsAt),
          presaleEndsAt: blankToNull(form.presaleEndsAt),
          generalSaleAt: blankToNull(form.generalSaleAt),
          presaleSharedCode: form.presaleCodeMode === "shared" ? blankToNull(form.presaleSharedCode) : null,
          presaleMinTierId: blankToNull(form.presaleMinTierId),
        }
      : {}),
    reminderOffsets: offsetsOf(form.reminderOffsets),
  };
}

export type Checked = { ok: true; input: EventInput } | { ok: false; errors: FieldErrors<EventField> };

/** The form checked by the Worker's own rules: the request to send, or each field's problem. */
export function checkEventForm(form: EventForm, keptCountry: string | null): Checked {
  const input = eventInputOf(form);
  const result = eventInputSchema(keptCountry).safeParse(input);
  return result.success ? { ok: true, input } : { ok: false, errors: fieldErrorsOf<EventField>(result.error) };
}
