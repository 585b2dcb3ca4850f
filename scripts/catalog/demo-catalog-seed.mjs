// The demo catalog, stations and channels as SQL for a local database: the artist's 30 releases
// and their tracks (scripts/catalog/catalog.mjs), the three stations and five channels
// (scripts/catalog/broadcast.mjs). Demo content lives in the local seed, never in a migration, so a
// database the migrations make (staging, production) starts empty (decision 077).
// Every statement is INSERT OR IGNORE: a row already there (an earlier seed, or the migrations
// that used to hold this data in an older local state) is left as it is, so the seed is safe to
// run again and again. Used by scripts/prepare-local.mjs and, as statements, by the Worker tests'
// setup (vitest.config.ts, tests/worker/setup.ts).
import { CATALOG } from "./catalog.mjs";
import { RADIO_STATIONS, TV_CHANNELS } from "./broadcast.mjs";

/** A SQL literal: NULL, an integer, or a single-quoted string with quotes doubled. */
export function sqlLiteral(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
    return String(value);
  }
  if (typeof value !== "string") throw new Error(`unsupported SQL value: ${typeof value}`);
  if (value.includes("\0")) throw new Error("NUL in a SQL string");
  return `'${value.replaceAll("'", "''")}'`;
}

const row = (values) => `  (${values.map(sqlLiteral).join(", ")})`;

/** The demo MP3s' bitrate (scripts/lib/demo-audio.mjs BITRATE_KBPS, a test compares them), for the player's quality label (decision 121). */
export const DEMO_MP3_KBPS = 64;
const json = (value) => (value === null ? null : JSON.stringify(value));

/**
 * The catalog's statements: one for the albums, then one per release with tracks (each far below
 * D1's statement size limit).
 * @param {import("./catalog.mjs").CatalogAlbum[]} catalog
 */
export function catalogSeedStatements(catalog = CATALOG) {
  const statements = [
    "INSERT OR IGNORE INTO albums (id, title, year, type, cover_key, position) VALUES\n" +
      catalog.map((a) => row([a.id, a.title, a.year, a.type, a.coverKey, a.position])).join(",\n"),
  ];
  for (const album of catalog) {
    if (album.tracks.length === 0) continue;
    statements.push(
      "INSERT OR IGNORE INTO tracks (id, album_id, title, number, duration_seconds, audio_key, audio_kbps, featured_position, isrc) VALUES\n" +
        album.tracks
          .map((t) =>
            row([
              t.id,
              album.id,
              t.title,
              t.number,
              t.durationSeconds,
              t.audioKey,
              t.audioKey.startsWith("audio/") ? DEMO_MP3_KBPS : null,
              t.featuredPosition,
              t.isrc,
            ]),
          )
          .join(",\n"),
    );
  }
  return statements;
}

/**
 * The stations' and channels' statements.
 * @param {import("./broadcast.mjs").RadioStation[]} stations
 * @param {import("./broadcast.mjs").TvChannel[]} channels
 */
export function broadcastSeedStatements(stations = RADIO_STATIONS, channels = TV_CHANNELS) {
  return [
    "INSERT OR IGNORE INTO radio_stations (id, name, name_pt_br, description_en, description_pt_br, image_key, features, source_type, stream_url, album_ids, seed, position) VALUES\n" +
      stations
        .map((s) =>
          row([
            s.id,
            s.name,
            s.namePtBr,
            s.description.en,
            s.description["pt-BR"],
            s.imageKey,
            json(s.features),
            s.sourceType,
            s.streamUrl,
            json(s.albumIds),
            s.seed,
            s.position,
          ]),
        )
        .join(",\n"),
    "INSERT OR IGNORE INTO tv_channels (id, name, name_pt_br, description_en, description_pt_br, category, type, thumbnail_key, video_key, embed_url, duration_seconds, position) VALUES\n" +
      channels
        .map((ch) =>
          row([
            ch.id,
            ch.name,
            ch.namePtBr,
            ch.description.en,
            ch.description["pt-BR"],
            ch.category,
            ch.type,
            ch.thumbnailKey,
            ch.videoKey,
            ch.embedUrl,
            ch.durationSeconds,
            ch.position,
          ]),
        )
        .join(",\n"),
  ];
}

/** Every demo catalog statement, in the order the foreign keys need (albums before tracks). */
export const demoCatalogStatements = () => [...catalogSeedStatements(), ...broadcastSeedStatements()];

/** The same as one SQL file's text, for `wrangler d1 execute --file`. */
export const demoCatalogSql = () => demoCatalogStatements().join(";\n") + ";\n";
