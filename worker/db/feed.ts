// Queries for the social feed. Counters (likes, comments) change in the same batch as the row
// they count, each statement conditional, so concurrent requests keep them exact. Banned members'
// posts and comments are visible to admins only. A post or comment a moderator hid is in no list
// (the back office's moderation queue shows it); a hidden post is still found by id for admins.
// A post for paid tiers (visibility 'vip', refined by a tier gate: db/tiers/gate.ts) reaches a reader
// its gate does not admit as a locked teaser (toPostView): the text, picture and counts are dropped
// here, so no route can hand them out by mistake.
import { and, asc, count, desc, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { DB } from "./client";
import { postComments, postImages, postLikes, postReports, posts } from "./schema/feed";
import { users } from "./schema/accounts";
import { displayUsername } from "./auth";
import { notSuspended } from "./suspensions";
import { refuse, type Refused } from "../lib/outcome";
import { readTiers } from "./tiers/tiers";
import { tierBadgeOf } from "#contracts/tiers/badges.ts";
import { columnsOfGate, gateOfColumns, gateView, passesGate, tiersFor } from "./tiers/gate";
import type { MemberTier, TierView } from "#contracts/tiers/tiers.ts";
import type { TierGate } from "#contracts/tiers/gate.ts";
import {
  FEED_PAGE_SIZE,
  PINNED_MAX,
  POST_IMAGE_URL_PREFIX,
  type CommentView,
  type PostAuthor,
  type PostByline,
  type PostTeaser,
  type PostView,
  type PostVisibility,
  type ReportReason,
} from "#contracts/feed.ts";

export type Viewer = { id: string; isAdmin: boolean; isVIP: boolean; tier?: MemberTier };

/** The name official posts show as their author (the settings' artist name), read only when one is shown. */
export type OfficialName = () => Promise<string>;

/** A post's tier gate: set on posts for paid tiers only (an old 'vip' row without one is for VIP and above). */
const postGate = (row: { visibility: PostVisibility; minTierId: string | null; tierIds: string | null }): TierGate | null =>
  row.visibility === "vip" ? (gateOfColumns(row) ?? { minTier: "vip" }) : null;

/** Authors a viewer may see: everyone for admins, all but banned members (a ban in force) for others. */
const visibleAuthor = (viewer: Viewer) => (viewer.isAdmin ? undefined : notSuspended());
/** Hidden posts: found by id by admins only. */
const visibleHidden = (viewer: Viewer) => (viewer.isAdmin ? undefined : isNull(posts.hiddenAt));

const postColumns = (viewer: Viewer) => ({
  id: posts.id,
  visibility: posts.visibility,
  minTierId: posts.minTierId,
  tierIds: posts.tierIds,
  isOfficial: posts.isOfficial,
  pinnedAt: posts.pinnedAt,
  content: posts.content,
  imageUrl: posts.imageUrl,
  imageWidth: posts.imageWidth,
  imageHeight: posts.imageHeight,
  createdAt: posts.createdAt,
  likeCount: posts.likeCount,
  commentCount: posts.commentCount,
  authorId: users.id,
  authorUsername: users.username,
  authorEmail: users.email,
  authorAvatar: users.avatarUrl,
  authorVip: users.isVip,
  authorTier: users.tierId,
  likedByMe: sql<number>`EXISTS (SELECT 1 FROM ${postLikes} WHERE ${postLikes.postId} = ${posts.id} AND ${postLikes.userId} = ${viewer.id})`,
});

type PostRow = {
  id: string;
  visibility: PostVisibility;
  minTierId: string | null;
  tierIds: string | null;
  isOfficial: boolean;
  pinnedAt: Date | null;
  content: string;
  imageUrl: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  createdAt: Date;
  likeCount: number;
  commentCount: number;
  authorId: string;
  authorUsername: string;
  authorEmail: string;
  authorAvatar: string | null;
  authorVip: boolean;
  authorTier: string | null;
  likedByMe: number;
};

/** An official post's author is the artist: the admin who wrote it is not named. */
const artistByline = (name: string): PostByline => ({ id: null, username: name, avatarUrl: null, isVIP: false, tier: null });

type AuthorColumns = {
  authorId: string;
  authorUsername: string;
  authorEmail: string;
  authorAvatar: string | null;
  authorVip: boolean;
  authorTier: string | null;
};
const authorOf = (row: AuthorColumns, ladder: readonly TierView[]): PostAuthor => ({
  id: row.authorId,
  username: displayUsername({ username: row.authorUsername, email: row.authorEmail }),
  avatarUrl: row.authorAvatar,
  isVIP: row.authorVip,
  tier: tierBadgeOf(row.authorTier, ladder),
});
const bylineOf = (row: AuthorColumns & { isOfficial: boolean }, officialName: string, ladder: readonly TierView[]): PostByline =>
  row.isOfficial ? artistByline(officialName) : authorOf(row, ladder);

/** The ladder, read only when one of `rows` names a paid tier (the free tier has no badge). */
const ladderFor = async (db: DB, rows: { authorTier: string | null }[]): Promise<TierView[]> => (rows.some((r) => r.authorTier) ? readTiers(db) : []);

/** The artist's name, asked for only when one of `rows` is official (settings are a D1 read). */
const officialNameFor = async (rows: { isOfficial: boolean }[], officialName: OfficialName) => (rows.some((r) => r.isOfficial) ? officialName() : "");

const imageOf = (row: Pick<PostRow, "imageUrl" | "imageWidth" | "imageHeight">): PostView["image"] =>
  row.imageUrl && row.imageWidth && row.imageHeight ? { url: row.imageUrl, width: row.imageWidth, height: row.imageHeight } : null;

/** The ladder, read only when one of `rows` names a paid tier: its author's badge or its gate. */
const ladderForPosts = async (db: DB, rows: PostRow[]): Promise<TierView[]> => (rows.some((r) => r.authorTier || postGate(r)) ? readTiers(db) : []);

function toPostView(row: PostRow, viewer: Viewer, officialName: string, ladder: readonly TierView[]): PostView {
  const gate = postGate(row);
  const head = {
    id: row.id,
    author: bylineOf(row, officialName, ladder),
    visibility: row.visibility,
    tiers: gate && gateView(gate, ladder),
    official: row.isOfficial,
    pinned: row.pinnedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
  // The teaser: who and when, nothing of what it says or shows, and nothing to do with it.
  if (!passesGate(viewer, gate, ladder)) {
    return { ...head, locked: true, content: "", image: null, likeCount: 0, commentCount: 0, likedByMe: false, canDelete: false };
  }
  return {
    ...head,
    locked: false,
    content: row.content,
    image: imageOf(row),
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    likedByMe: Boolean(row.likedByMe),
    canDelete: viewer.isAdmin || viewer.id === row.authorId,
  };
}

export type FeedCursor = { createdAt: number; id: string };
export const encodeCursor = (c: FeedCursor) => `${c.createdAt}_${c.id}`;
export function decodeCursor(text: string): FeedCursor {
  const [ms, id] = text.split("_") as [string, string];
  return { createdAt: Number(ms), id };
}

/**
 * One page of the feed, newest first. The cursor is the (created_at, id) of the last post already
 * shown, so posts arriving meanwhile never shift the next page. Pinned posts head the first page
 * (most recently pinned first) and are left out of every page's own list, so none shows twice.
 */
export async function listFeed(db: DB, viewer: Viewer, cursor: FeedCursor | undefined, officialName: OfficialName) {
  const before = cursor
    ? or(lt(posts.createdAt, new Date(cursor.createdAt)), and(eq(posts.createdAt, new Date(cursor.createdAt)), lt(posts.id, cursor.id)))
    : undefined;
  const shown = and(visibleAuthor(viewer), isNull(posts.hiddenAt));
  const select = () => db.select(postColumns(viewer)).from(posts).innerJoin(users, eq(users.id, posts.userId));
  const pageQuery = select()
    .where(and(shown, isNull(posts.pinnedAt), before))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(FEED_PAGE_SIZE + 1);
  // Side by side, not in one db.batch: a batch hands drizzle rows keyed by column name, where the
  // join's two "id" columns (posts', users') collide and every post came back with its author's id.
  const [pinned, rows] = await Promise.all([
    cursor
      ? []
      : select()
          .where(and(shown, isNotNull(posts.pinnedAt)))
          .orderBy(desc(posts.pinnedAt)),
    pageQuery,
  ]);
  const page = rows.slice(0, FEED_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor = rows.length > FEED_PAGE_SIZE && last ? encodeCursor({ createdAt: last.createdAt.getTime(), id: last.id }) : null;
  const listed = [...pinned, ...page];
  const [name, ladder] = await Promise.all([officialNameFor(listed, officialName), ladderForPosts(db, listed)]);
  return { posts: listed.map((r) => toPostView(r, viewer, name, ladder)), nextCursor };
}

export async function findPost(db: DB, viewer: Viewer, postId: string, officialName: OfficialName): Promise<PostView | null> {
  const row = await db
    .select(postColumns(viewer))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.id, postId), visibleAuthor(viewer), visibleHidden(viewer)))
    .get();
  if (!row) return null;
  const [name, ladder] = await Promise.all([officialNameFor([row], officialName), ladderForPosts(db, [row])]);
  return toPostView(row, viewer, name, ladder);
}

