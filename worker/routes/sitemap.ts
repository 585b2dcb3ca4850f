// GET /sitemap.xml and /robots.txt: what search engines may crawl, and every public page to crawl:
// the server-rendered pages without an id, and what the areas' sitemap readers add (each album and
// track, /events with its upcoming events' pictures, each product of the store with its pictures).
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { SSR_ROUTES, UNLISTED_PAGES } from "#contracts/areas/index.ts";
import { SITEMAP_READERS } from "../services/areas";
import { robotsTxt, sitemapXml, type SitemapEntry } from "../lib/sitemap";

/** Crawlers ask rarely; an hour is fresh enough for a catalog and a calendar. */
const CACHE = "public, max-age=3600";

/** The server-rendered pages that take no id, by their address ("/music/" is /music). */
const STATIC_PAGES = Object.keys(SSR_ROUTES)
  .filter((route) => !route.includes("$"))
  .map((route) => (route === "/" ? route : route.replace(/\/$/, "")))
  .filter((path) => !UNLISTED_PAGES.includes(path));

export const sitemapRoutes = new Hono<HonoEnv>()
  .get("/sitemap.xml", async (c) => {
    const origin = new URL(c.req.url).origin;
    const now = Date.now();
    const read = await Promise.all(SITEMAP_READERS.map((entriesOf) => entriesOf(c, now)));
    // An area's entry for one of the static pages takes that page's place.
    const pages = new Map<string, SitemapEntry>(STATIC_PAGES.map((path) => [path, { loc: path }]));
    const more: SitemapEntry[] = [];
    for (const entry of read.flat()) {
      if (pages.has(entry.loc)) pages.set(entry.loc, entry);
      else more.push(entry);
    }
    const absolute = (path: string) => new URL(path, `${origin}/`).href;
    const entries = [...pages.values(), ...more].map((entry) => ({ ...entry, loc: absolute(entry.loc), images: entry.images?.map(absolute) }));
    return c.body(sitemapXml(entries), 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE });
  })

  .get("/robots.txt", (c) => c.body(robotsTxt(new URL(c.req.url).origin), 200, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE }));
