// The public catalog's reads that both the music API and the catalog page's HTML serve.
import type { DB } from "../db/client";
import { findAlbum, findTimedTrack, listAlbums, type AlbumRecord, type Timed } from "../db/music/music";
import { rememberUntil } from "../lib/memo";
import { oncePerRequest } from "../lib/request-memo";
import type { AlbumsResponse } from "#contracts/music/music.ts";

export const CATALOG_TTL_MS = 60_000;

/**
 * The albums list, serialised once per isolate and minute, or until an album's or a track's
 * release state changes if that comes first; the catalog page's HTML reads it too.
 */
export const albumsJson = (db: DB, now = Date.now()) =>
  rememberUntil(
    "music:albums",
    CATALOG_TTL_MS,
    async () => {
      const { value: albums, changesAt } = await listAlbums(db, now);
      return { value: { body: JSON.stringify({ albums } satisfies AlbumsResponse), changesAt }, changesAt };
    },
    now,
  );

/**
 * One album with its notes in both languages (each answer picks its own), remembered per isolate
 * until its next release time or a minute; null when unknown or hidden. The album API and the
 * album page's head read it, the head getting the render's own read (lib/request-memo.ts).
 */
export const publicAlbum = (db: DB, id: string) =>
  oncePerRequest(`album:${id}`, () =>
    rememberUntil<Timed<AlbumRecord> | null>(`music:album:${id}`, CATALOG_TTL_MS, async () => {
      const found = await findAlbum(db, id);
      return { value: found, changesAt: found?.changesAt ?? null };
    }),
  );

/**
 * One public track and when it next changes (the track API and the track page's head), read once
 * per page render.
 */
export const publicTrack = (db: DB, id: string) => oncePerRequest(`track:${id}`, () => findTimedTrack(db, id));
