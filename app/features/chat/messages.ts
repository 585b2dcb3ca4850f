// Every visible string of the VIP chat page. Error texts keep the spec's wording (docs/features.md#vip-chat: e.g. 'Failed to send message', 'Run timed out').
import { defineMessage, defineMessages } from "react-intl";

export const chatMessages = defineMessages({
  pageTitle: { id: "chat.pageTitle", defaultMessage: "VIP Chat" },
  subtitle: { id: "chat.subtitle", defaultMessage: "Your one-to-one conversation, just for VIP members." },
  offlineBadge: { id: "chat.offline.badge", defaultMessage: "Offline mode" },
  offlineBody: {
    id: "chat.offline.body",
    defaultMessage: "No AI service is connected, so replies come from the site's own data: events, music and VIP details.",
  },
  loading: { id: "chat.loading", defaultMessage: "Loading your conversation..." },
  reconnecting: { id: "chat.status.reconnecting", defaultMessage: "Connection lost. Reconnecting..." },
  sessionEnded: { id: "chat.status.ended", defaultMessage: "Your session has ended. Log in again to keep chatting." },
  logIn: { id: "chat.status.logIn", defaultMessage: "Log in" },
  vipEnded: {
    id: "chat.status.vipEnded",
    defaultMessage: "Your VIP membership has ended, so this chat is closed. Become a VIP member again to keep chatting.",
  },
  vipAgain: { id: "chat.status.vipAgain", defaultMessage: "Become a VIP again" },
  logLabel: { id: "chat.log.label", defaultMessage: "Conversation" },
  you: { id: "chat.you", defaultMessage: "You" },
  emptyTitle: { id: "chat.empty.title", defaultMessage: "Start the conversation" },
  suggestionsLabel: { id: "chat.suggestions.label", defaultMessage: "Suggested questions" },
  suggestNextShow: { id: "chat.suggestion.nextShow", defaultMessage: "When is your next show?" },
  suggestAlbum: { id: "chat.suggestion.album", defaultMessage: "What albums have you released?" },
  suggestVip: { id: "chat.suggestion.vip", defaultMessage: "What does VIP include?" },
  inputLabel: { id: "chat.input.label", defaultMessage: "Message" },
  inputPlaceholder: { id: "chat.input.placeholder", defaultMessage: "Type your message..." },
  inputHint: { id: "chat.input.hint", defaultMessage: "Enter sends; Shift+Enter starts a new line." },
  send: { id: "chat.send", defaultMessage: "Send" },
  stop: { id: "chat.stop", defaultMessage: "Stop" },
  toolbar: { id: "chat.toolbar", defaultMessage: "Chat actions" },
  copy: { id: "chat.copy", defaultMessage: "Copy Chat" },
  copied: { id: "chat.copied", defaultMessage: "Copied!" },
  newChat: { id: "chat.new", defaultMessage: "New Chat" },
  clear: { id: "chat.clear", defaultMessage: "Clear Chat" },
  clearTitle: { id: "chat.clear.title", defaultMessage: "Clear Chat History" },
  clearBody: { id: "chat.clear.body", defaultMessage: "Are you sure you want to clear your chat history? This action cannot be undone." },
  clearCancel: { id: "chat.clear.cancel", defaultMessage: "Cancel" },
  clearConfirm: { id: "chat.clear.confirm", defaultMessage: "Clear History" },
  dismiss: { id: "chat.error.dismiss", defaultMessage: "Dismiss" },
});

export const titleMessage = defineMessage<{ name: string }>({ id: "chat.title", defaultMessage: "Chat with {name}" });

export const emptyHintMessage = defineMessage<{ name: string }>({
  id: "chat.empty.hint",
  defaultMessage: "Ask {name} anything, or start with one of these questions.",
});

export const typingMessage = defineMessage<{ name: string }>({ id: "chat.typing", defaultMessage: "{name} is typing…" });

/** The character counter shown near the limit: "1,950 / 2,000". */
export const counterMessage = defineMessage<{ count: number; max: number }>({
  id: "chat.counter",
  defaultMessage: "{count, number} / {max, number}",
});

/** A wait before the next message may be sent, in the largest unit that fits. */
export const waitMessages = {
  seconds: defineMessage<{ count: number }>({ id: "chat.wait.seconds", defaultMessage: "{count, plural, one {# second} other {# seconds}}" }),
  minutes: defineMessage<{ count: number }>({ id: "chat.wait.minutes", defaultMessage: "{count, plural, one {# minute} other {# minutes}}" }),
  hours: defineMessage<{ count: number }>({ id: "chat.wait.hours", defaultMessage: "{count, plural, one {# hour} other {# hours}}" }),
};

/** Error texts that take a value. */
export const runFailedMessage = defineMessage<{ status: string }>({ id: "chat.error.runFailed", defaultMessage: "Run failed with status: {status}" });
export const tooLongMessage = defineMessage<{ max: number }>({
  id: "chat.error.tooLong",
  defaultMessage: "Messages can be at most {max, number} characters",
});
export const limitMessages = {
  rate_limited: defineMessage<{ wait: string }>({
    id: "chat.error.rateLimited",
    defaultMessage: "You're sending messages too quickly. Try again in {wait}.",
  }),
  daily_limit: defineMessage<{ wait: string }>({
    id: "chat.error.dailyLimit",
    defaultMessage: "You've reached today's message limit. Try again in {wait}.",
  }),
};

/** Error texts without values, by error code (rate_limited_now: a limit without a known wait). */
export const chatErrorMessages = defineMessages({
  send_failed: { id: "chat.error.send", defaultMessage: "Failed to send message" },
  timeout: { id: "chat.error.timeout", defaultMessage: "Run timed out" },
  clear_failed: { id: "chat.error.clear", defaultMessage: "Failed to clear chat history" },
  new_chat_failed: { id: "chat.error.newChat", defaultMessage: "Failed to start new chat" },
  history_failed: { id: "chat.error.history", defaultMessage: "Failed to load chat history" },
  empty_message: { id: "chat.error.empty", defaultMessage: "Type a message before sending" },
  invalid_characters: { id: "chat.error.invalidCharacters", defaultMessage: "This message contains characters that are not allowed" },
  rate_limited_now: { id: "chat.error.rateLimitedNow", defaultMessage: "You're sending messages too quickly. Please wait a moment." },
  daily_limit_now: { id: "chat.error.dailyLimitNow", defaultMessage: "You've reached today's message limit. Please try again later." },
  bad_frame: { id: "chat.error.badFrame", defaultMessage: "The chat could not read that request. Please try again." },
  copy_failed: { id: "chat.error.copy", defaultMessage: "Couldn't copy the chat to the clipboard" },
  unknown: { id: "chat.error.unknown", defaultMessage: "Something went wrong. Please try again." },
});
