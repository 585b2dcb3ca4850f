// /api/admin/moderation: the queue of reported posts and comments (administrators only: the admin
// tree's gate runs first), and the moderator's actions on an item: hide (it leaves the feed but
// stays stored) or show again, delete, dismiss its reports, ban its author. Open feeds hear of a
// hidden or deleted post, and of a comment count that moved, once D1 has committed.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { z } from "#contracts/zod.ts";
import { validate } from "../../lib/validate";
import { badRequest, notFound, routeError, validationError } from "../../lib/errors";
import { findRoomMessageItem, resolveRoomMessageReports } from "../../db/rooms/reports";
import { roomHub } from "../../services/realtime/room-hub";
import { roomMessageParamSchema } from "#contracts/rooms/rooms.ts";
import { userText } from "#contracts/text.ts";
import { notifyPostHidden } from "../../services/notifications/triggers";
import { publishFeedEvent } from "../../services/realtime/feed-hub";
import type { FeedEvent } from "#contracts/feed.ts";
import {
  authorOfItem,
  deleteCommentModerated,
  deletePostModerated,
  dismissCommentReports,
  dismissPostReports,
  findCommentItem,
  findPostItem,
  listQueue,
  resolveReportsOfAuthor,
  setCommentHidden,
  setPostHidden,
} from "../../db/moderation";
import { setUserBan } from "../../services/user-admin";
import {
  HIDE_REASON_MAX,
  MODERATION_ERROR_CODES,
  MODERATION_MESSAGES,
  MODERATION_VIEWS,
  type BanAuthorResponse,
  type ModerationActionResponse,
  type ModerationQueueResponse,
} from "#contracts/moderation.ts";
import { actorOf } from "../../middleware/guards";
import { BAN_REASON_CODES } from "#contracts/suspension.ts";

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const postParam = validate("param", z.object({ id: z.string().regex(ID_PATTERN, MODERATION_MESSAGES.postNotFound) }));
const commentParam = validate("param", z.object({ id: z.string().regex(ID_PATTERN, MODERATION_MESSAGES.commentNotFound) }));
const queueQuery = validate("query", z.object({ view: z.enum(MODERATION_VIEWS).optional().default("open") }));

const postNotFound = () => notFound(MODERATION_MESSAGES.postNotFound, MODERATION_ERROR_CODES.postNotFound);
const commentNotFound = () => notFound(MODERATION_MESSAGES.commentNotFound, MODERATION_ERROR_CODES.commentNotFound);

/** Tells every open feed after the response, without holding it up. */
const announce = (c: Context<HonoEnv>, event: FeedEvent) => c.executionCtx.waitUntil(publishFeedEvent(c.env, event));

async function post(c: Context<HonoEnv>, id: string) {
  const item = await findPostItem(c.var.db, id);
  if (!item) throw postNotFound();
  return item;
}

async function comment(c: Context<HonoEnv>, id: string) {
  const item = await findCommentItem(c.var.db, id);
  if (!item) throw commentNotFound();
  return item;
}

const hideSchema = z.strictObject({
  reason: userText({ max: HIDE_REASON_MAX, maxMessage: MODERATION_MESSAGES.hideReasonTooLong })
    .transform((v) => v || null)
    .optional(),
});

/**
 * Why a post is hidden, from the optional JSON body: the back office sent none before the author
 * was told, so an empty body is accepted as "no reason given".
 */
async function hideReason(c: Context<HonoEnv>): Promise<string | null> {
  const raw = await c.req.text();
  if (raw.trim() === "") return null;
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw badRequest("Malformed JSON in request body");
  }
  const result = hideSchema.safeParse(body);
  if (!result.success) throw validationError(result.error.issues[0]);
  return result.data.reason ?? null;
}

/**
 * The queue's "ban the author" has no form: a permanent ban whose reason is a code (the member reads
 * it translated on the login page; an admin may change it in Users).
 */
const MODERATION_BAN = { reason: BAN_REASON_CODES.reportedContent, until: null };

/** Bans the author of a post or comment (the member-admin service's rules: not oneself, never the last admin). */
async function banAuthor(c: Context<HonoEnv>, kind: "post" | "comment", id: string) {
  const db = c.var.db;
  const userId = await authorOfItem(db, kind, id);
  if (!userId) throw kind === "post" ? postNotFound() : commentNotFound();
  const actor = actorOf(c);
  await setUserBan(c.env, db, actor, userId, MODERATION_BAN, { waitUntil: (work) => c.executionCtx.waitUntil(work), keepExisting: true });
  const resolvedReports = await resolveReportsOfAuthor(db, actor, userId);
  return c.json<BanAuthorResponse>({ userId, status: "banned", resolvedReports });
}

