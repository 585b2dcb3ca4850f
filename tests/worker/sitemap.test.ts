// GET /sitemap.xml and /robots.txt: the sitemap is well-formed XML (checked by an XML parser)
// listing every public page, album and track with its language alternates, and /events with its
// upcoming events' pictures; robots.txt points crawlers at it.
import { env } from "cloudflare:workers";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterEach, describe, expect, it } from "vitest";
import { events } from "../../worker/db/schema/events";
import { forget } from "../../worker/lib/memo";
import type { NewEventRow } from "../../worker/db/events";
import { call, db, ORIGIN } from "./helpers";

const D1 = (env as unknown as { DB: D1Database }).DB;
const DAY = 24 * 60 * 60 * 1000;

const PUBLIC_PAGES = [
  "/",
  "/events",
  "/music",
  "/music/catalog",
  "/vip-signup",
  "/signup-options",
  "/privacy",
  "/terms",
  "/copyright",
  "/accessibility",
  "/radio",
  "/tv",
  "/virtual-meet",
  "/social/login",
  "/social/signup",
  "/store",
  "/perks",
];

type Link = { "@_rel": string; "@_hreflang": string; "@_href": string };
type UrlEntry = { loc: string; lastmod?: string; "xhtml:link": Link[]; "image:image"?: { "image:loc": string }[] };

async function sitemap(origin = ORIGIN) {
  const res = await call("/sitemap.xml", { origin });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
  const xml = await res.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => ["url", "xhtml:link", "image:image"].includes(name),
  }).parse(xml) as { urlset: { "@_xmlns": string; url: UrlEntry[] } };
  expect(parsed.urlset["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  return { xml, urls: new Map(parsed.urlset.url.map((url) => [url.loc, url])) };
}

const undo: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (undo.length) await undo.pop()!();
  forget("events:");
});

