// /media: catalog audio behind signed, expiring, per-member, per-track URLs (HTTP Range done
// properly), audio kept on an allowlisted remote host streamed through the audio proxy, and public
// album covers that no file name can turn into another R2 key.
//
// The token is bound to the member and the track, not to a cookie: the <audio> element fetches the
// URL without any cookie logic, so whoever holds an unexpired URL gets the bytes of that one track,
// with or without (anyone's) session cookie. That is the design (docs/design.md#7-media), pinned below.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { app } from "../../worker/app";
import { signTrackToken } from "../../worker/lib/media-token";
import type { StreamResponse } from "../../worker/contracts/music/music";
import { call, createUser, errorOf, ORIGIN, type TestUser } from "./helpers";

const media = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const D1 = (env as unknown as { DB: D1Database }).DB;
const SESSION_SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;

const TRACK = "city-lights-calling-1";
const TRACK_KEY = "audio/city-lights-calling-1.mp3";
const SIZE = 10_000;
/** 10,000 bytes where every offset is recognisable: byte i is i mod 251 (a prime, so no slice repeats at a round offset). */
const AUDIO = Uint8Array.from({ length: SIZE }, (_, i) => i % 251);
// A well-formed 1x1 PNG.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (ch) => ch.charCodeAt(0));

let vip: TestUser;
let etag: string;
/** The URL the stream route gave `vip` for TRACK: /media/tracks/<id>?token=… */
let url: string;

// Every body is read to the end, none cancelled: cancelling one that streams from R2 makes workerd
// log a trace ("reader canceled"), and one left unread is cut off by the next file's reset().
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
const get = (path: string, headers: Record<string, string> = {}, method = "GET", cookie?: string) => call(path, { method, headers, cookie });

async function streamUrl(user: TestUser, trackId: string) {
  const res = await call(`/api/music/tracks/${trackId}/stream`, { method: "POST", cookie: user.cookie });
  expect(res.status).toBe(200);
  return (await res.json<StreamResponse>()).url;
}
const tokenOf = (mediaUrl: string) => decodeURIComponent(new URL(mediaUrl, ORIGIN).searchParams.get("token")!);
const withToken = (trackId: string, token: string) => `/media/tracks/${trackId}?token=${encodeURIComponent(token)}`;

async function expectTokenRefused(res: Response) {
  expect(res.status).toBe(403);
  expect(await errorOf(res)).toEqual({ code: "media_token_invalid", message: "This media link has expired or is not yours" });
}
async function expectNotFound(res: Response) {
  expect(res.status).toBe(404);
  expect(await errorOf(res)).toEqual({ code: "not_found", message: "Not found" });
}

/** Runs the app with other vars (fetchWithEnv pattern of dev.test.ts). */
async function fetchWithEnv(path: string, vars: Record<string, string>, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(ORIGIN + path, { headers }), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const undo: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  while (undo.length) await undo.pop()!();
});

beforeAll(async () => {
  const stored = (await media.put(TRACK_KEY, AUDIO))!;
  etag = stored.httpEtag;
  vip = await createUser("vip");
  url = await streamUrl(vip, TRACK);
  expect(url).toMatch(new RegExp(`^/media/tracks/${TRACK}\\?token=`));
});

