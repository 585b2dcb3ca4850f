// schema.org MusicEvent markup for Google's event results, written into the HTML of / and /events
// (worker/routes/pages.ts, through upcomingEventsJsonLd in worker/services/events.ts). Pure: the
// caller passes the events, the site's origin, its brand and the artist's name.
// The performer is the artist, a solo recording artist, so a Person: the back office's artist
// name setting (the chat persona's name until one is saved). The organizer is the site's brand
// (BRAND_NAME), an Organization.
import type { PublicEvent } from "#contracts/events.ts";
import { countryAlpha2 } from "#contracts/countries.ts";
import { toZonedIso } from "#contracts/time-zones.ts";
import { scriptSafeJson } from "./page-head";

/** A published event with what only the markup needs on top of the public shape. */
export type JsonLdEventInput = PublicEvent & { ticketSaleStart: string | null };

export type JsonLdContext = {
  /** The site's origin, e.g. https://fans.example (no trailing slash). */
  origin: string;
  /** The organizer: the site's brand (BRAND_NAME). */
  brand: string;
  /** The performer: the artist's name (artistNameOf). */
  artistName: string;
  /** Absolute or site-relative picture for events without their own; null: none. */
  fallbackImage: string | null;
};

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const SCHEMA = "https://schema.org";

/** Drops null and undefined members (schema.org wants absent, not null). */
function compact(object: Record<string, Json | undefined>): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(object)) if (value !== null && value !== undefined) out[key] = value;
  return out;
}

function location(event: PublicEvent, origin: string): Json {
  if (event.online) return { "@type": "VirtualLocation", url: `${origin}/virtual-meet` };
  return compact({
    "@type": "Place",
    name: event.venueName,
    address: compact({
      "@type": "PostalAddress",
      streetAddress: event.venueAddress,
      addressLocality: event.venueCity,
      addressRegion: event.venueState,
      postalCode: event.venuePostalCode,
      // schema.org wants ISO 3166-1 alpha-2; stored codes are alpha-3 (decision 037), older free text stays.
      addressCountry: event.venueCountry ? (countryAlpha2(event.venueCountry) ?? event.venueCountry) : null,
    }),
  });
}

function offers(event: JsonLdEventInput, origin: string): Json | undefined {
  if (event.ticketPriceMin === null) return undefined;
  return compact({
    "@type": "Offer",
    price: event.ticketPriceMin.toFixed(2),
    priceCurrency: event.currency,
    availability: event.availability === "sold_out" ? `${SCHEMA}/SoldOut` : `${SCHEMA}/InStock`,
    url: event.externalTicketUrl ?? `${origin}/events`,
    validFrom: event.ticketSaleStart ? toZonedIso(Date.parse(event.ticketSaleStart), event.timeZone) : null,
  });
}

/** One MusicEvent per event, in the order given. */
export function eventsJsonLd(list: JsonLdEventInput[], { origin, brand, artistName, fallbackImage }: JsonLdContext): Json[] {
  return list.map((event) => {
    const image = event.imageUrl ?? fallbackImage;
    return compact({
      "@context": SCHEMA,
      "@type": "MusicEvent",
      name: event.title,
      // The language the name (and, where it has one, the description) is written in.
      inLanguage: event.lang,
      startDate: toZonedIso(Date.parse(event.eventDate), event.timeZone),
      endDate: event.endDate ? toZonedIso(Date.parse(event.endDate), event.timeZone) : null,
      // Only published events get here; a cancelled one is not listed at all.
      eventStatus: `${SCHEMA}/EventScheduled`,
      eventAttendanceMode: event.online ? `${SCHEMA}/OnlineEventAttendanceMode` : `${SCHEMA}/OfflineEventAttendanceMode`,
      location: location(event, origin),
      description: event.description,
      image: image ? new URL(image, `${origin}/`).href : null,
      offers: offers(event, origin),
      performer: { "@type": "Person", name: artistName },
      organizer: { "@type": "Organization", name: brand, url: origin },
    });
  });
}

/**
 * The markup as a <script type="application/ld+json"> element. JSON.stringify alone is not safe
 * inside a script element: "</script>" in a title would end it. Every <, > and & becomes a JSON
 * \u escape (the parsed value is the same), and so do U+2028 / U+2029.
 */
export function jsonLdScript(data: Json): string {
  return `<script type="application/ld+json">${scriptSafeJson(JSON.stringify(data))}</script>`;
}
