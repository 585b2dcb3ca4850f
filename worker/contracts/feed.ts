// The social feed: shapes shared by the Worker and the SPA, and the live-update frames FeedHub
// sends (a discriminated union). Member text always goes through userText and is rendered as text.
import { z } from "./zod";
import { userText } from "./text";
import { POST_IMAGE_MAX_BYTES } from "./limits";
import { POST_ID_PATTERN } from "./ids";

/** The spec's texts (8, Feed and Upload) and ours where it is silent. English fallbacks. */
export const FEED_MESSAGES = {
  postRequired: "Write something to post",
  postTooLong: "Posts can be at most 2,000 characters",
  commentRequired: "Write something to comment",
  commentTooLong: "Comments can be at most 1,000 characters",
  postNotFound: "Post not found",
  imageNotFound: "The image was not found. Please upload it again.",
  alreadyReported: "You have already reported this post",
  detailsTooLong: "Details can be at most 500 characters",
  notImage: "Please select an image file",
  imageTooLarge: "Image must be less than 5MB",
  uploadFailed: "Failed to upload image",
} as const;

export const POST_MAX = 2000;
export const COMMENT_MAX = 1000;
export const REPORT_DETAILS_MAX = 500;
export const FEED_PAGE_SIZE = 20;
export { POST_IMAGE_MAX_BYTES };
export const POST_IMAGE_FIELD = "image";
export const POST_IMAGE_URL_PREFIX = "/uploads/posts/";
/** `{32 hex}.{ext}`: server-chosen, so nothing a client sends reaches an R2 key. */
export const POST_IMAGE_FILENAME_PATTERN = /^[0-9a-f]{32}\.(?:jpg|png|gif|webp)$/;

export const REPORT_REASONS = ["spam", "harassment", "hate", "sexual", "violence", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Post ids are UUIDs. */
export { POST_ID_PATTERN };
export const postParamSchema = z.object({ id: z.string().regex(POST_ID_PATTERN, FEED_MESSAGES.postNotFound) });

export const createPostSchema = z.strictObject({
  content: userText({ min: 1, minMessage: FEED_MESSAGES.postRequired, max: POST_MAX, maxMessage: FEED_MESSAGES.postTooLong, multiline: true }),
  /** The filename an upload returned, if the post has an image. */
  image: z.string().regex(POST_IMAGE_FILENAME_PATTERN, FEED_MESSAGES.imageNotFound).optional(),
});

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

export type PostAuthor = { id: string; username: string; avatarUrl: string | null; isVIP: boolean };

export type PostView = {
  id: string;
  author: PostAuthor;
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
 * What a visitor may know of a members-only post, for its shared link: that it exists, who shared
 * it and when. Never its text or its picture.
 */
export type PostTeaser = { id: string; author: { username: string; avatarUrl: string | null }; createdAt: string };
export type PostTeaserResponse = { teaser: PostTeaser };
export type CommentsResponse = { comments: CommentView[] };
export type CommentResponse = { comment: CommentView; commentCount: number };
export type LikeResponse = { liked: boolean; likeCount: number };
export type PostImageUploadResponse = { image: string; url: string; width: number; height: number };

/** What FeedHub sends to every open feed. Clients refetch what they need from the HTTP API. */
export const feedEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("post.created"), postId: z.string(), authorId: z.string() }),
  z.object({ type: z.literal("post.deleted"), postId: z.string() }),
  z.object({ type: z.literal("comment.added"), postId: z.string(), commentCount: z.number().int() }),
  z.object({ type: z.literal("like.changed"), postId: z.string(), likeCount: z.number().int() }),
]);
export type FeedEvent = z.infer<typeof feedEventSchema>;
/** One frame carries the events of one flush (at most 10 a second per client). */
export type FeedFrame = { type: "events"; events: FeedEvent[] };
/**
 * The hub's answer to a client frame it does not understand, sent once per socket; later bad
 * frames on that socket are ignored silently.
 */
export type FeedErrorFrame = { type: "error"; code: "bad_frame" };
/** Every JSON frame the hub sends on /api/feed/live (besides the plain-text "pong"). */
export type FeedServerFrame = FeedFrame | FeedErrorFrame;
