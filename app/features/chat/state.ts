// The chat page's state as one reducer, fed by the socket's frames and the member's own actions,
// so every transition can be tested without a socket or a page.
// - history (on connect, after New Chat and Clear Chat) replaces the thread and ends any reply.
// - A sent message shows at once (optimistic, `pending`) and a reply is awaited; `typing` swaps
//   the optimistic copy for the stored one, `delta`s build the reply, `done` stores it.
// - An error about the message or its reply ends the wait (the optimistic copy goes, the server
//   did not keep it, and its text is handed back to the message box as `unsent`, so nothing typed
//   is lost); other errors (clear, new chat) leave a reply in progress alone.
// - A lost connection ends the wait too: the history sent on reconnect says what was kept.
// - `persona` is empty until the first history frame.
import type { ChatMessage } from "#contracts/chat.ts";
import type { ParsedServerFrame, ChatServerErrorCode } from "./protocol";

export type ChatStatus = "connecting" | "open" | "reconnecting" | "ended";

/** A message of the list; `pending` marks the optimistic copy of one the server has not stored yet. */
export type ChatEntry = ChatMessage & { pending?: true };

/** The reply being written: `replyId` is null until the server has accepted the message. */
export type ChatReply = { replyId: string | null; text: string };

/** Problems the page notices itself, besides the server's error codes. */
export type LocalErrorCode = "history_failed" | "copy_failed";
export type ChatError = { code: ChatServerErrorCode | LocalErrorCode; status?: string; retryAfter?: number };

export type ChatState = {
  status: ChatStatus;
  /** True once a history frame has arrived (the thread, persona and mode are known). */
  loaded: boolean;
  /** True once this connection's history has arrived: before that a sent message could be lost. */
  synced: boolean;
  threadId: string | null;
  persona: string;
  offline: boolean;
  messages: ChatEntry[];
  reply: ChatReply | null;
  error: ChatError | null;
  /** A message the server refused (limits, failures): the box offers its text again. */
  unsent: { id: string; text: string } | null;
};

export type ChatAction =
  | { type: "status"; status: ChatStatus }
  | { type: "frame"; frame: ParsedServerFrame }
  | { type: "sent"; message: ChatEntry }
  | { type: "error"; error: ChatError }
  | { type: "dismissError" };

export const initialChatState: ChatState = {
  status: "connecting",
  loaded: false,
  synced: false,
  threadId: null,
  persona: "",
  offline: false,
  messages: [],
  reply: null,
  error: null,
  unsent: null,
};

/** Server error codes about a sent message or its reply: they end the wait for a reply. */
const REPLY_ERRORS: ReadonlySet<ChatError["code"]> = new Set<ChatError["code"]>([
  "empty_message",
  "message_too_long",
  "invalid_characters",
  "rate_limited",
  "daily_limit",
  "send_failed",
  "run_failed",
  "timeout",
]);

const withoutPending = (messages: ChatEntry[]) => (messages.some((m) => m.pending) ? messages.filter((m) => !m.pending) : messages);

/** `message` added at the end, or put in place of the copy with the same id. */
function upsert(messages: ChatEntry[], message: ChatMessage): ChatEntry[] {
  const index = messages.findIndex((m) => m.id === message.id);
  if (index === -1) return [...messages, message];
  const next = messages.slice();
  next[index] = message;
  return next;
}

/** The stored user message in place of the oldest optimistic copy (or added, when there is none). */
function confirmUserMessage(messages: ChatEntry[], stored: ChatMessage): ChatEntry[] {
  const withoutDuplicate = messages.filter((m) => m.id !== stored.id);
  const index = withoutDuplicate.findIndex((m) => m.pending);
  if (index === -1) return [...withoutDuplicate, stored];
  const next = withoutDuplicate.slice();
  next[index] = stored;
  return next;
}

function onFrame(state: ChatState, frame: ParsedServerFrame): ChatState {
  switch (frame.type) {
    case "history":
      return {
        ...state,
        loaded: true,
        synced: true,
        threadId: frame.threadId,
        persona: frame.persona,
        offline: frame.offline,
        messages: frame.messages,
        reply: null,
        // The history that follows a failed clear reloads the thread; its error stays shown.
        error: state.error?.code === "history_failed" ? null : state.error,
      };
    case "typing":
      return {
        ...state,
        messages: confirmUserMessage(state.messages, frame.userMessage),
        reply: { replyId: frame.replyId, text: "" },
      };
    case "delta":
      if (!state.reply || state.reply.replyId !== frame.replyId) return state;
      return { ...state, reply: { ...state.reply, text: state.reply.text + frame.text } };
    case "done": {
      const current = state.reply?.replyId === frame.replyId;
      // A reply cancelled before it finished is not kept, so its partial text goes too.
      const messages = frame.message ? upsert(state.messages, frame.message) : state.messages;
      return { ...state, messages, reply: current ? null : state.reply };
    }
    case "error": {
      const error: ChatError = { code: frame.code, status: frame.status, retryAfter: frame.retryAfter };
      const aboutReply =
        REPLY_ERRORS.has(frame.code) ||
        (frame.replyId !== undefined && frame.replyId === state.reply?.replyId) ||
        // A refused frame while a message awaits its acceptance can only be that message.
        (frame.code !== "clear_failed" && frame.code !== "new_chat_failed" && state.reply?.replyId === null);
      if (!aboutReply || !state.reply) return { ...state, error };
      const refused = state.messages.find((m) => m.pending);
      return {
        ...state,
        error,
        reply: null,
        messages: withoutPending(state.messages),
        unsent: refused ? { id: refused.id, text: refused.content } : state.unsent,
      };
    }
  }
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "status": {
      if (action.status === state.status) return state;
      if (action.status === "open") return { ...state, status: "open" };
      // Disconnected: nothing more will arrive for a reply in progress. An optimistic message stays
      // in sight until the history sent on reconnect says whether it was kept.
      return { ...state, status: action.status, synced: false, reply: null };
    }
    case "frame":
      return onFrame(state, action.frame);
    case "sent":
      return { ...state, messages: [...state.messages, action.message], reply: { replyId: null, text: "" }, error: null };
    case "error":
      return { ...state, error: action.error };
    case "dismissError":
      return state.error ? { ...state, error: null } : state;
  }
}

/** Whether a new message may go out now: connected, the thread loaded and no reply awaited. */
export const canSend = (state: ChatState) => state.status === "open" && state.synced && state.reply === null;
