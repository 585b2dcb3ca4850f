// /api/posts: the social feed for signed-in members (banned members have no session); visitors get
// only a shared post's teaser. Writes are rate limited, and each one tells the feed hub once D1 has
// committed it.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../types";
import type { SessionUser } from "../contracts/auth";
import { requireUser } from "../middleware/guards";
import { hitRateLimit } from "../services/rate-limit";
import { validate } from "../lib/validate";
import { badRequest, conflict, notFound } from "../lib/errors";
import { publishFeedEvent } from "../durable-objects/feed-hub";
import { RATE_LIMITS } from "../contracts/limits";
import {
  FEED_MESSAGES,
  POST_ID_PATTERN,
  POST_IMAGE_URL_PREFIX,
  createCommentSchema,
  createPostSchema,
  feedQuerySchema,
  postParamSchema,
  reportSchema,
  type CommentResponse,
  type CommentsResponse,
  type FeedEvent,
  type FeedResponse,
  type LikeResponse,
  type PostResponse,
  type PostTeaserResponse,
} from "../contracts/feed";
import { findReportableComment, insertCommentReport } from "../db/moderation";
import { MODERATION_ERROR_CODES, MODERATION_MESSAGES } from "../contracts/moderation";
import { z } from "../contracts/zod";
import {
  decodeCursor,
  deletePost,
  findComment,
  findFreeImage,
  findPost,
  findPostTeaser,
  insertComment,
  insertPost,
  insertReport,
  listComments,
  listFeed,
  setLike,
  type Viewer,
} from "../db/feed";

/** A comment on a post: both ids are UUIDs. */
const commentParamSchema = postParamSchema.extend({ commentId: z.string().regex(POST_ID_PATTERN, MODERATION_MESSAGES.commentNotFound) });

type MemberContext = Context<HonoEnv & { Variables: { user: SessionUser } }>;

const postNotFound = () => notFound(FEED_MESSAGES.postNotFound, "post_not_found");
const viewerOf = (c: MemberContext): Viewer => ({ id: c.var.user.id, isAdmin: c.var.user.isAdmin });

/** Tells every open feed, after the response, without holding the response up. */
const announce = (c: MemberContext, event: FeedEvent) => c.executionCtx.waitUntil(publishFeedEvent(c.env, event));

/** The post as the viewer may see it, or 404 (missing, or by a banned member for a non-admin). */
async function visiblePost(c: MemberContext, postId: string) {
  const post = await findPost(c.var.db, viewerOf(c), postId);
  if (!post) throw postNotFound();
  return post;
}

