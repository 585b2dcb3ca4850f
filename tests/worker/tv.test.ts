// /api/tv: the public channel list, the VIP-only stream route (signed video URLs, a live channel's
// shared position or its embed page), and /media/tv: videos behind per-member, per-channel tokens
// with HTTP Range from R2, and public thumbnails no file name can turn into another R2 key.
//
// Expectations come from the demo seed (scripts/catalog/broadcast.mjs, put in by setup.ts) and raw SQL against D1.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { forget } from "../../worker/lib/memo";
import { signMediaToken, verifyMediaToken } from "../../worker/lib/media-token";
import { RADIO_EPOCH_MS } from "../../worker/lib/radio-rotation";
import type { ChannelsResponse, TvStreamResponse } from "../../worker/contracts/tv";
import { call, createUser, errorOf, ORIGIN, type Role, type TestUser } from "./helpers";

const D1 = (env as unknown as { DB: D1Database }).DB;
const media = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const SESSION_SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;

const ROLES: Role[] = ["visitor", "user", "vip", "admin", "banned"];
const userOf = async (role: Role) => (role === "visitor" ? null : createUser(role));

/** The seeded channels in position order: id, category, live. */
const SEEDED = [
  ["spring-love-video", "music_video", false],
  ["waiting-for-your-love-video", "music_video", false],
  ["i-wanna-be-the-one-video", "music_video", false],
  ["live", "live", true],
  ["behind-the-scenes", "behind_the_scenes", false],
] as const;
const CHANNEL_VIEW_KEYS = ["category", "description", "id", "live", "name", "position", "thumbnailUrl"];
const LIVE_DURATION_S = 40;

const SIZE = 5000;
/** A fake MP4 whose every byte says where it is (i mod 251). */
const VIDEO = Uint8Array.from({ length: SIZE }, (_, i) => i % 251);
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (ch) => ch.charCodeAt(0));

const undo: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  while (undo.length) await undo.pop()!();
  forget("music:");
});

/** Changes a channel column with raw SQL for this test only. */
async function setChannel(id: string, column: "video_key" | "embed_url" | "type" | "duration_seconds", value: string | number | null) {
  const old = await D1.prepare(`SELECT ${column} AS v FROM tv_channels WHERE id = ?`).bind(id).first<{ v: string | number | null }>();
  await D1.prepare(`UPDATE tv_channels SET ${column} = ? WHERE id = ?`).bind(value, id).run();
  undo.push(() => D1.prepare(`UPDATE tv_channels SET ${column} = ? WHERE id = ?`).bind(old!.v, id).run());
  forget("music:");
}

async function putObject(key: string, bytes: Uint8Array) {
  const stored = (await media.put(key, bytes))!;
  undo.push(() => media.delete(key));
  return stored;
}

const stream = (channelId: string, user: TestUser | null, headers?: Record<string, string>) =>
  call(`/api/tv/channels/${channelId}/stream`, { method: "POST", cookie: user?.cookie, headers });

async function streamOf(channelId: string, user: TestUser) {
  const res = await stream(channelId, user);
  expect(res.status, channelId).toBe(200);
  return res.json<TvStreamResponse>();
}
async function videoOf(channelId: string, user: TestUser) {
  const body = await streamOf(channelId, user);
  if (body.kind !== "video") throw new Error(`expected a video, got ${JSON.stringify(body)}`);
  return body;
}

const tokenOf = (mediaUrl: string) => new URL(mediaUrl, ORIGIN).searchParams.get("token")!;
const withToken = (channelId: string, token: string) => `/media/tv/${channelId}?token=${encodeURIComponent(token)}`;
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

async function expectTokenRefused(res: Response) {
  expect(res.status).toBe(403);
  expect(await errorOf(res)).toEqual({ code: "media_token_invalid", message: "This media link has expired or is not yours" });
}
async function expectNotFound(res: Response) {
  expect(res.status).toBe(404);
  expect(await errorOf(res)).toEqual({ code: "not_found", message: "Not found" });
}

/** Where the live loop is at `now`, by hand: seconds into the video since the shared epoch. */
const loopPosition = (now: number, durationSeconds: number) => {
  const period = durationSeconds * 1000;
  return ((((now - RADIO_EPOCH_MS) % period) + period) % period) / 1000;
};