describe("GET /sitemap.xml", () => {
  it("lists every public page, album and track, each with its three language alternates", async () => {
    const { urls } = await sitemap();
    const albums = await D1.prepare("SELECT id FROM albums").all<{ id: string }>();
    const tracks = await D1.prepare("SELECT id FROM tracks").all<{ id: string }>();
    const expected = [
      ...PUBLIC_PAGES.map((path) => `${ORIGIN}${path}`),
      ...albums.results.map(({ id }) => `${ORIGIN}/music/catalog/${id}`),
      ...tracks.results.map(({ id }) => `${ORIGIN}/music/track/${id}`),
    ];
    expect([...urls.keys()].sort()).toEqual(expected.sort());
    for (const [loc, url] of urls) {
      expect(url["xhtml:link"], loc).toEqual([
        { "@_rel": "alternate", "@_hreflang": "en", "@_href": `${loc}?lang=en` },
        { "@_rel": "alternate", "@_hreflang": "pt-BR", "@_href": `${loc}?lang=pt-BR` },
        { "@_rel": "alternate", "@_hreflang": "x-default", "@_href": loc },
      ]);
    }
    // Signed-in and back-office pages are not for crawlers.
    expect([...urls.keys()].some((loc) => /\/(admin|social\/?$|chat|music\/favorites)/.test(new URL(loc).pathname))).toBe(false);
    // An album carries its cover.
    expect(urls.get(`${ORIGIN}/music/catalog/freestyle-nights`)?.["image:image"]).toEqual([{ "image:loc": `${ORIGIN}/media/covers/freestyle-nights.png` }]);
  });

  it("lists an album and a track added to the catalog, with their alternates, and escapes the & of a cover's address", async () => {
    const cover = "https://cdn.example.com/covers/sitemap-album.png?w=600&h=600";
    await D1.prepare("INSERT INTO albums (id, title, year, type, cover_key, position) VALUES ('sitemap-album', 'Sitemap', 2030, 'Single', ?, 990)")
      .bind(cover)
      .run();
    await D1.prepare("INSERT INTO tracks (id, album_id, title, number) VALUES ('sitemap-album-1', 'sitemap-album', 'One', 1)").run();
    undo.push(() => D1.batch([D1.prepare("DELETE FROM tracks WHERE album_id = 'sitemap-album'"), D1.prepare("DELETE FROM albums WHERE id = 'sitemap-album'")]));
    const { xml, urls } = await sitemap();
    for (const loc of [`${ORIGIN}/music/catalog/sitemap-album`, `${ORIGIN}/music/track/sitemap-album-1`]) {
      expect(
        urls.get(loc)?.["xhtml:link"].map((link) => [link["@_hreflang"], link["@_href"]]),
        loc,
      ).toEqual([
        ["en", `${loc}?lang=en`],
        ["pt-BR", `${loc}?lang=pt-BR`],
        ["x-default", loc],
      ]);
    }
    expect(xml).toContain("<image:loc>https://cdn.example.com/covers/sitemap-album.png?w=600&amp;h=600</image:loc>");
    expect(urls.get(`${ORIGIN}/music/catalog/sitemap-album`)?.["image:image"]).toEqual([{ "image:loc": cover }]);
  });

  it("gives /events the pictures of its upcoming published events and the time of the latest change", async () => {
    const updated = new Date(Date.UTC(2026, 10, 20, 12));
    const base = { venueName: "Starlight Ballroom", venueCity: "New York", venueCountry: "USA" };
    const rows: NewEventRow[] = [
      {
        ...base,
        id: "sitemap-upcoming",
        title: "Upcoming",
        status: "published",
        eventDate: new Date(Date.now() + 10 * DAY),
        imageKey: "covers/satin-and-neon.png",
        updatedAt: updated,
      },
      { ...base, id: "sitemap-draft", title: "Draft", status: "draft", eventDate: new Date(Date.now() + 5 * DAY), imageKey: "covers/spring-love-single.png" },
    ];
    await db().insert(events).values(rows);
    undo.push(() => D1.prepare("DELETE FROM events WHERE id LIKE 'sitemap-%'").run());
    forget("events:");
    const { urls } = await sitemap();
    const page = urls.get(`${ORIGIN}/events`)!;
    expect(page["image:image"]).toEqual([{ "image:loc": `${ORIGIN}/media/covers/satin-and-neon.png` }]);
    expect(page.lastmod).toBe(updated.toISOString());
  });

  it("escapes what XML must not hold raw", async () => {
    await D1.prepare("UPDATE albums SET cover_key = ? WHERE id = 'freestyle-nights'").bind("covers/a&b<'c'>.png").run();
    undo.push(() => D1.prepare("UPDATE albums SET cover_key = 'covers/freestyle-nights.png' WHERE id = 'freestyle-nights'").run());
    const { xml, urls } = await sitemap();
    expect(xml).not.toContain("a&b");
    const [image] = urls.get(`${ORIGIN}/music/catalog/freestyle-nights`)!["image:image"]!;
    expect(decodeURIComponent(image!["image:loc"])).toContain("a&b<'c'>");
  });
});

describe("GET /robots.txt", () => {
  it("keeps crawlers out of the API and the back office and names the sitemap on this origin", async () => {
    const res = await call("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect((await res.text()).split("\n")).toEqual([
      "User-agent: *",
      "Disallow: /api/",
      "Disallow: /admin",
      "Disallow: /dev/",
      "Disallow: /vip-checkout/",
      "Disallow: /vip-membership/",
      "",
      `Sitemap: ${ORIGIN}/sitemap.xml`,
      "",
    ]);
  });

  it("names the sitemap on whichever origin was asked", async () => {
    const origin = "https://www.fans.test";
    expect(await (await call("/robots.txt", { origin })).text()).toContain(`\nSitemap: ${origin}/sitemap.xml\n`);
    const { urls } = await sitemap(origin);
    expect(urls.has(`${origin}/music`)).toBe(true);
  });
});
