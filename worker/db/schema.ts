// Every D1 table, in one file. Timestamps are epoch milliseconds (Date in TypeScript).
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { AuditDetail } from "../contracts/audit-detail";
import { LOCALES } from "../contracts/locale";
import {
  CAMPAIGN_STATUSES,
  CONSENT_SOURCES,
  CONTACT_STATUSES,
  NEWSLETTER_TOPICS,
  RECIPIENT_STATUSES,
  type CampaignAudience,
  type CampaignBlock,
  type NewsletterTopic,
  type OutboxAttachment,
} from "../contracts/newsletter-model";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    isVip: integer("is_vip", { mode: "boolean" }).notNull().default(false),
    /** Door staff (migrations/0024_door_staff.sql): may check VIP passes in at events, nothing more. */
    isDoorStaff: integer("is_door_staff", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: ["active", "banned"] })
      .notNull()
      .default("active"),
    /** A ban's reason, end (null: permanent) and start, all null while active (migrations/0033_suspensions.sql). */
    banReason: text("ban_reason"),
    bannedUntil: integer("banned_until", { mode: "timestamp_ms" }),
    bannedAt: integer("banned_at", { mode: "timestamp_ms" }),
    avatarUrl: text("avatar_url"),
    /** The language the site's mails to this member are in (migrations/0032_member_locale.sql). */
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    /** When the member proved the address is theirs (migrations/0035_email_verification.sql); null until then. */
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    /** A new address asked for and not yet confirmed: `email` changes only when its link is used. */
    pendingEmail: text("pending_email"),
    lastSignInAt: integer("last_sign_in_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex("users_email_unique").on(sql`lower(${t.email})`), uniqueIndex("users_username_unique").on(sql`lower(${t.username})`)],
);

export const admins = sqliteTable("admins", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
});

export const profiles = sqliteTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  bio: text("bio"),
  website: text("website"),
  location: text("location"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

// Only a SHA-256 of the session id is stored, so a leaked table cannot be replayed as cookies.
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    // The Devices list (migration 0036, decision 039): the only id the API shows for a session
    // (32 hex characters, never the cookie or its hash), and the browser and system at sign-in.
    publicId: text("public_id")
      .notNull()
      .$defaultFn(() => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("")),
    deviceBrowser: text("device_browser"),
    deviceOs: text("device_os"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), uniqueIndex("sessions_public_id_idx").on(t.publicId)],
);

export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

// E-mail verification links (migrations/0035_email_verification.sql): only the token's SHA-256
// is stored; `email` is the address the link proves (the account's own or its pending new one).
export const emailVerifications = sqliteTable(
  "email_verifications",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("email_verifications_user_idx").on(t.userId)],
);

// Local mail transport writes here; the dev mailbox page reads it.
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body"),
    /** Extra headers a live provider would get (List-Unsubscribe), JSON object (0038). */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    /** Attachments as [{ filename, contentType, content (base64) }] (0038). */
    attachments: text("attachments", { mode: "json" }).$type<OutboxAttachment[]>(),
    /** A retried batch reuses its key; the outbox keeps the first copy (0038). */
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mail_outbox_idempotency_idx")
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
  ],
);

// Fixed-window counters: one row per (key, window start).
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export type UserRow = typeof users.$inferSelect;

