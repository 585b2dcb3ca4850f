// The public catalog's reads that both the music API and the catalog page's HTML serve.
import type { DB } from "../db/client";
import { listAlbums } from "../db/music";
import { rememberUntil } from "../lib/memo";
import type { AlbumsResponse } from "../contracts/music";

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
