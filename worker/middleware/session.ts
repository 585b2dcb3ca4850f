import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { resolveSession } from "../db/auth";
import { sha256Hex } from "../lib/crypto";
import { readSessionToken } from "../services/session";
import type { SessionUser } from "#contracts/auth.ts";
import { isTokenOnlyPath } from "#contracts/areas/index.ts";
import type { HonoEnv } from "../types";

/** The signed-in user of the request's session cookie and the session's hash, or nulls. */
export async function sessionOfRequest(c: Context<HonoEnv>): Promise<{ user: SessionUser | null; sessionHash: string | null }> {
  const token = readSessionToken(c);
  if (!token || token.length > 100) return { user: null, sessionHash: null };
  const hash = await sha256Hex(token);
  const user = await resolveSession(c.var.db, hash);
  return user ? { user, sessionHash: hash } : { user: null, sessionHash: null };
}

/** Loads the signed-in user (or null) into c.var.user for every API request. */
export const loadSession = createMiddleware<HonoEnv>(async (c, next) => {
  c.set("user", null);
  c.set("sessionHash", null);
  // Addresses authorised by a token in the address alone (areas' `tokenOnlyPaths`, such as a live
  // show's segments asked for every few seconds by every viewer) read no session: no D1 trip.
  if (isTokenOnlyPath(c.req.path)) return next();
  const { user, sessionHash } = await sessionOfRequest(c);
  c.set("user", user);
  c.set("sessionHash", sessionHash);
  await next();
});
