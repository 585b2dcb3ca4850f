// /media/site/:file: the landing page's hero pictures, events banner, promo video and poster.
// Public (no token, no session: the promo is an advert, not VIP content) and cacheable, with the
// right Content-Type and nosniff; the video speaks Range so a <video> can seek; a name that is
// not a plain `<slug>.<jpg|png|webp|mp4>` reaches no R2 key.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, createUser, errorOf } from "./helpers";

const media = (env as unknown as { MEDIA: R2Bucket }).MEDIA;

/** A tiny JPEG's first and last bytes are enough: the route never looks inside. */
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 60 }, (_, i) => (i * 7) % 256), 0xff, 0xd9]);
const VIDEO_SIZE = 5000;
/** Byte i is i mod 251, so every slice is recognisable. */
const VIDEO = Uint8Array.from({ length: VIDEO_SIZE }, (_, i) => i % 251);

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
const get = (path: string, headers: Record<string, string> = {}, cookie?: string) => call(path, { headers, cookie });

async function expectNotFound(res: Response) {
  expect(res.status).toBe(404);
  expect(await errorOf(res)).toEqual({ code: "not_found", message: "Not found" });
}

const undo: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (undo.length) await undo.pop()!();
});

let videoEtag: string;
beforeAll(async () => {
  await media.put("site/hero-1-640.jpg", JPEG);
  await media.put("site/hero-1-1280.jpg", JPEG);
  videoEtag = (await media.put("site/promo.mp4", VIDEO))!.httpEtag;
});

describe("GET /media/site/:file", () => {
  it("serves a hero picture to a visitor as a public, cacheable image/jpeg with nosniff", async () => {
    for (const file of ["hero-1-640.jpg", "hero-1-1280.jpg"]) {
      const res = await get(`/media/site/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
      expect(res.headers.get("content-length")).toBe(String(JPEG.byteLength));
      expect(await bytesOf(res)).toEqual(JPEG);
    }
  });

  it("serves the promo video to a visitor and to a signed-in non-VIP alike, as video/mp4", async () => {
    const fan = await createUser("user");
    for (const cookie of [undefined, fan.cookie]) {
      const res = await get("/media/site/promo.mp4", {}, cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("video/mp4");
      expect(res.headers.get("accept-ranges")).toBe("bytes");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
      expect(res.headers.get("etag")).toBe(videoEtag);
      expect(await bytesOf(res)).toEqual(VIDEO);
    }
  });

  it.each([
    ["bytes=0-99", 0, 99],
    ["bytes=4000-", 4000, 4999],
    ["bytes=-10", 4990, 4999],
  ])("answers the promo video's Range %s with 206 and exactly those bytes", async (range, first, last) => {
    const res = await get("/media/site/promo.mp4", { range });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("content-range")).toBe(`bytes ${first}-${last}/${VIDEO_SIZE}`);
    expect(res.headers.get("content-length")).toBe(String(last - first + 1));
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await bytesOf(res)).toEqual(VIDEO.slice(first, last + 1));
  });

  it("answers an unsatisfiable Range with 416, and a stale If-Range with the whole video", async () => {
    const res = await get("/media/site/promo.mp4", { range: "bytes=5000-" });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe(`bytes */${VIDEO_SIZE}`);
    expect((await bytesOf(res)).byteLength).toBe(0);
    const stale = await get("/media/site/promo.mp4", { range: "bytes=0-9", "if-range": '"0123456789abcdef0123456789abcdef"' });
    expect(stale.status).toBe(200);
    expect((await bytesOf(stale)).byteLength).toBe(VIDEO_SIZE);
  });

  it("answers 404 for a site file that is not stored", async () => {
    await expectNotFound(await get("/media/site/hero-9-640.jpg"));
    await expectNotFound(await get("/media/site/missing.mp4"));
  });

  it.each([
    // R2 keys are literal strings: both "site/../x" and the key a normaliser would reach are planted.
    ["an encoded ../", "..%2Fsecret.jpg", ["site/../secret.jpg", "secret.jpg"]],
    ["an encoded ../ in dots too", "%2e%2e%2Fsecret.mp4", ["site/../secret.mp4", "secret.mp4"]],
    ["a backslash", "..%5Csecret.jpg", ["site/..\\secret.jpg"]],
    ["a nested folder", "a%2Fb.jpg", ["site/a/b.jpg"]],
    ["upper case", "Hero.jpg", ["site/Hero.jpg"]],
    ["a query-like name", "x.mp4%3Fy", ["site/x.mp4?y"]],
    ["an unknown extension", "promo.mov", ["site/promo.mov"]],
    ["an SVG", "x.svg", ["site/x.svg"]],
    ["an HTML page", "x.html", ["site/x.html"]],
    ["no extension", "promo", ["site/promo"]],
  ])("answers 404 for %s (%s), even when that key is stored", async (_label, file, planted) => {
    for (const key of planted) {
      await media.put(key, JPEG);
      undo.push(() => media.delete(key));
    }
    await expectNotFound(await get(`/media/site/${file}`));
  });

  it("reaches no private media through the site route", async () => {
    await media.put("tv/videos/live.mp4", VIDEO);
    await media.put("site/../tv/videos/live.mp4", VIDEO);
    undo.push(
      () => media.delete("tv/videos/live.mp4"),
      () => media.delete("site/../tv/videos/live.mp4"),
    );
    await expectNotFound(await get(`/media/site/${encodeURIComponent("../tv/videos/live.mp4")}`));
    await expectNotFound(await get("/media/site/..%2Ftv%2Fvideos%2Flive.mp4"));
    // ...and the TV route itself still wants a token.
    expect((await get("/media/tv/live")).status).toBe(403);
  });
});