// Social-feed posts. Created here because a profile already lists its owner's posts; the feed
// issue adds likes and comments around it.
export const posts = sqliteTable(
  "posts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    imageUrl: text("image_url"),
    imageWidth: integer("image_width"),
    imageHeight: integer("image_height"),
    /** Changed in the same batch as the post_likes / post_comments row it counts. */
    likeCount: integer("like_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    createdAt: createdAt(),
    /** Set when a moderator hides the post: it leaves the feed for members but stays stored. */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    /** Who may read it (contracts/feed.ts POST_VISIBILITIES); 'vip' posts are a locked teaser to others. */
    visibility: text("visibility", { enum: ["public", "members", "vip"] })
      .notNull()
      .default("members"),
    /** Written by an admin as the artist's official account. */
    isOfficial: integer("is_official", { mode: "boolean" }).notNull().default(false),
    /** When an admin pinned it to the top of the feed; only official posts (a CHECK in 0020). */
    pinnedAt: integer("pinned_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("posts_user_created_idx").on(t.userId, t.createdAt),
    index("posts_created_idx").on(t.createdAt, t.id),
    index("posts_pinned_idx")
      .on(t.pinnedAt)
      .where(sql`${t.pinnedAt} IS NOT NULL`),
  ],
);

export const postComments = sqliteTable(
  "post_comments",
  {
    id: text("id").primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: createdAt(),
    /** Set when a moderator hides the comment (see posts.hidden_at); the post's count leaves it out. */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("post_comments_post_created_idx").on(t.postId, t.createdAt)],
);

export const postLikes = sqliteTable(
  "post_likes",
  {
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const postReports = sqliteTable(
  "post_reports",
  {
    id: text("id").primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: ["spam", "harassment", "hate", "sexual", "violence", "other"] }).notNull(),
    details: text("details"),
    createdAt: createdAt(),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("post_reports_post_reporter_idx").on(t.postId, t.reporterId),
    // The moderation queue reads open reports only.
    index("post_reports_open_idx")
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} IS NULL`),
  ],
);

// Images uploaded for a post: post_id is set when a post takes one; the cron removes the rest.
export const postImages = sqliteTable(
  "post_images",
  {
    key: text("key").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    postId: text("post_id"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("post_images_created_idx").on(t.createdAt)],
);

// VIP payments (queries in worker/db/payments.ts; fulfilment in worker/services/payments/).
// The provider's customer for each member, linked by the first completed checkout.
export const billingCustomers = sqliteTable("billing_customers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  customerId: text("customer_id").notNull().unique(),
  createdAt: createdAt(),
});

// One row per provider subscription, as the latest applied event left it. users.is_vip is
// derived from these rows. last_event_at (the event's `created`, ms) orders late deliveries.
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    customerId: text("customer_id").notNull(),
    /** The provider's status: active, trialing, past_due, canceled, unpaid, incomplete, ... */
    status: text("status").notNull(),
    currentPeriodEnd: integer("current_period_end", { mode: "timestamp_ms" }),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    cancelAt: integer("cancel_at", { mode: "timestamp_ms" }),
    pastDueSince: integer("past_due_since", { mode: "timestamp_ms" }),
    lastEventAt: integer("last_event_at").notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("subscriptions_user_idx").on(t.userId), index("subscriptions_status_past_due_idx").on(t.status, t.pastDueSince)],
);

// Ids of applied payment events, written in the same batch as their effect: each event once.
export const paymentEvents = sqliteTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
});

// Checkout sessions we opened (live Stripe ones and the local test checkout's), so the result
// page can ask about its own session and nobody else's.
export const checkoutSessions = sqliteTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mode: text("mode", { enum: ["live", "local"] }).notNull(),
    status: text("status", { enum: ["pending", "complete", "failed", "canceled"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("checkout_sessions_user_idx").on(t.userId)],
);

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
    /** The track's own release times; null: its album's. */
    releaseAt: integer("release_at", { mode: "timestamp_ms" }),
    earlyAccessAt: integer("early_access_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("tracks_album_number_idx").on(t.albumId, t.number),
    index("tracks_plays_idx").on(t.plays),
    uniqueIndex("tracks_featured_idx")
      .on(t.featuredPosition)
      .where(sql`${t.featuredPosition} IS NOT NULL`),
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

// Members' collections (queries in worker/db/collections.ts). Track ids only: the catalog is the
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

// Events: concerts, meet-and-greets, virtual meets (queries in worker/db/events.ts). Dates are
// instants; time_zone is the venue's IANA zone. Prices are integer cents in `currency`, shown as
// decimals. join_url is server-side only (VIP and admins get it in the join window). image_key is
// an R2 key (served under /media/) or a remote https URL, like album covers.
export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description"),
    eventDate: integer("event_date", { mode: "timestamp_ms" }).notNull(),
    endDate: integer("end_date", { mode: "timestamp_ms" }),
    timeZone: text("time_zone").notNull().default("America/New_York"),
    status: text("status", { enum: ["draft", "published", "cancelled"] })
      .notNull()
      .default("draft"),
    source: text("source", { enum: ["custom", "eventbrite"] })
      .notNull()
      .default("custom"),
    eventbriteId: text("eventbrite_id"),
    externalTicketUrl: text("external_ticket_url"),
    venueName: text("venue_name"),
    venueAddress: text("venue_address"),
    venueCity: text("venue_city"),
    venueState: text("venue_state"),
    venueCountry: text("venue_country"),
    venuePostalCode: text("venue_postal_code"),
    venueCapacity: integer("venue_capacity"),
    ticketPriceMinCents: integer("ticket_price_min_cents"),
    ticketPriceMaxCents: integer("ticket_price_max_cents"),
    currency: text("currency").notNull().default("USD"),
    ticketSaleStart: integer("ticket_sale_start", { mode: "timestamp_ms" }),
    ticketSaleEnd: integer("ticket_sale_end", { mode: "timestamp_ms" }),
    isOnline: integer("is_online", { mode: "boolean" }).notNull().default(false),
    joinUrl: text("join_url"),
    imageKey: text("image_key"),
    /** The saved venue the venue fields were filled from (they stay the event's own copy). */
    venueId: text("venue_id").references(() => venues.id),
    // VIP presale (migrations/0023_presales.sql, decision 029): null times and mode 'none' without one.
    presaleStartsAt: integer("presale_starts_at", { mode: "timestamp_ms" }),
    presaleEndsAt: integer("presale_ends_at", { mode: "timestamp_ms" }),
    generalSaleAt: integer("general_sale_at", { mode: "timestamp_ms" }),
    presaleCodeMode: text("presale_code_mode", { enum: ["none", "shared", "unique"] })
      .notNull()
      .default("none"),
    /** The one code of a 'shared' presale: never in a public answer. */
    presaleSharedCode: text("presale_shared_code"),
    // In the visitor's language (migrations/0027_events_anywhere.sql, decision 031): the Portuguese
    // texts, null where the English ones show; and sold out, set by hand on a future event.
    titlePtBr: text("title_pt_br"),
    descriptionPtBr: text("description_pt_br"),
    soldOut: integer("sold_out", { mode: "boolean" }).notNull().default(false),
    /** Minutes before the start that "Remind me" mails go out (0038). */
    reminderOffsets: text("reminder_offsets", { mode: "json" })
      .$type<number[]>()
      .notNull()
      .default(sql`'[1440,60]'`),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index("events_status_date_idx").on(t.status, t.eventDate),
    uniqueIndex("events_eventbrite_id_idx")
      .on(t.eventbriteId)
      .where(sql`${t.eventbriteId} IS NOT NULL`),
    index("events_venue_idx")
      .on(t.venueId)
      .where(sql`${t.venueId} IS NOT NULL`),
  ],
);

// The contact form (queries in worker/db/contact.ts). A message is read, labelled and answered
// from the back office; labels is a JSON array of text.
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: ["unread", "read", "replied"] })
      .notNull()
      .default("unread"),
    priority: text("priority", { enum: ["high", "normal", "low"] })
      .notNull()
      .default("normal"),
    labels: text("labels", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The language the sender wrote the form in: the admin's reply mail is in it (0032). */
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("contact_messages_status_created_idx").on(t.status, t.createdAt), index("contact_messages_created_idx").on(t.createdAt)],
);

// An admin's answer to a contact message. sent_at stays null until the mail is accepted ('Not
// sent'); the reply outlives the admin's account (admin_user_id is then null).
export const contactReplies = sqliteTable(
  "contact_replies",
  {
    id: text("id").primaryKey(),
    messageId: text("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    adminUserId: text("admin_user_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_replies_message_idx").on(t.messageId, t.createdAt)],
);

// The mailing list. One row per address whatever its case; consent_at is when the person opted
// in (null for an import made without recorded consent). source says where the row came from.
export const marketingContacts = sqliteTable(
  "marketing_contacts",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    /** Mailable only when 'subscribed' (migrations/0038_newsletters.sql, decision 045). */
    status: text("status", { enum: CONTACT_STATUSES }).notNull().default("subscribed"),
    consentAt: integer("consent_at", { mode: "timestamp_ms" }),
    /** Where the contact first came from; every consent since is a row in marketingConsents. */
    source: text("source", { enum: CONSENT_SOURCES }).notNull(),
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    country: text("country"),
    tags: text("tags", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    topics: text("topics", { mode: "json" })
      .$type<NewsletterTopic[]>()
      .notNull()
      .default(sql`'["news","events"]'`),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    lastMailedAt: integer("last_mailed_at", { mode: "timestamp_ms" }),
    statusChangedAt: integer("status_changed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("marketing_contacts_email_unique").on(sql`lower(${t.email})`),
    index("marketing_contacts_created_idx").on(t.createdAt),
    index("marketing_contacts_status_idx").on(t.status, t.id),
    index("marketing_contacts_user_idx")
      .on(t.userId)
      .where(sql`${t.userId} IS NOT NULL`),
  ],
);

// Every consent given or asked for (decision 045): the source, the words shown and their language,
// the importer's declared basis, and the double opt-in's token hash until it is confirmed.
export const marketingConsents = sqliteTable(
  "marketing_consents",
  {
    id: text("id").primaryKey(),
    contactId: text("contact_id")
      .notNull()
      .references(() => marketingContacts.id, { onDelete: "cascade" }),
    source: text("source", { enum: CONSENT_SOURCES }).notNull(),
    consentText: text("consent_text").notNull(),
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    basis: text("basis"),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    tokenHash: text("token_hash"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("marketing_consents_contact_idx").on(t.contactId, t.createdAt),
    uniqueIndex("marketing_consents_token_idx")
      .on(t.tokenHash)
      .where(sql`${t.tokenHash} IS NOT NULL`),
    index("marketing_consents_pending_idx")
      .on(t.expiresAt)
      .where(sql`${t.confirmedAt} IS NULL`),
  ],
);

// A newsletter campaign: texts in each language, the editor's blocks (rendered and escaped by the
// Worker), the audience, and its sending state (decision 045).
export const campaigns = sqliteTable(
  "campaigns",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    topic: text("topic", { enum: NEWSLETTER_TOPICS }).notNull().default("news"),
    subjectEn: text("subject_en").notNull(),
    subjectPtBr: text("subject_pt_br"),
    bodyEn: text("body_en", { mode: "json" })
      .$type<CampaignBlock[]>()
      .notNull()
      .default(sql`'[]'`),
    bodyPtBr: text("body_pt_br", { mode: "json" }).$type<CampaignBlock[]>(),
    audience: text("audience", { mode: "json" })
      .$type<CampaignAudience>()
      .notNull()
      .default(sql`'{"kind":"all"}'`),
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull().default("draft"),
    scheduledAt: integer("scheduled_at", { mode: "timestamp_ms" }),
    timeZone: text("time_zone"),
    recipientsTotal: integer("recipients_total").notNull().default(0),
    cursor: text("cursor"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("campaigns_status_scheduled_idx").on(t.status, t.scheduledAt), index("campaigns_created_idx").on(t.createdAt)],
);

// One row per contact a campaign reaches, written before its mail is sent: the idempotency key of
// the send (a retried batch sends only rows still 'queued').
export const campaignRecipients = sqliteTable(
  "campaign_recipients",
  {
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => marketingContacts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    locale: text("locale", { enum: LOCALES }).notNull(),
    status: text("status", { enum: RECIPIENT_STATUSES }).notNull().default("queued"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    error: text("error"),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.contactId] }), index("campaign_recipients_status_idx").on(t.campaignId, t.status)],
);

// "Remind me" on an event: a member's or a confirmed visitor's (decision 045).
export const eventReminders = sqliteTable(
  "event_reminders",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    /** The viewer's IANA zone when they asked: the mail shows the event's time and theirs. */
    timeZone: text("time_zone"),
    status: text("status", { enum: ["pending", "active", "done"] })
      .notNull()
      .default("active"),
    tokenHash: text("token_hash"),
    /** Minutes-before offsets already sent for notifiedStart. */
    sentOffsets: text("sent_offsets", { mode: "json" })
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The start time the person was last told of; a moved event sends a notice and resets sentOffsets. */
    notifiedStart: integer("notified_start", { mode: "timestamp_ms" }).notNull(),
    cancelNoticeAt: integer("cancel_notice_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("event_reminders_event_email_idx").on(t.eventId, sql`lower(${t.email})`),
    uniqueIndex("event_reminders_token_idx")
      .on(t.tokenHash)
      .where(sql`${t.tokenHash} IS NOT NULL`),
    index("event_reminders_status_idx").on(t.status, t.eventId),
  ],
);

// The back office's audit log: every admin write appends one row (queries in worker/db/audit.ts).
// The actor's e-mail is kept as it was, so the row still says who after the account is gone.
// summary is a short JSON object: what changed, before and after.
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    summary: text("summary", { mode: "json" }).$type<AuditSummary>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_action_idx").on(t.action, t.createdAt),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt),
  ],
);

/** What an audited write changed: the fields before and after (secrets and large values left out). */
export type AuditSummary = {
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** English text; older rows have only this. */
  note?: string;
  /** What the note says, as a kind and parameters (worker/contracts/audit-detail.ts). */
  detail?: AuditDetail;
};

// The back office's saved site settings (queries in worker/db/settings.ts): one row per setting,
// its value as JSON, so a new setting needs no migration. A setting without a row reads as its
// default (DEFAULT_SETTINGS in worker/contracts/admin-settings.ts).
export const siteSettings = sqliteTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).$type<unknown>().notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

// Site analytics, cookieless (collection in routes/collect.ts and durable-objects/AnalyticsBuffer.ts,
// queries in db/analytics*.ts). One secret salt per UTC day makes visitor ids; a day's salt is
// deleted once the day is over, so no stored id can be linked to an IP or a later day's id.
export const analyticsSalts = sqliteTable("analytics_salts", {
  /** UTC date, YYYY-MM-DD. */
  day: text("day").primaryKey(),
  salt: text("salt").notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

// Raw page views, kept RAW_EVENTS_RETENTION_DAYS. No IP and no user agent: visitor_id is a salted
// hash of both, session_id groups one visitor's views 30 minutes apart at most.
export const pageViews = sqliteTable(
  "page_views",
  {
    id: integer("id").primaryKey(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    path: text("path").notNull(),
    /** Another site's host name; null for a direct visit. */
    referrerHost: text("referrer_host"),
    visitorId: text("visitor_id").notNull(),
    sessionId: text("session_id").notNull(),
    device: text("device", { enum: ["mobile", "desktop"] }).notNull(),
    signedIn: integer("signed_in", { mode: "boolean" }).notNull(),
  },
  // Reads go by time, and the totals of a time range (visitors, sessions, devices) come from the
  // time index alone; a session continues from the visitor's latest view.
  (t) => [index("page_views_at_idx").on(t.at, t.visitorId, t.sessionId, t.device), index("page_views_visitor_at_idx").on(t.visitorId, t.at)],
);

// Rollups of page_views per UTC day, kept for good, rewritten for the last two days by the hourly
// cron. session_ms sums (latest - earliest view) over the sessions with more than one view, which
// number sessions - bounces. computed_at tells whether a past day was rolled up after it ended.
export const analyticsDaily = sqliteTable("analytics_daily", {
  day: text("day").primaryKey(),
  views: integer("views").notNull(),
  visitors: integer("visitors").notNull(),
  sessions: integer("sessions").notNull(),
  bounces: integer("bounces").notNull(),
  sessionMs: integer("session_ms").notNull(),
  mobileVisitors: integer("mobile_visitors").notNull(),
  desktopVisitors: integer("desktop_visitors").notNull(),
  computedAt: integer("computed_at", { mode: "timestamp_ms" }).notNull(),
});

export const analyticsDailyPaths = sqliteTable(
  "analytics_daily_paths",
  {
    day: text("day").notNull(),
    path: text("path").notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/** Views per UTC hour (0-23) of each UTC day; shifted into the admin's time zone when read. */
export const analyticsHourly = sqliteTable(
  "analytics_hourly",
  {
    day: text("day").notNull(),
    hour: integer("hour").notNull(),
    views: integer("views").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.hour] })],
);

/** Views per referrer host of each UTC day; host '' is direct (no referrer). */
export const analyticsDailyReferrers = sqliteTable(
  "analytics_daily_referrers",
  {
    day: text("day").notNull(),
    host: text("host").notNull(),
    views: integer("views").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.host] })],
);

// Members active (signed in within 30 days) as counted on each UTC day: users keeps only the latest
// sign-in, so this daily snapshot is what the Active Users trend compares against.
export const analyticsMembersDaily = sqliteTable("analytics_members_daily", {
  day: text("day").primaryKey(),
  activeMembers: integer("active_members").notNull(),
});

// Complimentary VIP granted from the back office (queries in worker/db/admin-users.ts), kept apart
// from paid VIP: users.is_vip is true while a paying subscription or a comp gives VIP, and
// neither source ever clears the other. granted_by is null for comps older than this table.
// (migrations/0017_user_admin.sql also indexes users by created_at for the back office's list.)
export const vipComps = sqliteTable("vip_comps", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
  grantedAt: integer("granted_at", { mode: "timestamp_ms" }).notNull(),
});

// The VIP pass scanned at the door (queries in worker/db/check-in.ts, decision 027). A VIP's pass
// number is given the first time their pass is shown and kept for good; the typed code starts
// with it.
export const vipPasses = sqliteTable("vip_passes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  number: integer("number").notNull().unique("vip_passes_number_unique"),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

// A member let in at an event, once per event; staff_id is who scanned (null once their account
// is deleted), method how: the QR code or the typed code.
export const checkIns = sqliteTable(
  "check_ins",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    staffId: text("staff_id").references(() => users.id, { onDelete: "set null" }),
    method: text("method", { enum: ["qr", "code"] }).notNull(),
    checkedInAt: integer("checked_in_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("check_ins_event_user_unique").on(t.eventId, t.userId), index("check_ins_event_time_idx").on(t.eventId, t.checkedInAt)],
);

// Ticket orders (queries in worker/db/tickets.ts): seeded locally, imported from a ticket
// provider's CSV export. One row per order id. Prices are integer cents in `currency`; created_at
// is when the order was placed. event_title keeps the title the order was stored with, so an
// order outlives its event (event_id then becomes null).
export const tickets = sqliteTable(
  "tickets",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id").notNull(),
    eventId: text("event_id").references(() => events.id, { onDelete: "set null" }),
    eventTitle: text("event_title").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerName: text("customer_name"),
    status: text("status", { enum: ["confirmed", "pending", "cancelled"] })
      .notNull()
      .default("confirmed"),
    pricePaidCents: integer("price_paid_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("tickets_order_id_unique").on(t.orderId), index("tickets_created_idx").on(t.createdAt), index("tickets_event_idx").on(t.eventId)],
);

// Saved venues (queries in worker/db/admin-venues.ts). The event form picks one to fill an event's
// venue fields, which stay the event's own copy; events.venue_id remembers the pick, so a venue
// still used by an event cannot be deleted. country is one of VENUE_COUNTRIES (every ISO 3166-1
// alpha-3 code, decision 037; migration 0030 dropped the USA/CAN/MEX check).
export const venues = sqliteTable(
  "venues",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    city: text("city"),
    state: text("state"),
    country: text("country").notNull().default("USA"),
    postalCode: text("postal_code"),
    capacity: integer("capacity"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("venues_name_idx").on(t.name)],
);

// Reports on feed comments (the moderation queue, worker/db/moderation.ts), as post_reports is for
// posts: one per member and comment; resolved_at is set when a moderator acts on them.
export const commentReports = sqliteTable(
  "comment_reports",
  {
    id: text("id").primaryKey(),
    commentId: text("comment_id")
      .notNull()
      .references(() => postComments.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: ["spam", "harassment", "hate", "sexual", "violence", "other"] }).notNull(),
    details: text("details"),
    createdAt: createdAt(),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("comment_reports_comment_reporter_idx").on(t.commentId, t.reporterId),
    index("comment_reports_open_idx")
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} IS NULL`),
  ],
);

