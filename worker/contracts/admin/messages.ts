// The back office's message inbox (docs/features.md#back-office-administrators, Messages).
// Constants, texts and shapes shared by the Worker and the SPA, without zod: the SPA's admin chunk
// imports these values. The Worker's zod schemas live with its route.
import { englishCount } from "../english-count.ts";

export const MESSAGES_API = "/api/admin/messages";

export const MESSAGE_STATUSES = ["unread", "read", "replied"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_PRIORITIES = ["high", "normal", "low"] as const;
export type MessagePriority = (typeof MESSAGE_PRIORITIES)[number];

/** What the list's filters accept: a value, or "all". */
export type MessageStatusFilter = MessageStatus | "all";
export type MessagePriorityFilter = MessagePriority | "all";

export const MESSAGES_PAGE_SIZE = 50;
export const MESSAGE_SEARCH_MAX = 200;
/** A reply is an e-mail body: generous, but bounded. */
export const REPLY_MAX = 10_000;
export const LABEL_MAX = 40;
export const LABELS_MAX = 10;

/** English texts of the API's answers (the SPA shows its own, by code, where it has them). */
export const INBOX_MESSAGES = {
  messageNotFound: "Message not found",
  replyRequired: "Write a reply first",
  replyTooLong: `Replies can be at most ${englishCount(REPLY_MAX)} characters`,
  labelRequired: "Labels cannot be empty",
  labelTooLong: `Labels can be at most ${LABEL_MAX} characters`,
  tooManyLabels: `A message can have at most ${LABELS_MAX} labels`,
  nothingToChange: "Nothing to change: send status, priority or labels",
  replyFailed: "Failed to send reply. Please try again.",
} as const;

/** Error codes of the inbox besides invalid_input. */
export const INBOX_ERROR_CODES = {
  notFound: "message_not_found",
  /** The reply is stored ('Not sent') but the mail service did not accept it. */
  replyNotSent: "reply_not_sent",
} as const;

export type AdminReplyView = {
  id: string;
  content: string;
  /** ISO 8601; null when the mail service did not accept it ('Not sent'). */
  sentAt: string | null;
  createdAt: string;
};

export type AdminMessageView = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: MessageStatus;
  priority: MessagePriority;
  labels: string[];
  createdAt: string;
  /** Oldest first. */
  replies: AdminReplyView[];
};

export type AdminMessagesResponse = {
  messages: AdminMessageView[];
  /** Matching messages in all pages. */
  total: number;
  page: number;
  pageSize: number;
};

/** PATCH /api/admin/messages/:id body: any of the three. */
export type MessageUpdateRequest = {
  status?: "read" | "unread";
  priority?: MessagePriority;
  labels?: string[];
};

export type AdminMessageResponse = { message: AdminMessageView };
