// The moderation queue's queries: reported posts and comments with their open reports, and what a
// moderator does with them. Every write is one D1 batch with its audit row; a hide, a delete or a
// dismissal resolves the item's open reports in that batch. Counters stay exact: a comment's
// hide, unhide or delete moves its post's comment_count only when the comment's state did move
// (each statement conditional on the state it reads).
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { DB } from "./client";
import { commentReports, postComments, postImages, postReports, posts } from "./schema/feed";
import { users } from "./schema/accounts";
import { auditInsert, type Actor } from "./audit";
import { displayUsername } from "./auth";
import { notSuspended } from "./suspensions";
import { POST_IMAGE_URL_PREFIX, type ReportReason } from "#contracts/feed.ts";
import {
  MODERATION_QUEUE_LIMIT,
  MODERATION_REPORTS_SHOWN,
  type ModerationAuthor,
  type ModerationItem,
  type ModerationReport,
  type ModerationView,
  type ReasonCount,
  type ReportedComment,
  type ReportedPost,
} from "#contracts/moderation.ts";
import { auditDetail } from "#contracts/audit-detail.ts";
import { iso } from "../lib/time";
import { listRoomMessageItems } from "./rooms/reports";
import { listHiddenRoomMessageItems } from "./rooms/hidden";

const EXCERPT = 140;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

type AuthorRow = { authorId: string; authorUsername: string; authorEmail: string; authorStatus: "active" | "banned" };
const authorOf = (r: AuthorRow): ModerationAuthor => ({
  id: r.authorId,
  username: displayUsername({ username: r.authorUsername, email: r.authorEmail }),
  email: r.authorEmail,
  status: r.authorStatus,
});
const authorColumns = { authorId: users.id, authorUsername: users.username, authorEmail: users.email, authorStatus: users.status };

type ReportRow = {
  targetId: string;
  id: string;
  reason: ReportReason;
  details: string | null;
  reporterUsername: string;
  reporterEmail: string;
  createdAt: Date;
};

/** Reports grouped per item: the count, the count per reason, the latest few, and when the last came. */
function groupReports(rows: ReportRow[]) {
  type Group = { reasons: Map<ReportReason, number>; reports: ModerationReport[]; count: number; last: Date | null };
  const byTarget = new Map<string, Group>();
  for (const row of rows) {
    const group: Group = byTarget.get(row.targetId) ?? { reasons: new Map(), reports: [], count: 0, last: null };
    group.count++;
    group.reasons.set(row.reason, (group.reasons.get(row.reason) ?? 0) + 1);
    if (group.reports.length < MODERATION_REPORTS_SHOWN) {
      group.reports.push({
        id: row.id,
        reason: row.reason,
        details: row.details,
        reporter: displayUsername({ username: row.reporterUsername, email: row.reporterEmail }),
        createdAt: row.createdAt.toISOString(),
      });
    }
    if (!group.last || row.createdAt > group.last) group.last = row.createdAt;
    byTarget.set(row.targetId, group);
  }
  return byTarget;
}

const reasonList = (reasons: Map<ReportReason, number>): ReasonCount[] =>
  [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));

const reporter = alias(users, "reporter");
const reporterColumns = { reporterUsername: reporter.username, reporterEmail: reporter.email };