const postActions = new Hono<HonoEnv>()
  .post("/:id/hide", postParam, async (c) => {
    const item = await post(c, c.req.valid("param").id);
    const reason = await hideReason(c);
    const actor = actorOf(c);
    const { resolvedReports } = await setPostHidden(c.var.db, actor, item, true);
    // To members the post is gone: open feeds drop it as they drop a deleted one.
    announce(c, { type: "post.deleted", postId: item.id });
    const after = await findPostItem(c.var.db, item.id);
    // The author is told why: the moderator's words, else what most reporters said (a reason code).
    if (after?.hiddenAt) {
      const reported = item.reasons[0]?.reason;
      const why = reason !== null ? { reason } : reported ? { reasonCode: reported } : {};
      c.executionCtx.waitUntil(notifyPostHidden(c.env, c.var.db, { id: item.id, authorId: item.author.id }, after.hiddenAt, actor.id, why));
    }
    return c.json<ModerationActionResponse>({ resolvedReports, item: after });
  })
  .post("/:id/unhide", postParam, async (c) => {
    const item = await post(c, c.req.valid("param").id);
    const { resolvedReports } = await setPostHidden(c.var.db, actorOf(c), item, false);
    return c.json<ModerationActionResponse>({ resolvedReports, item: await findPostItem(c.var.db, item.id) });
  })
  .post("/:id/dismiss", postParam, async (c) => {
    const item = await post(c, c.req.valid("param").id);
    const { resolvedReports } = await dismissPostReports(c.var.db, actorOf(c), item);
    return c.json<ModerationActionResponse>({ resolvedReports, item: await findPostItem(c.var.db, item.id) });
  })
  .delete("/:id", postParam, async (c) => {
    const item = await post(c, c.req.valid("param").id);
    const { deleted, imageKey } = await deletePostModerated(c.var.db, actorOf(c), item);
    if (!deleted) throw postNotFound();
    if (imageKey) await c.env.MEDIA.delete(imageKey);
    announce(c, { type: "post.deleted", postId: item.id });
    return c.json<ModerationActionResponse>({ resolvedReports: item.reportCount, item: null });
  })
  .post("/:id/ban-author", postParam, (c) => banAuthor(c, "post", c.req.valid("param").id));

const commentActions = new Hono<HonoEnv>()
  .post("/:id/hide", commentParam, async (c) => {
    const item = await comment(c, c.req.valid("param").id);
    const { resolvedReports, commentCount } = await setCommentHidden(c.var.db, actorOf(c), item, true);
    if (commentCount !== null) announce(c, { type: "comment.added", postId: item.postId, commentCount });
    return c.json<ModerationActionResponse>({ resolvedReports, item: await findCommentItem(c.var.db, item.id) });
  })
  .post("/:id/unhide", commentParam, async (c) => {
    const item = await comment(c, c.req.valid("param").id);
    const { resolvedReports, commentCount } = await setCommentHidden(c.var.db, actorOf(c), item, false);
    if (commentCount !== null) announce(c, { type: "comment.added", postId: item.postId, commentCount });
    return c.json<ModerationActionResponse>({ resolvedReports, item: await findCommentItem(c.var.db, item.id) });
  })
  .post("/:id/dismiss", commentParam, async (c) => {
    const item = await comment(c, c.req.valid("param").id);
    const { resolvedReports } = await dismissCommentReports(c.var.db, actorOf(c), item);
    return c.json<ModerationActionResponse>({ resolvedReports, item: await findCommentItem(c.var.db, item.id) });
  })
  .delete("/:id", commentParam, async (c) => {
    const item = await comment(c, c.req.valid("param").id);
    const { deleted, commentCount } = await deleteCommentModerated(c.var.db, actorOf(c), item);
    if (!deleted) throw commentNotFound();
    if (commentCount !== null) announce(c, { type: "comment.added", postId: item.postId, commentCount });
    return c.json<ModerationActionResponse>({ resolvedReports: item.reportCount, item: null });
  })
  .post("/:id/ban-author", commentParam, (c) => banAuthor(c, "comment", c.req.valid("param").id));

/** Room messages (decision 111): `:id` the room, `:seq` the message; hidden in the room's object, its reports resolved here. */
async function roomMessage(c: Context<HonoEnv>, roomId: string, seq: number) {
  const item = await findRoomMessageItem(c.var.db, roomId, seq);
  if (!item) throw routeError("room_message_not_found");
  return item;
}

const roomMessageActions = new Hono<HonoEnv>()
  .post("/:id/:seq/hide", validate("param", roomMessageParamSchema), async (c) => {
    const { id, seq } = c.req.valid("param");
    const item = await roomMessage(c, id, seq);
    const actor = actorOf(c);
    // Already hidden by a moderator in the room: its reports are settled all the same.
    await roomHub(c.env, item.roomId).hideReported(item.seq, actor.id);
    const resolvedReports = await resolveRoomMessageReports(c.var.db, actor, item, true);
    return c.json<ModerationActionResponse>({ resolvedReports, item: null });
  })
  .post("/:id/:seq/dismiss", validate("param", roomMessageParamSchema), async (c) => {
    const { id, seq } = c.req.valid("param");
    const item = await roomMessage(c, id, seq);
    const resolvedReports = await resolveRoomMessageReports(c.var.db, actorOf(c), item, false);
    return c.json<ModerationActionResponse>({ resolvedReports, item: null });
  });

export const moderationRoutes = new Hono<HonoEnv>()
  .get("/reports", queueQuery, async (c) => c.json<ModerationQueueResponse>({ items: await listQueue(c.var.db, c.req.valid("query").view) }))
  .route("/posts", postActions)
  .route("/comments", commentActions)
  .route("/room-messages", roomMessageActions);
