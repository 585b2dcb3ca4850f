// Public event reads that more than one route serves: the listed events (memoized per isolate)
// and the schema.org markup the HTML of / and /events carries, its performer the artist's name
// from the site settings (memoized too, readSettings).
import type { Context } from "hono";
import type { Locale } from "#contracts/locale.ts";
import type { HonoEnv } from "../types";
import { readConfig } from "../env";
import { artistNameOf } from "#contracts/admin/settings.ts";
import { remember } from "../lib/memo";
import { presaleTimesOf } from "#contracts/presales.ts";
import { eventsJsonLd, jsonLdScript } from "../lib/event-jsonld";
import { coverUrlOf } from "../db/music/music";
import { readSettings } from "../db/settings";
import { EVENTS_MEMO_PREFIX, fallbackEventImageKey, isListed, listPublishedEvents, toPublicEvent, type EventRow } from "../db/events";

/** Published events change only from the back office (which forgets EVENTS_MEMO_PREFIX). */
const EVENTS_TTL_MS = 30_000;

/**
 * Published events still listed at `now` (per-isolate memo of the query). The memo may be a few
 * seconds old, so the 180-day cut is applied again here, with this request's clock.
 */
export async function listedEvents(c: Context<HonoEnv>, now: number): Promise<EventRow[]> {
  const rows = await remember(`${EVENTS_MEMO_PREFIX}published`, EVENTS_TTL_MS, () => listPublishedEvents(c.var.db, now), now);
  return rows.filter((row) => isListed(row, now));
}

/**
 * When the public may buy: the general sale of an event with a presale (decision 029: the offer is
 * valid from then, and no code is ever in the markup), else the ticket sale start.
 */
function saleOpensAt(row: EventRow): string | null {
  const presale = presaleTimesOf(row);
  const at = presale ? new Date(presale.generalSaleAt) : row.ticketSaleStart;
  return at ? at.toISOString() : null;
}

/**
 * The schema.org markup of / and /events: a MusicEvent per published upcoming event, performed by
 * the artist (the saved artist name, else CHAT_PERSONA_NAME) and organized by the brand, as a
 * script element for the HTML head; null when there is none.
 */
export async function upcomingEventsJsonLd(c: Context<HonoEnv>, locale: Locale): Promise<string | null> {
  const now = Date.now();
  const upcoming = (await listedEvents(c, now)).filter((row) => row.eventDate.getTime() > now);
  if (upcoming.length === 0) return null;
  const [fallbackKey, settings] = await Promise.all([
    remember(`${EVENTS_MEMO_PREFIX}fallback-image`, EVENTS_TTL_MS, () => fallbackEventImageKey(c.var.db), now),
    readSettings(c.var.db),
  ]);
  const config = readConfig(c.env);
  const data = eventsJsonLd(
    upcoming.map((row) => ({ ...toPublicEvent(row, now, locale), ticketSaleStart: saleOpensAt(row) })),
    { origin: new URL(c.req.url).origin, brand: config.BRAND_NAME, artistName: artistNameOf(settings, config), fallbackImage: coverUrlOf(fallbackKey) },
  );
  return jsonLdScript(data);
}
