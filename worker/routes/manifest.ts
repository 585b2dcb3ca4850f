// GET /manifest.webmanifest: the installable app's manifest (worker/lib/web-manifest.ts), in the
// language the visitor's pages are in: ?lang=, else their choice (the app's cookie), else
// Accept-Language. The shell's <link rel="manifest"> asks with credentials, so the cookie comes.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { readConfig } from "../env";
import { requestLanguage } from "../middleware/content-language";
import { CONTENT_LANGUAGE_VARY } from "../lib/content-language";
import { webManifest } from "../lib/web-manifest";

export const manifestRoutes = new Hono<HonoEnv>().get("/", (c) => {
  const locale = requestLanguage(c);
  const body = JSON.stringify(webManifest(readConfig(c.env).BRAND_NAME, locale));
  return c.body(body, 200, {
    "Content-Type": "application/manifest+json; charset=utf-8",
    // Small, and its language follows a cookie: asked again each time, never shared.
    "Cache-Control": "no-cache",
    Vary: CONTENT_LANGUAGE_VARY,
    "Content-Language": locale,
  });
});
