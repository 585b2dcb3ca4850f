// /api/posts: the social feed for signed-in members (banned members have no session); visitors get
// only a shared post's teaser (a public post's whole text and picture). Writes are rate limited, and
// each one tells the feed hub once D1 has committed it. Who may read a post for tiers is decided in
// db/feed.ts (everyone else gets its locked teaser); doing anything with one is refused here.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../types";
import type { DB } from "../db/client";
import type { SessionUser } from "#contracts/auth.ts";
import { requireAdmin, requireUser } from "../middleware/guards";
import { requireVerifiedEmail } from "../middleware/email-verified";
import { hitEdgeLimit, hitRateLimit } from "../services/rate-limit";
import { validate } from "../lib/validate";
import { badRequest, conflict, forbidden, notFound, routeError, type ApiError } from "../lib/errors";
import { isRefused } from "../lib/outcome";
import { publishFeedEvent } from "../services/realtime/feed-hub";
import { RATE_LIMITS } from "#contracts/limits.ts";
import { VIP_TIER_ID } from "#contracts/tiers/tiers.ts";
import { readConfig, type AppEnv } from "../env";
import { readSettings } from "../db/settings";
import { artistNameOf } from "#contracts/admin/settings.ts";
import {
  FEED_MESSAGES,
  PINNED_MAX,
  POST_ID_PATTERN,
  POST_IMAGE_URL_PREFIX,
  createCommentSchema,
  createPostSchema,
  feedQuerySchema,
  pinPostSchema,
  postParamSchema,
  reportSchema,
  type CommentResponse,
  type CommentsResponse,
  type FeedEvent,
  type FeedResponse,
  type LikeResponse,
  type PostResponse,
  type PostTeaserResponse,
  type PostView,
} from "#contracts/feed.ts";
import { findReportableComment, insertCommentReport } from "../db/moderation";
import { MODERATION_ERROR_CODES, MODERATION_MESSAGES } from "#contracts/moderation.ts";
import { z } from "#contracts/zod.ts";
import { ruleOfGate } from "../db/tiers/gate";
import { checkGate } from "../services/tier-gate-check";
import { readTiers } from "../db/tiers/tiers";
import type { TierGate } from "#contracts/tiers/gate.ts";
import { notifyComment, notifyLike, notifyPostMentions } from "../services/notifications/triggers";
import {
  countPinned,
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
  setPinned,
  type OfficialName,
  type PinRefusal,
  type Viewer,
} from "../db/feed";

/** A comment on a post: both ids are UUIDs. */
const commentParamSchema = postParamSchema.extend({ commentId: z.string().regex(POST_ID_PATTERN, MODERATION_MESSAGES.commentNotFound) });

type MemberContext = Context<HonoEnv & { Variables: { user: SessionUser } }>;

const postNotFound = () => notFound(FEED_MESSAGES.postNotFound, "post_not_found");
/** The guards' own answer: visibility vip, official and pinned are chosen by admins only. */
const adminRequired = () => routeError("admin_required");
const viewerOf = (c: MemberContext): Viewer => ({ id: c.var.user.id, isAdmin: c.var.user.isAdmin, isVIP: c.var.user.isVIP, tier: c.var.user.tier });

/** Official posts show the artist's name as it is set now (settings, else the configured persona). */
const officialName =
  ({ var: { db }, env }: { var: { db: DB }; env: AppEnv }): OfficialName =>
  async () =>
    artistNameOf(await readSettings(db), readConfig(env));

/** 409 pin_limit, with the limit for the text's translation. */
const pinLimitReached = () => routeError("pin_limit", { params: { max: PINNED_MAX } });
const PIN_REFUSALS: Record<PinRefusal, () => ApiError> = {
  not_official: () => conflict(FEED_MESSAGES.pinRequiresOfficial, "pin_not_official"),
  limit: pinLimitReached,
};

/** Tells every open feed, after the response, without holding the response up. */
const announce = (c: MemberContext, event: FeedEvent) => c.executionCtx.waitUntil(publishFeedEvent(c.env, event));

/** The gate a post's view names, by tier ids again. */
const gateOfPost = (post: PostView): TierGate | null =>
  post.tiers === null ? null : "minTier" in post.tiers ? { minTier: post.tiers.minTier.id } : { tierIds: post.tiers.tierIds.map((t) => t.id) };

/** A gated post's counts go to the sockets of those its gate admits (FeedHub), by the ladder as it stands now. */
async function audienceOf(db: DB, post: PostView) {
  const gate = gateOfPost(post);
  return gate ? { audience: ruleOfGate(gate, await readTiers(db)) } : {};
}

/** The post as the viewer may see it (a VIP-only one maybe locked), or 404 (missing, or by a banned member for a non-admin). */
async function visiblePost(c: MemberContext, postId: string) {
  const post = await findPost(c.var.db, viewerOf(c), postId, officialName(c));
  if (!post) throw postNotFound();
  return post;
}

/**
 * A post the viewer may read and act on: a gated post's comments, likes and reports are for the
 * tiers it admits and admins. A post for VIP and above is refused as before (vip_required), any
 * other gate with tier_required.
 */
async function readablePost(c: MemberContext, postId: string) {
  const post = await visiblePost(c, postId);
  if (!post.locked) return post;
  const tiers = post.tiers;
  if (tiers && "minTier" in tiers && tiers.minTier.id === VIP_TIER_ID) throw forbidden(FEED_MESSAGES.vipPost, "vip_required");
  throw routeError("tier_required");
}

