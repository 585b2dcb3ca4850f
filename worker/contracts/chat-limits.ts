// The VIP chat's languages and limits, zod-free: what the chat's Durable Object and the persona's
// prompt need at start-up (decision 078). chat.ts re-exports them with the frames' schemas.

/** The site's languages (app/i18n/locale.ts): a reply is written in the member's. */
export const CHAT_LOCALES = ["en", "pt-BR"] as const;
export type ChatLocale = (typeof CHAT_LOCALES)[number];

export const CHAT_MESSAGE_MAX_CHARS = 2000;
/** A client frame longer than this is refused without being parsed. */
export const CHAT_CLIENT_FRAME_MAX_BYTES = 8 * 1024;
export const CHAT_MESSAGES_PER_MINUTE = 20;
export const CHAT_MESSAGES_PER_DAY = 200;
/** A reply that has not finished in this time is cancelled ('Run timed out'). */
export const CHAT_REPLY_TIMEOUT_MS = 30_000;
/** At most this many earlier messages go to the model, and fewer when they exceed the budget. */
export const CHAT_CONTEXT_MAX_MESSAGES = 20;
export const CHAT_CONTEXT_TOKEN_BUDGET = 3_000;