/** The ids the view lists: with open reports, most recently reported first; or hidden, most recently hidden first. */
async function queueIds(db: DB, view: ModerationView) {
  if (view === "open") {
    const lastPost = sql<number>`max(${postReports.createdAt})`;
    const lastComment = sql<number>`max(${commentReports.createdAt})`;
    const [postRows, commentRows] = await db.batch([
      db
        .select({ id: postReports.postId, at: lastPost })
        .from(postReports)
        .where(isNull(postReports.resolvedAt))
        .groupBy(postReports.postId)
        .orderBy(desc(lastPost))
        .limit(MODERATION_QUEUE_LIMIT),
      db
        .select({ id: commentReports.commentId, at: lastComment })
        .from(commentReports)
        .where(isNull(commentReports.resolvedAt))
        .groupBy(commentReports.commentId)
        .orderBy(desc(lastComment))
        .limit(MODERATION_QUEUE_LIMIT),
    ]);
    return { postIds: postRows.map((r) => r.id), commentIds: commentRows.map((r) => r.id) };
  }
  const [postRows, commentRows] = await db.batch([
    db.select({ id: posts.id }).from(posts).where(isNotNull(posts.hiddenAt)).orderBy(desc(posts.hiddenAt)).limit(MODERATION_QUEUE_LIMIT),
    db
      .select({ id: postComments.id })
      .from(postComments)
      .where(isNotNull(postComments.hiddenAt))
      .orderBy(desc(postComments.hiddenAt))
      .limit(MODERATION_QUEUE_LIMIT),
  ]);
  return { postIds: postRows.map((r) => r.id), commentIds: commentRows.map((r) => r.id) };
}