export const postRoutes = new Hono<HonoEnv>()
  // The one public read: a shared post's link shows visitors who shared it, and only a public
  // post's text and picture.
  .get("/:id/teaser", validate("param", postParamSchema), async (c) => {
    const teaser = await findPostTeaser(c.var.db, c.req.valid("param").id, officialName(c));
    if (!teaser) throw postNotFound();
    return c.json<PostTeaserResponse>({ teaser });
  })

  .use("*", requireUser)

  .get("/", validate("query", feedQuerySchema), async (c) => {
    const { cursor } = c.req.valid("query");
    return c.json<FeedResponse>(await listFeed(c.var.db, viewerOf(c), cursor ? decodeCursor(cursor) : undefined, officialName(c)));
  })

  .post("/", requireVerifiedEmail, validate("json", createPostSchema), async (c) => {
    const db = c.var.db;
    const userId = c.var.user.id;
    const { content, image, visibility = "members", tiers, official = false, pinned = false } = c.req.valid("json");
    // Refused before the rate limit counts it: nothing was attempted.
    if ((visibility === "vip" || official || pinned) && !c.var.user.isAdmin) throw adminRequired();
    const gate = visibility === "vip" ? ((await checkGate(db, tiers)) ?? { minTier: VIP_TIER_ID }) : null;
    await hitEdgeLimit(c.env, "postsPerUser", userId);
    // Read before the insert, so two admins pinning at the same moment could make it one more;
    // the feed shows every pinned post all the same, and PATCH checks inside its update.
    if (pinned && (await countPinned(db)) >= PINNED_MAX) throw pinLimitReached();
    let attached = null;
    if (image) {
      const key = `posts/${image}`;
      const uploaded = await findFreeImage(db, userId, key);
      if (!uploaded) throw badRequest(FEED_MESSAGES.imageNotFound, "image_not_found");
      attached = { key, url: POST_IMAGE_URL_PREFIX + image, width: uploaded.width, height: uploaded.height };
    }
    const id = crypto.randomUUID();
    if (!(await insertPost(db, { id, userId, content, image: attached, visibility, tiers: gate, official, pinned }))) {
      throw badRequest(FEED_MESSAGES.imageNotFound, "image_not_found");
    }
    announce(c, { type: "post.created", postId: id, authorId: official ? null : userId });
    c.executionCtx.waitUntil(notifyPostMentions(c.env, db, id));
    return c.json<PostResponse>({ post: await visiblePost(c, id) }, 201);
  })

  .get("/:id", validate("param", postParamSchema), async (c) => c.json<PostResponse>({ post: await visiblePost(c, c.req.valid("param").id) }))

  // Pins an official post to the top of the feed, or unpins it: admins only.
  .patch("/:id", requireAdmin, validate("param", postParamSchema), validate("json", pinPostSchema), async (c) => {
    const { id } = c.req.valid("param");
    const outcome = await setPinned(c.var.db, id, c.req.valid("json").pinned);
    if (outcome === null) throw postNotFound();
    if (isRefused(outcome)) throw PIN_REFUSALS[outcome.refused]();
    return c.json<PostResponse>({ post: await visiblePost(c, id) });
  })

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
    await readablePost(c, id);
    return c.json<CommentsResponse>({ comments: await listComments(c.var.db, viewerOf(c), id) });
  })

  .post("/:id/comments", requireVerifiedEmail, validate("param", postParamSchema), validate("json", createCommentSchema), async (c) => {
    const db = c.var.db;
    const { id } = c.req.valid("param");
    await hitEdgeLimit(c.env, "commentsPerUser", c.var.user.id);
    const post = await readablePost(c, id);
    const commentId = crypto.randomUUID();
    const commentCount = await insertComment(db, { id: commentId, postId: id, userId: c.var.user.id, content: c.req.valid("json").content });
    if (commentCount === null) throw postNotFound(); // deleted meanwhile
    const comment = await findComment(db, viewerOf(c), commentId);
    if (!comment) throw postNotFound();
    announce(c, { type: "comment.added", postId: id, commentCount, ...(await audienceOf(db, post)) });
    c.executionCtx.waitUntil(notifyComment(c.env, db, { id: commentId, postId: id, userId: c.var.user.id, content: comment.content }));
    return c.json<CommentResponse>({ comment, commentCount }, 201);
  })

  .put("/:id/like", validate("param", postParamSchema), (c) => like(c, true))
  .delete("/:id/like", validate("param", postParamSchema), (c) => like(c, false))

  .post("/:id/reports", validate("param", postParamSchema), validate("json", reportSchema), async (c) => {
    const db = c.var.db;
    const { id } = c.req.valid("param");
    await hitRateLimit(db, `report:user:${c.var.user.id}`, RATE_LIMITS.reportsPerUser);
    await readablePost(c, id);
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
    await readablePost(c, id);
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
  await hitEdgeLimit(c.env, "likesPerUser", c.var.user.id);
  const post = await readablePost(c, id);
  const likeCount = await setLike(db, id, c.var.user.id, liked);
  if (likeCount === null) throw postNotFound();
  announce(c, { type: "like.changed", postId: id, likeCount, ...(await audienceOf(db, post)) });
  // Liking again after an unlike is the same event: the author hears of it once.
  if (liked) c.executionCtx.waitUntil(notifyLike(c.env, db, id, c.var.user.id));
  return c.json<LikeResponse>({ liked, likeCount });
}