/**
 * A post as a visitor may know of it (contracts/feed.ts PostTeaser), or null where a member could
 * not see it. Only a public post's text and picture are in it.
 */
export async function findPostTeaser(db: DB, postId: string, officialName: OfficialName): Promise<PostTeaser | null> {
  const row = await db
    .select({
      id: posts.id,
      createdAt: posts.createdAt,
      visibility: posts.visibility,
      minTierId: posts.minTierId,
      tierIds: posts.tierIds,
      isOfficial: posts.isOfficial,
      content: posts.content,
      imageUrl: posts.imageUrl,
      imageWidth: posts.imageWidth,
      imageHeight: posts.imageHeight,
      username: users.username,
      email: users.email,
      avatarUrl: users.avatarUrl,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.id, postId), notSuspended(), isNull(posts.hiddenAt)))
    .get();
  if (!row) return null;
  const author = row.isOfficial ? { username: await officialName(), avatarUrl: null } : { username: displayUsername(row), avatarUrl: row.avatarUrl };
  const isPublic = row.visibility === "public";
  const gate = postGate(row);
  return {
    id: row.id,
    author,
    createdAt: row.createdAt.toISOString(),
    visibility: row.visibility,
    tiers: gate && gateView(gate, await tiersFor(db, [gate])),
    official: row.isOfficial,
    content: isPublic ? row.content : null,
    image: isPublic ? imageOf(row) : null,
  };
}

