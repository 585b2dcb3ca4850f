// E-mail verification and e-mail change: request and answer shapes, limits and the English texts
// (the SPA translates by code). Shared by the Worker and the SPA.
import { z } from "./zod";
import { PASSWORD_MAX, emailSchema, resetTokenSchema } from "./auth";
export { EMAIL_VERIFICATION_MESSAGES } from "./email-verification-limits";

/** A verification link works once, for 48 hours. */
export const EMAIL_VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000;

/**
 * Verification mails per account ([max, window seconds]): five a day, counting the sign-up's,
 * every Resend and every e-mail change (each sends a mail to an address the member typed); and
 * Resend at most once a minute.
 */
export const EMAIL_MAIL_RATE_LIMITS = {
  perMinute: [1, 60],
  perDay: [5, 24 * 60 * 60],
} as const satisfies Record<string, readonly [number, number]>;

/** Error codes of these routes and of the guard (requireVerifiedEmail). */
export const EMAIL_VERIFICATION_CODES = {
  unverified: "email_unverified",
  invalid: "verification_invalid",
  expired: "verification_expired",
  alreadyVerified: "email_already_verified",
  unchanged: "email_unchanged",
} as const;

/** POST /api/auth/verify-email: the token from the link; anything malformed is an invalid link. */
export const verifyEmailSchema = z.strictObject({ token: resetTokenSchema });

/** POST /api/auth/email-change. The password is checked, never its rules (they may have changed). */
export const emailChangeSchema = z.strictObject({
  currentPassword: z.string().min(1).max(PASSWORD_MAX),
  email: emailSchema,
});

/** What a used link did: verified the account's address, or moved the account to a new one. */
export type VerifyEmailResponse = { ok: true; outcome: "verified" | "email_changed" };
/** Answer of the resend and e-mail change routes: where the link went. */
export type VerificationSentResponse = { ok: true; sentTo: string };
