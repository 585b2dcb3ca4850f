// A ban's reason and end (a suspension), without zod: the SPA's login page imports the error code
// and its details' shape, the back office the limits. A timed suspension ends by itself at
// `until`; a permanent one (until null) lasts until an administrator lifts it.

/** A ban's reason, as the member reads it when they sign in. */
export const BAN_REASON_MAX = 500;

/** What sign-in answers (403) to a suspended member who typed the right password. */
export const ACCOUNT_SUSPENDED_CODE = "account_suspended";

/** The 403's params: the reason, and the end (ISO 8601) unless the suspension is permanent. */
export type AccountSuspendedParams = { reason: string; until?: string };

/** English texts; the SPA shows its own translation for each code it knows. */
export const SUSPENSION_MESSAGES = {
  reasonRequired: "A reason is required",
  reasonTooLong: `The reason must be at most ${BAN_REASON_MAX} characters`,
  untilInvalid: "Choose a valid end date and time, or permanent",
  untilPast: "The end must be in the future",
} as const;

/**
 * Reasons the site writes itself (the moderation queue's "ban the author" has no form) are stored
 * as a code, not as English text, so every member reads the reason in their own language: the SPA
 * translates a known code and shows any other reason as the administrator typed it.
 */
export const BAN_REASON_CODES = { reportedContent: "reported_content" } as const;
export type BanReasonCode = (typeof BAN_REASON_CODES)[keyof typeof BAN_REASON_CODES];
const BAN_REASON_TEXTS: Record<BanReasonCode, string> = { reported_content: "Content reported to the moderators" };

export const isBanReasonCode = (reason: string): reason is BanReasonCode => Object.hasOwn(BAN_REASON_TEXTS, reason);

/** A stored reason in English: a code's text, or the reason as typed. */
export const banReasonText = (reason: string) => (isBanReasonCode(reason) ? BAN_REASON_TEXTS[reason] : reason);

/** The English 403 text: the member learns why, and until when (bans from before reasons have none). */
export function suspendedMessage({ reason, until }: AccountSuspendedParams): string {
  const head = until ? `Your account is suspended until ${until}.` : "Your account is suspended.";
  return reason ? `${head} Reason: ${banReasonText(reason)}` : head;
}
