// The bot check on the visitor's forms (decision 090): the action each form proves, the header the
// token travels in, and how the SPA learns which widget to show.

/** Turnstile's `action` per form (letters, digits, _ and -; at most 32 characters). */
export const BOT_CHECK_ACTIONS = ["signup", "guest_checkout", "newsletter", "notify_me", "reminder", "contact", "password_reset"] as const;
export type BotCheckAction = (typeof BOT_CHECK_ACTIONS)[number];

/** The request header carrying the widget's token (a header, so no form's body changes shape). */
export const BOT_CHECK_HEADER = "x-bot-check";

/** Turnstile's tokens live 300 s; the local verifier's as long. */
export const BOT_CHECK_TOKEN_TTL_MS = 300_000;

/**
 * The widget the forms show: Turnstile with its site key, the local verifier's note, or none (a
 * production deploy without the keys: the Worker refuses the forms, bot_check_unavailable).
 */
export type BotCheckConfig = { mode: "live"; siteKey: string } | { mode: "local" } | { mode: "off" };

export type LocalBotCheckTokenResponse = { token: string };

export const BOT_CHECK_MESSAGES = {
  failed: "The check that you are not a bot did not pass. Please try again.",
  unavailable: "The check that you are not a bot is not available right now. Please try again later.",
} as const;