describe("GET /media/tracks/:id: whole file and byte ranges", () => {
  it("serves the whole file with audio headers", async () => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("content-length")).toBe(String(SIZE));
    expect(res.headers.get("etag")).toBe(etag);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("private, max-age=600");
    expect(res.headers.get("content-range")).toBeNull();
    expect(await bytesOf(res)).toEqual(AUDIO);
  });

  it.each([
    ["bytes=0-99", 0, 99],
    ["bytes=1234-1243", 1234, 1243],
    ["bytes=9990-", 9990, 9999],
    ["bytes=-10", 9990, 9999],
    ["bytes=5000-20000", 5000, 9999],
    ["bytes=0-0", 0, 0],
    ["bytes=-20000", 0, 9999],
  ])("answers Range %s with 206 and exactly those bytes", async (range, first, last) => {
    const res = await get(url, { range });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes ${first}-${last}/${SIZE}`);
    expect(res.headers.get("content-length")).toBe(String(last - first + 1));
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("etag")).toBe(etag);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await bytesOf(res)).toEqual(AUDIO.slice(first, last + 1));
  });

  it.each(["bytes=10000-", "bytes=20000-20010", "bytes=-0"])("answers an unsatisfiable Range %s with 416 and Content-Range bytes */10000", async (range) => {
    const res = await get(url, { range });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe(`bytes */${SIZE}`);
    expect((await bytesOf(res)).byteLength).toBe(0);
  });

  it.each(["items=0-1", "bytes=abc", "bytes=-", "bytes=0-1,5-6", "bytes=0-99, 200-299"])(
    "ignores an unusable Range %s and serves the whole file (200)",
    async (range) => {
      const res = await get(url, { range });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-range")).toBeNull();
      expect(res.headers.get("content-length")).toBe(String(SIZE));
      expect(await bytesOf(res)).toEqual(AUDIO);
    },
  );

  it("honours If-Range: the range while the ETag is current, the whole file once it is stale", async () => {
    const current = await get(url, { range: "bytes=100-199", "if-range": etag });
    expect(current.status).toBe(206);
    expect(current.headers.get("content-range")).toBe(`bytes 100-199/${SIZE}`);
    expect(await bytesOf(current)).toEqual(AUDIO.slice(100, 200));

    const stale = await get(url, { range: "bytes=100-199", "if-range": '"0123456789abcdef0123456789abcdef"' });
    expect(stale.status).toBe(200);
    expect(stale.headers.get("content-range")).toBeNull();
    expect(await bytesOf(stale)).toEqual(AUDIO);

    // If-Range needs a strong match: the weak form of the current tag does not count.
    const weak = await get(url, { range: "bytes=100-199", "if-range": `W/${etag}` });
    expect(weak.status).toBe(200);
    expect(await bytesOf(weak)).toEqual(AUDIO);
  });

  it("answers 304 to If-None-Match with the current ETag, and 200 to a stale one", async () => {
    const res = await get(url, { "if-none-match": etag });
    expect(res.status).toBe(304);
    expect(res.headers.get("etag")).toBe(etag);
    expect((await bytesOf(res)).byteLength).toBe(0);
    const stale = await get(url, { "if-none-match": '"0123456789abcdef0123456789abcdef"' });
    expect(stale.status).toBe(200);
    expect(await bytesOf(stale)).toEqual(AUDIO);
  });

  // RFC 9110 section 13.1.2: If-None-Match is a list compared weakly, and "*" matches any current
  // representation. A cache holding the weak form (a CDN weakens tags it transforms) or several
  // variants sends those forms.
  it("answers 304 to If-None-Match in its weak, list and * forms", async () => {
    const forms = { weak: `W/${etag}`, list: `"0123456789abcdef0123456789abcdef", ${etag}`, star: "*" };
    const statuses: Record<string, number> = {};
    for (const [form, value] of Object.entries(forms)) {
      const res = await get(url, { "if-none-match": value });
      statuses[form] = res.status;
      expect(await bytesOf(res), form).toEqual(new Uint8Array(0));
    }
    expect(statuses).toEqual({ weak: 304, list: 304, star: 304 });
  });

  it("answers HEAD with the headers and no body, ranges included", async () => {
    const res = await get(url, {}, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("content-length")).toBe(String(SIZE));
    expect(res.headers.get("etag")).toBe(etag);
    expect((await bytesOf(res)).byteLength).toBe(0);
    const ranged = await get(url, { range: "bytes=0-99" }, "HEAD");
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 0-99/${SIZE}`);
    expect((await bytesOf(ranged)).byteLength).toBe(0);
  });

  it("serves a file stored with a newer version: new ETag, new bytes", async () => {
    const key = "audio/city-lights-calling-2.mp3";
    const v1 = (await media.put(key, AUDIO.slice(0, 500)))!;
    undo.push(() => media.delete(key));
    const trackUrl = await streamUrl(vip, "city-lights-calling-2");
    const first = await get(trackUrl);
    expect(first.headers.get("etag")).toBe(v1.httpEtag);
    expect(await bytesOf(first)).toEqual(AUDIO.slice(0, 500));
    const v2 = (await media.put(key, AUDIO.slice(500, 1500)))!;
    expect(v2.httpEtag).not.toBe(v1.httpEtag);
    // A player resuming with the old tag gets the whole new file, not a range of it.
    const resumed = await get(trackUrl, { range: "bytes=100-", "if-range": v1.httpEtag });
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get("etag")).toBe(v2.httpEtag);
    expect(await bytesOf(resumed)).toEqual(AUDIO.slice(500, 1500));
  });
});