// Codes handed to one member each (worker/db/offer-codes.ts, decision 026): a VIP presale's or a
// perk's unique codes. A code is taken once claimed_at is set, and stays taken if its member's
// account is deleted (claimed_by becomes null).
export const offerCodes = sqliteTable(
  "offer_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    poolKind: text("pool_kind", { enum: ["presale", "perk"] }).notNull(),
    poolId: text("pool_id").notNull(),
    code: text("code").notNull(),
    claimedBy: text("claimed_by").references(() => users.id, { onDelete: "set null" }),
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("offer_codes_pool_code_unique").on(t.poolKind, t.poolId, t.code)],
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

// Special perks (worker/db/perks.ts, worker/db/admin-perks.ts, decision 030): merchandise, limited
// editions and surprises live from starts_at to ends_at, for VIPs or every signed-in member. A
// unique-code perk's codes are its pool in offer_codes (kind "perk"), deleted with it.
export const perks = sqliteTable(
  "perks",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    imageKey: text("image_key"),
    link: text("link"),
    codeMode: text("code_mode", { enum: ["none", "shared", "unique"] })
      .notNull()
      .default("none"),
    sharedCode: text("shared_code"),
    audience: text("audience", { enum: ["vip", "members"] })
      .notNull()
      .default("vip"),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("perks_window_idx").on(t.endsAt, t.startsAt)],
);

