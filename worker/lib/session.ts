// Session cookie: a random 256-bit id the browser holds; D1 stores only its SHA-256.
// The __Host- prefix makes the browser refuse the cookie unless it is Secure, has Path=/ and no
// Domain, so a sibling subdomain can neither set nor overwrite it.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createSession, deleteSession, SESSION_ABSOLUTE_MS } from "../db/auth";
import { randomToken, sha256Hex } from "./crypto";
import { closeMemberSockets } from "./member-sockets";
import type { HonoEnv } from "../types";

export const SESSION_COOKIE = "__Host-sid";

const cookieOptions = {
  path: "/",
  httpOnly: true,
  secure: true,
  sameSite: "Lax",
} as const;

export const readSessionToken = (c: Context<HonoEnv>) => getCookie(c, SESSION_COOKIE);

/** Starts a fresh session (rotation: any session the browser held before is ended). */
export async function startSession(c: Context<HonoEnv>, userId: string) {
  await revokeCurrentSession(c); // the new Set-Cookie below replaces the old cookie
  const token = randomToken(32);
  await createSession(c.var.db, userId, await sha256Hex(token));
  setCookie(c, SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
}

async function revokeCurrentSession(c: Context<HonoEnv>) {
  const token = readSessionToken(c);
  if (!token) return;
  const hash = await sha256Hex(token);
  await deleteSession(c.var.db, hash);
  // With the member named, their chat socket of this session closes now too (see MemberSocketTarget).
  const userId = c.var.user?.id;
  await closeMemberSockets(c.env, c.var.db, userId ? { sessionHash: hash, userId } : { sessionHash: hash });
}

export async function endSession(c: Context<HonoEnv>) {
  await revokeCurrentSession(c);
  deleteCookie(c, SESSION_COOKIE, cookieOptions);
}
