// Accounts: sign-up, sign-in, sign-out, the current user, and password reset by e-mail link.
import { Hono, type Context } from "hono";
import { readConfig } from "../env";
import type { HonoEnv } from "../types";
import type { DB } from "../db/client";
import type { UserRow } from "../db/schema";
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
} from "../contracts/auth";
import { RATE_LIMIT_MESSAGE, RATE_LIMITS } from "../contracts/limits";
import { ApiError, conflict, notFound, tooManyRequests } from "../lib/errors";
import { newId, randomToken, sha256Hex } from "../lib/crypto";
import { DUMMY_HASH, hashPassword, verifyPassword } from "../lib/password";
import { endSession, startSession } from "../services/session";
import { closeMemberSockets } from "../durable-objects/member-sockets";
import { validate } from "../lib/validate";
import { clearRateLimit, clientIp, countEvent, hitRateLimit } from "../services/rate-limit";
import { createMailService } from "../services/mail";
import { passwordResetMail } from "../services/mail/templates";
import { notifyAdminLater } from "../services/admin-notifications";
import { isUniqueViolation } from "../db/d1";

type Ctx = Context<HonoEnv>;

const invalidCredentials = () => new ApiError(401, "invalid_credentials", AUTH_MESSAGES.invalidCredentials);
const resetInvalid = () => new ApiError(400, "reset_invalid", AUTH_MESSAGES.resetInvalid);
const resetExpired = () => new ApiError(410, "reset_expired", AUTH_MESSAGES.resetExpired);
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
async function createAccount(db: DB, input: { email: string; username: string; password: string }, pepper: string): Promise<UserRow> {
  const taken = await takenField(db, input.email, input.username);
  if (taken) throw taken;
  const account: NewUser = { id: newId(), email: input.email, username: input.username, passwordHash: await hashPassword(input.password, pepper) };
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
  if (!user || !matches || user.status === "banned") throw invalidCredentials();
  return user;
}

/**
 * authenticate(), with failed attempts counted per account. Only failures count, and the right
 * password always gets through, so nobody can lock an owner out by typing wrong passwords at
 * their address. Past the limit a wrong password is answered 429 instead of 401, which slows a
 * guesser without telling whether the address exists (unknown addresses are counted alike).
 */
async function authenticateWithFailureLimit(db: DB, email: string, password: string, pepper: string): Promise<UserRow> {
  const key = `login:fail:${email}`;
  const limit = RATE_LIMITS.loginFailuresPerAccount;
  try {
    const user = await authenticate(db, email, password, pepper);
    await clearRateLimit(db, key, limit);
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.code === "invalid_credentials" && (await countEvent(db, key, limit)) > limit[0])
      throw tooManyRequests(RATE_LIMIT_MESSAGE);
    throw err;
  }
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
  const mail = passwordResetMail({ to: user.email, link: link.toString(), brandName: readConfig(c.env).BRAND_NAME, validMinutes: RESET_TOKEN_TTL_MS / 60_000 });
  try {
    await createMailService(c.env, db).send(mail);
  } catch (err) {
    console.error("password reset mail failed", err);
    await deletePasswordReset(db, tokenHash);
    throw new ApiError(502, "mail_failed", AUTH_MESSAGES.resetSendFailed);
  }
}

export const authRoutes = new Hono<HonoEnv>()
  .get("/me", (c) => c.json<MeResponse>({ user: c.var.user }))

  .post("/signup", validate("json", signupSchema), async (c) => {
    const { username, email, password } = c.req.valid("json");
    const db = c.var.db;
    await hitRateLimit(db, `signup:ip:${clientIp(c.req)}`, RATE_LIMITS.signupPerIp);
    const user = await createAccount(db, { email, username, password }, pepperOf(c));
    await startSession(c, user.id);
    notifyAdminLater(c, { kind: "new_user", member: { username: user.username, email: user.email } });
    return c.json<AuthUserResponse>({ user: await toSessionUser(db, user) }, 201);
  })

  .post("/login", validate("json", loginSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    const db = c.var.db;
    await hitRateLimit(db, `login:ip:${clientIp(c.req)}`, RATE_LIMITS.loginPerIp);
    const user = await authenticateWithFailureLimit(db, email, password, pepperOf(c));
    await markSignedIn(db, user.id);
    await startSession(c, user.id); // ends the session the browser held before: rotation
    return c.json<AuthUserResponse>({ user: await toSessionUser(db, user) });
  })

  .post("/logout", async (c) => {
    await endSession(c);
    return c.body(null, 204);
  })

  .post("/reset/request", validate("json", resetRequestSchema), async (c) => {
    const { email } = c.req.valid("json");
    const db = c.var.db;
    await hitRateLimit(db, `reset:ip:${clientIp(c.req)}`, RATE_LIMITS.resetPerIp);
    await hitRateLimit(db, `reset:account:${email}`, RATE_LIMITS.resetPerAccount);
    const user = await findUserByEmail(db, email);
    if (!user) throw notFound(AUTH_MESSAGES.userNotFound, "user_not_found");
    // A banned account cannot sign in whatever its password, so it gets no link; the answer
    // stays the same so the ban is not revealed to whoever typed the address.
    if (user.status !== "banned") await sendResetLink(c, user);
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
    await closeMemberSockets(c.env, db, { userId: reset.userId }); // their sessions ended in the batch
    // A browser signed in as this user lost its session with the others; drop its cookie too.
    if (c.var.user?.id === reset.userId) await endSession(c);
    return ok(c);
  });