/** An uploaded image of this member that no post has taken yet. */
export const findFreeImage = (db: DB, userId: string, key: string) =>
  db
    .select()
    .from(postImages)
    .where(and(eq(postImages.key, key), eq(postImages.userId, userId), isNull(postImages.postId)))
    .get();

/**
 * Creates the post and, with an image, takes the image, in one batch. The image is taken only if
 * it is still this member's and still free; if another post or the cron got it first, the batch
 * removes the post again and this returns false.
 */
export async function insertPost(
  db: DB,
  post: {
    id: string;
    userId: string;
    content: string;
    image: { key: string; url: string; width: number; height: number } | null;
    visibility: PostVisibility;
    /** For a 'vip' post: who among the paid tiers reads it (stored as given). */
    tiers: TierGate | null;
    official: boolean;
    pinned: boolean;
  },
  now = Date.now(),
): Promise<boolean> {
  const insert = db.insert(posts).values({
    id: post.id,
    userId: post.userId,
    content: post.content,
    imageUrl: post.image?.url ?? null,
    imageWidth: post.image?.width ?? null,
    imageHeight: post.image?.height ?? null,
    createdAt: new Date(now),
    visibility: post.visibility,
    ...columnsOfGate(post.visibility === "vip" ? post.tiers : null),
    isOfficial: post.official,
    pinnedAt: post.pinned ? new Date(now) : null,
  });
  if (!post.image) {
    await insert;
    return true;
  }
  const { key } = post.image;
  const [, , undone] = await db.batch([
    insert,
    db
      .update(postImages)
      .set({ postId: post.id })
      .where(and(eq(postImages.key, key), eq(postImages.userId, post.userId), isNull(postImages.postId))),
    db
      .delete(posts)
      .where(and(eq(posts.id, post.id), sql`NOT EXISTS (SELECT 1 FROM ${postImages} WHERE ${postImages.key} = ${key} AND ${postImages.postId} = ${post.id})`))
      .returning({ id: posts.id }),
  ]);
  return undone.length === 0;
}

