// Request/response shapes for accounts, shared by the Worker and the SPA.
import { z } from "./zod";
import type { Locale } from "./locale";
import { USERNAME_MAX, PASSWORD_MIN, PASSWORD_MAX, AUTH_MESSAGES } from "./auth-limits";
import type { MemberTier } from "./tiers/tiers";
export { USERNAME_MAX, PASSWORD_MIN, PASSWORD_MAX, AUTH_MESSAGES } from "./auth-limits";

export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: AUTH_MESSAGES.emailInvalid }))
  .pipe(z.string().max(254));
export const usernameSchema = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.usernameRequired)
  .max(USERNAME_MAX, AUTH_MESSAGES.usernameTooLong)
  .regex(USERNAME_PATTERN, AUTH_MESSAGES.usernamePattern);
export const passwordSchema = z.string().min(PASSWORD_MIN, AUTH_MESSAGES.passwordMin).max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong);

export const signupSchema = z
  .strictObject({
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
    /** "Send me news by e-mail": confirmed by the account's e-mail verification (double opt-in). */
    newsletter: z.boolean().optional().default(false),
  })
  .refine((v) => v.password === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDontMatch, path: ["confirmPassword"] });

export const loginSchema = z.strictObject({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(200),
});

export const resetRequestSchema = z.strictObject({ email: emailSchema });

/** A reset token as it arrives from the link; anything malformed is just an invalid link. */
export const resetTokenSchema = z.string({ error: AUTH_MESSAGES.resetInvalid }).min(1, AUTH_MESSAGES.resetInvalid).max(200, AUTH_MESSAGES.resetInvalid);

/** Query of GET /api/auth/reset/verify. Other parameters of the link (type=recovery) are allowed. */
export const resetVerifyQuerySchema = z.object({ token: resetTokenSchema });

export const resetConfirmSchema = z
  .strictObject({
    token: resetTokenSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDontMatch, path: ["confirmPassword"] });

export type SessionUser = {
  id: string;
  email: string;
  username: string;
  isAdmin: boolean;
  /** Any paid tier: VIP or one above it (decision 096). */
  isVIP: boolean;
  /**
   * The member's tier (decision 096): the free "member" tier (rank 0), VIP (1) or one above. Every
   * API answer carries it (optional only so older client fixtures still type: tierOf reads isVIP then).
   */
  tier?: MemberTier;
  avatarUrl: string | null;
  /**
   * Door staff: may check VIP passes in at events (/check-in), nothing more. Read fresh from D1 like
   * isAdmin; every API answer carries it (optional only so older client fixtures still type).
   */
  isDoorStaff?: boolean;
  /**
   * Whether the member proved the address is theirs (users.email_verified_at). Until then posting,
   * commenting, the VIP chat and checkout answer 403 email_unverified. Every API answer carries it
   * (optional only so older client fixtures still type; the SPA treats only `false` as unverified).
   */
  emailVerified?: boolean;
  /** A new address the member asked for, waiting for its link to be used (null when none). */
  pendingEmail?: string | null;
  /**
   * The account's language (users.locale: the site's mails, /settings › Language). The SPA
   * switches to it on sign-in. Every API answer carries it (optional only for older fixtures).
   */
  locale?: Locale;
};

export type MeResponse = { user: SessionUser | null };
/** Answer of signup and login. */
export type AuthUserResponse = { user: SessionUser };
/** Answer of reset/request, reset/verify and reset/confirm. */
export type OkResponse = { ok: true };

/** GET /api/dev/mailbox (local mode only): the local mail outbox, newest first. */
export type MailboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** ISO 8601 */
  createdAt: string;
  /** Every link in the text, e.g. the password reset link. */
  links: string[];
  /** Extra headers a live provider would get, e.g. List-Unsubscribe on campaign mail. */
  headers?: Record<string, string>;
  /** The files sent along (a reminder's .ics), content as base64. */
  attachments?: { filename: string; contentType: string; content: string }[];
};
export type MailboxResponse = { messages: MailboxMessage[] };
