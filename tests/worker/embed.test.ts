// The embeddable players (/embed/track/{id}, /embed/album/{id}) and oEmbed (GET /oembed?url=):
// other sites may frame the embeds and only them; an embed renders for nobody in particular
// (the cookies that come along are not read); album and track pages announce their oEmbed, which
// answers for this site's album and track addresses only.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { OembedResponse } from "../../worker/lib/oembed";
import { call, createUser, errorOf, ORIGIN, type TestUser } from "./helpers";
import { headOf, linksOf, metaContents, page, rootOf, stateOf, textOf, titleOf } from "./pages-fixtures";

const media = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const D1 = (env as unknown as { DB: D1Database }).DB;
// A well-formed 1x1 PNG, stored as a cover whose size oEmbed reads.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (ch) => ch.charCodeAt(0));

let vip: TestUser;
beforeAll(async () => {
  vip = await createUser("vip");
  const cover = await D1.prepare("SELECT cover_key AS key FROM albums WHERE id = 'freestyle-nights'").first<{ key: string }>();
  await media.put(cover!.key, PNG);
});

const oembed = (url: string, extra = "") => call(`/oembed?url=${encodeURIComponent(url)}${extra}`);

describe("GET /embed/track/:id and /embed/album/:id", () => {
  it("renders a track's preview player that any site may frame, and keeps it out of search results", async () => {
    const res = await page("/embed/track/waiting-for-your-love");
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors *");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(res.headers.get("vary")).toBe("Accept-Language");
    const html = await res.text();
    expect(metaContents(html, "robots")).toEqual(["noindex"]);
    expect(metaContents(html, "og:title")).toEqual([]);
    expect(titleOf(html)).toContain("Waiting for Your Love · Preview");
    const root = textOf(rootOf(html));
    expect(root).toContain("Waiting for Your Love");
    expect(root).toContain("Listen in full on");
    expect(rootOf(html)).toContain(`href="${ORIGIN}/music/track/waiting-for-your-love"`);
    expect(rootOf(html)).toContain('aria-label="Play the preview of Waiting for Your Love"');
    // The site's header and footer are not part of an embed.
    expect(rootOf(html)).not.toContain("<header");
    expect(rootOf(html)).not.toContain("<footer");
  });

  it("renders an album's previews with its track list, in Portuguese when asked", async () => {
    const res = await page("/embed/album/freestyle-nights?lang=pt-BR");
    expect(res.status).toBe(200);
    const html = await res.text();
    const root = textOf(rootOf(html));
    expect(root).toContain("Freestyle Nights");
    expect(root).toContain("Say It on the Dance Floor");
    expect(root).toContain("Ouça completa em");
    expect(res.headers.get("content-language")).toBe("pt-BR");
  });

  it("reads no cookie: a VIP's session and a saved language change nothing", async () => {
    const res = await page("/embed/track/waiting-for-your-love", { headers: { cookie: `${vip.cookie}; locale=pt-BR`, "accept-language": "en" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(res.headers.get("content-language")).toBe("en");
    const html = await res.text();
    expect(html).not.toContain(vip.username);
    expect(html).not.toContain(vip.email);
    const me = stateOf(html).queries.queries.find((q) => JSON.stringify(q.queryKey).includes("me"));
    expect(me?.state.data ?? null).toEqual({ user: null });
  });

  it("answers 404 for an unknown track or album, still frameable", async () => {
    for (const path of ["/embed/track/no-such-track", "/embed/album/no-such-album"]) {
      const res = await page(path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors *");
    }
  });

  it("leaves every other page unframeable", async () => {
    for (const path of ["/", "/music/track/waiting-for-your-love", "/music/catalog/freestyle-nights", "/embedded", "/api/music/albums"]) {
      const res = await page(path);
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
  });
});

describe("oEmbed discovery", () => {
  it("album and track pages link to their oEmbed answer; other pages do not", async () => {
    const link = async (path: string) => {
      const html = await (await page(path)).text();
      return [...headOf(html).matchAll(/<link rel="alternate" type="application\/json\+oembed" href="([^"]*)" title="([^"]*)">/g)].map((m) => [
        m[1]!.replace(/&amp;/g, "&"),
        m[2],
      ]);
    };
    expect(await link("/music/track/waiting-for-your-love?utm_source=x")).toEqual([
      [`${ORIGIN}/oembed?url=${encodeURIComponent(`${ORIGIN}/music/track/waiting-for-your-love`)}`, expect.stringContaining("Waiting for Your Love")],
    ]);
    expect(await link("/music/catalog/freestyle-nights")).toEqual([
      [`${ORIGIN}/oembed?url=${encodeURIComponent(`${ORIGIN}/music/catalog/freestyle-nights`)}`, expect.stringContaining("Freestyle Nights")],
    ]);
    expect(await link("/events")).toEqual([]);
    expect(linksOf(await (await page("/music/catalog/no-such-album")).text(), 'alternate" type="application/json\\+oembed')).toEqual([]);
  });
});

describe("GET /oembed", () => {
  it("answers a track page with a rich iframe of its embed, the cover as thumbnail", async () => {
    const res = await oembed(`${ORIGIN}/music/track/waiting-for-your-love`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const body = await res.json<OembedResponse>();
    expect(body).toMatchObject({
      version: "1.0",
      type: "rich",
      provider_url: `${ORIGIN}/`,
      title: "Waiting for Your Love · Freestyle Nights",
      width: 480,
      height: 152,
      thumbnail_width: 1,
      thumbnail_height: 1,
    });
    expect(body.provider_name.length).toBeGreaterThan(0);
    expect(body.author_name.length).toBeGreaterThan(0);
    expect(body.thumbnail_url).toMatch(new RegExp(`^${ORIGIN}/media/covers/`));
    expect(body.html).toBe(
      `<iframe src="${ORIGIN}/embed/track/waiting-for-your-love" title="Waiting for Your Love · Freestyle Nights" width="480" height="152" ` +
        `style="border:0;border-radius:12px;max-width:100%" loading="lazy" allow="autoplay; encrypted-media" referrerpolicy="strict-origin-when-cross-origin"></iframe>`,
    );
  });

  it("answers an album page (and an embed's own address) with the album's taller frame", async () => {
    for (const url of [`${ORIGIN}/music/catalog/freestyle-nights`, `${ORIGIN}/embed/album/freestyle-nights`]) {
      const body = await (await oembed(url)).json<OembedResponse>();
      expect(body).toMatchObject({ title: "Freestyle Nights", width: 480, height: 352 });
      expect(body.html).toContain(`src="${ORIGIN}/embed/album/freestyle-nights"`);
    }
  });

  it("fits the consumer's maxwidth and maxheight, never narrower than 240", async () => {
    const narrow = await (await oembed(`${ORIGIN}/music/catalog/freestyle-nights`, "&maxwidth=300&maxheight=200")).json<OembedResponse>();
    expect([narrow.width, narrow.height]).toEqual([300, 200]);
    expect(narrow.html).toContain('width="300" height="200"');
    const tiny = await (await oembed(`${ORIGIN}/music/catalog/freestyle-nights`, "&maxwidth=100")).json<OembedResponse>();
    expect(tiny.width).toBe(240);
  });

  it.each([
    ["an unknown track", `${ORIGIN}/music/track/no-such-track`],
    ["an unknown album", `${ORIGIN}/music/catalog/no-such-album`],
    ["another site's address", "https://elsewhere.example/music/track/waiting-for-your-love"],
    ["this site's address on another scheme", `http://fans.test/music/track/waiting-for-your-love`],
    ["a page that is not an album or track", `${ORIGIN}/events`],
    ["a malformed id", `${ORIGIN}/music/track/Not_A_Slug`],
    ["text that is not an address", "waiting-for-your-love"],
  ])("answers 404 for %s", async (_, url) => {
    const res = await oembed(url);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("not_found");
  });

  it("answers 400 without url, and 501 for the XML format", async () => {
    const missing = await call("/oembed");
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).code).toBe("invalid_input");
    const badWidth = await oembed(`${ORIGIN}/music/track/waiting-for-your-love`, "&maxwidth=wide");
    expect(badWidth.status).toBe(400);
    const xml = await oembed(`${ORIGIN}/music/track/waiting-for-your-love`, "&format=xml");
    expect(xml.status).toBe(501);
    expect((await errorOf(xml)).code).toBe("format_unsupported");
  });
});