// Pinning ---------------------------------------------------------------------------------------

/** How many posts are pinned now. */
export const countPinned = async (db: DB) => (await db.select({ n: count() }).from(posts).where(isNotNull(posts.pinnedAt)).get())?.n ?? 0;

export type PinRefusal = "not_official" | "limit";

/**
 * Pins (or unpins) a post. Null when there is no such post; refused when it is not official, or
 * when PINNED_MAX posts are pinned already (checked inside the update, so two admins pinning at
 * once cannot both pass the limit). Pinning a pinned post keeps its place.
 */
export async function setPinned(db: DB, postId: string, pinned: boolean, now = Date.now()): Promise<true | Refused<PinRefusal> | null> {
  const row = await db.select({ isOfficial: posts.isOfficial, pinnedAt: posts.pinnedAt }).from(posts).where(eq(posts.id, postId)).get();
  if (!row) return null;
  if (!row.isOfficial) return refuse("not_official");
  if (!pinned) {
    await db.update(posts).set({ pinnedAt: null }).where(eq(posts.id, postId));
    return true;
  }
  if (row.pinnedAt) return true;
  const underLimit = sql`(SELECT count(*) FROM ${posts} WHERE ${posts.pinnedAt} IS NOT NULL) < ${PINNED_MAX}`;
  const updated = await db
    .update(posts)
    .set({ pinnedAt: new Date(now) })
    .where(and(eq(posts.id, postId), isNull(posts.pinnedAt), underLimit))
    .returning({ id: posts.id });
  return updated.length === 1 ? true : refuse("limit");
}

/** Deletes a post the viewer may delete (comments, likes and reports go with it by cascade). Returns its image key, or undefined when nothing was deleted. */
export async function deletePost(db: DB, viewer: Viewer, postId: string): Promise<{ imageKey: string | null } | undefined> {
  const owned = viewer.isAdmin ? eq(posts.id, postId) : and(eq(posts.id, postId), eq(posts.userId, viewer.id));
  const [deleted] = await db.delete(posts).where(owned).returning({ imageUrl: posts.imageUrl });
  if (!deleted) return undefined;
  const imageKey = deleted.imageUrl?.startsWith(POST_IMAGE_URL_PREFIX) ? `posts/${deleted.imageUrl.slice(POST_IMAGE_URL_PREFIX.length)}` : null;
  if (imageKey) await db.delete(postImages).where(eq(postImages.key, imageKey));
  return { imageKey };
}

// Comments ------------------------------------------------------------------------------------

const commentColumns = {
  id: postComments.id,
  postId: postComments.postId,
  content: postComments.content,
  createdAt: postComments.createdAt,
  authorId: users.id,
  authorUsername: users.username,
  authorEmail: users.email,
  authorAvatar: users.avatarUrl,
  authorVip: users.isVip,
  authorTier: users.tierId,
};

type CommentRow = {
  id: string;
  postId: string;
  content: string;
  createdAt: Date;
  authorId: string;
  authorUsername: string;
  authorEmail: string;
  authorAvatar: string | null;
  authorVip: boolean;
  authorTier: string | null;
};
const toCommentView = (r: CommentRow, ladder: readonly TierView[]): CommentView => ({
  id: r.id,
  postId: r.postId,
  content: r.content,
  createdAt: r.createdAt.toISOString(),
  author: authorOf(r, ladder),
});

