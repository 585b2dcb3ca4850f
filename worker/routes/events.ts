// Events and virtual meets (docs/features.md#events-virtual-meets-and-the-contact-form). Public reads of published events
// only: drafts and cancelled events never leave the Worker. Mounted at /api/events, plus the
// subscribable calendar feed at /events.ics; the JSON-LD of / and /events comes from
// upcomingEventsJsonLd (worker/services/events.ts, written by worker/routes/pages.ts).
import { Hono, type Context } from "hono";
import { publicCacheControl } from "../lib/cache-control";
import type { HonoEnv } from "../types";
import { readConfig } from "../env";
import { notFound, routeError } from "../lib/errors";
import { gateTier, passesVipTier, tiersForMinTiers } from "../db/tiers/gate";
import { buildCalendar, type IcalEvent } from "../lib/ical";
import { listedEvents } from "../services/events";
import { requestLanguage } from "../middleware/content-language";
import { CONTENT_LANGUAGE_VARY } from "../lib/content-language";
import { countryName } from "#contracts/countries.ts";
import type { Locale } from "#contracts/locale.ts";
import { presaleCodeFor } from "../services/presales";
import { requireVIP } from "../middleware/guards";
import {
  eventEndsAt,
  findPublishedEvent,
  isJoinOpen,
  joinOpensAt,
  listOpenOnlineEvents,
  nextPresaleChangeOf,
  publicPresaleOf,
  toPublicEvent,
  type EventRow,
} from "../db/events";
import type { PresaleCodeResponse } from "#contracts/presales.ts";
import { nextTicketSaleChangeOf, readTicketTypesForSale, sellsTicketsHere, ticketSaleOf } from "../db/tickets/sale";
import type { DB } from "../db/client";
import { eventIdsWithShows } from "../db/live";
import { livePagePath } from "#contracts/live-limits.ts";
import {
  EVENT_ID_PATTERN,
  EVENT_MESSAGES,
  type EventResponse,
  type EventsResponse,
  type PublicEvent,
  type VirtualMeetView,
  type VirtualMeetsResponse,
} from "#contracts/events.ts";

/**
 * The public answers' Cache-Control: a minute, cut to the seconds left before a presale among
 * `rows` changes state (decision 029), or the ticket sale of one of `selling` (those that sell
 * tickets here, decision 055), so no cache keeps a ticket link hidden, or shows a state, past that
 * moment. The Worker's memo holds rows and the state is computed per request.
 */
export function eventsCacheControl(rows: readonly EventRow[], now: number, selling: readonly EventRow[] = [], alsoChangesAt: readonly number[] = []): string {
  const later = alsoChangesAt.filter((at) => at > now);
  const changes = [nextPresaleChangeOf(rows, now), nextTicketSaleChangeOf(selling, now), ...later].filter((at): at is number => at !== null);
  return publicCacheControl(changes.length ? Math.min(...changes) : null, now);
}
const CALENDAR_CACHE = "public, max-age=300";
/** How often calendar apps are asked to refetch the feed. */
const FEED_REFRESH_MINUTES = 6 * 60;
/** At most this many upcoming virtual meets are listed. */
export const VIRTUAL_MEETS_LIMIT = 10;

/**
 * The public shapes of `rows` at `now`, each with its `tickets` block when it sells tickets here
 * (the types read fresh: one query, none when no row could sell), and the rows that do.
 */