// Who revealed a perk, once per member (the first reveal's time).
export const perkReveals = sqliteTable(
  "perk_reveals",
  {
    perkId: text("perk_id")
      .notNull()
      .references(() => perks.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    revealedAt: integer("revealed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.perkId, t.userId] }), index("perk_reveals_perk_time_idx").on(t.perkId, t.revealedAt)],
);

// The sign-in slowdown (migrations/0034_login_throttle.sql, decision 038): one row per address
// typed at the sign-in form, whether or not an account has it, so the slowdown reveals nothing.
export const loginThrottles = sqliteTable("login_throttles", {
  email: text("email").primaryKey(),
  /** Wrong passwords since the last quiet period (LOGIN_SLOWDOWN.forgetAfterMs). */
  failures: integer("failures").notNull().default(0),
  lastFailureAt: integer("last_failure_at", { mode: "timestamp_ms" }).notNull(),
  /** No attempt before this time has its password checked (epoch ms; 0 = none). */
  notBefore: integer("not_before", { mode: "timestamp_ms" }).notNull().default(new Date(0)),
  /** When the owner was last mailed a sign-in link for this address. */
  linkSentAt: integer("link_sent_at", { mode: "timestamp_ms" }),
});

// One-time sign-in links mailed to a throttled account's owner; only the token's SHA-256 is stored.
export const signInLinks = sqliteTable(
  "sign_in_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("sign_in_links_user_idx").on(t.userId)],
);

// The notification centre (migrations/0037_notifications.sql, decision 044). An event is written
// once (its id is the producer's key); each recipient gets a row in `notifications`, whose primary
// key (member, group) makes a redelivered queue message write nothing. Likes of one post share the
// group `like:<post>` and count their likers in `notificationActors`.
export const notificationEvents = sqliteTable("notification_events", {
  id: text("id").primaryKey(),
  kind: text("kind").notNull(),
  actorId: text("actor_id").references(() => users.id, { onDelete: "cascade" }),
  postId: text("post_id").references(() => posts.id, { onDelete: "cascade" }),
  commentId: text("comment_id").references(() => postComments.id, { onDelete: "cascade" }),
  /** JSON: contracts/notifications.ts NotificationParams. */
  params: text("params").notNull().default("{}"),
  link: text("link").notNull(),
  /** A broadcast's audience ('members' or 'vip'); null for a targeted event. */
  audience: text("audience"),
  recipientsTotal: integer("recipients_total").notNull().default(0),
  recipientsWritten: integer("recipients_written").notNull().default(0),
  /** The last member id a broadcast's fan-out has passed; a stale queue message finds it moved on. */
  fanoutCursor: text("fanout_cursor"),
  fannedOutAt: integer("fanned_out_at", { mode: "timestamp_ms" }),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

export const notifications = sqliteTable(
  "notifications",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    groupKey: text("group_key").notNull(),
    id: text("id").notNull(),
    eventId: text("event_id")
      .notNull()
      .references(() => notificationEvents.id, { onDelete: "cascade" }),
    actorCount: integer("actor_count").notNull().default(1),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    emailedAt: integer("emailed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.groupKey] }),
    uniqueIndex("notifications_id_idx").on(t.id),
    index("notifications_user_created_idx").on(t.userId, t.createdAt, t.id),
  ],
);

export const notificationActors = sqliteTable(
  "notification_actors",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    groupKey: text("group_key").notNull(),
    actorId: text("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupKey, t.actorId] })],
);

/** Only where a member differs from defaultPreference (contracts/notifications.ts). */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    inApp: integer("in_app", { mode: "boolean" }).notNull(),
    push: integer("push", { mode: "boolean" }).notNull(),
    email: integer("email", { mode: "boolean" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export const notificationSettings = sqliteTable("notification_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  paused: integer("paused", { mode: "boolean" }).notNull().default(false),
  digestSentAt: integer("digest_sent_at", { mode: "timestamp_ms" }),
});

export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId)],
);

/** One row: the public content's version, part of every edge-cache key (decision 050). */
export const contentVersion = sqliteTable("content_version", {
  id: integer("id").primaryKey(),
  version: text("version").notNull(),
  changedAt: integer("changed_at").notNull(),
});

/** Background work that failed every retry: messages of the dead-letter queues (decision 049). */
export const deadLetters = sqliteTable(
  "dead_letters",
  {
    id: text("id").primaryKey(),
    /** The queue the message failed on (its dead-letter queue's name without "-dlq"). */
    queue: text("queue").notNull(),
    /** The message body as JSON, cut to DEAD_LETTER_BODY_MAX characters. */
    body: text("body").notNull(),
    attempts: integer("attempts").notNull(),
    receivedAt: integer("received_at").notNull(),
    status: text("status", { enum: ["open", "retried", "dismissed"] })
      .notNull()
      .default("open"),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
    handledAt: integer("handled_at"),
  },
  (t) => [index("dead_letters_status").on(t.status, t.receivedAt)],
);

/** Mail provider reports already applied, by the provider's message id and address (decision 051). */
export const mailWebhookDeliveries = sqliteTable(
  "mail_webhook_deliveries",
  {
    id: text("id").primaryKey(),
    receivedAt: integer("received_at").notNull(),
  },
  (t) => [index("mail_webhook_deliveries_received").on(t.receivedAt)],
);