describe("GET /api/tv/channels", () => {
  it("lists the 5 seeded channels in order with their categories, live flag and thumbnail", async () => {
    const res = await call("/api/tv/channels");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const { channels } = await res.json<ChannelsResponse>();
    expect(channels.map((c) => [c.id, c.category, c.live])).toEqual(SEEDED);
    expect(channels.map((c) => c.position)).toEqual([0, 1, 2, 3, 4]);
    for (const c of channels) {
      expect(Object.keys(c).sort(), c.id).toEqual(CHANNEL_VIEW_KEYS);
      expect(c.thumbnailUrl).toBe(`/media/tv/thumbs/${c.id}.png`);
      expect(typeof c.description).toBe("string");
    }
    const counts = channels.reduce<Record<string, number>>((acc, c) => ({ ...acc, [c.category]: (acc[c.category] ?? 0) + 1 }), {});
    expect(counts).toEqual({ music_video: 3, live: 1, behind_the_scenes: 1 });
    expect(channels[0]).toMatchObject({
      name: "Spring Love (Official Music Video)",
      description: "The 1988 breakthrough, shot on a rooftop at sunrise.",
    });
    expect(channels[3]!.name).toBe("Freestyle Lovers Live");
  });

  it("gives every role the same list", async () => {
    const expected = await (await call("/api/tv/channels")).json<ChannelsResponse>();
    for (const role of ROLES) {
      const res = await call("/api/tv/channels", { cookie: (await userOf(role))?.cookie });
      expect(res.status, role).toBe(200);
      expect(await res.json<ChannelsResponse>(), role).toEqual(expected);
    }
  });

  it("never leaks a video key, an embed URL or a duration", async () => {
    await setChannel("live", "embed_url", "https://player.example.com/embed/secret-live");
    const text = await (await call("/api/tv/channels")).text();
    for (const secret of ["tv/videos", ".mp4", "videoKey", "video_key", "embed", "player.example.com", "durationSeconds", "duration_seconds"]) {
      expect(text, secret).not.toContain(secret);
    }
  });
});

describe("POST /api/tv/channels/:id/stream: who may watch", () => {
  it.each([
    ["visitor", 401, "unauthorized"],
    ["user", 403, "vip_required"],
    ["banned", 401, "unauthorized"],
  ] as const)("refuses a %s (%i %s)", async (role, status, code) => {
    const res = await stream("spring-love-video", await userOf(role));
    expect(res.status).toBe(status);
    expect((await errorOf(res)).code).toBe(code);
  });

  it.each(["vip", "admin"] as const)("gives a %s a signed video URL for an on-demand channel", async (role) => {
    const member = await createUser(role);
    const before = Date.now();
    const body = await videoOf("spring-love-video", member);
    expect(Object.keys(body).sort()).toEqual(["captions", "durationSeconds", "expiresAt", "kind", "serverTime", "startAt", "url"]);
    expect(body).toMatchObject({ kind: "video", startAt: null, durationSeconds: 30, captions: [] });
    expect(body.url).toMatch(/^\/media\/tv\/spring-love-video\?token=[A-Za-z0-9_.%-]+$/);
    expect(body.url).not.toContain("tv/videos");
    const serverTime = Date.parse(body.serverTime);
    expect(serverTime).toBeGreaterThanOrEqual(before);
    expect(serverTime).toBeLessThanOrEqual(Date.now());
    const ttl = Date.parse(body.expiresAt) - serverTime;
    expect(ttl).toBeGreaterThan(599_000);
    expect(ttl).toBeLessThanOrEqual(600_000);
    expect(await verifyMediaToken(SESSION_SECRET, tokenOf(body.url), "video", "spring-love-video")).toBe(member.id);
    expect(await verifyMediaToken(SESSION_SECRET, tokenOf(body.url), "video", "live")).toBeNull();
    expect(await verifyMediaToken(SESSION_SECRET, tokenOf(body.url), "track", "spring-love-video")).toBeNull();
  });

  it("refuses a cross-site request (403 csrf)", async () => {
    const res = await stream("spring-love-video", await createUser("vip"), { origin: "https://evil.test" });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("csrf");
  });

  it("answers 404 channel_not_found for an unknown channel, 400 invalid_input for a malformed id", async () => {
    const vip = await createUser("vip");
    const missing = await stream("no-such-channel", vip);
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toEqual({ code: "channel_not_found", message: "Channel not found" });
    const bad = await stream("Bad_ID", vip);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("invalid_input");
  });

  it("answers 409 no_source for a channel without a video", async () => {
    await setChannel("behind-the-scenes", "video_key", null);
    const res = await stream("behind-the-scenes", await createUser("vip"));
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "no_source", message: "This channel has nothing to play yet" });
  });
});

