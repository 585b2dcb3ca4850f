// The notification centre: events, each member's notifications and their actors, preferences,
// settings and push subscriptions.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { postComments, posts } from "./feed";

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
  /**
   * Where an older broadcast's page-by-page walk had got to (the member id it had passed). Pages are
   * planned ahead now (notificationFanoutPages); a walk still under way is planned from here.
   */
  fanoutCursor: text("fanout_cursor"),
  fannedOutAt: integer("fanned_out_at", { mode: "timestamp_ms" }),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

// A broadcast's fan-out as pages planned ahead (migrations/0056_notification_fanout_pages.sql,
// decision 062): page n holds the members with afterId < id <= upToId (null: the rest); doneAt is
// set in the transaction that writes it, and the 5-minute cron queues again a page still open some
// minutes after queuedAt, at most a few times (sweeps).
export const notificationFanoutPages = sqliteTable(
  "notification_fanout_pages",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => notificationEvents.id, { onDelete: "cascade" }),
    page: integer("page").notNull(),
    afterId: text("after_id").notNull(),
    upToId: text("up_to_id"),
    queuedAt: integer("queued_at", { mode: "timestamp_ms" }).notNull(),
    sweeps: integer("sweeps").notNull().default(0),
    doneAt: integer("done_at", { mode: "timestamp_ms" }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.page] })],
);

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

/** Only where a member differs from defaultPreference (contracts/notification-kinds.ts). */
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