export const postRoutes = new Hono<HonoEnv>()
  // The one public read: a shared post's link shows visitors who shared it, never what it says.
  .get("/:id/teaser", validate("param", postParamSchema), async (c) => {
    const teaser = await findPostTeaser(c.var.db, c.req.valid("param").id);
    if (!teaser) throw postNotFound();
    return c.json<PostTeaserResponse>({ teaser });
  })

  .use("*", requireUser)

  .get("/", validate("query", feedQuerySchema), async (c) => {
    const { cursor } = c.req.valid("query");
    return c.json<FeedResponse>(await listFeed(c.var.db, viewerOf(c), cursor ? decodeCursor(cursor) : undefined));
  })

  .post("/", validate("json", createPostSchema), async (c) => {
    const db = c.var.db;
    const userId = c.var.user.id;
    await hitRateLimit(db, `post:user:${userId}`, RATE_LIMITS.postsPerUser);
    const { content, image } = c.req.valid("json");
    let attached = null;
    if (image) {
      const key = `posts/${image}`;
      const uploaded = await findFreeImage(db, userId, key);
      if (!uploaded) throw badRequest(FEED_MESSAGES.imageNotFound, "image_not_found");
      attached = { key, url: POST_IMAGE_URL_PREFIX + image, width: uploaded.width, height: uploaded.height };
    }
    const id = crypto.randomUUID();
    if (!(await insertPost(db, { id, userId, content, image: attached }))) throw badRequest(FEED_MESSAGES.imageNotFound, "image_not_found");
    announce(c, { type: "post.created", postId: id, authorId: userId });
    return c.json<PostResponse>({ post: await visiblePost(c, id) }, 201);
  })

  .get("/:id", validate("param", postParamSchema), async (c) => c.json<PostResponse>({ post: await visiblePost(c, c.req.valid("param").id) }))

  // Another member's post is a 404, exactly like a missing one.
  .delete("/:id", validate("param", postParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    const deleted = await deletePost(c.var.db, viewerOf(c), id);
    if (!deleted) throw postNotFound();
    if (deleted.imageKey) await c.env.MEDIA.delete(deleted.imageKey);
    announce(c, { type: "post.deleted", postId: id });
    return c.body(null, 204);
  })

  .get("/:id/comments", validate("param", postParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    await visiblePost(c, id);
    return c.json<CommentsResponse>({ comments: await listComments(c.var.db, viewerOf(c), id) });
  })

  .post("/:id/comments", validate("param", postParamSchema), validate("json", createCommentSchema), async (c) => {
    const db = c.var.db;
    const { id } = c.req.valid("param");
    await hitRateLimit(db, `comment:user:${c.var.user.id}`, RATE_LIMITS.commentsPerUser);
    await visiblePost(c, id);
    const commentId = crypto.randomUUID();
    const commentCount = await insertComment(db, { id: commentId, postId: id, userId: c.var.user.id, content: c.req.valid("json").content });
    if (commentCount === null) throw postNotFound(); // deleted meanwhile
    const comment = await findComment(db, viewerOf(c), commentId);
    if (!comment) throw postNotFound();
    announce(c, { type: "comment.added", postId: id, commentCount });
    return c.json<CommentResponse>({ comment, commentCount }, 201);
  })

  .put("/:id/like", validate("param", postParamSchema), (c) => like(c, true))
  .delete("/:id/like", validate("param", postParamSchema), (c) => like(c, false))

  .post("/:id/reports", validate("param", postParamSchema), validate("json", reportSchema), async (c) => {
    const db = c.var.db;
    const { id } = c.req.valid("param");
    await hitRateLimit(db, `report:user:${c.var.user.id}`, RATE_LIMITS.reportsPerUser);
    await visiblePost(c, id);
    const { reason, details } = c.req.valid("json");
    if (!(await insertReport(db, { postId: id, reporterId: c.var.user.id, reason, details: details ?? null }))) {
      throw conflict(FEED_MESSAGES.alreadyReported, "already_reported");
    }
    return c.json({ ok: true }, 201);
  })

  // Shares the post reports' limit: reporting is one budget whatever is reported.
  .post("/:id/comments/:commentId/reports", validate("param", commentParamSchema), validate("json", reportSchema), async (c) => {
    const db = c.var.db;
    const { id, commentId } = c.req.valid("param");
    await hitRateLimit(db, `report:user:${c.var.user.id}`, RATE_LIMITS.reportsPerUser);
    await visiblePost(c, id);
    if (!(await findReportableComment(db, id, commentId))) throw notFound(MODERATION_MESSAGES.commentNotFound, MODERATION_ERROR_CODES.commentNotFound);
    const { reason, details } = c.req.valid("json");
    if (!(await insertCommentReport(db, { commentId, reporterId: c.var.user.id, reason, details: details ?? null }))) {
      throw conflict(MODERATION_MESSAGES.alreadyReportedComment, MODERATION_ERROR_CODES.alreadyReported);
    }
    return c.json({ ok: true }, 201);
  });

async function like(c: MemberContext, liked: boolean) {
  const db = c.var.db;
  const id = c.req.param("id")!;
  await hitRateLimit(db, `like:user:${c.var.user.id}`, RATE_LIMITS.likesPerUser);
  await visiblePost(c, id);
  const likeCount = await setLike(db, id, c.var.user.id, liked);
  if (likeCount === null) throw postNotFound();
  announce(c, { type: "like.changed", postId: id, likeCount });
  return c.json<LikeResponse>({ liked, likeCount });
}