describe("POST /api/tv/channels/:id/stream: the live channel", () => {
  it("starts everyone at the loop's current position, within the video", async () => {
    const vip = await createUser("vip");
    const first = await videoOf("live", vip);
    const second = await videoOf("live", await createUser("admin"));
    for (const body of [first, second]) {
      expect(body.durationSeconds).toBe(LIVE_DURATION_S);
      expect(body.url).toMatch(/^\/media\/tv\/live\?token=/);
      expect(body.startAt).toBeGreaterThanOrEqual(0);
      expect(body.startAt).toBeLessThan(LIVE_DURATION_S);
      expect(body.startAt).toBeCloseTo(loopPosition(Date.parse(body.serverTime), LIVE_DURATION_S), 6);
    }
    // Two viewers asking apart are apart by exactly the time between their answers (mod the loop).
    const elapsed = (Date.parse(second.serverTime) - Date.parse(first.serverTime)) / 1000;
    expect(elapsed).toBeGreaterThanOrEqual(0);
    expect(elapsed).toBeLessThan(5);
    const drift = (second.startAt! - first.startAt! - elapsed + LIVE_DURATION_S * 2) % LIVE_DURATION_S;
    expect(Math.min(drift, LIVE_DURATION_S - drift)).toBeLessThan(1);
  });

  it("reads the clock: with Date faked, startAt is that instant's place in the loop", async () => {
    const vip = await createUser("vip");
    vi.useFakeTimers({ toFake: ["Date"] });
    const loops = 987_654;
    for (const [offsetMs, startAt] of [
      [12_345, 12.345],
      [0, 0],
      [39_999, 39.999],
      [40_000, 0],
    ] as const) {
      vi.setSystemTime(RADIO_EPOCH_MS + loops * LIVE_DURATION_S * 1000 + offsetMs);
      const body = await videoOf("live", vip);
      expect(body.serverTime).toBe(new Date(RADIO_EPOCH_MS + loops * LIVE_DURATION_S * 1000 + offsetMs).toISOString());
      expect(body.startAt, String(offsetMs)).toBeCloseTo(startAt, 9);
    }
    // Before the epoch, still within the video.
    vi.setSystemTime(RADIO_EPOCH_MS - 1_000);
    expect((await videoOf("live", vip)).startAt).toBeCloseTo(LIVE_DURATION_S - 1, 9);
  });

  it("follows the row: a longer live video loops over its own length", async () => {
    await setChannel("live", "duration_seconds", 3600);
    const body = await videoOf("live", await createUser("vip"));
    expect(body.durationSeconds).toBe(3600);
    expect(body.startAt).toBeCloseTo(loopPosition(Date.parse(body.serverTime), 3600), 6);
  });

  it("gives the embed page when the live channel has one", async () => {
    await setChannel("live", "embed_url", "https://player.example.com/embed/live");
    const vip = await createUser("vip");
    expect(await streamOf("live", vip)).toEqual({ kind: "embed", embedUrl: "https://player.example.com/embed/live" });
    // Still VIP only.
    const res = await stream("live", await createUser("user"));
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("vip_required");
  });

  it("ignores an embed URL on an on-demand channel (it plays its video)", async () => {
    await setChannel("spring-love-video", "embed_url", "https://player.example.com/embed/x");
    const body = await videoOf("spring-love-video", await createUser("vip"));
    expect(body.startAt).toBeNull();
  });
});

