// The sign-in slowdown and one-time sign-in links (decision 038). Past LOGIN_SLOWDOWN.freeFailures
// wrong passwords for an address, every attempt for it waits until the address's "not before"
// time, right password or not, and each further wrong password doubles the wait (capped). The
// owner is mailed a one-time link that signs them in past the slowdown, so a guesser can slow the
// account down but never lock its owner out.
import type { Context } from "hono";
import { eq } from "drizzle-orm";
import type { HonoEnv } from "../types";
import type { DB } from "../db/client";
import { users, type UserRow } from "../db/schema/accounts";
import { findUserByEmail } from "../db/auth";
import {
  claimSignInLinkMail,
  clearLoginThrottle,
  consumeSignInLink,
  deleteSignInLink,
  insertSignInLink,
  recordLoginFailure,
  setThrottledUntil,
  throttledUntil,
} from "../db/login-throttle";
import { LOGIN_SLOWDOWN, SIGN_IN_LINK_PATH, SIGN_IN_LINK_TTL_MS } from "#contracts/sign-in-link.ts";
import { ApiError } from "../lib/errors";
import { suspensionAt, suspensionEnded } from "../lib/suspension";
import { clearEndedSuspension } from "../db/suspensions";
import { randomToken, sha256Hex } from "../lib/crypto";
import { readConfig } from "../env";
import { createMailService } from "./mail";
import { signInLinkMail } from "./mail/sign-in-link";

type SlowdownContext = Pick<Context<HonoEnv>, "env" | "executionCtx"> & { var: { db: DB }; req: { url: string } };

/** The wait after the `failures`-th wrong password: none before the limit, then 1 s, 2 s, 4 s … capped. */
export function slowdownDelayMs(failures: number): number {
  const past = failures - LOGIN_SLOWDOWN.freeFailures;
  if (past < 0) return 0;
  return Math.min(LOGIN_SLOWDOWN.firstDelayMs * 2 ** Math.min(past, 30), LOGIN_SLOWDOWN.maxDelayMs);
}

const isWrongPassword = (err: unknown) => err instanceof ApiError && err.code === "invalid_credentials";

/**
 * Runs `checkPassword` for `email` unless the address is waiting out a slowdown, in which case the
 * password is not even checked and the answer is "too_early" (the route gives it the same 401 as
 * a wrong password). An early attempt neither counts nor moves the wait, so a guesser gets one
 * checked guess per wait however many addresses they send from. Addresses without an account are
 * counted and slowed down alike, and the link is mailed off the response path, so neither the
 * answer nor its timing tells whether an account exists.
 */
export async function signInWithSlowdown(
  c: SlowdownContext,
  email: string,
  checkPassword: () => Promise<UserRow>,
  now = Date.now(),
): Promise<UserRow | "too_early"> {
  const db = c.var.db;
  if (now < (await throttledUntil(db, email))) return "too_early";
  let user: UserRow;
  try {
    user = await checkPassword();
  } catch (err) {
    if (isWrongPassword(err)) await countFailure(c, email, now);
    throw err;
  }
  await clearLoginThrottle(db, email);
  return user;
}

async function countFailure(c: SlowdownContext, email: string, now: number) {
  const db = c.var.db;
  const failures = await recordLoginFailure(db, email, LOGIN_SLOWDOWN.forgetAfterMs, now);
  const delay = slowdownDelayMs(failures);
  if (delay === 0) return;
  await setThrottledUntil(db, email, now + delay);
  if (await claimSignInLinkMail(db, email, LOGIN_SLOWDOWN.linkEveryMs, now)) {
    c.executionCtx.waitUntil(mailSignInLink(c, email, now));
  }
}

/** Mails the owner of `email` (if there is one it may sign in) a one-time link. Never throws: it runs after the answer. */
async function mailSignInLink(c: SlowdownContext, email: string, now: number) {
  const db = c.var.db;
  let tokenHash: string | undefined;
  try {
    const user = await findUserByEmail(db, email);
    // A suspension in force gets no link; one past its end does (lib/suspension.ts).
    if (!user || suspensionAt(user, now)) return;
    const token = randomToken(32);
    tokenHash = await sha256Hex(token);
    await insertSignInLink(db, { tokenHash, userId: user.id, expiresAt: new Date(now + SIGN_IN_LINK_TTL_MS) });
    const link = new URL(SIGN_IN_LINK_PATH, new URL(c.req.url).origin);
    link.searchParams.set("token", token);
    const mail = signInLinkMail(user.locale, {
      to: user.email,
      link: link.toString(),
      brandName: readConfig(c.env).BRAND_NAME,
      validMinutes: SIGN_IN_LINK_TTL_MS / 60_000,
    });
    await createMailService(c.env, db).send(mail);
  } catch (err) {
    console.error("sign-in link mail failed", err);
    if (tokenHash) await deleteSignInLink(db, tokenHash).catch(() => undefined);
  }
}

/**
 * Uses a sign-in link: the user it signs in (their slowdown forgotten), or why not. The link of an
 * account under a suspension in force is as invalid as an unknown one.
 */
export async function signInByLink(db: DB, token: string, now = Date.now()): Promise<UserRow | "invalid" | "expired"> {
  const used = await consumeSignInLink(db, await sha256Hex(token), now);
  if (typeof used === "string") return used;
  const user = await db.select().from(users).where(eq(users.id, used.userId)).limit(1).get();
  if (!user || suspensionAt(user, now)) return "invalid";
  await clearLoginThrottle(db, user.email);
  // A timed suspension past its end is cleared here, as a password sign-in does (services/suspension.ts).
  if (!suspensionEnded(user, now)) return user;
  await clearEndedSuspension(db, user.id, now);
  return { ...user, status: "active", banReason: null, bannedUntil: null, bannedAt: null };
}
