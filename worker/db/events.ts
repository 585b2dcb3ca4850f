// Queries for events, and how a stored event becomes the public shape. The public routes
// (worker/routes/events.ts, the pages' JSON-LD in worker/services/events.ts) read only
// published events; the back office can reuse the row mapping, the price conversion and
// findEvent. Every read here is one D1 query.
import { and, asc, eq, gt, gte, sql } from "drizzle-orm";
import type { DB } from "./client";
import { albums } from "./schema/music";
import { events } from "./schema/events";
import { coverUrlOf } from "./music/music";
import { DEFAULT_EVENT_HOURS, JOIN_WINDOW_MINUTES, PAST_EVENTS_LISTED_DAYS, type PublicEvent } from "#contracts/events.ts";
import { isValidTimeZone } from "#contracts/time-zones.ts";
import type { Locale } from "#contracts/locale.ts";
import { DAY_MS, iso } from "../lib/time";
import { inLanguage, pickLanguage } from "../lib/content-language";
import { nextPresaleChange, presaleStateAt, presaleTimesOf, type PublicPresale } from "#contracts/presales.ts";
import { publicSaleOpensAt } from "#contracts/tickets/event-tickets-model.ts";

export type EventRow = typeof events.$inferSelect;
/**
 * A row as inserted, for tests that seed events.
 * @internal
 */
export type NewEventRow = typeof events.$inferInsert;

/** Keys of the per-isolate memo (lib/memo.ts) holding event reads: forget() it after a change. */
export const EVENTS_MEMO_PREFIX = "events:";

export const DEFAULT_EVENT_MS = DEFAULT_EVENT_HOURS * 3600 * 1000;
export const JOIN_WINDOW_MS = JOIN_WINDOW_MINUTES * 60 * 1000;
export const PAST_EVENTS_LISTED_MS = PAST_EVENTS_LISTED_DAYS * DAY_MS;

/** Stored cents as the decimal amount the API shows (4550 -> 45.5); null stays null. */
export const centsToAmount = (cents: number | null) => (cents === null ? null : cents / 100);
/** A decimal amount from a form as stored cents (45.5 -> 4550), rounded to the cent. */
export const amountToCents = (amount: number | null) => (amount === null ? null : Math.round(amount * 100));

/** When an event ends: its end date, or DEFAULT_EVENT_HOURS after it starts. */
export const eventEndsAt = (row: Pick<EventRow, "eventDate" | "endDate">) => (row.endDate ?? new Date(row.eventDate.getTime() + DEFAULT_EVENT_MS)).getTime();

/** From when a VIP can join an online event. */
export const joinOpensAt = (row: Pick<EventRow, "eventDate">) => row.eventDate.getTime() - JOIN_WINDOW_MS;

/** True while the join link is given out: from JOIN_WINDOW_MINUTES before the start until the end. */
export const isJoinOpen = (row: Pick<EventRow, "eventDate" | "endDate">, now: number) => now >= joinOpensAt(row) && now < eventEndsAt(row);

/** A stored zone the runtime does not know (typed by hand in a console) shows as UTC, never a 500. */
const safeTimeZone = (zone: string) => (isValidTimeZone(zone) ? zone : "UTC");

/**
 * The presale as the public sees it at `now`: its times and state, never its mode or a code; null
 * without one and once the general sale has opened (decision 029).
 */
export function publicPresaleOf(row: EventRow, now: number): PublicPresale | null {
  const times = presaleTimesOf(row);
  if (!times) return null;
  const state = presaleStateAt(times, now);
  if (state === "general") return null;
  return { startsAt: iso(times.startsAt), endsAt: iso(times.endsAt), generalSaleAt: iso(times.generalSaleAt), state };
}

/** The next moment after `now` at which any of the rows' public shape changes for a presale; null when none will. */
export function nextPresaleChangeOf(rows: readonly EventRow[], now: number): number | null {
  let next: number | null = null;
  for (const row of rows) {
    const times = presaleTimesOf(row);
    const at = times ? nextPresaleChange(times, now) : null;
    if (at !== null && (next === null || at < next)) next = at;
  }
  return next;
}

/**
 * The public shape (published events only; the caller checks). No join URL, ever; no ticket link
 * until the general sale of an event with a presale (VIPs get it with their code).
 */
