// Pure helpers for showing an event: its date in a given zone, its price range, its place, and the
// two add-to-calendar targets (the server's .ics download and a Google Calendar template link).
import { DEFAULT_EVENT_HOURS, type PublicEvent } from "../../../worker/contracts/events";

// An event card asks for a dozen formatters, the same ones for every event: each is made once.
// Making one is the costly part (it resolves the locale and loads its data), and the events list
// renders before the landing page's first paint.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.DisplayNames>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.DisplayNames>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** new Intl.DateTimeFormat(locale, options), made once per locale and options. Throws as the constructor does. */
export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  cached("date", locale, options, () => new Intl.DateTimeFormat(locale, options));

const numberFormat = (locale: string, options: Intl.NumberFormatOptions) => cached("number", locale, options, () => new Intl.NumberFormat(locale, options));

const regionNames = (locale: string) => cached("region", locale, {}, () => new Intl.DisplayNames(locale, { type: "region" }));

const knownZones = new Map<string, string>();

/** The zone if this runtime knows it, UTC otherwise (a bad zone must not blank the whole list). */
export function knownTimeZone(timeZone: string | undefined): string | undefined {
  if (timeZone === undefined) return undefined;
  let zone = knownZones.get(timeZone);
  if (zone === undefined) {
    try {
      dateTimeFormat("en", { timeZone });
      zone = timeZone;
    } catch {
      zone = "UTC";
    }
    knownZones.set(timeZone, zone);
  }
  return zone;
}

/**
 * The date ("Sat, Dec 5, 2026" / "sáb., 5 de dez. de 2026") and the time with its zone named
 * ("8:00 PM EST" / "20:00 GMT-5") of an instant, in `locale`, as seen in `timeZone` (the
 * viewer's own zone when undefined).
 */
export function formatWhen(iso: string, locale: string, timeZone?: string): { date: string; time: string } {
  const instant = new Date(iso);
  const zone = knownTimeZone(timeZone);
  const date = dateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: zone }).format(instant);
  const time = dateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: zone, timeZoneName: "short" }).format(instant);
  return { date, time };
}

/** Just the time with its zone ("7:45 PM GMT-3"), in the viewer's zone unless one is given. */
export function formatTime(iso: string, locale: string, timeZone?: string): string {
  return formatWhen(iso, locale, timeZone).time;
}

/** A price with two decimals in the event's currency, the locale's way ("$25.00", "US$ 25,00"). */
export function formatMoney(amount: number, currency: string, locale: string): string {
  try {
    return numberFormat(locale, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  } catch {
    // An unknown currency code: the amount with two decimals and the code.
    return `${numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

export type PriceLabel = { kind: "free" } | { kind: "single"; price: string } | { kind: "range"; min: string; max: string } | null;

/**
 * What the price line says: nothing when no price is known, 'Free' when nothing is charged, one
 * price when min and max agree (or only one is known), otherwise the range.
 */
export function priceLabel(event: Pick<PublicEvent, "ticketPriceMin" | "ticketPriceMax" | "currency">, locale: string): PriceLabel {
  const { ticketPriceMin: min, ticketPriceMax: max, currency } = event;
  if (min === null && max === null) return null;
  const low = min ?? max!;
  const high = max ?? min!;
  if (high === 0) return { kind: "free" };
  if (low === high) return { kind: "single", price: formatMoney(low, currency, locale) };
  return { kind: "range", min: formatMoney(Math.min(low, high), currency, locale), max: formatMoney(Math.max(low, high), currency, locale) };
}

const US = new Set(["us", "usa", "united states", "united states of america"]);

/** The country to show: none for the United States (or when unknown); a code becomes its name. */
export function countryName(country: string | null, locale: string): string | null {
  const value = country?.trim();
  if (!value || US.has(value.toLowerCase())) return null;
  if (/^[A-Za-z]{2}$/.test(value)) {
    try {
      return regionNames(locale).of(value.toUpperCase()) ?? value;
    } catch {
      return value;
    }
  }
  return value;
}

/** "Miami, FL" or "São Paulo, SP, Brazil": the city, state and (outside the US) the country. */
export function placeLine(event: Pick<PublicEvent, "venueCity" | "venueState" | "venueCountry">, locale: string): string {
  return [event.venueCity, event.venueState, countryName(event.venueCountry, locale)].filter((part) => !!part && part.trim()).join(", ");
}

/** When the event ends: its own end, or DEFAULT_EVENT_HOURS after the start. */
export function eventEnd(event: Pick<PublicEvent, "eventDate" | "endDate">): Date {
  if (event.endDate && !Number.isNaN(Date.parse(event.endDate))) return new Date(event.endDate);
  return new Date(Date.parse(event.eventDate) + DEFAULT_EVENT_HOURS * 3_600_000);
}

/** 2026-12-06T01:00:00.000Z → 20261206T010000Z (the UTC form calendar links use). */
export function calendarStamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");
}

/** GET /api/events/:id/ics: the event as a calendar file. */
export const icsHref = (id: string) => `/api/events/${encodeURIComponent(id)}/ics`;

/** The subscribable feed of every published event. */
export const FEED_PATH = "/events.ics";

/**
 * A Google Calendar "add event" link: title, start/end in UTC, the description as details, and the
 * venue's full address (or, for an online event, the virtual meet page) as the location.
 */
export function googleCalendarHref(event: PublicEvent, { origin, locale }: { origin: string; locale: string }): string {
  const start = new Date(event.eventDate);
  const details = [event.description?.trim(), event.online ? `${origin}/virtual-meet` : null].filter(Boolean).join("\n\n");
  const location = event.online
    ? `${origin}/virtual-meet`
    : [event.venueName, event.venueAddress, event.venueCity, event.venueState, event.venuePostalCode, countryName(event.venueCountry, locale)]
        .filter((part) => !!part && part.trim())
        .join(", ");
  const params: [string, string][] = [
    ["action", "TEMPLATE"],
    ["text", event.title],
    ["dates", `${calendarStamp(start)}/${calendarStamp(eventEnd(event))}`],
  ];
  if (details) params.push(["details", details]);
  if (location) params.push(["location", location]);
  const zone = knownTimeZone(event.timeZone);
  if (zone) params.push(["ctz", zone]);
  // The dates keep their slash; everything else is percent-encoded.
  const query = params.map(([key, value]) => `${key}=${key === "dates" ? value : encodeURIComponent(value)}`).join("&");
  return `https://calendar.google.com/calendar/render?${query}`;
}
