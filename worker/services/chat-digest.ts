// The site digest the VIP chat's persona answers from: the next published events, the catalog
// with its track titles, and the VIP price. Two D1 queries, kept per isolate for a minute (the
// back office forgets only "events:" and "music:" entries, so an edit shows up here within that).
import { and, asc, desc, eq, gte } from "drizzle-orm";
import type { AppEnv } from "../env";
import { readConfig } from "../env";
import type { DB } from "../db/client";
import { centsToAmount } from "../db/events";
import { albums, tracks } from "../db/schema/music";
import { events } from "../db/schema/events";
import type { DigestAlbum, DigestEvent, SiteDigest } from "./ai/types";
import { remember } from "../lib/memo";
import { isValidTimeZone } from "#contracts/time-zones.ts";

export const CHAT_DIGEST_MEMO_KEY = "chat:digest";
export const CHAT_DIGEST_TTL_MS = 60_000;
/** The persona talks about the next few shows, not the whole calendar. */
export const CHAT_DIGEST_MAX_EVENTS = 5;

/** Published events starting at `now` or later, soonest first. Drafts and cancelled events never. */
async function loadUpcomingEvents(db: DB, now: number): Promise<DigestEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.status, "published"), gte(events.eventDate, new Date(now))))
    .orderBy(asc(events.eventDate), asc(events.id))
    .limit(CHAT_DIGEST_MAX_EVENTS);
  return rows.map((row) => ({
    title: row.title,
    startsAt: row.eventDate.toISOString(),
    timeZone: isValidTimeZone(row.timeZone) ? row.timeZone : "UTC",
    online: row.isOnline,
    venueName: row.venueName,
    city: row.venueCity,
    state: row.venueState,
    priceMin: centsToAmount(row.ticketPriceMinCents),
    priceMax: centsToAmount(row.ticketPriceMaxCents),
    currency: row.currency,
    // Never the join link: that is given out only in the join window, by the events routes.
    ticketUrl: row.externalTicketUrl,
  }));
}

/** Every album, newest first, with its track titles in order: one query (the album repeats on each track row). */
async function loadCatalog(db: DB): Promise<DigestAlbum[]> {
  const rows = await db
    .select({ id: albums.id, title: albums.title, year: albums.year, track: tracks.title })
    .from(albums)
    .leftJoin(tracks, eq(tracks.albumId, albums.id))
    .orderBy(desc(albums.year), desc(albums.position), asc(albums.id), asc(tracks.number));
  const byId = new Map<string, DigestAlbum>();
  for (const row of rows) {
    let album = byId.get(row.id);
    if (!album) {
      album = { title: row.title, year: row.year, tracks: [] };
      byId.set(row.id, album);
    }
    // A left join: an album without tracks comes back as one row whose track is null.
    if (row.track !== null) album.tracks.push(row.track);
  }
  return [...byId.values()];
}

export async function loadSiteDigest(env: AppEnv, db: DB, now = Date.now()): Promise<SiteDigest> {
  const config = readConfig(env);
  const cached = await remember(
    CHAT_DIGEST_MEMO_KEY,
    CHAT_DIGEST_TTL_MS,
    async () => {
      const [upcomingEvents, catalog] = await Promise.all([loadUpcomingEvents(db, now), loadCatalog(db)]);
      return { upcomingEvents, albums: catalog };
    },
    now,
  );
  return {
    brandName: config.BRAND_NAME,
    // A cached list can be up to a minute old: a show that has started since is no longer upcoming.
    upcomingEvents: cached.upcomingEvents.filter((event) => Date.parse(event.startsAt) >= now),
    albums: cached.albums,
    vip: { priceCents: config.VIP_PRICE_CENTS, currency: config.VIP_PRICE_CURRENCY },
  };
}