export function toPublicEvent(row: EventRow, now: number, locale: Locale = "en"): PublicEvent {
  const presale = publicPresaleOf(row, now);
  const past = row.eventDate.getTime() <= now;
  const opens = publicSaleOpensAt({
    saleStart: row.ticketSaleStart?.getTime() ?? null,
    saleEnd: null,
    eventDate: row.eventDate.getTime(),
    presale: presaleTimesOf(row),
  });
  // Each Portuguese text stands in for its English one when there is one (English is the fallback).
  const title = pickLanguage(locale, row.title, row.titlePtBr);
  return {
    id: row.id,
    title: title.value,
    description: inLanguage(locale, row.description, row.descriptionPtBr),
    lang: title.lang,
    eventDate: row.eventDate.toISOString(),
    endDate: row.endDate ? row.endDate.toISOString() : null,
    timeZone: safeTimeZone(row.timeZone),
    online: row.isOnline,
    venueName: row.venueName,
    venueAddress: row.venueAddress,
    venueCity: row.venueCity,
    venueState: row.venueState,
    venueCountry: row.venueCountry,
    venuePostalCode: row.venuePostalCode,
    venueCapacity: row.venueCapacity,
    ticketPriceMin: centsToAmount(row.ticketPriceMinCents),
    ticketPriceMax: centsToAmount(row.ticketPriceMaxCents),
    currency: row.currency,
    externalTicketUrl: presale ? null : row.externalTicketUrl,
    imageUrl: coverUrlOf(row.imageKey),
    // No tickets once the date is past, or when an administrator says so; 'limited' never occurs.
    availability: past || row.soldOut ? "sold_out" : "available",
    past,
    // Only while a presale is ahead or on, so events without one keep their shape.
    ...(presale ? { presale } : {}),
    // Only while the public sale is ahead: "Notify me" offers to tell when it opens.
    ...(opens !== null && opens > now && !past ? { saleOpensAt: new Date(opens).toISOString() } : {}),
  };
}

/** True when a published event is still listed at `now`: upcoming, or past by at most PAST_EVENTS_LISTED_DAYS. */
export const isListed = (row: Pick<EventRow, "eventDate">, now: number) => row.eventDate.getTime() >= now - PAST_EVENTS_LISTED_MS;

/** Published events from PAST_EVENTS_LISTED_DAYS ago on, by date (then id, so ties keep an order). */
export async function listPublishedEvents(db: DB, now: number): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(and(eq(events.status, "published"), gte(events.eventDate, new Date(now - PAST_EVENTS_LISTED_MS))))
    .orderBy(asc(events.eventDate), asc(events.id));
}

/** One published event, however old; null for a draft, a cancelled or an unknown one. */
export async function findPublishedEvent(db: DB, id: string): Promise<EventRow | null> {
  const row = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.status, "published")))
    .get();
  return row ?? null;
}

/** Any event by id, whatever its status (back office). */
export async function findEvent(db: DB, id: string): Promise<EventRow | null> {
  return (await db.select().from(events).where(eq(events.id, id)).get()) ?? null;
}

/**
 * The next published virtual meets that have not ended yet, soonest first: online events without a
 * live show (a show is watched on its own page, decision 113).
 */
export async function listOpenOnlineEvents(db: DB, now: number, limit: number): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(
      and(
        eq(events.status, "published"),
        eq(events.isOnline, true),
        gt(sql`coalesce(${events.endDate}, ${events.eventDate} + ${DEFAULT_EVENT_MS})`, now),
        sql`NOT EXISTS (SELECT 1 FROM live_shows WHERE live_shows.event_id = ${events.id})`,
      ),
    )
    .orderBy(asc(events.eventDate), asc(events.id))
    .limit(limit);
}

/**
 * The picture an event without one of its own is shown with where a picture is required (Google's
 * event results): the first album's cover. Null when the catalog has none.
 */
export async function fallbackEventImageKey(db: DB): Promise<string | null> {
  const row = await db
    .select({ coverKey: albums.coverKey })
    .from(albums)
    .where(sql`${albums.coverKey} IS NOT NULL`)
    .orderBy(asc(albums.position))
    .limit(1)
    .get();
  return row?.coverKey ?? null;
}
