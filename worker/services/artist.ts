// Who the site is about, as every visitor sees it (GET /api/artist, the album and track pages'
// structured data): the back office's artist settings resolved, and the landing's iconic hits
// with their album's cover. The settings are remembered by readSettings; the covers per isolate
// under "music:", which the back office's catalog writes forget.
import { inArray, eq } from "drizzle-orm";
import type { AppEnv } from "../env";
import { readConfig } from "../env";
import type { DB } from "../db/client";
import { albums, tracks } from "../db/schema/music";
import { albumNotes, albumView, coverUrlOf } from "../db/music/music";
import type { Locale } from "#contracts/locale.ts";
import { albumHead, trackHead } from "../lib/music-jsonld";
import { readSettings } from "../db/settings";
import { readCredits } from "../db/music/track-details";
import { remember } from "../lib/memo";
import { artistNameOf, artistPortraitUrlOf, type ArtistResponse } from "#contracts/admin/settings.ts";
import { ICONIC_TRACK_IDS } from "#contracts/site.ts";
import { CATALOG_TTL_MS, publicAlbum, publicTrack } from "./catalog";

async function loadHitCovers(db: DB): Promise<ArtistResponse["hits"]> {
  const rows = await db
    .select({ id: tracks.id, coverKey: albums.coverKey })
    .from(tracks)
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .where(inArray(tracks.id, [...ICONIC_TRACK_IDS]));
  const byId = new Map(rows.map((row) => [row.id, coverUrlOf(row.coverKey)]));
  // In the landing's order; a hit removed from the catalog keeps its tile, without a cover.
  return ICONIC_TRACK_IDS.map((trackId) => ({ trackId, coverUrl: byId.get(trackId) ?? null }));
}

export async function readArtist(env: AppEnv, db: DB): Promise<ArtistResponse> {
  const [settings, hits] = await Promise.all([readSettings(db), remember("music:artist-hits", CATALOG_TTL_MS, () => loadHitCovers(db))]);
  return {
    name: artistNameOf(settings, readConfig(env)),
    bio: settings.artistBio,
    portraitUrl: artistPortraitUrlOf(settings.artistPortrait),
    links: settings.artistLinks,
    hits,
  };
}

/**
 * The album or track page's music tags and structured data naming the artist, for the page at
 * `url`; "" when the album or track does not exist (the page is then a 404 anyway).
 */
export async function musicPageHead(env: AppEnv, db: DB, kind: "album" | "track", url: URL, locale: Locale): Promise<string> {
  const id = decodeURIComponent(url.pathname.split("/").filter(Boolean).at(-1) ?? "");
  // The page's render has just read the same album or track through the API's route: the same read.
  const [settings, found, recording] = await Promise.all([
    readSettings(db),
    kind === "album" ? publicAlbum(db, id).then((a) => a?.value ?? null) : publicTrack(db, id).then((t) => t?.value ?? null),
    // A track's credits and ISRC go in its MusicRecording (decision 117); public wherever the track is.
    kind === "track" ? readCredits(db, id) : null,
  ]);
  if (!found) return "";
  const artist = { name: artistNameOf(settings, readConfig(env)), links: settings.artistLinks };
  // The album's notes in the page's language are its description (and say which language that is).
  return "tracks" in found
    ? albumHead(albumView(found, locale), url.origin, artist, albumNotes(found, locale)?.lang ?? null)
    : trackHead(found, url.origin, artist, recording);
}
