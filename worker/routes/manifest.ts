// GET /manifest.webmanifest: the installable app's manifest (worker/lib/web-manifest.ts), in the
// language the visitor's pages are in: ?lang=, else their choice (the app's cookie), else
// Accept-Language. The shell's <link rel="manifest"> asks with credentials, so the cookie comes.
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { HonoEnv } from "../types";
import { readConfig } from "../env";
import { isLocale, LANG_PARAM, LOCALE_COOKIE } from "../contracts/locale";
import { localeOfRequest } from "../services/first-load";
import { webManifest } from "../lib/web-manifest";

export const manifestRoutes = new Hono<HonoEnv>().get("/", (c) => {
  const asked = c.req.query(LANG_PARAM);
  const locale = isLocale(asked) ? asked : localeOfRequest(c.req.header("accept-language"), getCookie(c, LOCALE_COOKIE) ?? null);
  const body = JSON.stringify(webManifest(readConfig(c.env).BRAND_NAME, locale));
  return c.body(body, 200, {
    "Content-Type": "application/manifest+json; charset=utf-8",
    // Small, and its language follows a cookie: asked again each time, never shared.
    "Cache-Control": "no-cache",
    Vary: "Cookie, Accept-Language",
    "Content-Language": locale,
  });
});
