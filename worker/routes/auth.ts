// Accounts: sign-up, sign-in, sign-out, the current user, and password reset by e-mail link.
import { recordSignupConsent } from "../db/newsletter";
import { consentText } from "../services/mail/newsletter";
import { requestCountry } from "../services/newsletter/subscription";
import { CONFIRMATION_VALID_DAYS } from "#contracts/newsletter.ts";
import { Hono, type Context } from "hono";
import { readConfig } from "../env";
import type { HonoEnv } from "../types";
import type { DB } from "../db/client";
import type { UserRow } from "../db/schema/accounts";
import {
  consumePasswordReset,
  deletePasswordReset,
  findPasswordReset,
  findUserByEmail,
  findUserByUsername,
  insertPasswordReset,
  insertUserWithProfile,
  markSignedIn,
  toSessionUser,
  type NewUser,
} from "../db/auth";
import {
  AUTH_MESSAGES,
  RESET_TOKEN_TTL_MS,
  loginSchema,
  resetConfirmSchema,
  resetRequestSchema,
  resetVerifyQuerySchema,
  signupSchema,
  type AuthUserResponse,
  type MeResponse,
  type OkResponse,
} from "#contracts/auth.ts";
import { RATE_LIMITS } from "#contracts/limits.ts";
import { conflict, notFound, routeError, unauthorized } from "../lib/errors";
import { newId, randomToken, sha256Hex } from "../lib/crypto";
import { DUMMY_HASH, hashPassword, verifyPassword } from "../lib/password";
import { endSession, startSession } from "../services/session";
import { validate } from "../lib/validate";
import { clientIp, hitEdgeLimit, hitRateLimit } from "../services/rate-limit";
import { requireHuman } from "../services/bot-check";
import { signInByLink, signInWithSlowdown } from "../services/login-slowdown";
import { signInLinkSchema } from "#contracts/sign-in-link.ts";
import { createMailService } from "../services/mail";
import { sendSignupVerification } from "../services/email-verification";
import { passwordResetMail } from "../services/mail/templates";
import { notifyAdminLater } from "../services/admin-notifications";
import { isUniqueViolation } from "../db/d1";
import { refuseIfSuspended } from "../services/suspension";
import { suspensionAt } from "../lib/suspension";
import { requestLanguage } from "../middleware/content-language";
import type { Locale } from "#contracts/locale.ts";
import { memberLocaleSchema, type MemberLocaleResponse } from "#contracts/member-locale.ts";
import { setMemberLocale } from "../db/member-locale";
import { requireUser } from "../middleware/guards";
import { accessChanged } from "../services/access-changed";

type Ctx = Context<HonoEnv>;

const invalidCredentials = () => routeError("invalid_credentials", { status: 401 });
const resetInvalid = () => routeError("reset_invalid");
const resetExpired = () => routeError("reset_expired");
const emailTaken = () => conflict(AUTH_MESSAGES.emailTaken, "email_taken");
const usernameTaken = () => conflict(AUTH_MESSAGES.usernameTaken, "username_taken");

const pepperOf = (c: Ctx) => readConfig(c.env).PASSWORD_PEPPER;
const ok = (c: Ctx) => c.json<OkResponse>({ ok: true });

/** Which field a new account collides on, if any (both checks are case-insensitive). */
async function takenField(db: DB, email: string, username: string) {
  if (await findUserByEmail(db, email)) return emailTaken();
  if (await findUserByUsername(db, username)) return usernameTaken();
  return null;
}

/** Inserts the account, or 409 when the e-mail or username is taken. Checked first (cheap, and
 * before the password is hashed), and again when the insert hits the unique index because a
 * concurrent sign-up won the race. */
async function createAccount(db: DB, input: { email: string; username: string; password: string; locale: Locale }, pepper: string): Promise<UserRow> {
  const taken = await takenField(db, input.email, input.username);
  if (taken) throw taken;
  const account: NewUser = {
    id: newId(),
    email: input.email,
    username: input.username,
    passwordHash: await hashPassword(input.password, pepper),
    locale: input.locale,
  };
  try {
    return await insertUserWithProfile(db, account);
  } catch (err) {
    if (isUniqueViolation(err)) throw (await takenField(db, account.email, account.username)) ?? emailTaken();
    throw err;
  }
}

/** The user the credentials belong to, or 401. The password is always checked, against a dummy
 * hash when the account does not exist, so timing does not reveal which e-mails are registered. */
async function authenticate(db: DB, email: string, password: string, pepper: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  const matches = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH, pepper);
  if (!user || !matches) throw invalidCredentials();
  await refuseIfSuspended(db, user); // 403 with the reason, only to whoever knows the password
  return user;
}

/** authenticate(), behind the per-address slowdown (decision 038): an attempt that comes before
 * the address's wait is over is refused, unchecked, with the same 401 as a wrong password. */
async function authenticateWithSlowdown(c: Ctx, email: string, password: string): Promise<UserRow> {
  const user = await signInWithSlowdown(c, email, () => authenticate(c.var.db, email, password, pepperOf(c)));
  if (user === "too_early") throw invalidCredentials();
  return user;
}

/** The reset row behind a token from a link, or 400 (unknown or used) / 410 (expired). */
async function usableReset(db: DB, token: string, now = Date.now()) {
  const reset = await findPasswordReset(db, await sha256Hex(token));
  if (!reset || reset.usedAt) throw resetInvalid();
  if (reset.expiresAt.getTime() <= now) throw resetExpired();
  return reset;
}

