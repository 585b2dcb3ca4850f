// Music: the catalog (albums, tracks), radio stations and TV channels, plays, members' favourites
// and playlists, and listening parties.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./accounts";
import { IMPORT_FILE_KINDS, IMPORT_FILE_STATES, type ImportFileFailure, type ImportFileFormat } from "#contracts/music/admin-catalog-import-limits.ts";

// The music catalog: product data seeded by migration, later managed from the back office.
// cover_key / audio_key are R2 keys (served by the Worker) or remote https URLs.
export const albums = sqliteTable(
  "albums",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    year: integer("year").notNull(),
    type: text("type", { enum: ["Album", "Single"] }).notNull(),
    coverKey: text("cover_key"),
    position: integer("position").notNull(),
    /** The public release (null: released); before it, only from earlyAccessAt on, for VIPs. */
    releaseAt: integer("release_at", { mode: "timestamp_ms" }),
    earlyAccessAt: integer("early_access_at", { mode: "timestamp_ms" }),
    /** Early access for this tier and above (migrations/0078, decision 108); null: VIP and above (a track's: its album's). */
    earlyMinTierId: text("early_min_tier_id"),
    /** Who reads its tracks' lyrics: everyone, or VIP and above (migrations/0080, decision 112). */
    lyricsAccess: text("lyrics_access", { enum: ["public", "vip"] })
      .notNull()
      .default("public"),
    /** Plain-text notes (multi-line); null: none. An empty Portuguese note reads as the English. */
    notes: text("notes"),
    notesPtBr: text("notes_pt_br"),
    createdAt: createdAt(),
  },
  (t) => [index("albums_position_idx").on(t.position)],
);