describe("GET /media/tv/:id", () => {
  it("serves the channel's video from R2, whole and by byte range", async () => {
    const stored = await putObject("tv/videos/spring-love-video.mp4", VIDEO);
    const { url } = await videoOf("spring-love-video", await createUser("vip"));

    const whole = await call(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-length")).toBe(String(SIZE));
    expect(whole.headers.get("x-content-type-options")).toBe("nosniff");
    expect(whole.headers.get("cache-control")).toBe("private, max-age=600");
    expect(whole.headers.get("etag")).toBe(stored.httpEtag);
    expect(await bytesOf(whole)).toEqual(VIDEO);

    for (const [range, first, last] of [
      ["bytes=0-99", 0, 99],
      ["bytes=4321-", 4321, SIZE - 1],
      ["bytes=-10", SIZE - 10, SIZE - 1],
    ] as const) {
      const res = await call(url, { headers: { range } });
      expect(res.status, range).toBe(206);
      expect(res.headers.get("content-range")).toBe(`bytes ${first}-${last}/${SIZE}`);
      expect(res.headers.get("content-length")).toBe(String(last - first + 1));
      expect(res.headers.get("content-type")).toBe("video/mp4");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await bytesOf(res)).toEqual(VIDEO.slice(first, last + 1));
    }
    const unsatisfiable = await call(url, { headers: { range: `bytes=${SIZE}-` } });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get("content-range")).toBe(`bytes */${SIZE}`);
    await unsatisfiable.body?.cancel();
  });

  it("serves the live channel's video the same way, and a .webm key as video/webm", async () => {
    await putObject("tv/videos/live.mp4", VIDEO);
    const { url } = await videoOf("live", await createUser("admin"));
    const res = await call(url, { headers: { range: "bytes=10-19" } });
    expect(res.status).toBe(206);
    expect(await bytesOf(res)).toEqual(VIDEO.slice(10, 20));

    await setChannel("behind-the-scenes", "video_key", "tv/videos/behind-the-scenes.webm");
    await putObject("tv/videos/behind-the-scenes.webm", VIDEO.slice(0, 100));
    const webm = await call((await videoOf("behind-the-scenes", await createUser("vip"))).url);
    expect(webm.status).toBe(200);
    expect(webm.headers.get("content-type")).toBe("video/webm");
    expect(await bytesOf(webm)).toEqual(VIDEO.slice(0, 100));
  });

  it("refuses a missing, empty, track, station or other channel's token (403 media_token_invalid)", async () => {
    await putObject("tv/videos/spring-love-video.mp4", VIDEO);
    const vip = await createUser("vip");
    const sign = async (kind: "track" | "video" | "station", id: string) => (await signMediaToken(SESSION_SECRET, vip.id, kind, id)).token;
    await expectTokenRefused(await call("/media/tv/spring-love-video"));
    await expectTokenRefused(await call("/media/tv/spring-love-video?token="));
    await expectTokenRefused(await call("/media/tv/spring-love-video", { headers: { range: "bytes=0-9" }, cookie: vip.cookie }));
    await expectTokenRefused(await call(withToken("spring-love-video", await sign("track", "spring-love-video"))));
    await expectTokenRefused(await call(withToken("spring-love-video", await sign("station", "spring-love-video"))));
    // The URL another channel's stream route gave.
    const other = await videoOf("live", vip);
    await expectTokenRefused(await call(withToken("spring-love-video", tokenOf(other.url))));
    await expectTokenRefused(await call(withToken("spring-love-video", tokenOf(other.url)), { headers: { range: "bytes=0-9" } }));
    // ...and a video token does not open a track.
    await putObject("audio/city-lights-calling-1.mp3", VIDEO.slice(0, 10));
    await expectTokenRefused(await call(`/media/tracks/city-lights-calling-1?token=${encodeURIComponent(tokenOf(other.url))}`));
    await expectTokenRefused(await call(`/media/tracks/city-lights-calling-1?token=${encodeURIComponent(await sign("video", "city-lights-calling-1"))}`));
    // The right token still works.
    const opened = await call(withToken("spring-love-video", await sign("video", "spring-love-video")), { headers: { range: "bytes=0-0" } });
    expect(opened.status).toBe(206);
    // Read to the end: an R2 body left open is cut off by the next file's reset() (workerd logs a trace).
    expect(await bytesOf(opened)).toEqual(VIDEO.slice(0, 1));
  });

  it("refuses an expired (11 minutes) or forged token, and accepts a 9-minute-old one", async () => {
    await putObject("tv/videos/spring-love-video.mp4", VIDEO);
    const vip = await createUser("vip");
    const expired = await signMediaToken(SESSION_SECRET, vip.id, "video", "spring-love-video", Date.now() - 11 * 60_000);
    await expectTokenRefused(await call(withToken("spring-love-video", expired.token)));
    const forged = await signMediaToken("another-secret-0123456789abcdef0123456789", vip.id, "video", "spring-love-video");
    await expectTokenRefused(await call(withToken("spring-love-video", forged.token)));
    const recent = await signMediaToken(SESSION_SECRET, vip.id, "video", "spring-love-video", Date.now() - 9 * 60_000);
    const res = await call(withToken("spring-love-video", recent.token), { headers: { range: "bytes=0-9" } });
    expect(res.status).toBe(206);
    expect(await bytesOf(res)).toEqual(VIDEO.slice(0, 10));
  });

  it("answers 404 when the video is not in R2, was removed from the channel, or the channel does not exist", async () => {
    const vip = await createUser("vip");
    // Never stored.
    await expectNotFound(await call((await videoOf("waiting-for-your-love-video", vip)).url));
    // Removed after the URL was issued.
    await putObject("tv/videos/i-wanna-be-the-one-video.mp4", VIDEO);
    const issued = (await videoOf("i-wanna-be-the-one-video", vip)).url;
    await setChannel("i-wanna-be-the-one-video", "video_key", null);
    await expectNotFound(await call(issued));
    // No such channel, and a malformed id, even with tokens signed for them.
    await expectNotFound(await call(withToken("no-such-channel", (await signMediaToken(SESSION_SECRET, vip.id, "video", "no-such-channel")).token)));
    await expectNotFound(await call(withToken("Bad_ID", (await signMediaToken(SESSION_SECRET, vip.id, "video", "Bad_ID")).token)));
  });
});

