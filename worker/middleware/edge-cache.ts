// Public answers from Cloudflare's cache in the visitor's data center (Cache API, decision 050).
//
// A route makes its answer cacheable by saying so: `Cache-Control: public, max-age=N` (the
// catalog, albums, events, stations, channels, the site's config, sitemap, the calendar feed, …).
// Such a GET from someone without a session cookie is looked up under a key made of the public
// content's version, the answer's language and the address; a miss runs the route and stores the
// answer for its max-age. A request with a session cookie is never answered from the cache and its
// answer is never stored, whatever its headers say. A change made through the back office renews
// the version (publicContentChanged), so no location serves the old answers after it.
//
// A visitor's server-rendered page is stored the same way, for the seconds its route gives in
// `edgeMaxAge` rather than in Cache-Control (decision 061): the browser is still told to ask again
// each time (a revalidation, answered 304 from here), so its own copy never outlives a sign-in.
import { createMiddleware } from "hono/factory";
import { requestLanguage } from "./content-language";
import { readSessionToken } from "../services/session";
import { currentContentVersion, publicContentChanged } from "../services/content-version";
import { CONTENT_LANGUAGE_VARY } from "../lib/content-language";
import { sha256Hex } from "../lib/crypto";
import type { HonoEnv } from "../types";

/** Whether the answer came from the cache ("hit"), was stored ("miss"), or could not be ("bypass"). */
export const EDGE_CACHE_HEADER = "X-Edge-Cache";
/** Big files are served with ranges by their own routes and Cloudflare's CDN, not stored here. */
const NOT_CACHED = /^\/(?:media|uploads)\//;

const PUBLIC_MAX_AGE = /(?:^|,)\s*max-age=(\d+)/i;
/** On a stored page: the Cache-Control its browsers get, in place of the one the cache keeps it by. */
const BROWSER_CACHE_CONTROL = "X-Browser-Cache-Control";

/** The seconds a `public` answer may be kept, or 0 when it may not be shared. */
export function sharedMaxAge(cacheControl: string | null): number {
  if (!cacheControl || !/(?:^|,)\s*public\b/i.test(cacheControl) || /no-store|private|no-cache/i.test(cacheControl)) return 0;
  return Number(PUBLIC_MAX_AGE.exec(cacheControl)?.[1] ?? 0);
}

/**
 * Parameters that say where a visitor clicked (campaign tags, ad networks' and newsletters' click
 * ids), which no route reads: a link shared on a social network gets a click id of its own on every
 * click, so keyed by them each visitor of a launch-day post would render the page again.
 */
const CLICK_TRACKING = /^(?:utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|ttclid|twclid|igshid|li_fat_id|yclid|mc_cid|mc_eid)$/i;

/**
 * The cache key: same origin, so the zone's cache holds it; query parameters in a fixed order,
 * click-tracking ones left out (a page never shows them: its canonical address drops them too).
 */
export function edgeCacheKey(url: string, version: string, language: string): string {
  const u = new URL(url);
  for (const name of [...new Set(u.searchParams.keys())]) if (CLICK_TRACKING.test(name)) u.searchParams.delete(name);
  u.searchParams.sort();
  return `${u.origin}/__edge/${version}/${language}${u.pathname}${u.search}`;
}

export const edgeCache = createMiddleware<HonoEnv>(async (c, next) => {
  const path = c.req.path;
  if (c.req.method !== "GET" || c.env.EDGE_CACHE === "off" || NOT_CACHED.test(path) || c.req.header("upgrade")) return next();
  if (readSessionToken(c) || c.req.header("range")) {
    c.set("edgeCache", "bypass");
    await next();
    return;
  }
  // Cloudflare's CacheStorage has the default cache (the DOM typing seen by the Node scripts has not).
  const cache = (caches as CacheStorage & { default: Cache }).default;
  const key = edgeCacheKey(c.req.url, await currentContentVersion(c.var.db), requestLanguage(c));
  const hit = await cache.match(key);
  if (hit) {
    c.set("edgeCache", "hit");
    const res = answer(c.req.header("if-none-match"), hit, "hit");
    // A 304 sends none of the stored body: let go of its read from the cache now rather than when
    // the request ends (an app.fetch in a test has no end, and reset() then cuts it off).
    if (res.status === 304) await hit.body?.cancel();
    return res;
  }
  await next();
  const forBrowsers = c.res.headers.get("cache-control");
  const storedFor = c.get("edgeMaxAge") ?? sharedMaxAge(forBrowsers);
  const maxAge = c.res.status === 200 && !c.res.headers.has("set-cookie") ? storedFor : 0;
  if (maxAge === 0) {
    c.set("edgeCache", "bypass");
    return;
  }
  c.set("edgeCache", "miss");
  const body = await c.res.arrayBuffer();
  const stored = new Response(body, c.res);
  stored.headers.set("ETag", `W/"${(await sha256Hex(body)).slice(0, 32)}"`);
  // The cache keys on the language itself; a Vary stored with the answer would only split it.
  stored.headers.delete("Vary");
  if (c.get("edgeMaxAge") !== undefined) {
    // The cache keeps the page by its own Cache-Control; browsers get the page's.
    stored.headers.set("Cache-Control", `public, max-age=${maxAge}`);
    if (forBrowsers) stored.headers.set(BROWSER_CACHE_CONTROL, forBrowsers);
  }
  c.executionCtx.waitUntil(cache.put(key, stored.clone()));
  c.res = undefined; // replaced whole, not merged with the route's headers
  c.res = answer(c.req.header("if-none-match"), stored, "miss");
});

/** The stored answer, or 304 when the browser already holds it; said to vary as it does. */
function answer(ifNoneMatch: string | undefined, stored: Response, how: "hit" | "miss"): Response {
  const headers = new Headers(stored.headers);
  const forBrowsers = headers.get(BROWSER_CACHE_CONTROL);
  if (forBrowsers) {
    headers.set("Cache-Control", forBrowsers);
    headers.delete(BROWSER_CACHE_CONTROL);
  }
  headers.set("Vary", CONTENT_LANGUAGE_VARY);
  headers.set(EDGE_CACHE_HEADER, how);
  const etag = headers.get("ETag");
  if (etag && ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === etag)) {
    for (const name of ["content-length", "content-type"]) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  return new Response(stored.body, { status: stored.status, headers });
}

/** Any change made through the back office (or a local dev helper) renews the content version. */
export const renewVersionAfterChanges = createMiddleware<HonoEnv>(async (c, next) => {
  await next();
  if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.res.status < 400) await publicContentChanged(c.var.db);
});