describe("GET /media/tracks/:id: the signed token", () => {
  it("refuses a request without a token (403 media_token_invalid), Range requests included", async () => {
    await expectTokenRefused(await get(`/media/tracks/${TRACK}`));
    await expectTokenRefused(await get(`/media/tracks/${TRACK}`, { range: "bytes=0-99" }));
    await expectTokenRefused(await get(`/media/tracks/${TRACK}?token=`));
  });

  it("refuses a VIP's or a member's session cookie without a token", async () => {
    await expectTokenRefused(await get(`/media/tracks/${TRACK}`, {}, "GET", vip.cookie));
    await expectTokenRefused(await get(`/media/tracks/${TRACK}`, {}, "GET", (await createUser("user")).cookie));
    await expectTokenRefused(await get(`/media/tracks/${TRACK}`, {}, "GET", (await createUser("admin")).cookie));
  });

  it("refuses a token whose signature or payload was tampered with", async () => {
    const [header, payload, signature] = tokenOf(url).split(".") as [string, string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
    // A middle character: the last one of a base64url segment may only carry padding bits.
    await expectTokenRefused(await get(withToken(TRACK, [header, payload, flip(signature, 10)].join("."))));
    await expectTokenRefused(await get(withToken(TRACK, [header, flip(payload, 10), signature].join("."))));
    // A payload re-encoded for another member (or with a later expiry) under the old signature.
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as Record<string, unknown>;
    const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect(claims).toMatchObject({ sub: vip.id, trk: TRACK, aud: "media:track" });
    await expectTokenRefused(await get(withToken(TRACK, [header, b64url({ ...claims, sub: "someone-else" }), signature].join("."))));
    await expectTokenRefused(await get(withToken(TRACK, [header, b64url({ ...claims, exp: Number(claims.exp) + 3600 }), signature].join("."))));
    // An unsigned token.
    await expectTokenRefused(await get(withToken(TRACK, [b64url({ alg: "none" }), payload, ""].join("."))));
    // The untouched token still works.
    const opened = await get(url, { range: "bytes=0-0" });
    expect(opened.status).toBe(206);
    expect(await bytesOf(opened)).toEqual(AUDIO.slice(0, 1));
  });

  it("refuses a token issued for another track", async () => {
    const other = await streamUrl(vip, "dream-about-you");
    await expectTokenRefused(await get(withToken(TRACK, tokenOf(other))));
  });

  it("refuses an expired token (signed 11 minutes ago), and accepts one signed 9 minutes ago", async () => {
    const expired = await signTrackToken(SESSION_SECRET, vip.id, TRACK, Date.now() - 11 * 60_000);
    expect(expired.expiresAt.getTime()).toBeLessThan(Date.now());
    await expectTokenRefused(await get(withToken(TRACK, expired.token)));
    await expectTokenRefused(await get(withToken(TRACK, expired.token), { range: "bytes=0-99" }));
    const recent = await signTrackToken(SESSION_SECRET, vip.id, TRACK, Date.now() - 9 * 60_000);
    const res = await get(withToken(TRACK, recent.token), { range: "bytes=0-9" });
    expect(res.status).toBe(206);
    expect(await bytesOf(res)).toEqual(AUDIO.slice(0, 10));
  });

  it("refuses a token signed with another secret, and an oversized one", async () => {
    const forged = await signTrackToken("another-secret-0123456789abcdef0123456789", vip.id, TRACK);
    await expectTokenRefused(await get(withToken(TRACK, forged.token)));
    await expectTokenRefused(await get(withToken(TRACK, `${tokenOf(url)}${"A".repeat(2100)}`)));
  });

  it("is bound to the member and the track, not to a cookie: the URL works with no cookie or with another member's", async () => {
    const noCookie = await get(url, { range: "bytes=0-9" });
    expect(noCookie.status).toBe(206);
    expect(await bytesOf(noCookie)).toEqual(AUDIO.slice(0, 10));
    const otherCookie = await get(url, { range: "bytes=0-9" }, "GET", (await createUser("user")).cookie);
    expect(otherCookie.status).toBe(206);
    expect(await bytesOf(otherCookie)).toEqual(AUDIO.slice(0, 10));
  });

  it("answers 404 for a malformed track id, even with a token signed for it", async () => {
    const { token } = await signTrackToken(SESSION_SECRET, vip.id, "Bad_ID");
    await expectNotFound(await get(withToken("Bad_ID", token)));
    await expectNotFound(await get(`/media/tracks/${encodeURIComponent("..%2Fsecret")}?token=${encodeURIComponent(token)}`));
  });

  it("answers 404 when the track's file is not in R2, or the track has no audio or does not exist", async () => {
    // A real track whose object was never stored.
    await expectNotFound(await get(await streamUrl(vip, "radio-heartline-3")));
    // No audio any more (the URL was issued before it was removed).
    const issued = await streamUrl(vip, "radio-heartline-2");
    await D1.prepare("UPDATE tracks SET audio_key = NULL WHERE id = 'radio-heartline-2'").run();
    undo.push(() => D1.prepare("UPDATE tracks SET audio_key = 'audio/radio-heartline-2.mp3' WHERE id = 'radio-heartline-2'").run());
    await expectNotFound(await get(issued));
    // No such track.
    const { token } = await signTrackToken(SESSION_SECRET, vip.id, "no-such-track");
    await expectNotFound(await get(withToken("no-such-track", token)));
  });

  it("serves .m4a and .ogg keys with their own content type", async () => {
    const cases = [
      ["audio/radio-heartline-1.m4a", "audio/mp4"],
      ["audio/radio-heartline-1.ogg", "audio/ogg"],
    ] as const;
    undo.push(() => D1.prepare("UPDATE tracks SET audio_key = 'audio/radio-heartline-1.mp3' WHERE id = 'radio-heartline-1'").run());
    for (const [key, type] of cases) {
      await media.put(key, AUDIO.slice(0, 10));
      undo.push(() => media.delete(key));
      await D1.prepare("UPDATE tracks SET audio_key = ? WHERE id = 'radio-heartline-1'").bind(key).run();
      const res = await get(await streamUrl(vip, "radio-heartline-1"));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(await bytesOf(res)).toEqual(AUDIO.slice(0, 10));
    }
  });
});

describe("GET /media/tracks/:id: audio on an allowlisted remote host", () => {
  const REMOTE_TRACK = "tropicana-skyline-1";
  const REMOTE_URL = "https://files.example.com/a.mp3";
  let outbound: MockInstance<typeof fetch>;
  let remoteUrl: string;

  beforeAll(async () => {
    await D1.prepare("UPDATE tracks SET audio_key = ? WHERE id = ?").bind(REMOTE_URL, REMOTE_TRACK).run();
    remoteUrl = await streamUrl(vip, REMOTE_TRACK);
  });

  function fakeHost(respond: () => Response) {
    outbound = vi.spyOn(globalThis, "fetch").mockImplementation(async () => respond());
  }
  const outboundUrls = () => outbound.mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input)));
  const outboundHeaders = (i = 0) => Object.fromEntries(new Headers(outbound.mock.calls[i]![1]?.headers).entries());

  it("streams the remote file through, forwarding only Range and If-Range", async () => {
    fakeHost(
      () =>
        new Response(AUDIO.slice(0, 100), {
          status: 206,
          headers: {
            "content-type": "audio/mpeg",
            "content-length": "100",
            "content-range": `bytes 0-99/${SIZE}`,
            "accept-ranges": "bytes",
            "set-cookie": "host=1",
          },
        }),
    );
    const res = await fetchWithEnv(
      remoteUrl,
      { AUDIO_PROXY_HOSTS: "files.example.com" },
      { range: "bytes=0-99", "if-range": '"v1"', cookie: vip.cookie, authorization: "Bearer x" },
    );
    expect(res.status).toBe(206);
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("content-range")).toBe(`bytes 0-99/${SIZE}`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await bytesOf(res)).toEqual(AUDIO.slice(0, 100));
    expect(outboundUrls()).toEqual([REMOTE_URL]);
    expect(outboundHeaders()).toEqual({ range: "bytes=0-99", "if-range": '"v1"' });
  });

  it("streams the whole remote file when no Range is asked", async () => {
    fakeHost(() => new Response(AUDIO, { status: 200, headers: { "content-type": "audio/mpeg", "content-length": String(SIZE) } }));
    const res = await fetchWithEnv(remoteUrl, { AUDIO_PROXY_HOSTS: "files.example.com" });
    expect(res.status).toBe(200);
    expect(await bytesOf(res)).toEqual(AUDIO);
    expect(outboundHeaders()).toEqual({});
  });

  it("still needs a valid token for a remote track, and fetches nothing without one", async () => {
    fakeHost(() => new Response(AUDIO, { status: 200, headers: { "content-type": "audio/mpeg" } }));
    await expectTokenRefused(await fetchWithEnv(`/media/tracks/${REMOTE_TRACK}`, { AUDIO_PROXY_HOSTS: "files.example.com" }));
    const expired = await signTrackToken(SESSION_SECRET, vip.id, REMOTE_TRACK, Date.now() - 11 * 60_000);
    await expectTokenRefused(await fetchWithEnv(withToken(REMOTE_TRACK, expired.token), { AUDIO_PROXY_HOSTS: "files.example.com" }));
    expect(outbound).not.toHaveBeenCalled();
  });

  it("refuses a host that is not on the allowlist (400 url_refused) without fetching", async () => {
    fakeHost(() => new Response(AUDIO, { status: 200, headers: { "content-type": "audio/mpeg" } }));
    for (const vars of [{ AUDIO_PROXY_HOSTS: "cdn.example.org" }, { AUDIO_PROXY_HOSTS: "" }, {}] as Record<string, string>[]) {
      const res = await fetchWithEnv(remoteUrl, vars);
      expect(res.status, JSON.stringify(vars)).toBe(400);
      expect(await errorOf(res)).toEqual({ code: "url_refused", message: "This audio address is not allowed" });
    }
    expect(outbound).not.toHaveBeenCalled();
  });
});

