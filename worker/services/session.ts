// Session cookie: a random 256-bit id the browser holds; D1 stores only its SHA-256.
// The __Host- prefix makes the browser refuse the cookie unless it is Secure, has Path=/ and no
// Domain, so a sibling subdomain can neither set nor overwrite it.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createSession, deleteSession, SESSION_ABSOLUTE_MS } from "../db/auth";
import { randomToken, sha256Hex } from "../lib/crypto";
import { HOUR_MS } from "../lib/time";
import { readSettings } from "../db/settings";
import type { DB } from "../db/client";
import type { HonoEnv } from "../types";
import { accessChanged } from "./access-changed";

export const SESSION_COOKIE = "__Host-sid";

const cookieOptions = {
  path: "/",
  httpOnly: true,
  secure: true,
  sameSite: "Lax",
} as const;

export const readSessionToken = (c: Context<HonoEnv>) => getCookie(c, SESSION_COOKIE);

/**
 * Starts a fresh session (rotation: any session the browser held before is ended). Its lifetime
 * is the session timeout saved in the back office when it starts: a change applies to sessions
 * started afterwards, those already open keep theirs.
 */
export async function startSession(c: Context<HonoEnv>, userId: string) {
  await revokeCurrentSession(c); // the new Set-Cookie below replaces the old cookie
  const token = randomToken(32);
  const lifetimeMs = await sessionLifetimeMs(c.var.db);
  // For the Devices list (decision 039). Its parser loads with the first sign-in, not at start-up:
  // every request reads the session, only a sign-in makes one.
  const { describeUserAgent } = await import("../lib/user-agent");
  const device = describeUserAgent(c.req.header("user-agent"));
  await createSession(c.var.db, userId, await sha256Hex(token), lifetimeMs, Date.now(), device);
  setCookie(c, SESSION_COOKIE, token, { ...cookieOptions, maxAge: Math.floor(lifetimeMs / 1000) });
}

/**
 * The saved session timeout. If the settings cannot be read (say, code deployed before its
 * migration ran), signing in still works, with SESSION_ABSOLUTE_MS.
 */
async function sessionLifetimeMs(db: DB) {
  try {
    return (await readSettings(db)).sessionTimeoutHours * HOUR_MS;
  } catch (err) {
    console.error("session timeout setting unreadable; using the default lifetime", err);
    return SESSION_ABSOLUTE_MS;
  }
}

async function revokeCurrentSession(c: Context<HonoEnv>) {
  const token = readSessionToken(c);
  if (!token) return;
  const hash = await sha256Hex(token);
  await deleteSession(c.var.db, hash);
  // With the member named, their chat socket of this session closes now too (see MemberSocketTarget).
  const userId = c.var.user?.id;
  await accessChanged(c.env, c.var.db, { kind: "sessions", target: userId ? { sessionHash: hash, userId } : { sessionHash: hash } });
}

export async function endSession(c: Context<HonoEnv>) {
  await revokeCurrentSession(c);
  deleteCookie(c, SESSION_COOKIE, cookieOptions);
}
