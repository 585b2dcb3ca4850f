// The social feed: shapes shared by the Worker and the SPA, and the live-update frames FeedHub
// sends (a discriminated union). Member text always goes through userText and is rendered as text.
import { z } from "./zod";
import { userText } from "./text";
import { POST_IMAGE_MAX_BYTES } from "./limits";
import { POST_ID_PATTERN } from "./ids";
import { tierGateSchema, type TierGateView } from "./tiers/gate";
import { POST_MAX, COMMENT_MAX, REPORT_DETAILS_MAX, FEED_MESSAGES } from "./feed-limits";
import type { TierBadge } from "./tiers/badges";
export { POST_MAX, COMMENT_MAX, REPORT_DETAILS_MAX, PINNED_MAX, FEED_MESSAGES } from "./feed-limits";

export const FEED_PAGE_SIZE = 20;
export { POST_IMAGE_MAX_BYTES };
export const POST_IMAGE_FIELD = "image";
export const POST_IMAGE_URL_PREFIX = "/uploads/posts/";
/** `{32 hex}.{ext}`: server-chosen, so nothing a client sends reaches an R2 key. */
export const POST_IMAGE_FILENAME_PATTERN = /^[0-9a-f]{32}\.(?:jpg|png|gif|webp)$/;

/**
 * Who may read a post. members: every signed-in member (the default, and what every post was before
 * visibilities existed); public: anyone with the link, signed in or not (an author's choice, never a
 * default); vip: for paid tiers (decision 099), "tier at least X" or chosen tiers as the post's `tiers`
 * says (VIP and above when left out); everyone else gets a locked teaser (only admins post them).
 */