describe("GET /media/covers/:file", () => {
  it("serves a stored cover publicly as image/png", async () => {
    const stored = (await media.put("covers/freestyle-nights.png", PNG))!;
    const res = await get("/media/covers/freestyle-nights.png");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("etag")).toBe(stored.httpEtag);
    expect(res.headers.get("content-length")).toBe(String(PNG.byteLength));
    expect(await bytesOf(res)).toEqual(PNG);
    // The URL the catalog gives for this album.
    const albums = await (await call("/api/music/albums")).json<{ albums: { id: string; coverUrl: string }[] }>();
    expect(albums.albums.find((a) => a.id === "freestyle-nights")!.coverUrl).toBe("/media/covers/freestyle-nights.png");
  });

  it("answers 404 for a cover that is not stored", async () => {
    await expectNotFound(await get("/media/covers/midnight-synthesis.png"));
  });

  it.each([
    // R2 keys are literal strings: "covers/../secret.png" is a key of its own, so both it and the
    // key a path normaliser would reach are planted.
    ["an encoded ../", "..%2Fsecret.png", ["covers/../secret.png", "secret.png"]],
    ["an encoded ../ in dots too", "%2e%2e%2Fsecret.png", ["covers/../secret.png", "secret.png"]],
    ["an SVG", "x.svg", ["covers/x.svg"]],
    ["upper case", "UPPER.png", ["covers/UPPER.png"]],
    ["a backslash", "..%5Csecret.png", ["covers/..\\secret.png"]],
    ["a nested folder", "a%2Fb.png", ["covers/a/b.png"]],
    ["a query-like name", "x.png%3Fy", ["covers/x.png?y"]],
  ])("answers 404 for %s (%s), even when that key is stored", async (_label, file, planted) => {
    for (const key of planted) {
      await media.put(key, PNG);
      undo.push(() => media.delete(key));
    }
    await expectNotFound(await get(`/media/covers/${file}`));
  });

  it("refuses the audio of a track through the cover route", async () => {
    // The audio object is stored (beforeAll) and its key also planted where "covers/../…" points.
    await media.put(`covers/../${TRACK_KEY}`, AUDIO);
    undo.push(() => media.delete(`covers/../${TRACK_KEY}`));
    await expectNotFound(await get(`/media/covers/${encodeURIComponent(`../${TRACK_KEY}`)}`));
    await expectNotFound(await get(`/media/covers/..%2F..%2F${TRACK_KEY.replace("/", "%2F")}`));
    await expectNotFound(await get(`/media/${TRACK_KEY}`));
  });
});
