// Same-origin check for every unsafe method, JSON included (hono/csrf only covers form types).
// A browser always sends Origin or Sec-Fetch-Site on such requests; a request with neither is
// refused too, so nothing relies on a header being forgotten.
import { createMiddleware } from "hono/factory";
import { routeError } from "../lib/errors";
import type { HonoEnv } from "../types";
import { CROSS_SITE_POSTS } from "#contracts/areas/index.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Server-to-server endpoints authenticated by signature, not by cookie: vendors' notices under
 * /api/webhooks/, and the paths areas declare as posted from other sites (`crossSitePosts`: the
 * payment provider's webhook, the newsletter's one-click unsubscribe).
 */
const EXEMPT = CROSS_SITE_POSTS;
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
