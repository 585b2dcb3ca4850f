// Live shows (decision 113, migrations/0081): one show per event, the provider's notices applied
// once, who watched, and the viewer count a minute. Times are epoch ms.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { events } from "./events";
import { membershipTiers } from "./tiers";
import { rooms } from "./rooms";
import { LIVE_ACCESS_KINDS, LIVE_PROVIDERS, LIVE_STORED_STATES } from "#contracts/live-limits.ts";

export const liveShows = sqliteTable(
  "live_shows",
  {
    eventId: text("event_id")
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    access: text("access", { enum: LIVE_ACCESS_KINDS }).notNull(),
    /** For 'tier': that tier and above. */
    minTierId: text("min_tier_id").references(() => membershipTiers.id),
    state: text("state", { enum: LIVE_STORED_STATES }).notNull().default("scheduled"),
    provider: text("provider", { enum: LIVE_PROVIDERS }).notNull(),
    /** Cloudflare Stream's live input uid. */
    streamInputId: text("stream_input_id"),
    /** The recording's video uid, once Stream has it. */
    streamVideoUid: text("stream_video_uid"),
    startedAt: integer("started_at"),
    endedAt: integer("ended_at"),
    /** When the source dropped, while the show waits for it to reconnect (decision 146). */
    sourceLostAt: integer("source_lost_at"),
    /** 0: no replay. */
    replayHours: integer("replay_hours").notNull().default(48),
    /** After the window the replay stays for this tier and above; null: hidden. */
    replayKeepTierId: text("replay_keep_tier_id").references(() => membershipTiers.id),
    pinnedProductIds: text("pinned_product_ids", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** R2 keys of the replay's WebVTT files by locale. */
    captions: text("captions", { mode: "json" })
      .$type<Partial<Record<"en" | "pt-BR", string>>>()
      .notNull()
      .default(sql`'{}'`),
    roomId: text("room_id").references(() => rooms.id, { onDelete: "set null" }),
    liveNotifiedAt: integer("live_notified_at"),
    updatedAt: integer("updated_at")
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("live_shows_stream_input_idx").on(t.streamInputId)],
);

/** A provider notification applied (its key per show): the same one again changes nothing. */
export const liveStateEvents = sqliteTable(
  "live_state_events",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => liveShows.eventId, { onDelete: "cascade" }),
    key: text("key").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.key] })],
);

export const liveWatches = sqliteTable(
  "live_watches",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstAt: integer("first_at").notNull(),
    lastAt: integer("last_at").notNull(),
    secondsWatched: integer("seconds_watched").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index("live_watches_recent_idx").on(t.eventId, t.lastAt),
    index("live_watches_user_idx").on(t.userId),
  ],
);

export const liveViewerSamples = sqliteTable(
  "live_viewer_samples",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    minute: integer("minute").notNull(),
    viewers: integer("viewers").notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.minute] })],
);