/** Posts by id, with their reports (open ones only when `openOnly`). */
async function postItems(db: DB, ids: string[], openOnly: boolean): Promise<ReportedPost[]> {
  if (ids.length === 0) return [];
  // Two reads, not one D1 batch: a batch answers rows as objects, where the joined tables' equal
  // column names (id, created_at) would overwrite each other.
  const [rows, reports] = await Promise.all([
    db
      .select({
        id: posts.id,
        content: posts.content,
        imageUrl: posts.imageUrl,
        commentCount: posts.commentCount,
        createdAt: posts.createdAt,
        hiddenAt: posts.hiddenAt,
        ...authorColumns,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(inArray(posts.id, ids)),
    db
      .select({
        targetId: postReports.postId,
        id: postReports.id,
        reason: postReports.reason,
        details: postReports.details,
        createdAt: postReports.createdAt,
        ...reporterColumns,
      })
      .from(postReports)
      .innerJoin(reporter, eq(reporter.id, postReports.reporterId))
      .where(and(inArray(postReports.postId, ids), openOnly ? isNull(postReports.resolvedAt) : undefined))
      .orderBy(desc(postReports.createdAt), desc(postReports.id)),
  ]);
  const grouped = groupReports(reports);
  return rows.map((r) => {
    const group = grouped.get(r.id);
    return {
      kind: "post",
      id: r.id,
      content: r.content,
      imageUrl: r.imageUrl,
      commentCount: r.commentCount,
      createdAt: r.createdAt.toISOString(),
      hiddenAt: iso(r.hiddenAt),
      author: authorOf(r),
      reportCount: group?.count ?? 0,
      reasons: reasonList(group?.reasons ?? new Map()),
      reports: group?.reports ?? [],
      lastReportedAt: iso(group?.last ?? null),
    };
  });
}

/** Comments by id, with their post's opening words and their reports (open ones only when `openOnly`). */
async function commentItems(db: DB, ids: string[], openOnly: boolean): Promise<ReportedComment[]> {
  if (ids.length === 0) return [];
  // Two reads, not one D1 batch: a batch answers rows as objects, where the joined tables' equal
  // column names (id, created_at) would overwrite each other.
  const [rows, reports] = await Promise.all([
    db
      .select({
        id: postComments.id,
        postId: postComments.postId,
        postContent: posts.content,
        content: postComments.content,
        createdAt: postComments.createdAt,
        hiddenAt: postComments.hiddenAt,
        ...authorColumns,
      })
      .from(postComments)
      .innerJoin(posts, eq(posts.id, postComments.postId))
      .innerJoin(users, eq(users.id, postComments.userId))
      .where(inArray(postComments.id, ids)),
    db
      .select({
        targetId: commentReports.commentId,
        id: commentReports.id,
        reason: commentReports.reason,
        details: commentReports.details,
        createdAt: commentReports.createdAt,
        ...reporterColumns,
      })
      .from(commentReports)
      .innerJoin(reporter, eq(reporter.id, commentReports.reporterId))
      .where(and(inArray(commentReports.commentId, ids), openOnly ? isNull(commentReports.resolvedAt) : undefined))
      .orderBy(desc(commentReports.createdAt), desc(commentReports.id)),
  ]);
  const grouped = groupReports(reports);
  return rows.map((r) => {
    const group = grouped.get(r.id);
    return {
      kind: "comment",
      id: r.id,
      postId: r.postId,
      postExcerpt: excerpt(r.postContent),
      content: r.content,
      createdAt: r.createdAt.toISOString(),
      hiddenAt: iso(r.hiddenAt),
      author: authorOf(r),
      reportCount: group?.count ?? 0,
      reasons: reasonList(group?.reasons ?? new Map()),
      reports: group?.reports ?? [],
      lastReportedAt: iso(group?.last ?? null),
    };
  });
}

/** The queue: posts, comments and room messages together, the most recent report (or hide) first. */
export async function listQueue(db: DB, view: ModerationView): Promise<ModerationItem[]> {
  const { postIds, commentIds } = await queueIds(db, view);
  const openOnly = view === "open";
  // A room message's open reports, or its copy kept as its room hid it (decision 115).
  const roomItems = openOnly ? await listRoomMessageItems(db) : await listHiddenRoomMessageItems(db);
  const items: ModerationItem[] = [...(await postItems(db, postIds, openOnly)), ...(await commentItems(db, commentIds, openOnly)), ...roomItems];
  const when = (item: ModerationItem) => (view === "open" ? item.lastReportedAt : item.hiddenAt) ?? "";
  return items.sort((a, b) => when(b).localeCompare(when(a)) || b.id.localeCompare(a.id)).slice(0, MODERATION_QUEUE_LIMIT);
}

/** One post as the queue shows it, with its open reports. */
export const findPostItem = async (db: DB, id: string) => (await postItems(db, [id], true))[0] ?? null;
/** One comment as the queue shows it, with its open reports. */
export const findCommentItem = async (db: DB, id: string) => (await commentItems(db, [id], true))[0] ?? null;

// ---- posts --------------------------------------------------------------------------------------

const resolvePostReports = (db: DB, postId: string, now: number) =>
  db
    .update(postReports)
    .set({ resolvedAt: new Date(now) })
    .where(and(eq(postReports.postId, postId), isNull(postReports.resolvedAt)))
    .returning({ id: postReports.id });

const resolveCommentReports = (db: DB, commentId: string, now: number) =>
  db
    .update(commentReports)
    .set({ resolvedAt: new Date(now) })
    .where(and(eq(commentReports.commentId, commentId), isNull(commentReports.resolvedAt)))
    .returning({ id: commentReports.id });

/** What the audit row says about a post or comment: whose, and how it began. */
const auditFacts = (item: ModerationItem) => ({ author: item.author.email, content: excerpt(item.content), reports: item.reportCount });

export type ActionOutcome = { resolvedReports: number };

/** The audit row of hiding or showing again a post or a comment. */
const visibilityAudit = (db: DB, actor: Actor, targetType: "post" | "comment", item: ModerationItem, hidden: boolean, now: number) =>
  auditInsert(
    db,
    {
      actor,
      action: `${targetType}.${hidden ? "hide" : "unhide"}`,
      targetType,
      targetId: item.id,
      summary: { before: { hidden: item.hiddenAt !== null, ...auditFacts(item) }, after: { hidden } },
    },
    now,
  );

/** Hides (resolving its open reports) or shows again a post. */
export async function setPostHidden(db: DB, actor: Actor, item: ReportedPost, hidden: boolean, now = Date.now()): Promise<ActionOutcome> {
  const update = db
    .update(posts)
    .set({ hiddenAt: hidden ? new Date(now) : null })
    .where(and(eq(posts.id, item.id), hidden ? isNull(posts.hiddenAt) : isNotNull(posts.hiddenAt)));
  const audit = visibilityAudit(db, actor, "post", item, hidden, now);
  if (!hidden) {
    await db.batch([update, audit]);
    return { resolvedReports: 0 };
  }
  const [, resolved] = await db.batch([update, resolvePostReports(db, item.id, now), audit]);
  return { resolvedReports: resolved.length };
}

/** Deletes a post (comments, likes and reports go by cascade). Returns its image's R2 key, if it had one there. */
export async function deletePostModerated(db: DB, actor: Actor, item: ReportedPost, now = Date.now()): Promise<{ deleted: boolean; imageKey: string | null }> {
  const imageKey = item.imageUrl?.startsWith(POST_IMAGE_URL_PREFIX) ? `posts/${item.imageUrl.slice(POST_IMAGE_URL_PREFIX.length)}` : null;
  const [deleted] = await db.batch([
    db.delete(posts).where(eq(posts.id, item.id)).returning({ id: posts.id }),
    db.delete(postImages).where(and(eq(postImages.key, imageKey ?? ""), eq(postImages.postId, item.id))),
    auditInsert(
      db,
      {
        actor,
        action: "post.delete",
        targetType: "post",
        targetId: item.id,
        summary: { before: auditFacts(item), ...auditDetail({ kind: "moderation_deleted" }) },
      },
      now,
    ),
  ]);
  return { deleted: deleted.length === 1, imageKey };
}

export async function dismissPostReports(db: DB, actor: Actor, item: ReportedPost, now = Date.now()): Promise<ActionOutcome> {
  const [resolved] = await db.batch([
    resolvePostReports(db, item.id, now),
    auditInsert(
      db,
      { actor, action: "post.reports_dismiss", targetType: "post", targetId: item.id, summary: { before: auditFacts(item), after: { openReports: 0 } } },
      now,
    ),
  ]);
  return { resolvedReports: resolved.length };
}

// ---- comments -----------------------------------------------------------------------------------

/** The comment's post, when the comment is (hidden: true) or is not (false) hidden right now. */
const postOfComment = (commentId: string, hidden: boolean) =>
  sql`(SELECT ${postComments.postId} FROM ${postComments} WHERE ${postComments.id} = ${commentId} AND ${postComments.hiddenAt} ${hidden ? sql`IS NOT NULL` : sql`IS NULL`})`;

const commentCountOf = (db: DB, postId: string) => db.select({ commentCount: posts.commentCount }).from(posts).where(eq(posts.id, postId));

/** Hides (resolving its open reports) or shows again a comment; returns the post's comment count afterwards. */
export async function setCommentHidden(
  db: DB,
  actor: Actor,
  item: ReportedComment,
  hidden: boolean,
  now = Date.now(),
): Promise<ActionOutcome & { commentCount: number | null }> {
  // The count moves first, reading the comment's state before the comment itself changes.
  const count = db
    .update(posts)
    .set({ commentCount: hidden ? sql`max(${posts.commentCount} - 1, 0)` : sql`${posts.commentCount} + 1` })
    .where(eq(posts.id, postOfComment(item.id, !hidden)));
  const update = db
    .update(postComments)
    .set({ hiddenAt: hidden ? new Date(now) : null })
    .where(and(eq(postComments.id, item.id), hidden ? isNull(postComments.hiddenAt) : isNotNull(postComments.hiddenAt)));
  const audit = visibilityAudit(db, actor, "comment", item, hidden, now);
  if (!hidden) {
    const [, , , counted] = await db.batch([count, update, audit, commentCountOf(db, item.postId)]);
    return { resolvedReports: 0, commentCount: counted[0]?.commentCount ?? null };
  }
  const [, , resolved, , counted] = await db.batch([count, update, resolveCommentReports(db, item.id, now), audit, commentCountOf(db, item.postId)]);
  return { resolvedReports: resolved.length, commentCount: counted[0]?.commentCount ?? null };
}

export async function deleteCommentModerated(
  db: DB,
  actor: Actor,
  item: ReportedComment,
  now = Date.now(),
): Promise<{ deleted: boolean; commentCount: number | null }> {
  const [, deleted, , counted] = await db.batch([
    // A hidden comment was already left out of the count.
    db
      .update(posts)
      .set({ commentCount: sql`max(${posts.commentCount} - 1, 0)` })
      .where(eq(posts.id, postOfComment(item.id, false))),
    db.delete(postComments).where(eq(postComments.id, item.id)).returning({ id: postComments.id }),
    auditInsert(
      db,
      {
        actor,
        action: "comment.delete",
        targetType: "comment",
        targetId: item.id,
        summary: { before: auditFacts(item), ...auditDetail({ kind: "moderation_deleted" }) },
      },
      now,
    ),
    commentCountOf(db, item.postId),
  ]);
  return { deleted: deleted.length === 1, commentCount: counted[0]?.commentCount ?? null };
}

export async function dismissCommentReports(db: DB, actor: Actor, item: ReportedComment, now = Date.now()): Promise<ActionOutcome> {
  const [resolved] = await db.batch([
    resolveCommentReports(db, item.id, now),
    auditInsert(
      db,
      { actor, action: "comment.reports_dismiss", targetType: "comment", targetId: item.id, summary: { before: auditFacts(item), after: { openReports: 0 } } },
      now,
    ),
  ]);
  return { resolvedReports: resolved.length };
}

// ---- authors ------------------------------------------------------------------------------------

/** After a ban: the open reports on the member's posts and comments are settled by it. */
export async function resolveReportsOfAuthor(db: DB, actor: Actor, userId: string, now = Date.now()): Promise<number> {
  const at = new Date(now);
  const [onPosts, onComments] = await db.batch([
    db
      .update(postReports)
      .set({ resolvedAt: at })
      .where(and(isNull(postReports.resolvedAt), sql`${postReports.postId} IN (SELECT ${posts.id} FROM ${posts} WHERE ${posts.userId} = ${userId})`))
      .returning({ id: postReports.id }),
    db
      .update(commentReports)
      .set({ resolvedAt: at })
      .where(
        and(
          isNull(commentReports.resolvedAt),
          sql`${commentReports.commentId} IN (SELECT ${postComments.id} FROM ${postComments} WHERE ${postComments.userId} = ${userId})`,
        ),
      )
      .returning({ id: commentReports.id }),
    auditInsert(
      db,
      { actor, action: "reports.resolve_author", targetType: "user", targetId: userId, summary: auditDetail({ kind: "moderation_author_banned" }) },
      now,
    ),
  ]);
  return onPosts.length + onComments.length;
}

/** The author of a post or comment, for "ban the author". */
export async function authorOfItem(db: DB, kind: "post" | "comment", id: string): Promise<string | null> {
  const row =
    kind === "post"
      ? await db.select({ userId: posts.userId }).from(posts).where(eq(posts.id, id)).get()
      : await db.select({ userId: postComments.userId }).from(postComments).where(eq(postComments.id, id)).get();
  return row?.userId ?? null;
}

// ---- members' reports on comments -----------------------------------------------------------

/** A comment a member may report: on this post, not hidden, by someone not under a suspension in force. */
export const findReportableComment = (db: DB, postId: string, commentId: string) =>
  db
    .select({ id: postComments.id })
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.userId))
    .where(and(eq(postComments.id, commentId), eq(postComments.postId, postId), isNull(postComments.hiddenAt), notSuspended()))
    .get();

/** Records a report on a comment; false when this member already reported it. */
export async function insertCommentReport(
  db: DB,
  report: { commentId: string; reporterId: string; reason: ReportReason; details: string | null },
  now = Date.now(),
) {
  const rows = await db
    .insert(commentReports)
    .values({ id: crypto.randomUUID(), ...report, createdAt: new Date(now) })
    .onConflictDoNothing()
    .returning({ id: commentReports.id });
  return rows.length === 1;
}
