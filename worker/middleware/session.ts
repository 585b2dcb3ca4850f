import { createMiddleware } from "hono/factory";
import { resolveSession } from "../db/auth";
import { sha256Hex } from "../lib/crypto";
import { readSessionToken } from "../services/session";
import type { HonoEnv } from "../types";

/** Loads the signed-in user (or null) into c.var.user for every API request. */
export const loadSession = createMiddleware<HonoEnv>(async (c, next) => {
  c.set("user", null);
  c.set("sessionHash", null);
  const token = readSessionToken(c);
  if (token && token.length <= 100) {
    const hash = await sha256Hex(token);
    const user = await resolveSession(c.var.db, hash);
    if (user) {
      c.set("user", user);
      c.set("sessionHash", hash);
    }
  }
  await next();
});
