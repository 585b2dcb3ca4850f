// GET /music/track/:trackId: the SPA shell with the track's Open Graph / Twitter tags written into
// its <head>, so a pasted link unfurls without JavaScript. The shell comes from the ASSETS binding,
// faked here with a small page so the test knows every byte of it.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { ORIGIN } from "./helpers";

const D1 = (env as unknown as { DB: D1Database }).DB;

const SHELL =
  '<!doctype html><html><head><meta name="description" content="x" /><title>Freestyle Lovers</title></head><body><div id="root"></div></body></html>';

let assetRequests: string[] = [];
const fakeAssets = {
  fetch: async (input: RequestInfo | URL) => {
    assetRequests.push(input instanceof Request ? input.url : String(input));
    return new Response(SHELL, { headers: { "content-type": "text/html; charset=utf-8" } });
  },
};

/** Runs the app with the fake ASSETS binding (fetchWithEnv pattern of dev.test.ts). */
async function sharePage(path: string, method = "GET") {
  assetRequests = [];
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(ORIGIN + path, { method }), { ...env, ASSETS: fakeAssets as unknown as Fetcher }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** content of <meta property|name="key" content="…" />, as written (entities not decoded); all matches. */
function metaContents(html: string, key: string): string[] {
  const re = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`, "g");
  return [...html.matchAll(re)].map((m) => m[1]!);
}
const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
const count = (html: string, needle: string) => html.split(needle).length - 1;

const undo: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (undo.length) await undo.pop()!();
});

describe("GET /music/track/:trackId", () => {
  it("writes the track's share tags into the shell's head", async () => {
    const res = await sharePage("/music/track/waiting-for-your-love");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(assetRequests).toEqual([`${ORIGIN}/`]);
    const html = await res.text();

    const title = "Waiting for Your Love · Freestyle Nights";
    const description = "Waiting for Your Love, from Freestyle Nights (1987). Listen on Freestyle Lovers.";
    expect(metaContents(html, "og:title")).toEqual([title]);
    expect(metaContents(html, "og:description")).toEqual([description]);
    expect(metaContents(html, "og:type")).toEqual(["music.song"]);
    expect(metaContents(html, "og:site_name")).toEqual(["Freestyle Lovers"]);
    expect(metaContents(html, "og:url")).toEqual([`${ORIGIN}/music/track/waiting-for-your-love`]);
    expect(metaContents(html, "og:image")).toEqual([`${ORIGIN}/media/covers/freestyle-nights.png`]);
    expect(metaContents(html, "twitter:card")).toEqual(["summary"]);
    expect(metaContents(html, "twitter:title")).toEqual([title]);
    expect(metaContents(html, "twitter:image")).toEqual([`${ORIGIN}/media/covers/freestyle-nights.png`]);
    // The shell's own description is replaced, not duplicated.
    expect(metaContents(html, "description")).toEqual([description]);
    expect(count(html, 'name="description"')).toBe(1);
    expect(html).not.toContain('content="x"');
    expect(titleOf(html)).toBe(`${title} · Freestyle Lovers`);
    expect(count(html, "<title>")).toBe(1);
    // Tags are in the head; the body is the shell's.
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('property="og:title"');
    expect(html).toContain('<body><div id="root"></div></body></html>');
  });

  it("uses the request's origin for absolute URLs and leaves out og:image when the album has no cover", async () => {
    await D1.prepare("UPDATE albums SET cover_key = NULL WHERE id = 'dream-frequency'").run();
    undo.push(() => D1.prepare("UPDATE albums SET cover_key = 'covers/dream-frequency.png' WHERE id = 'dream-frequency'").run());
    const res = await sharePage("/music/track/dream-about-you?utm_source=x");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(metaContents(html, "og:url")).toEqual([`${ORIGIN}/music/track/dream-about-you`]);
    expect(metaContents(html, "og:title")).toEqual(["Dream About You · Dream Frequency"]);
    expect(metaContents(html, "og:image")).toEqual([]);
    expect(metaContents(html, "twitter:image")).toEqual([]);
  });

  it("escapes markup and quotes in track and album titles", async () => {
    const trackTitle = `</title><script>alert("t")</script> & 'q'`;
    const albumTitle = `"><script>alert('a')</script>`;
    await D1.batch([
      D1.prepare("UPDATE tracks SET title = ? WHERE id = 'because-i-love-you'").bind(trackTitle),
      D1.prepare("UPDATE albums SET title = ? WHERE id = 'letters-in-the-rain'").bind(albumTitle),
    ]);
    undo.push(() =>
      D1.batch([
        D1.prepare("UPDATE tracks SET title = 'Because I Love You' WHERE id = 'because-i-love-you'"),
        D1.prepare("UPDATE albums SET title = 'Letters in the Rain' WHERE id = 'letters-in-the-rain'"),
      ]),
    );
    const res = await sharePage("/music/track/because-i-love-you");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain("<script");
    expect(count(html, "<title>")).toBe(1);
    expect(count(html, "</title>")).toBe(1);
    const escTrack = "&lt;/title&gt;&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; &amp; &#39;q&#39;";
    const escAlbum = "&quot;&gt;&lt;script&gt;alert(&#39;a&#39;)&lt;/script&gt;";
    expect(metaContents(html, "og:title")).toEqual([`${escTrack} · ${escAlbum}`]);
    expect(metaContents(html, "og:description")).toEqual([`${escTrack}, from ${escAlbum} (1990). Listen on Freestyle Lovers.`]);
    // The <title> text: no tag can start inside it.
    const title = titleOf(html)!;
    expect(title).not.toMatch(/[<>]/);
    expect(title).toContain("&lt;/title&gt;&lt;script&gt;");
    // Every meta tag is still well formed: 9 tags from the route plus og:image x3 and twitter:image.
    expect(count(html, "<meta ")).toBe(13);
  });

  it("answers an unknown track with 404 and the untouched shell", async () => {
    const res = await sharePage("/music/track/no-such-track");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await res.text()).toBe(SHELL);
  });

  // wrangler.toml sends every /music/track/* path to the Worker first (run_worker_first), so a
  // browser landing on one of these gets whatever the Worker answers: it should be the page, not
  // the API's JSON error.
  it("answers /music/track/, a trailing slash and an extra segment with the HTML shell, not a JSON error", async () => {
    const answers: Record<string, string | null> = {};
    for (const path of ["/music/track/", "/music/track/spring-love/", "/music/track/spring-love/extra"]) {
      const res = await sharePage(path);
      answers[path] = res.headers.get("content-type");
      await res.body?.cancel();
    }
    const html = "text/html; charset=utf-8";
    expect(answers).toEqual({ "/music/track/": html, "/music/track/spring-love/": html, "/music/track/spring-love/extra": html });
  });

  it.each(["Bad_ID!", "a".repeat(101), "spring--love", "..%2Fspring-love"])("answers a malformed id (%s) with 404 and the untouched shell", async (id) => {
    const res = await sharePage(`/music/track/${id.includes("%") ? id : encodeURIComponent(id)}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(SHELL);
  });
});
