// What a FLAC made from a master says about itself (title, artist, album, track and disc number,
// year, ISRC and the album's cover), from the catalog at the time the file is made, so a buyer's
// music library files the download under the artist and the album rather than "Unknown artist".
import { artistNameOf } from "#contracts/settings-model.ts";
import type { AppEnv } from "../../env";
import { readConfig } from "../../env";
import { createDb } from "../../db/client";
import { readSettings } from "../../db/settings";
import type { FlacTags } from "../../lib/flac";

type Row = { title: string; number: number; isrc: string | null; album: string; year: number; cover_key: string | null };

/** Image types a PICTURE block names, by the cover's R2 content type; any other cover is left out. */
const COVER_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/avif"]);

export async function masterTags(env: AppEnv, trackId: string): Promise<FlacTags | undefined> {
  const row = await env.DB.prepare(
    "SELECT t.title, t.number, t.isrc, a.title AS album, a.year, a.cover_key FROM tracks t JOIN albums a ON a.id = t.album_id WHERE t.id = ?1",
  )
    .bind(trackId)
    .first<Row>();
  if (!row) return undefined;
  const artist = artistNameOf(await readSettings(createDb(env.DB)), readConfig(env));
  return {
    title: row.title,
    artist,
    album: row.album,
    trackNumber: row.number,
    discNumber: 1,
    year: row.year,
    isrc: row.isrc,
    cover: await coverOf(env, row.cover_key),
  };
}

/** The album's cover from R2 (a remote cover's bytes are not fetched: the file goes without it). */
async function coverOf(env: AppEnv, key: string | null): Promise<FlacTags["cover"]> {
  if (!key || key.startsWith("https://")) return null;
  const object = await env.MEDIA.get(key);
  if (!object) return null;
  const mime = object.httpMetadata?.contentType ?? "";
  if (!COVER_TYPES.has(mime)) return null;
  return { mime, bytes: new Uint8Array(await object.arrayBuffer()) };
}
