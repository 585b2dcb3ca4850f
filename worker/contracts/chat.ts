// The VIP chat: the frames a member's browser and their ChatThread Durable Object exchange over
// /api/chat/live (discriminated unions, parsed with zod on arrival, size-capped), the stored
// message shape, the limits, and the spec's texts (docs/features.md#vip-chat).
import { z } from "./zod";
import { userText } from "./text";
import { CHAT_LOCALES, CHAT_MESSAGE_MAX_CHARS } from "./chat-limits";
export * from "./chat-limits";

export const chatRoleSchema = z.enum(["user", "assistant"]);
export type ChatRole = z.infer<typeof chatRoleSchema>;

/** One stored message of a thread (the spec's chat_history row, plus its thread). */
export type ChatMessage = {
  id: string;
  threadId: string;
  role: ChatRole;
  content: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
};

export const chatClientFrameSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("send"),
    /**
     * The shared text rule (no lone surrogates, control characters but newline and tab, or bidi
     * controls; NFC, trimmed). Its issues' texts are the error codes the member gets (and
     * TEXT_MESSAGES.invalidCharacters → invalid_characters: chatErrorOfIssue).
     */
    text: userText({ min: 1, minMessage: "empty_message", max: CHAT_MESSAGE_MAX_CHARS, maxMessage: "message_too_long", multiline: true }),
    /** The language the member reads the site in: the reply is written in the message's own language, in this one when that is unclear. */
    locale: z.enum(CHAT_LOCALES),
  }),
  /** Stops the reply being written, if any. */
  z.object({ type: z.literal("cancel") }),
  /** Starts a new thread; the old one stays stored but is no longer shown. */
  z.object({ type: z.literal("new_chat") }),
  /** Deletes every stored message of the member and starts a new thread. */
  z.object({ type: z.literal("clear") }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

export type ChatErrorCode =
  /** Not JSON, too large, or not a known frame. */
  | "bad_frame"
  | "empty_message"
  | "message_too_long"
  /** A lone surrogate, a control character or a bidi control in the text (worker/contracts/text.ts). */
  | "invalid_characters"
  /** CHAT_MESSAGES_PER_MINUTE reached; `retryAfter` seconds. */
  | "rate_limited"
  /** CHAT_MESSAGES_PER_DAY reached; `retryAfter` seconds. */
  | "daily_limit"
  /** The model could not be reached or refused the request. */
  | "send_failed"
  /** The model stopped with an error; `status` says which. */
  | "run_failed"
  | "timeout"
  | "clear_failed"
  | "new_chat_failed";

export type ChatServerFrame =
  /** On connect and after new_chat/clear: the current thread's messages, oldest first. */
  | { type: "history"; threadId: string; messages: ChatMessage[]; persona: string; offline: boolean }
  /** The member's message was stored (it replaces the browser's optimistic copy); a reply is coming. */
  | { type: "typing"; replyId: string; userMessage: ChatMessage }
  /** The next piece of the reply. */
  | { type: "delta"; replyId: string; text: string }
  /** The reply ended: the stored message, or null when it was cancelled before finishing. */
  | { type: "done"; replyId: string; message: ChatMessage | null }
  | { type: "error"; code: ChatErrorCode; replyId?: string; status?: string; retryAfter?: number };