export async function listComments(db: DB, viewer: Viewer, postId: string): Promise<CommentView[]> {
  const rows = await db
    .select(commentColumns)
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.userId))
    .where(and(eq(postComments.postId, postId), visibleAuthor(viewer), isNull(postComments.hiddenAt)))
    .orderBy(asc(postComments.createdAt), asc(postComments.id));
  const ladder = await ladderFor(db, rows);
  return rows.map((r) => toCommentView(r, ladder));
}

/** Adds a comment and bumps the post's count in one batch. Returns the new count, or null when the post is gone. */
export async function insertComment(db: DB, comment: { id: string; postId: string; userId: string; content: string }, now = Date.now()) {
  const postExists = sql`EXISTS (SELECT 1 FROM ${posts} WHERE ${posts.id} = ${comment.postId})`;
  const [, counted] = await db.batch([
    db.insert(postComments).select(
      db
        .select({
          id: sql`${comment.id}`.as("id"),
          postId: sql`${comment.postId}`.as("post_id"),
          userId: sql`${comment.userId}`.as("user_id"),
          content: sql`${comment.content}`.as("content"),
          createdAt: sql`${now}`.as("created_at"),
          hiddenAt: sql`NULL`.as("hidden_at"),
        })
        .from(posts)
        .where(eq(posts.id, comment.postId)),
    ),
    db
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(and(eq(posts.id, comment.postId), postExists))
      .returning({ commentCount: posts.commentCount }),
  ]);
  return counted[0]?.commentCount ?? null;
}

export async function findComment(db: DB, viewer: Viewer, commentId: string) {
  const row = await db
    .select(commentColumns)
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.userId))
    .where(and(eq(postComments.id, commentId), visibleAuthor(viewer)))
    .get();
  return row ? toCommentView(row, await ladderFor(db, [row])) : null;
}

// Likes ---------------------------------------------------------------------------------------

/**
 * Likes or unlikes in one batch: the like row and the counter change together, and the counter
 * moves only when the row did (a second like or a missing unlike changes nothing). Returns the
 * count afterwards, or null when the post does not exist.
 */
export async function setLike(db: DB, postId: string, userId: string, liked: boolean, now = Date.now()) {
  const hasLike = sql`EXISTS (SELECT 1 FROM ${postLikes} WHERE ${postLikes.postId} = ${postId} AND ${postLikes.userId} = ${userId})`;
  const statements = liked
    ? ([
        db
          .update(posts)
          .set({ likeCount: sql`${posts.likeCount} + 1` })
          .where(and(eq(posts.id, postId), sql`NOT ${hasLike}`)),
        db
          .insert(postLikes)
          .values({ postId, userId, createdAt: new Date(now) })
          .onConflictDoNothing(),
      ] as const)
    : ([
        db
          .update(posts)
          .set({ likeCount: sql`max(${posts.likeCount} - 1, 0)` })
          .where(and(eq(posts.id, postId), hasLike)),
        db.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId))),
      ] as const);
  const [, , after] = await db.batch([...statements, db.select({ likeCount: posts.likeCount }).from(posts).where(eq(posts.id, postId))]);
  return after[0]?.likeCount ?? null;
}

// Reports -------------------------------------------------------------------------------------

/** Records a report; false when this member already reported this post. */
export async function insertReport(db: DB, report: { postId: string; reporterId: string; reason: ReportReason; details: string | null }, now = Date.now()) {
  const rows = await db
    .insert(postReports)
    .values({ id: crypto.randomUUID(), ...report, createdAt: new Date(now) })
    .onConflictDoNothing()
    .returning({ id: postReports.id });
  return rows.length === 1;
}

// Images --------------------------------------------------------------------------------------

export const insertPostImage = (db: DB, image: { key: string; userId: string; width: number; height: number }, now = Date.now()) =>
  db.insert(postImages).values({ ...image, createdAt: new Date(now) });

/** Images no post took within `olderThanMs`: their rows are removed and their keys returned (for R2). */
export async function takeAbandonedImages(db: DB, now: number, olderThanMs: number): Promise<string[]> {
  const rows = await db
    .delete(postImages)
    .where(and(isNull(postImages.postId), lt(postImages.createdAt, new Date(now - olderThanMs))))
    .returning({ key: postImages.key });
  return rows.map((r) => r.key);
}
