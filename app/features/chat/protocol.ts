// The chat socket's wire format on the browser side: where it lives, and the server frames read
// defensively. A frame that is too large, not JSON or not one of the contract's shapes is dropped
// (null), never thrown: the page keeps working on whatever it already has.
// Checked by hand instead of with zod: the server's frames have no schema in the contract, and the
// checks are few.
import type { ChatErrorCode, ChatMessage, ChatServerFrame } from "#contracts/chat.ts";

export const CHAT_SOCKET_PATH = "/api/chat/live";
/**
 * Frames larger than this are not parsed. A history frame carries a whole thread (each message at
 * most a few thousand characters), so the cap is generous; it only keeps a runaway frame from
 * being parsed.
 */
export const MAX_SERVER_FRAME_CHARS = 1_000_000;

const ERROR_CODES: ReadonlySet<ChatErrorCode> = new Set<ChatErrorCode>([
  "bad_frame",
  "empty_message",
  "message_too_long",
  "invalid_characters",
  "rate_limited",
  "daily_limit",
  "send_failed",
  "run_failed",
  "timeout",
  "clear_failed",
  "new_chat_failed",
]);

/** An error frame's code, or "unknown" for one this page does not know yet (a newer server). */
export type ChatServerErrorCode = ChatErrorCode | "unknown";
/** What the page keeps of a server frame: the contract's frames, an unknown error code allowed. */
export type ParsedServerFrame =
  | Exclude<ChatServerFrame, { type: "error" }>
  | { type: "error"; code: ChatServerErrorCode; replyId?: string; status?: string; retryAfter?: number };

/** ws:// or wss:// on this page's own host (the browser sends the session cookie with it). */
export function chatSocketUrl(location: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${CHAT_SOCKET_PATH}`;
}

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === "string";

export function isChatMessage(value: unknown): value is ChatMessage {
  if (!isObject(value)) return false;
  const { id, threadId, role, content, createdAt } = value;
  return (
    isString(id) &&
    isString(threadId) &&
    (role === "user" || role === "assistant") &&
    isString(content) &&
    typeof createdAt === "number" &&
    Number.isFinite(createdAt)
  );
}

/** Only the contract's fields: anything extra the server sends is not carried into the page. */
const pickMessage = ({ id, threadId, role, content, createdAt }: ChatMessage): ChatMessage => ({ id, threadId, role, content, createdAt });

/** One server frame, or null when it is not a well-formed one ("pong" included). */
export function parseChatServerFrame(data: unknown): ParsedServerFrame | null {
  if (typeof data !== "string" || data.length > MAX_SERVER_FRAME_CHARS || data === "pong") return null;
  let frame: unknown;
  try {
    frame = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(frame)) return null;

  switch (frame.type) {
    case "history": {
      const { threadId, messages, persona, offline } = frame;
      if (!isString(threadId) || !Array.isArray(messages) || !isString(persona) || typeof offline !== "boolean") return null;
      // A bad message is dropped; the rest of the thread still shows.
      return { type: "history", threadId, persona, offline, messages: messages.filter(isChatMessage).map(pickMessage) };
    }
    case "typing": {
      const { replyId, userMessage } = frame;
      if (!isString(replyId) || !isChatMessage(userMessage)) return null;
      return { type: "typing", replyId, userMessage: pickMessage(userMessage) };
    }
    case "delta": {
      const { replyId, text } = frame;
      if (!isString(replyId) || !isString(text)) return null;
      return { type: "delta", replyId, text };
    }
    case "done": {
      const { replyId, message } = frame;
      if (!isString(replyId) || !(message === null || isChatMessage(message))) return null;
      return { type: "done", replyId, message: message === null ? null : pickMessage(message) };
    }
    case "error": {
      const { code, replyId, status, retryAfter } = frame;
      if (!isString(code)) return null;
      const parsed: ParsedServerFrame = { type: "error", code: ERROR_CODES.has(code as ChatErrorCode) ? (code as ChatErrorCode) : "unknown" };
      if (isString(replyId)) parsed.replyId = replyId;
      if (isString(status)) parsed.status = status;
      if (typeof retryAfter === "number" && Number.isFinite(retryAfter) && retryAfter >= 0) parsed.retryAfter = retryAfter;
      return parsed;
    }
    default:
      return null;
  }
}