export const POST_VISIBILITIES = ["public", "members", "vip"] as const;
export type PostVisibility = (typeof POST_VISIBILITIES)[number];
export const REPORT_REASONS = ["spam", "harassment", "hate", "sexual", "violence", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Post ids are UUIDs. */
export { POST_ID_PATTERN };
export const postParamSchema = z.object({ id: z.string().regex(POST_ID_PATTERN, FEED_MESSAGES.postNotFound) });

export const createPostSchema = z
  .strictObject({
    content: userText({ min: 1, minMessage: FEED_MESSAGES.postRequired, max: POST_MAX, maxMessage: FEED_MESSAGES.postTooLong, multiline: true }),
    /** The filename an upload returned, if the post has an image. */
    image: z.string().regex(POST_IMAGE_FILENAME_PATTERN, FEED_MESSAGES.imageNotFound).optional(),
    /** members when left out; vip is for admins (the route answers others 403 admin_required). */
    visibility: z.enum(POST_VISIBILITIES).optional(),
    /** With visibility vip only: the tiers that read it (tier at least VIP when left out). */
    tiers: tierGateSchema.optional(),
    /** Admins only: the post is the artist's, shown with the official badge. */
    official: z.boolean().optional(),
    /** Admins only, official posts only: pinned to the top of the feed at once. */
    pinned: z.boolean().optional(),
  })
  .refine((post) => !post.pinned || post.official === true, { message: FEED_MESSAGES.pinRequiresOfficial, path: ["pinned"] })
  .refine((post) => post.tiers === undefined || post.visibility === "vip", { path: ["tiers"] });

/** PATCH /api/posts/:id (admins): pins an official post to the top of the feed, or unpins it. */
export const pinPostSchema = z.strictObject({ pinned: z.boolean() });

export const createCommentSchema = z.strictObject({
  content: userText({ min: 1, minMessage: FEED_MESSAGES.commentRequired, max: COMMENT_MAX, maxMessage: FEED_MESSAGES.commentTooLong, multiline: true }),
});

export const reportSchema = z.strictObject({
  reason: z.enum(REPORT_REASONS),
  details: userText({ max: REPORT_DETAILS_MAX, maxMessage: FEED_MESSAGES.detailsTooLong, multiline: true })
    .transform((v) => v || null)
    .optional(),
});

/** The largest time a JavaScript Date holds (ms). */
const MAX_DATE_MS = 8.64e15;

/** An opaque feed cursor: where the previous page ended (created_at ms and id of its last post). */
export const feedQuerySchema = z.object({
  cursor: z
    .string()
    .max(200)
    .regex(/^\d{1,16}_[0-9a-f-]{36}$/, "Invalid cursor")
    // A time no Date can hold would read as an empty (ended) feed.
    .refine((c) => Number(c.slice(0, c.indexOf("_"))) <= MAX_DATE_MS, "Invalid cursor")
    .optional(),
});

/** `isVIP`: any paid tier; `tier`: the badge of the author's tier (null: the free tier, decision 100; the Worker always sends it, optional only so older client fixtures still type). */
export type PostAuthor = { id: string; username: string; avatarUrl: string | null; isVIP: boolean; tier?: TierBadge | null };

/**
 * Who a post shows as its author: a member, or for an official post the artist (the site settings'
 * artist name, no avatar, no id: which admin wrote it is not shown).
 */
export type PostByline = Omit<PostAuthor, "id"> & { id: string | null };

export type PostView = {
  id: string;
  author: PostByline;
  visibility: PostVisibility;
  /** A vip post's tier gate with the tiers' names (a locked post says which tier opens it); null otherwise. */
  tiers: TierGateView | null;
  official: boolean;
  pinned: boolean;
  /**
   * A post for tiers the reader is not in (nor admin): a teaser. Its content is "", its
   * image null, its counts 0 and nothing can be done with it; the API never sends more.
   */
  locked: boolean;
  content: string;
  image: { url: string; width: number; height: number } | null;
  /** ISO 8601. */
  createdAt: string;
  likeCount: number;
  commentCount: number;
  likedByMe: boolean;
  /** The author or an admin. */
  canDelete: boolean;
};

export type CommentView = { id: string; postId: string; author: PostAuthor; content: string; createdAt: string };

export type FeedResponse = { posts: PostView[]; nextCursor: string | null };
export type PostResponse = { post: PostView };
/**
 * What a visitor may know of a post, for its shared link: that it exists, who shared it and when.
 * A public post's text and picture too; a members-only or VIP-only post's never (null).
 */
export type PostTeaser = {
  id: string;
  author: { username: string; avatarUrl: string | null };
  createdAt: string;
  visibility: PostVisibility;
  tiers: TierGateView | null;
  official: boolean;
  content: string | null;
  image: PostView["image"];
};
export type PostTeaserResponse = { teaser: PostTeaser };
export type CommentsResponse = { comments: CommentView[] };
export type CommentResponse = { comment: CommentView; commentCount: number };
export type LikeResponse = { liked: boolean; likeCount: number };
export type PostImageUploadResponse = { image: string; url: string; width: number; height: number };

/**
 * Counts of a post for tiers go only to the sockets of readers its gate admits, and of admins
 * (FeedHub): the rule as the route resolved it on the ladder. A post.created goes to every socket,
 * and a reader who may not read the post gets its locked teaser from the HTTP API.
 */
const audience = z.union([z.strictObject({ minRank: z.number().int() }), z.strictObject({ tierIds: z.array(z.string()).readonly() })]).optional();

/**
 * What FeedHub sends to every open feed. Clients refetch what they need from the HTTP API. No event
 * carries a post's text or picture. authorId is null for an official post (its admin stays unnamed).
 */
export const feedEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("post.created"), postId: z.string(), authorId: z.string().nullable() }),
  z.object({ type: z.literal("post.deleted"), postId: z.string() }),
  z.object({ type: z.literal("comment.added"), postId: z.string(), commentCount: z.number().int(), audience }),
  z.object({ type: z.literal("like.changed"), postId: z.string(), likeCount: z.number().int(), audience }),
]);
export type FeedEvent = z.infer<typeof feedEventSchema>;
/**
 * One frame carries the events of one flush (at most 10 a second per client). `sentAt` is when the
 * hub started that flush (epoch milliseconds, the same for every socket of the flush): it lets a
 * measurement tell the hub's time before sending from the time a frame takes to reach its reader.
 */
export type FeedFrame = { type: "events"; events: FeedEvent[]; sentAt: number };
/**
 * The hub's answer to a client frame it does not understand, sent once per socket; later bad
 * frames on that socket are ignored silently.
 */
export type FeedErrorFrame = { type: "error"; code: "bad_frame" };
/** Every JSON frame the hub sends on /api/feed/live (besides the plain-text "pong"). */
export type FeedServerFrame = FeedFrame | FeedErrorFrame;
