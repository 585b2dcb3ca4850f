// The public catalog's reads that both the music API and the catalog page's HTML serve.
import type { DB } from "../db/client";
import { listAlbums } from "../db/music";
import { remember } from "../lib/memo";
import type { AlbumsResponse } from "../contracts/music";

export const CATALOG_TTL_MS = 60_000;

/** The albums list, serialised once per isolate and minute; the catalog page's HTML reads it too. */
export const albumsJson = (db: DB) =>
  remember("music:albums", CATALOG_TTL_MS, async () => JSON.stringify({ albums: await listAlbums(db) } satisfies AlbumsResponse));