// Track ids are `<albumId>-<number>`, except the five featured tracks, which keep their own ids.
// plays is the counter the play route bumps in the same batch as its track_plays row.
export const tracks = sqliteTable(
  "tracks",
  {
    id: text("id").primaryKey(),
    albumId: text("album_id")
      .notNull()
      .references(() => albums.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    number: integer("number").notNull(),
    durationSeconds: integer("duration_seconds").notNull().default(210),
    audioKey: text("audio_key"),
    featuredPosition: integer("featured_position"),
    plays: integer("plays").notNull().default(0),
    previewEnabled: integer("preview_enabled", { mode: "boolean" }).notNull().default(true),
    previewStartSeconds: integer("preview_start_seconds").notNull().default(0),
    /** The preview's own file in R2, cut on first demand; null until then and after a change. */
    previewKey: text("preview_key"),
    /** The lossless master sold as a download (R2 key), beside the MP3 every track has; null: none. */
    masterKey: text("master_key"),
    masterFormat: text("master_format", { enum: ["wav", "flac"] }),
    /** The master's facts from its header, for the player's quality label (migrations/0086, decision 121). */
    masterSampleRate: integer("master_sample_rate"),
    masterBitDepth: integer("master_bit_depth"),
    masterChannels: integer("master_channels"),
    /** The master's other lossless format, written by a queue job: its key, format and the job's state. */
    derivedKey: text("derived_key"),
    derivedFormat: text("derived_format", { enum: ["wav", "flac"] }),
    derivedState: text("derived_state", { enum: ["pending", "done", "failed"] }),
    /** The streamed MP3's bitrate from its probe (average for VBR); null: not known. */
    audioKbps: integer("audio_kbps"),
    /** The track's own release times; null: its album's. */
    releaseAt: integer("release_at", { mode: "timestamp_ms" }),
    earlyAccessAt: integer("early_access_at", { mode: "timestamp_ms" }),
    /** Early access for this tier and above (migrations/0078, decision 108); null: VIP and above (a track's: its album's). */
    earlyMinTierId: text("early_min_tier_id"),
    /** The recording's ISRC without hyphens, its label and the day it was recorded (decision 112). */
    isrc: text("isrc"),
    label: text("label"),
    recordedOn: text("recorded_on"),
    /** Downloads at once for who pre-ordered its album (migrations/0084, decision 118). */
    teaser: integer("teaser", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    uniqueIndex("tracks_album_number_idx").on(t.albumId, t.number),
    index("tracks_plays_idx").on(t.plays),
    uniqueIndex("tracks_featured_idx")
      .on(t.featuredPosition)
      .where(sql`${t.featuredPosition} IS NOT NULL`),
    uniqueIndex("tracks_isrc_idx")
      .on(t.isrc)
      .where(sql`${t.isrc} IS NOT NULL`),
  ],
);

// Radio stations and TV channels: product data seeded by migration, managed from the back office.
// features and album_ids are JSON arrays (album_ids null: the whole catalog is in rotation).
export const radioStations = sqliteTable(
  "radio_stations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Optional (null: the English name); description_pt_br empty: the English one. Migration 0028. */
    namePtBr: text("name_pt_br"),
    descriptionEn: text("description_en").notNull(),
    descriptionPtBr: text("description_pt_br").notNull(),
    imageKey: text("image_key"),
    features: text("features", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    sourceType: text("source_type", { enum: ["catalog", "stream"] })
      .notNull()
      .default("catalog"),
    streamUrl: text("stream_url"),
    albumIds: text("album_ids", { mode: "json" }).$type<string[] | null>(),
    seed: integer("seed").notNull().default(0),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("radio_stations_position_idx").on(t.position)],
);

export const tvChannels = sqliteTable(
  "tv_channels",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Optional (null: the English name); description_pt_br empty: the English one. Migration 0028. */
    namePtBr: text("name_pt_br"),
    descriptionEn: text("description_en").notNull(),
    descriptionPtBr: text("description_pt_br").notNull(),
    category: text("category", { enum: ["music_video", "live", "behind_the_scenes"] }).notNull(),
    type: text("type", { enum: ["video", "live"] })
      .notNull()
      .default("video"),
    thumbnailKey: text("thumbnail_key"),
    videoKey: text("video_key"),
    embedUrl: text("embed_url"),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("tv_channels_position_idx").on(t.position)],
);

// One row per play a VIP or admin started (replays within 30 s count once). No foreign key to
// tracks: a deleted track's plays stay for track analytics (its title then in retired_tracks).
export const trackPlays = sqliteTable(
  "track_plays",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    trackId: text("track_id").notNull(),
    playedAt: integer("played_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("track_plays_user_track_idx").on(t.userId, t.trackId, t.playedAt),
    index("track_plays_track_idx").on(t.trackId, t.playedAt),
    index("track_plays_played_at_idx").on(t.playedAt),
  ],
);

// Preview plays: visitors play previews too, so the listener is a member's id or a visitor's daily
// cookieless id (services/analytics/visitor.ts), never an IP.
export const trackPreviewPlays = sqliteTable(
  "track_preview_plays",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    trackId: text("track_id").notNull(),
    listener: text("listener").notNull(),
    playedAt: integer("played_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("track_preview_plays_listener_idx").on(t.listener, t.trackId, t.playedAt),
    index("track_preview_plays_track_idx").on(t.trackId, t.playedAt),
    index("track_preview_plays_played_at_idx").on(t.playedAt),
  ],
);

// Tracks deleted from the catalog, named as they were, so their play history still reads well.
export const retiredTracks = sqliteTable("retired_tracks", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  albumTitle: text("album_title").notNull(),
  retiredAt: integer("retired_at", { mode: "timestamp_ms" }).notNull(),
});

// Members' collections (queries in worker/db/music/collections.ts). Track ids only: the catalog is the
// one source of titles and covers.
export const favorites = sqliteTable(
  "favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    trackId: text("track_id")
      .notNull()
      .references(() => tracks.id, { onDelete: "cascade" }),
    addedAt: integer("added_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.trackId] }), index("favorites_user_added_idx").on(t.userId, t.addedAt)],
);

export const playlists = sqliteTable(
  "playlists",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The name case-folded: unique per member. */
    nameKey: text("name_key").notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("playlists_user_name_idx").on(t.userId, t.nameKey), index("playlists_user_created_idx").on(t.userId, t.createdAt)],
);

