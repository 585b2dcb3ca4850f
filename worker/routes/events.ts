// Events (public-site.md 2.3, 4 Events list; virtual meets). Public reads of published events
// only: drafts and cancelled events never leave the Worker. Mounted at /api/events, plus the
// subscribable calendar feed at /events.ics; the JSON-LD of / and /events comes from
// upcomingEventsJsonLd (worker/services/events.ts, written by worker/routes/pages.ts).
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../types";
import { readConfig } from "../env";
import { notFound } from "../lib/errors";
import { buildCalendar, type IcalEvent } from "../lib/ical";
import { listedEvents } from "../services/events";
import { eventEndsAt, findPublishedEvent, isJoinOpen, joinOpensAt, listOpenOnlineEvents, toPublicEvent, type EventRow } from "../db/events";
import {
  EVENT_ID_PATTERN,
  EVENT_MESSAGES,
  type EventResponse,
  type EventsResponse,
  type VirtualMeetView,
  type VirtualMeetsResponse,
} from "../contracts/events";

const PUBLIC_CACHE = "public, max-age=60";
const CALENDAR_CACHE = "public, max-age=300";
/** How often calendar apps are asked to refetch the feed. */
const FEED_REFRESH_MINUTES = 6 * 60;
/** At most this many upcoming virtual meets are listed. */
export const VIRTUAL_MEETS_LIMIT = 10;

const eventNotFound = () => notFound(EVENT_MESSAGES.eventNotFound, "event_not_found");

async function publishedEvent(c: Context<HonoEnv>, id: string): Promise<EventRow> {
  const row = EVENT_ID_PATTERN.test(id) ? await findPublishedEvent(c.var.db, id) : null;
  if (!row) throw eventNotFound();
  return row;
}

/** What an event's calendar entry says. Never the join URL: online events link their page. */
function icalEventOf(row: EventRow, origin: string): IcalEvent {
  const venue = [row.venueName, row.venueAddress, row.venueCity, row.venueState, row.venueCountry].map((part) => part?.trim()).filter(Boolean);
  return {
    uid: `${row.id}@${new URL(origin).hostname}`,
    start: row.eventDate.getTime(),
    end: eventEndsAt(row),
    summary: row.title,
    description: row.description,
    location: row.isOnline || venue.length === 0 ? null : venue.join(", "),
    url: row.isOnline ? `${origin}/virtual-meet` : row.externalTicketUrl,
    status: "CONFIRMED",
    created: row.createdAt.getTime(),
    lastModified: row.updatedAt.getTime(),
  };
}

function calendar(c: Context<HonoEnv>, rows: EventRow[], now: number, feed: boolean): string {
  const brand = readConfig(c.env).BRAND_NAME;
  const origin = new URL(c.req.url).origin;
  return buildCalendar({
    prodId: `-//${brand}//Events//EN`,
    name: `${brand} Events`,
    refreshMinutes: feed ? FEED_REFRESH_MINUTES : null,
    events: rows.map((row) => icalEventOf(row, origin)),
    now,
  });
}

const calendarHeaders = (fileName?: string): Record<string, string> => ({
  "Content-Type": "text/calendar; charset=utf-8",
  "Cache-Control": CALENDAR_CACHE,
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
    const rows = await listedEvents(c, now);
    c.header("Cache-Control", PUBLIC_CACHE);
    return c.json<EventsResponse>({ events: rows.map((row) => toPublicEvent(row, now)) });
  })

  // Before /:id. Per user (the join link), so never cached.
  .get("/virtual", async (c) => {
    const now = Date.now();
    const user = c.var.user;
    const canJoin = Boolean(user && (user.isVIP || user.isAdmin));
    const rows = await listOpenOnlineEvents(c.var.db, now, VIRTUAL_MEETS_LIMIT);
    const meets = rows.map((row): VirtualMeetView => ({
      ...toPublicEvent(row, now),
      joinUrl: canJoin && row.joinUrl && isJoinOpen(row, now) ? row.joinUrl : null,
      joinOpensAt: new Date(joinOpensAt(row)).toISOString(),
    }));
    c.header("Cache-Control", "no-store");
    return c.json<VirtualMeetsResponse>({ meets });
  })

  .get("/:id", async (c) => {
    const row = await publishedEvent(c, c.req.param("id"));
    c.header("Cache-Control", PUBLIC_CACHE);
    return c.json<EventResponse>({ event: toPublicEvent(row, Date.now()) });
  })

  .get("/:id/ics", async (c) => {
    const row = await publishedEvent(c, c.req.param("id"));
    return c.body(calendar(c, [row], Date.now(), false), 200, calendarHeaders(icsFileName(row.title)));
  });

/** Mounted at /events.ics: every listed published event, for calendar apps to subscribe to. */
export const eventsFeedRoutes = new Hono<HonoEnv>().get("/", async (c) => {
  const now = Date.now();
  return c.body(calendar(c, await listedEvents(c, now), now, true), 200, calendarHeaders());
});