describe("GET /media/tv/thumbs/:file and /media/stations/:file", () => {
  it("serves a stored thumbnail publicly as image/png, at the URL the channel list gives", async () => {
    const stored = await putObject("tv/thumbs/live.png", PNG);
    const { channels } = await (await call("/api/tv/channels")).json<ChannelsResponse>();
    const url = channels.find((c) => c.id === "live")!.thumbnailUrl!;
    const res = await call(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("etag")).toBe(stored.httpEtag);
    expect(await bytesOf(res)).toEqual(PNG);
  });

  it("serves a station's image at the URL the station list gives", async () => {
    await putObject("stations/nyc-rhythm.png", PNG);
    const { stations } = await (await call("/api/radio/stations")).json<{ stations: { id: string; imageUrl: string }[] }>();
    const res = await call(stations.find((s) => s.id === "nyc-rhythm")!.imageUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(await bytesOf(res)).toEqual(PNG);
  });

  it("answers 404 for a thumbnail that is not stored", async () => {
    await expectNotFound(await call("/media/tv/thumbs/behind-the-scenes.png"));
  });

  it.each([
    ["an encoded ../", "..%2Fvideos%2Flive.mp4", ["tv/thumbs/../videos/live.mp4", "tv/videos/live.mp4"]],
    ["an encoded ../ in dots too", "%2e%2e%2Fsecret.png", ["tv/thumbs/../secret.png", "tv/secret.png"]],
    ["a nested folder", "a%2Fb.png", ["tv/thumbs/a/b.png"]],
    ["upper case", "LIVE.png", ["tv/thumbs/LIVE.png"]],
    ["an SVG", "x.svg", ["tv/thumbs/x.svg"]],
    ["a backslash", "..%5Csecret.png", ["tv/thumbs/..\\secret.png"]],
  ])("answers 404 for %s (%s), even when that key is stored", async (_label, file, planted) => {
    for (const key of planted) await putObject(key, PNG);
    await expectNotFound(await call(`/media/tv/thumbs/${file}`));
  });

  it("does not serve a channel's video through the thumbnail or station image routes", async () => {
    await putObject("tv/videos/live.mp4", VIDEO);
    await expectNotFound(await call("/media/tv/thumbs/..%2F..%2Ftv%2Fvideos%2Flive.mp4"));
    await expectNotFound(await call("/media/stations/..%2Ftv%2Fvideos%2Flive.mp4"));
    await expectNotFound(await call("/media/tv/videos/live.mp4"));
  });
});