export const playlistTracks = sqliteTable(
  "playlist_tracks",
  {
    playlistId: text("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    trackId: text("track_id")
      .notNull()
      .references(() => tracks.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    addedAt: integer("added_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.trackId] }), index("playlist_tracks_position_idx").on(t.playlistId, t.position)],
);

// Listening parties (queries in worker/db/parties.ts, decision 028): an album or an admin's own
// playlist heard together from starts_at. `tracks` is the list as it was when the party was saved
// (ended at starts_at + duration_seconds); the three counts are the room's summary, written by its
// PartyRoom when the party ends.
export const listeningParties = sqliteTable(
  "listening_parties",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    sourceType: text("source_type", { enum: ["album", "playlist"] }).notNull(),
    albumId: text("album_id").references(() => albums.id, { onDelete: "set null" }),
    playlistId: text("playlist_id").references(() => playlists.id, { onDelete: "set null" }),
    sourceTitle: text("source_title").notNull(),
    coverUrl: text("cover_url"),
    tracks: text("tracks", { mode: "json" })
      .$type<{ id: string; title: string; albumId: string; albumTitle: string; coverUrl: string | null; durationSeconds: number }[]>()
      .notNull(),
    durationSeconds: integer("duration_seconds").notNull(),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    vipOnly: integer("vip_only", { mode: "boolean" }).notNull().default(false),
    /** A VIP-only party for this tier and above (migrations/0074, decision 104); null: VIP and above. */
    minTierId: text("min_tier_id"),
    status: text("status", { enum: ["scheduled", "cancelled"] })
      .notNull()
      .default("scheduled"),
    peakListeners: integer("peak_listeners").notNull().default(0),
    reactionCount: integer("reaction_count").notNull().default(0),
    messageCount: integer("message_count").notNull().default(0),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("listening_parties_status_start_idx").on(t.status, t.startsAt)],
);

// Import by the folder (migrations/0085, decision 119; queries in worker/db/music/catalog-imports.ts):
// one reviewed plan's draft releases and a slot per file the browser sends in parts (an R2
// multipart upload each), with the parts stored so far (R2 cannot list them).
export const catalogImports = sqliteTable("catalog_imports", {
  id: text("id").primaryKey(),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

export const catalogImportFiles = sqliteTable(
  "catalog_import_files",
  {
    id: text("id").primaryKey(),
    importId: text("import_id")
      .notNull()
      .references(() => catalogImports.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind", { enum: IMPORT_FILE_KINDS }).notNull(),
    albumId: text("album_id")
      .notNull()
      .references(() => albums.id, { onDelete: "cascade" }),
    /** The track an audio file or master goes to; null for a cover. */
    trackId: text("track_id").references(() => tracks.id, { onDelete: "cascade" }),
    /** The browser's file name, shown on the page only (keys are the server's). */
    name: text("name").notNull(),
    format: text("format").$type<ImportFileFormat>().notNull(),
    size: integer("size").notNull(),
    state: text("state", { enum: IMPORT_FILE_STATES }).notNull().default("pending"),
    failure: text("failure").$type<ImportFileFailure>(),
    r2Key: text("r2_key"),
    uploadId: text("upload_id"),
    /** The last part stored (or the slot's creation): a slot idle for a day is aborted by the cron. */
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("catalog_import_files_import_idx").on(t.importId, t.position),
    index("catalog_import_files_open_idx")
      .on(t.updatedAt)
      .where(sql`${t.state} IN ('pending', 'uploading')`),
  ],
);

export const catalogImportParts = sqliteTable(
  "catalog_import_parts",
  {
    fileId: text("file_id")
      .notNull()
      .references(() => catalogImportFiles.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    size: integer("size").notNull(),
    etag: text("etag").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.number] })],
);
