// Sending e-mail verification links: a random token (only its SHA-256 stored), valid 48 hours,
// used once, mailed in the member's language (users.locale). Shared by sign-up (routes/auth.ts)
// and the verification routes (routes/email-verification.ts).
import { readConfig, type AppEnv } from "../env";
import type { DB } from "../db/client";
import type { UserRow } from "../db/schema/accounts";
import { deleteEmailVerification, insertEmailVerification } from "../db/email-verification";
import { randomToken, sha256Hex } from "../lib/crypto";
import { routeError } from "../lib/errors";
import { EMAIL_MAIL_RATE_LIMITS, EMAIL_VERIFICATION_TTL_MS } from "#contracts/email-verification.ts";
import { createMailService } from "./mail";
import { emailChangedNoticeMail, verificationMail } from "./mail/verification";
import { hitRateLimit } from "./rate-limit";

/** What these helpers read of a request's context (any route's, whatever its guards added). */
export type MailContext = { env: AppEnv; var: { db: DB }; req: { url: string } };
type Ctx = MailContext;

/** The SPA page that consumes a link (app/routes/verify-email.tsx). */
export const VERIFY_EMAIL_PATH = "/verify-email";

/**
 * Counts one verification mail for the account: five a day, whatever sent it (sign-up, Resend,
 * an e-mail change). A resend also waits a minute after the last one: the sign-up's and a
 * change's first mail are not held to that, so a member may fix a typo or press Resend at once.
 * Two keys, because a counter's row is (key, window start) and a day's start is also a minute's.
 */
export async function countVerificationMail(c: Ctx, userId: string, { resend = false }: { resend?: boolean } = {}) {
  if (resend) await hitRateLimit(c.var.db, `verify-mail:minute:${userId}`, EMAIL_MAIL_RATE_LIMITS.perMinute);
  await hitRateLimit(c.var.db, `verify-mail:day:${userId}`, EMAIL_MAIL_RATE_LIMITS.perDay);
}

/**
 * Mails a link proving `email` belongs to `user`: their own address (`verify`) or the new one they
 * asked for (`change`). When the mail cannot be sent the token is deleted and 502 mail_failed
 * answers, so no link exists that nobody received.
 */
export async function sendVerificationLink(c: Ctx, user: UserRow, email: string, kind: "verify" | "change", now = Date.now()) {
  const db = c.var.db;
  const token = randomToken(32);
  const tokenHash = await sha256Hex(token);
  const expiresAt = new Date(now + EMAIL_VERIFICATION_TTL_MS);
  await insertEmailVerification(db, { tokenHash, userId: user.id, email, expiresAt });
  const link = new URL(VERIFY_EMAIL_PATH, new URL(c.req.url).origin);
  link.searchParams.set("token", token);
  const mail = verificationMail({
    to: email,
    brandName: readConfig(c.env).BRAND_NAME,
    locale: user.locale,
    username: user.username,
    link: link.toString(),
    kind,
    expiresAt,
  });
  try {
    await createMailService(c.env, db).send(mail);
  } catch (err) {
    console.error("verification mail failed", err);
    await deleteEmailVerification(db, tokenHash);
    throw routeError("mail_failed");
  }
}

/** The new account's first link, counted in the day's budget. A failed mail does not undo the sign-up: the member can ask again. */
export async function sendSignupVerification(c: Ctx, user: UserRow) {
  try {
    await countVerificationMail(c, user.id);
    await sendVerificationLink(c, user, user.email, "verify");
  } catch (err) {
    console.error("sign-up verification mail not sent", err);
  }
}

/** Tells the address an account had before a change where its mails go now. Best effort. */
export async function sendEmailChangedNotice(c: Ctx, user: Pick<UserRow, "username" | "locale">, previousEmail: string, newEmail: string, at = new Date()) {
  const mail = emailChangedNoticeMail({
    to: previousEmail,
    brandName: readConfig(c.env).BRAND_NAME,
    locale: user.locale,
    username: user.username,
    newEmail,
    at,
  });
  try {
    await createMailService(c.env, c.var.db).send(mail);
  } catch (err) {
    console.error("e-mail change notice failed", err);
  }
}