async function publicEventsOf(db: DB, rows: readonly EventRow[], now: number, locale: Locale) {
  const candidates = rows.filter(sellsTicketsHere);
  const [types, shows] = await Promise.all([
    candidates.length ? readTicketTypesForSale(db, rows.length === 1 ? rows[0]!.id : undefined) : new Map(),
    eventIdsWithShows(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  const selling: EventRow[] = [];
  const events = rows.map((row): PublicEvent => {
    const tickets = ticketSaleOf(row, types.get(row.id), now, locale);
    if (tickets) selling.push(row);
    return { ...toPublicEvent(row, now, locale), ...(tickets ? { tickets } : {}), ...(shows.has(row.id) ? { watchUrl: livePagePath(row.id) } : {}) };
  });
  return { events, selling };
}

const eventNotFound = () => notFound(EVENT_MESSAGES.eventNotFound, "event_not_found");

async function publishedEvent(c: Context<HonoEnv>, id: string): Promise<EventRow> {
  const row = EVENT_ID_PATTERN.test(id) ? await findPublishedEvent(c.var.db, id) : null;
  if (!row) throw eventNotFound();
  return row;
}

/** What an event's calendar entry says. Never the join URL: online events link their page. */
function icalEventOf(row: EventRow, origin: string, now: number, locale: Locale): IcalEvent {
  const { title, description } = toPublicEvent(row, now, locale);
  const country = row.venueCountry && countryName(row.venueCountry, new Intl.DisplayNames(locale, { type: "region" }));
  const venue = [row.venueName, row.venueAddress, row.venueCity, row.venueState, country].map((part) => part?.trim()).filter(Boolean);
  return {
    uid: `${row.id}@${new URL(origin).hostname}`,
    start: row.eventDate.getTime(),
    end: eventEndsAt(row),
    summary: title,
    description,
    location: row.isOnline || venue.length === 0 ? null : venue.join(", "),
    // No ticket link while a presale is ahead or on: its page says when the sale opens.
    url: row.isOnline ? `${origin}/virtual-meet` : publicPresaleOf(row, now) ? `${origin}/events` : row.externalTicketUrl,
    status: "CONFIRMED",
    created: row.createdAt.getTime(),
    lastModified: row.updatedAt.getTime(),
  };
}

function calendar(c: Context<HonoEnv>, rows: EventRow[], now: number, feed: boolean, locale: Locale): string {
  const brand = readConfig(c.env).BRAND_NAME;
  const origin = new URL(c.req.url).origin;
  return buildCalendar({
    prodId: `-//${brand}//Events//EN`,
    name: `${brand} Events`,
    refreshMinutes: feed ? FEED_REFRESH_MINUTES : null,
    events: rows.map((row) => icalEventOf(row, origin, now, locale)),
    now,
  });
}

const calendarHeaders = (locale: Locale, fileName?: string): Record<string, string> => ({
  "Content-Type": "text/calendar; charset=utf-8",
  "Cache-Control": CALENDAR_CACHE,
  "Content-Language": locale,
  Vary: CONTENT_LANGUAGE_VARY,
  ...(fileName ? { "Content-Disposition": `attachment; filename="${fileName}"` } : {}),
});

/** An ASCII file name from the title: "Noite Freestyle — São Paulo" -> noite-freestyle-sao-paulo.ics */
export function icsFileName(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 60)
    .replace(/^-+|-+$/g, "");
  return `${slug || "event"}.ics`;
}

export const eventRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const now = Date.now();
    const locale = requestLanguage(c);
    const rows = await listedEvents(c, now);
    const { events, selling } = await publicEventsOf(c.var.db, rows, now, locale);
    c.header("Cache-Control", eventsCacheControl(rows, now, selling));
    c.header("Vary", CONTENT_LANGUAGE_VARY);
    c.header("Content-Language", locale);
    return c.json<EventsResponse>({ events });
  })

  // Before /:id. A VIP's answer holds the join link: never cached. Everyone else's is the same
  // for all and kept as the events list is, never past a meet's start, join window or end (the
  // list and each meet's state change then). A meet that names a lowest tier gives its link to
  // that tier and above only (events.vip_min_tier_id, decision 108).
  .get("/virtual", async (c) => {
    const now = Date.now();
    const user = c.var.user;
    const locale = requestLanguage(c);
    const rows = await listOpenOnlineEvents(c.var.db, now, VIRTUAL_MEETS_LIMIT);
    // Read for visitors too: every card names the tier its link asks (decision 116).
    const tiers = await tiersForMinTiers(
      c.var.db,
      rows.map((row) => row.vipMinTierId),
    );
    const canJoin = (row: (typeof rows)[number]) => Boolean(user && passesVipTier(user, row.vipMinTierId, tiers));
    const meets = rows.map((row): VirtualMeetView => ({
      ...toPublicEvent(row, now, locale),
      joinUrl: canJoin(row) && row.joinUrl && isJoinOpen(row, now) ? row.joinUrl : null,
      joinOpensAt: new Date(joinOpensAt(row)).toISOString(),
      joinMinTier: row.vipMinTierId === null ? null : gateTier(tiers, row.vipMinTierId),
      belowJoinTier: Boolean(user) && !canJoin(row),
    }));
    if (user) {
      c.header("Cache-Control", "no-store");
    } else {
      const changesAt = rows.flatMap((row) => [joinOpensAt(row), row.eventDate.getTime(), eventEndsAt(row)]);
      c.header("Cache-Control", eventsCacheControl(rows, now, [], changesAt));
      c.header("Vary", CONTENT_LANGUAGE_VARY);
      c.header("Content-Language", locale);
    }
    return c.json<VirtualMeetsResponse>({ meets });
  })

  .get("/:id", async (c) => {
    const row = await publishedEvent(c, c.req.param("id"));
    const now = Date.now();
    const locale = requestLanguage(c);
    const { events, selling } = await publicEventsOf(c.var.db, [row], now, locale);
    c.header("Cache-Control", eventsCacheControl([row], now, selling));
    c.header("Vary", CONTENT_LANGUAGE_VARY);
    c.header("Content-Language", locale);
    return c.json<EventResponse>({ event: events[0]! });
  })

  // A VIP's (or an admin's) presale code and the ticket link, during the presale only (decision
  // 029); for a presale that names a lowest tier, its members and above (403 tier_required,
  // decision 104). Per member, so never cached (the /api default, no-store).
  .post("/:id/presale-code", requireVIP, async (c) => {
    const id = c.req.param("id");
    const row = EVENT_ID_PATTERN.test(id) ? await findPublishedEvent(c.var.db, id) : null;
    if (!row) throw eventNotFound();
    const minTier = row.presaleMinTierId;
    if (!passesVipTier(c.var.user, minTier, await tiersForMinTiers(c.var.db, [minTier]))) throw routeError("tier_required");
    return c.json<PresaleCodeResponse>(await presaleCodeFor(c.var.db, row, c.var.user.id, Date.now()));
  })

  .get("/:id/ics", async (c) => {
    const row = await publishedEvent(c, c.req.param("id"));
    const locale = requestLanguage(c);
    const now = Date.now();
    return c.body(calendar(c, [row], now, false, locale), 200, calendarHeaders(locale, icsFileName(toPublicEvent(row, now, locale).title)));
  });

/** Mounted at /events.ics: every listed published event, for calendar apps to subscribe to. */
export const eventsFeedRoutes = new Hono<HonoEnv>().get("/", async (c) => {
  const now = Date.now();
  const locale = requestLanguage(c);
  return c.body(calendar(c, await listedEvents(c, now), now, true, locale), 200, calendarHeaders(locale));
});
