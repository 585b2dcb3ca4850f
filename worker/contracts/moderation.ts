// Moderation of the social feed: the back office's queue of reported posts and comments and what a
// moderator does with them (hide, delete, dismiss the reports, ban the author), and the members'
// reports on comments. Constants, texts and shapes shared by the Worker and the SPA, without zod.
import type { ReportReason } from "./feed";

export const MODERATION_API = "/api/admin/moderation";
/** Reported items the queue shows at once, most recently reported first. */
export const MODERATION_QUEUE_LIMIT = 100;
/** Individual reports shown per item (all of them are counted). */
export const MODERATION_REPORTS_SHOWN = 10;

export const MODERATION_MESSAGES = {
  postNotFound: "Post not found",
  commentNotFound: "Comment not found",
  userNotFound: "User not found",
  alreadyReportedComment: "You have already reported this comment",
  cannotBanSelf: "You cannot ban yourself",
  hideReasonTooLong: "A reason can be at most 200 characters",
} as const;

/**
 * POST .../posts/:id/hide may carry why (optional; no body at all is fine): the author's
 * notification quotes it. Without one it names the reported reason most reporters gave.
 */
export const HIDE_REASON_MAX = 200;

export const MODERATION_ERROR_CODES = {
  postNotFound: "post_not_found",
  commentNotFound: "comment_not_found",
  userNotFound: "user_not_found",
  alreadyReported: "already_reported",
} as const;

/** The queue's views: items with open reports, or what moderators have hidden. */
export const MODERATION_VIEWS = ["open", "hidden"] as const;
export type ModerationView = (typeof MODERATION_VIEWS)[number];

export type ModerationAuthor = { id: string; username: string; email: string; status: "active" | "banned" };
export type ReasonCount = { reason: ReportReason; count: number };
export type ModerationReport = { id: string; reason: ReportReason; details: string | null; reporter: string; createdAt: string };

type ReportedBase = {
  id: string;
  content: string;
  createdAt: string;
  /** ISO 8601 when hidden, else null. */
  hiddenAt: string | null;
  author: ModerationAuthor;
  /** Open reports (view "open") or every report (view "hidden"). */
  reportCount: number;
  reasons: ReasonCount[];
  /** The latest MODERATION_REPORTS_SHOWN of them. */
  reports: ModerationReport[];
  lastReportedAt: string | null;
};

export type ReportedPost = ReportedBase & { kind: "post"; imageUrl: string | null; commentCount: number };
export type ReportedComment = ReportedBase & { kind: "comment"; postId: string; postExcerpt: string };
/**
 * A community room's message (decision 111): `id` is "<room>:<seq>"; its text and author as they were
 * when first reported (the message lives in the room's object). Only the open view lists them; an
 * admin hides one (as a moderator in the room would) or dismisses its reports.
 */
export type ReportedRoomMessage = ReportedBase & { kind: "room_message"; roomId: string; roomName: { en: string; ptBR: string }; seq: number };
export type ModerationItem = ReportedPost | ReportedComment | ReportedRoomMessage;

export type ModerationQueueResponse = { items: ModerationItem[] };

/** What an action did: reports it resolved, and the item as it is now (null once deleted). */
export type ModerationActionResponse = { resolvedReports: number; item: ModerationItem | null };
export type BanAuthorResponse = { userId: string; status: "banned"; resolvedReports: number };