/** Creates a single-use token (only its SHA-256 is stored) and mails the link to the user. */
async function sendResetLink(c: Ctx, user: UserRow) {
  const db = c.var.db;
  const token = randomToken(32);
  const tokenHash = await sha256Hex(token);
  await insertPasswordReset(db, { tokenHash, userId: user.id, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
  const link = new URL("/auth/reset-password", new URL(c.req.url).origin);
  link.searchParams.set("token", token);
  link.searchParams.set("type", "recovery");
  // The request's language, not the account's: the person asking is on the site now, reading it in that language.
  const mail = passwordResetMail({
    to: user.email,
    link: link.toString(),
    brandName: readConfig(c.env).BRAND_NAME,
    validMinutes: RESET_TOKEN_TTL_MS / 60_000,
    locale: requestLanguage(c),
  });
  try {
    await createMailService(c.env, db).send(mail);
  } catch (err) {
    console.error("password reset mail failed", err);
    await deletePasswordReset(db, tokenHash);
    throw routeError("mail_failed", { message: AUTH_MESSAGES.resetSendFailed });
  }
}

export const authRoutes = new Hono<HonoEnv>()
  .get("/me", (c) => c.json<MeResponse>({ user: c.var.user }))

  // The app's language switcher, signed in: the account's mails follow the language chosen.
  .put("/locale", requireUser, validate("json", memberLocaleSchema), async (c) => {
    const { locale } = c.req.valid("json");
    if ((await setMemberLocale(c.var.db, c.var.user.id, locale)) === "not_found") throw unauthorized();
    return c.json<MemberLocaleResponse>({ locale });
  })

  .post("/signup", validate("json", signupSchema), async (c) => {
    const { username, email, password, newsletter } = c.req.valid("json");
    const db = c.var.db;
    await hitEdgeLimit(c.env, "signupPerIp", clientIp(c.req));
    await requireHuman(c, "signup");
    // The language the sign-up form was used in: the account's mails are in it until the member switches.
    const user = await createAccount(db, { email, username, password, locale: requestLanguage(c) }, pepperOf(c));
    if (newsletter) {
      const consent = consentText(user.locale, "sign_up", readConfig(c.env).BRAND_NAME);
      await recordSignupConsent(
        db,
        { userId: user.id, email: user.email, locale: user.locale, country: requestCountry(c.req.raw), consentText: consent },
        CONFIRMATION_VALID_DAYS,
      );
    }
    await startSession(c, user.id);
    await sendSignupVerification(c, user); // the new address must be proven before posting (0035)
    notifyAdminLater(c, { kind: "new_user", member: { username: user.username, email: user.email } });
    return c.json<AuthUserResponse>({ user: await toSessionUser(db, user) }, 201);
  })

  .post("/login", validate("json", loginSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    const db = c.var.db;
    await hitEdgeLimit(c.env, "loginPerIp", clientIp(c.req));
    const user = await authenticateWithSlowdown(c, email, password);
    await markSignedIn(db, user.id);
    await startSession(c, user.id); // ends the session the browser held before: rotation
    return c.json<AuthUserResponse>({ user: await toSessionUser(db, user) });
  })

  // The one-time link mailed to the owner of a slowed-down account: signs in past the slowdown.
  .post("/sign-in-link", validate("json", signInLinkSchema), async (c) => {
    const db = c.var.db;
    await hitEdgeLimit(c.env, "loginPerIp", clientIp(c.req));
    const user = await signInByLink(db, c.req.valid("json").token);
    if (user === "expired") throw routeError("sign_in_link_expired");
    if (user === "invalid") throw routeError("sign_in_link_invalid");
    await markSignedIn(db, user.id);
    await startSession(c, user.id);
    return c.json<AuthUserResponse>({ user: await toSessionUser(db, user) });
  })

  .post("/logout", async (c) => {
    await endSession(c);
    return c.body(null, 204);
  })

  .post("/reset/request", validate("json", resetRequestSchema), async (c) => {
    const { email } = c.req.valid("json");
    const db = c.var.db;
    await hitEdgeLimit(c.env, "resetPerIp", clientIp(c.req));
    await hitRateLimit(db, `reset:account:${email}`, RATE_LIMITS.resetPerAccount);
    await requireHuman(c, "password_reset");
    const user = await findUserByEmail(db, email);
    if (!user) throw notFound(AUTH_MESSAGES.userNotFound, "user_not_found");
    // A banned account cannot sign in whatever its password, so it gets no link; the answer
    // stays the same so the ban is not revealed to whoever typed the address.
    if (!suspensionAt(user, Date.now())) await sendResetLink(c, user);
    return ok(c);
  })

  .get("/reset/verify", async (c) => {
    const query = resetVerifyQuerySchema.safeParse(c.req.query());
    if (!query.success) throw resetInvalid();
    await usableReset(c.var.db, query.data.token);
    return ok(c);
  })

  .post("/reset/confirm", validate("json", resetConfirmSchema), async (c) => {
    const { token, password } = c.req.valid("json");
    const db = c.var.db;
    const reset = await usableReset(db, token);
    const passwordHash = await hashPassword(password, pepperOf(c));
    const used = await consumePasswordReset(db, { tokenHash: reset.tokenHash, userId: reset.userId, passwordHash });
    if (!used) throw resetInvalid(); // a concurrent request used it first
    await accessChanged(c.env, db, { kind: "sessions", target: { userId: reset.userId } }); // their sessions ended in the batch
    // A browser signed in as this user lost its session with the others; drop its cookie too.
    if (c.var.user?.id === reset.userId) await endSession(c);
    return ok(c);
  });
