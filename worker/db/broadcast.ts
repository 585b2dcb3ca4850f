// Queries for radio stations and TV channels. Every read here is one D1 query, but for the station
// list, which many requests and every closing of a member's sockets read: it is remembered.
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { DB } from "./client";
import { albums, radioStations, tracks, tvChannels } from "./schema/music";
import { coverUrlOf, type Timed } from "./music/music";
import { lessReleased, nextTransition, releaseStateOf } from "../lib/release";
import { STATION_FEATURES, type RadioStationView, type RadioTrack, type StationFeature } from "#contracts/radio.ts";
import type { TvChannelView } from "#contracts/tv.ts";
import type { Locale } from "#contracts/locale.ts";
import { inLanguage } from "../lib/content-language";
import { remember } from "../lib/memo";

type StationRow = typeof radioStations.$inferSelect;
type ChannelRow = typeof tvChannels.$inferSelect;

/** A station's or channel's texts in both languages (the Portuguese ones optional: English stands in). */
export type MediaTexts = { nameEn: string; namePtBr: string | null; descriptionEn: string; descriptionPtBr: string };
/** A station as stored, with what only the Worker needs (stream URL, rotation settings). */
export type Station = Omit<RadioStationView, "name" | "description"> & { texts: MediaTexts; streamUrl: string | null; albumIds: string[] | null; seed: number };
/** A channel as stored, with its private sources. */
export type Channel = Omit<TvChannelView, "name" | "description"> & {
  texts: MediaTexts;
  type: "video" | "live";
  videoKey: string | null;
  embedUrl: string | null;
  durationSeconds: number;
};

const textsOf = (row: StationRow | ChannelRow): MediaTexts => ({
  nameEn: row.name,
  namePtBr: row.namePtBr,
  descriptionEn: row.descriptionEn,
  descriptionPtBr: row.descriptionPtBr,
});

/** The name and description in `locale`, each Portuguese text falling back to the English one. */
export const textsIn = (texts: MediaTexts, locale: Locale) => ({
  name: inLanguage(locale, texts.nameEn, texts.namePtBr),
  description: inLanguage(locale, texts.descriptionEn, texts.descriptionPtBr),
});

const isFeature = (value: string): value is StationFeature => (STATION_FEATURES as readonly string[]).includes(value);

function toStation(row: StationRow): Station {
  return {
    id: row.id,
    texts: textsOf(row),
    imageUrl: coverUrlOf(row.imageKey),
    features: (Array.isArray(row.features) ? row.features : []).filter(isFeature),
    sourceType: row.sourceType,
    position: row.position,
    streamUrl: row.streamUrl,
    albumIds: Array.isArray(row.albumIds) ? row.albumIds : null,
    seed: row.seed,
  };
}

function toChannel(row: ChannelRow): Channel {
  return {
    id: row.id,
    texts: textsOf(row),
    category: row.category,
    live: row.type === "live",
    thumbnailUrl: coverUrlOf(row.thumbnailKey),
    position: row.position,
    type: row.type,
    videoKey: row.videoKey,
    embedUrl: row.embedUrl,
    durationSeconds: row.durationSeconds,
  };
}

/** What the public may see of a station, in `locale`. */
export const stationView = ({ streamUrl: _s, albumIds: _a, seed: _seed, texts, ...view }: Station, locale: Locale): RadioStationView => ({
  ...view,
  ...textsIn(texts, locale),
});
/** What the public may see of a channel, in `locale`. */
export const channelView = ({ type: _t, videoKey: _v, embedUrl: _e, durationSeconds: _d, texts, ...view }: Channel, locale: Locale): TvChannelView => ({
  ...view,
  ...textsIn(texts, locale),
});

export async function listStations(db: DB): Promise<Station[]> {
  const rows = await db.select().from(radioStations).orderBy(asc(radioStations.position), asc(radioStations.id));
  return rows.map(toStation);
}

/** Station rows and rotations change only from the back office, which forgets "music:" keys. */
export const STATIONS_TTL_MS = 60_000;

export const stationsCached = (db: DB) => remember("music:radio:stations", STATIONS_TTL_MS, () => listStations(db));

export async function listChannels(db: DB): Promise<Channel[]> {
  const rows = await db.select().from(tvChannels).orderBy(asc(tvChannels.position), asc(tvChannels.id));
  return rows.map(toChannel);
}

export async function findChannel(db: DB, id: string): Promise<Channel | null> {
  const row = await db.select().from(tvChannels).where(eq(tvChannels.id, id)).get();
  return row ? toChannel(row) : null;
}

/**
 * The tracks a catalog station rotates: every track with audio on the station's albums (all
 * albums when albumIds is null) that every listener may hear at `now`: released, or in early access
 * for VIP and above (the radio is VIPs'). One in early access for a higher tier waits for its release
 * day: a station plays one track to all its listeners at once (decision 151). Ordered by id so the
 * rotation does not depend on insert order; and when that set next changes.
 */
export async function listRotationTracks(db: DB, albumIds: string[] | null, now = Date.now()): Promise<Timed<RadioTrack[]>> {
  if (albumIds !== null && albumIds.length === 0) return { value: [], changesAt: null };
  const rows = await db
    .select({
      id: tracks.id,
      title: tracks.title,
      albumId: tracks.albumId,
      albumTitle: albums.title,
      albumYear: albums.year,
      coverKey: albums.coverKey,
      durationSeconds: tracks.durationSeconds,
      releaseAt: tracks.releaseAt,
      earlyAccessAt: tracks.earlyAccessAt,
      albumReleaseAt: albums.releaseAt,
      albumEarlyAccessAt: albums.earlyAccessAt,
      ownTier: tracks.earlyMinTierId,
      albumTier: albums.earlyMinTierId,
    })
    .from(tracks)
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .where(and(isNotNull(tracks.audioKey), albumIds === null ? undefined : inArray(tracks.albumId, albumIds)))
    .orderBy(asc(tracks.id));
  const albumTimes = (r: (typeof rows)[number]) => ({ releaseAt: r.albumReleaseAt, earlyAccessAt: r.albumEarlyAccessAt });
  const everyListenerHears = (r: (typeof rows)[number]) => {
    const state = lessReleased(releaseStateOf(albumTimes(r), now), releaseStateOf(r, now));
    return state === "released" || (state === "early" && (r.ownTier ?? r.albumTier) === null);
  };
  const out = rows.filter((r) => r.durationSeconds > 0 && everyListenerHears(r));
  return {
    value: out.map(({ coverKey, releaseAt: _r, earlyAccessAt: _e, albumReleaseAt: _ar, albumEarlyAccessAt: _ae, ownTier: _o, albumTier: _a, ...t }) => ({
      ...t,
      coverUrl: coverUrlOf(coverKey),
    })),
    changesAt: nextTransition(
      rows.flatMap((r) => [r, albumTimes(r)]),
      now,
    ),
  };
}
