// Pure helpers for showing an event: its price range, its place, and the two add-to-calendar
// targets (the server's .ics download and a Google Calendar template link). Dates and prices are
// formatted by app/lib/intlFormat.ts.
import { DEFAULT_EVENT_HOURS, type PublicEvent } from "#contracts/events.ts";
import { countryAlpha2 } from "#contracts/countries.ts";
import { countryDisplayName } from "../../lib/countries";
import { formatMoney, knownTimeZone, regionNames } from "../../lib/intlFormat";
import { HOUR_MS } from "../../lib/time";

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

/** The country to show: none for the United States (or when unknown); a code becomes its name in `locale`. */
export function countryName(country: string | null, locale: string): string | null {
  const value = country?.trim();
  if (!value || US.has(value.toLowerCase())) return null;
  // Stored codes are ISO alpha-3 (decision 037): BRA reads "Brazil" / "Brasil".
  if (/^[A-Z]{3}$/.test(value) && countryAlpha2(value)) return countryDisplayName(value, locale);
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
  return new Date(Date.parse(event.eventDate) + DEFAULT_EVENT_HOURS * HOUR_MS);
}

/** 2026-12-06T01:00:00.000Z → 20261206T010000Z (the UTC form calendar links use). */
export function calendarStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
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
