// Same-origin check for every unsafe method, JSON included (hono/csrf only covers form types).
// A browser always sends Origin or Sec-Fetch-Site on such requests; a request with neither is
// refused too, so nothing relies on a header being forgotten.
import { createMiddleware } from "hono/factory";
import { routeError } from "../lib/errors";
import type { HonoEnv } from "../types";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Server-to-server endpoints authenticated by signature, not by cookie: the payment and mail
 * providers' webhooks, and the newsletter's one-click unsubscribe (RFC 8058: a mail client POSTs
 * it from anywhere; the signed link in its query is the authority, and all it can do is unsubscribe).
 */
const EXEMPT = new Set(["/api/stripe/webhook", "/api/newsletter/unsubscribe", "/api/live/webhooks/stream"]);
const EXEMPT_PREFIX = "/api/webhooks/";

export const csrfGuard = createMiddleware<HonoEnv>(async (c, next) => {
  if (SAFE.has(c.req.method) || EXEMPT.has(c.req.path) || c.req.path.startsWith(EXEMPT_PREFIX)) return next();
  const site = c.req.header("sec-fetch-site");
  const origin = c.req.header("origin");
  const ownOrigin = new URL(c.req.url).origin;
  if (site && site !== "same-origin" && site !== "none") throw routeError("csrf");
  if (origin && origin !== ownOrigin) throw routeError("csrf");
  if (!site && !origin) throw routeError("csrf");
  await next();
});
