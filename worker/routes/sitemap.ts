// GET /sitemap.xml and /robots.txt: what search engines may crawl, and every public page to crawl
// (the static pages, each album and track, /events with its upcoming events' pictures, and each
// product of the store with its pictures).
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { SSR_ROUTES } from "../contracts/ssr";
import { UNLISTED_PAGES } from "../contracts/areas";
import { listAlbums, listTracks } from "../db/music";
import { toPublicEvent } from "../db/events";
import { listedEvents } from "../services/events";
import { listPublicProducts } from "../db/store";
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
    const [albums, tracks, events, products] = await Promise.all([
      listAlbums(c.var.db),
      listTracks(c.var.db),
      listedEvents(c, now),
      listPublicProducts(c.var.db, { vip: false }, "en"),
    ]);
    const absolute = (path: string) => new URL(path, `${origin}/`).href;
    const upcoming = events.filter((row) => row.eventDate.getTime() > now);
    const eventsUpdated = events.reduce<Date | undefined>((latest, row) => (!latest || row.updatedAt > latest ? row.updatedAt : latest), undefined);
    const entries: SitemapEntry[] = [
      ...STATIC_PAGES.map((path): SitemapEntry => {
        if (path !== "/events") return { loc: absolute(path) };
        const images = upcoming.flatMap((row) => toPublicEvent(row, now).imageUrl ?? []).map(absolute);
        return { loc: absolute(path), lastmod: eventsUpdated, images };
      }),
      ...albums.value.map((album) => ({
        loc: absolute(`/music/catalog/${encodeURIComponent(album.id)}`),
        images: album.coverUrl ? [absolute(album.coverUrl)] : [],
      })),
      ...tracks.value.map((track) => ({ loc: absolute(`/music/track/${encodeURIComponent(track.id)}`) })),
      ...products.map((product) => ({
        loc: absolute(`/store/${encodeURIComponent(product.slug)}`),
        images: product.images.map((image) => absolute(image.url)),
      })),
    ];
    return c.body(sitemapXml(entries), 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE });
  })

  .get("/robots.txt", (c) => c.body(robotsTxt(new URL(c.req.url).origin), 200, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE }));
