// The social feed: posts, their comments, likes and images, and the reports the moderation queue reads.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./accounts";

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
    /** For a 'vip' post, its tier gate (migrations/0068, db/tiers/gate.ts): the lowest tier admitted, or the tiers admitted (JSON). */
    minTierId: text("min_tier_id"),
    tierIds: text("tier_ids"),
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
