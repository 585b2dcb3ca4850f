// Previews: anyone may play 30 seconds of a released track, and the preview URL serves only the
// preview's own file (cut from the track on first demand), whatever Range is asked. Preview plays
// are counted apart from full plays. Admins turn previews off per track and move their start.
//
// The tracks here are the test's own (album zz-preview), with audio files generated in the test,
// so the expected sizes follow from the fixtures: 32 kbps MPEG-1 at 48 kHz is a 96-byte frame
// every 24 ms, so a 30-second preview is 1,250 frames, 120,000 bytes.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ANYONE, signMediaToken, signTrackToken } from "../../worker/lib/media-token";
import type { PreviewPlayResponse, PreviewResponse, TrackResponse } from "../../worker/contracts/music/music";
import type { AdminTrackResponse } from "../../worker/contracts/music/admin-catalog";
import type { TrackAnalyticsResponse } from "../../worker/contracts/admin/analytics";
import { call, createUser, errorOf, EDGE_LIMIT_TEST_TIMEOUT_MS, inOneEdgeLimitWindow, ORIGIN, useFreshClientIp, type Role, type TestUser } from "./helpers";
import { EDGE_RATE_LIMITS } from "../../worker/contracts/limits";
import { isoMedia, mp3Cbr, wav } from "./media-fixtures";

const media = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const D1 = (env as unknown as { DB: D1Database }).DB;
const SESSION_SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;

const ALBUM = "zz-preview";
const MP3 = "zz-preview-mp3";
const WAV = "zz-preview-wav";
const M4A = "zz-preview-m4a";
const SILENT = "zz-preview-silent";
const FRAME_BYTES = 96;
const PREVIEW_BYTES = 1250 * FRAME_BYTES;
/** Two minutes of MP3 behind a 1 kB ID3v2 tag and with an ID3v1 tag at the end. */
const MP3_FILE = mp3Cbr({ seconds: 120, kbps: 32, id3: 1024, id3v1: true });

const users = {} as Record<Exclude<Role, "visitor">, TestUser>;
const cookieOf = (role: Role) => (role === "visitor" ? undefined : users[role].cookie);
const ROLES: Role[] = ["visitor", "user", "vip", "admin", "banned"];

const askPreview = (trackId: string, role: Role = "visitor") => call(`/api/music/tracks/${trackId}/preview`, { method: "POST", cookie: cookieOf(role) });
async function previewOf(trackId: string, role: Role = "visitor"): Promise<PreviewResponse> {
  const res = await askPreview(trackId, role);
  expect(res.status).toBe(200);
  return res.json<PreviewResponse>();
}
const get = (path: string, headers: Record<string, string> = {}) => call(path, { headers });
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
/** Where two byte arrays first differ (-1: nowhere); a 120 kB toEqual is slow and its diff unreadable. */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  if (a.byteLength !== b.byteLength) return Math.min(a.byteLength, b.byteLength);
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return i;
  return -1;
}
const previewKeyOf = async (trackId: string) =>
  (await D1.prepare("SELECT preview_key AS key FROM tracks WHERE id = ?").bind(trackId).first<{ key: string | null }>())!.key;
const storedPreview = async (trackId: string) => bytesOf(new Response((await media.get((await previewKeyOf(trackId))!))!.body));
const adminPatch = (trackId: string, json: unknown) => call(`/api/admin/catalog/tracks/${trackId}`, { method: "PATCH", json, cookie: users.admin.cookie });

async function expectTokenRefused(res: Response) {
  expect(res.status).toBe(403);
  expect(await errorOf(res)).toEqual({ code: "media_token_invalid", message: "This media link has expired or is not yours" });
}

beforeAll(async () => {
  for (const role of ["user", "vip", "admin", "banned"] as const) users[role] = await createUser(role);
  await D1.batch([
    D1.prepare("INSERT INTO albums (id, title, year, type, position) VALUES (?, 'Preview Test', 2026, 'Album', 900)").bind(ALBUM),
    D1.prepare(
      `INSERT INTO tracks (id, album_id, title, number, duration_seconds, audio_key) VALUES
       (?1, ?5, 'Preview MP3', 1, 120, 'audio/zz-preview-mp3.mp3'),
       (?2, ?5, 'Preview WAV', 2, 40, 'audio/zz-preview-wav.wav'),
       (?3, ?5, 'Preview M4A', 3, 60, 'audio/zz-preview-m4a.m4a'),
       (?4, ?5, 'No audio yet', 4, 0, NULL)`,
    ).bind(MP3, WAV, M4A, SILENT, ALBUM),
  ]);
  await media.put("audio/zz-preview-mp3.mp3", MP3_FILE);
  await media.put("audio/zz-preview-wav.wav", wav({ seconds: 40 }));
  await media.put("audio/zz-preview-m4a.m4a", isoMedia({ seconds: 60 }));
});

describe("POST /api/music/tracks/:id/preview", () => {
  it.each(ROLES)("gives a %s a short-lived URL of the preview, which starts at the start the admin chose", async (role) => {
    const before = Date.now();
    const preview = await previewOf(MP3, role);
    expect(preview.url).toMatch(new RegExp(`^/media/previews/${MP3}\\?token=`));
    expect(preview.startSeconds).toBe(0);
    expect(preview.durationSeconds).toBeCloseTo(30, 5);
    const expires = Date.parse(preview.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 10 * 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
  });

  it("cuts the preview once: later requests reuse the stored file", async () => {
    await previewOf(MP3);
    const key = await previewKeyOf(MP3);
    expect(key).toMatch(new RegExp(`^previews/${MP3}\\.[0-9a-f]{8}\\.mp3$`));
    await previewOf(MP3, "vip");
    expect(await previewKeyOf(MP3)).toBe(key);
    const listed = await media.list({ prefix: `previews/${MP3}.` });
    expect(listed.objects.map((o) => o.key)).toEqual([key]);
    expect(listed.objects[0]!.size).toBe(PREVIEW_BYTES);
  });

  it("lists the track as previewable; an m4a and a track without audio are not, and answer 409", async () => {
    const view = async (id: string) => (await (await call(`/api/music/tracks/${id}`)).json<TrackResponse>()).track;
    expect((await view(MP3)).preview).toBe(true);
    expect((await view(WAV)).preview).toBe(true);
    for (const id of [M4A, SILENT]) {
      expect((await view(id)).preview).toBe(false);
      const res = await askPreview(id);
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toEqual({ code: "preview_unavailable", message: "This track has no preview" });
    }
    expect(await previewKeyOf(M4A)).toBeNull();
  });

  it("answers 404 for an unknown track and 400 for a malformed id, and stores nothing", async () => {
    const unknown = await askPreview("zz-no-such-track");
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("track_not_found");
    const malformed = await askPreview("Not%20A%20Slug");
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toBe("invalid_input");
    expect((await media.list({ prefix: "previews/zz-no-such" })).objects).toEqual([]);
  });

  it("previews half of a track shorter than a minute (a 40-second WAV gives 20 seconds)", async () => {
    const preview = await previewOf(WAV);
    expect(preview.durationSeconds).toBeCloseTo(20, 5);
    const res = await get(preview.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/wav");
    const body = await bytesOf(res);
    // A 44-byte header, then 20 s of 16-bit mono at 8 kHz (the fixture's defaults).
    expect(new TextDecoder().decode(body.subarray(0, 4))).toBe("RIFF");
    expect(body.byteLength).toBe(44 + 20 * 8000 * 2);
  });
});

describe("GET /media/previews/:id: only the preview's bytes, whatever is asked", () => {
  let url: string;
  let preview: Uint8Array;
  beforeAll(async () => {
    url = (await previewOf(MP3)).url;
    preview = await storedPreview(MP3);
    expect(preview.byteLength).toBe(PREVIEW_BYTES);
  });

  it("serves the whole preview: MP3 frames only, no ID3 tag, a quarter of the track", async () => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("content-length")).toBe(String(PREVIEW_BYTES));
    const body = await bytesOf(res);
    expect(firstDifference(body, preview)).toBe(-1);
    expect([body[0], body[1]! & 0xe0]).toEqual([0xff, 0xe0]);
    expect(new TextDecoder().decode(body.subarray(0, 3))).not.toBe("ID3");
    expect(body.byteLength * 4).toBeLessThan(MP3_FILE.byteLength);
  });

  const ranges: [header: string, status: number, first: number, length: number][] = [
    ["bytes=0-99", 206, 0, 100],
    ["bytes=1000-", 206, 1000, PREVIEW_BYTES - 1000],
    // Past the preview's end: clamped to it, never into the rest of the track.
    ["bytes=0-999999999", 206, 0, PREVIEW_BYTES],
    [`bytes=${PREVIEW_BYTES - 10}-${PREVIEW_BYTES + 5000}`, 206, PREVIEW_BYTES - 10, 10],
    ["bytes=-500", 206, PREVIEW_BYTES - 500, 500],
    // A suffix longer than the preview is the whole preview, not the track's last bytes.
    [`bytes=-${MP3_FILE.byteLength}`, 206, 0, PREVIEW_BYTES],
    // Several ranges, overlapping or not, are answered with the whole preview (RFC 9110 allows it).
    ["bytes=0-10,20-30", 200, 0, PREVIEW_BYTES],
    ["bytes=0-5000,100-200000", 200, 0, PREVIEW_BYTES],
    ["bytes=200000-300000,0-1", 200, 0, PREVIEW_BYTES],
  ];
  it.each(ranges)("Range %s: %i, bytes from %i, %i of them", async (range, status, first, length) => {
    const res = await get(url, { range });
    expect(res.status).toBe(status);
    const body = await bytesOf(res);
    expect(body.byteLength).toBe(length);
    expect(firstDifference(body, preview.subarray(first, first + length))).toBe(-1);
    if (status === 206) expect(res.headers.get("content-range")).toBe(`bytes ${first}-${first + length - 1}/${PREVIEW_BYTES}`);
  });

  it.each([`bytes=${PREVIEW_BYTES}-`, `bytes=${PREVIEW_BYTES + 1}-${MP3_FILE.byteLength}`, "bytes=-0"])(
    "Range %s past the preview is 416 with its size",
    async (range) => {
      const res = await get(url, { range });
      expect(res.status).toBe(416);
      expect(res.headers.get("content-range")).toBe(`bytes */${PREVIEW_BYTES}`);
      expect((await bytesOf(res)).byteLength).toBe(0);
    },
  );

  it("is the same for a member's, a VIP's and a banned member's cookie", async () => {
    for (const role of ["user", "vip", "banned"] as const) {
      const res = await call(url, { cookie: users[role].cookie, headers: { range: "bytes=-999999999" } });
      expect(res.status).toBe(206);
      expect((await bytesOf(res)).byteLength).toBe(PREVIEW_BYTES);
    }
  });
});

describe("preview tokens", () => {
  const withToken = (kind: "previews" | "tracks", id: string, token: string) => `/media/${kind}/${id}?token=${encodeURIComponent(token)}`;
  beforeAll(() => previewOf(MP3));

  it("refuses a missing, garbled or expired token, and accepts one signed 9 minutes ago", async () => {
    await expectTokenRefused(await get(`/media/previews/${MP3}`));
    await expectTokenRefused(await get(withToken("previews", MP3, "not.a.token")));
    const expired = await signMediaToken(SESSION_SECRET, ANYONE, "preview", MP3, Date.now() - 11 * 60_000);
    await expectTokenRefused(await get(withToken("previews", MP3, expired.token), { range: "bytes=0-99" }));
    const fresh = await signMediaToken(SESSION_SECRET, ANYONE, "preview", MP3, Date.now() - 9 * 60_000);
    const accepted = await get(withToken("previews", MP3, fresh.token));
    expect(accepted.status).toBe(200);
    // Read to the end: an R2 body left open would still be streaming when the next file's reset()
    // stops R2 (workerd logs a trace).
    expect((await bytesOf(accepted)).byteLength).toBe(PREVIEW_BYTES);
  });

  it("is bound to its track: another track's preview URL does not open this one", async () => {
    const other = await previewOf(WAV);
    const token = decodeURIComponent(new URL(other.url, ORIGIN).searchParams.get("token")!);
    await expectTokenRefused(await get(withToken("previews", MP3, token)));
  });

  it("never opens the full track, and a full track's token never opens a preview", async () => {
    const preview = await previewOf(MP3);
    const token = decodeURIComponent(new URL(preview.url, ORIGIN).searchParams.get("token")!);
    await expectTokenRefused(await get(withToken("tracks", MP3, token)));
    await expectTokenRefused(await get(withToken("tracks", MP3, token), { range: `bytes=-${MP3_FILE.byteLength}` }));
    const full = await signTrackToken(SESSION_SECRET, users.vip.id, MP3);
    await expectTokenRefused(await get(withToken("previews", MP3, full.token)));
  });

  it("answers 404 for a malformed id before reading any token", async () => {
    const res = await get(`/media/previews/NOT_A_SLUG?token=x`);
    expect(res.status).toBe(404);
  });
});

describe("the admin's switch and start", () => {
  it("turning previews off answers 409, the old URL 404, and deletes the cut; on again cuts anew", async () => {
    const { url } = await previewOf(MP3);
    const oldKey = (await previewKeyOf(MP3))!;
    const off = await adminPatch(MP3, { previewEnabled: false });
    expect(off.status).toBe(200);
    expect((await off.json<AdminTrackResponse>()).track.preview).toEqual({ enabled: false, startSeconds: 0 });
    expect(await previewKeyOf(MP3)).toBeNull();
    expect(await media.head(oldKey)).toBeNull();
    const refused = await askPreview(MP3);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe("preview_unavailable");
    const stale = await get(url);
    expect(stale.status).toBe(404);
    expect((await (await call(`/api/music/tracks/${MP3}`)).json<TrackResponse>()).track.preview).toBe(false);

    expect((await adminPatch(MP3, { previewEnabled: true })).status).toBe(200);
    await previewOf(MP3);
    expect(await previewKeyOf(MP3)).not.toBe(oldKey);
  });

  it("moving the start (to the chorus) cuts from there; near the end it moves back so 30 s remain", async () => {
    await previewOf(MP3);
    const before = (await previewKeyOf(MP3))!;
    expect((await adminPatch(MP3, { previewStartSeconds: 45 })).status).toBe(200);
    expect(await media.head(before)).toBeNull();
    const chorus = await previewOf(MP3);
    expect(chorus.startSeconds).toBeCloseTo(45, 1);
    expect(chorus.durationSeconds).toBeCloseTo(30, 5);

    expect((await adminPatch(MP3, { previewStartSeconds: 110 })).status).toBe(200);
    const late = await previewOf(MP3);
    expect(late.startSeconds).toBeCloseTo(90, 1);
    expect(late.durationSeconds).toBeCloseTo(30, 5);
    expect((await adminPatch(MP3, { previewStartSeconds: 0 })).status).toBe(200);
  });

  it.each([[{ previewStartSeconds: -1 }], [{ previewStartSeconds: 1.5 }], [{ previewStartSeconds: "30" }], [{ previewEnabled: "yes" }]])(
    "refuses %j with 400 and changes nothing",
    async (body) => {
      await previewOf(MP3);
      const key = await previewKeyOf(MP3);
      const res = await adminPatch(MP3, body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
      expect(await previewKeyOf(MP3)).toBe(key);
      const row = await D1.prepare("SELECT preview_enabled AS enabled, preview_start_seconds AS start FROM tracks WHERE id = ?").bind(MP3).first();
      expect(row).toEqual({ enabled: 1, start: 0 });
    },
  );

  it.each(["visitor", "user", "vip", "banned"] as const)("refuses a %s's change of the preview", async (role) => {
    const res = await call(`/api/admin/catalog/tracks/${MP3}`, { method: "PATCH", json: { previewEnabled: false }, cookie: cookieOf(role) });
    expect([401, 403]).toContain(res.status);
    expect((await D1.prepare("SELECT preview_enabled AS enabled FROM tracks WHERE id = ?").bind(MP3).first())!.enabled).toBe(1);
  });

  it("new audio for the track forgets the old cut and deletes its file", async () => {
    await previewOf(MP3);
    const before = (await previewKeyOf(MP3))!;
    const res = await call(`/api/admin/catalog/tracks/${MP3}/audio`, {
      method: "PUT",
      body: mp3Cbr({ seconds: 90, kbps: 32 }),
      headers: { "content-type": "audio/mpeg" },
      cookie: users.admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(await previewKeyOf(MP3)).toBeNull();
    expect(await media.head(before)).toBeNull();
    const fresh = await previewOf(MP3);
    expect(fresh.durationSeconds).toBeCloseTo(30, 5);
  });
});

describe("POST /api/music/tracks/:id/preview-plays", () => {
  const countOf = async (trackId: string) =>
    (await D1.prepare("SELECT count(*) AS n FROM track_preview_plays WHERE track_id = ?").bind(trackId).first<{ n: number }>())!.n;
  const playsOf = async (trackId: string) => (await D1.prepare("SELECT plays FROM tracks WHERE id = ?").bind(trackId).first<{ plays: number }>())!.plays;
  const playPreview = (trackId: string, role: Role) => call(`/api/music/tracks/${trackId}/preview-plays`, { method: "POST", cookie: cookieOf(role) });

  it.each(ROLES)("counts a %s's preview play once per 30 s, apart from full plays", async (role) => {
    useFreshClientIp();
    const before = await countOf(WAV);
    const fullBefore = await playsOf(WAV);
    const first = await playPreview(WAV, role);
    expect(first.status).toBe(200);
    expect(await first.json<PreviewPlayResponse>()).toEqual({ counted: true });
    const again = await playPreview(WAV, role);
    expect(await again.json<PreviewPlayResponse>()).toEqual({ counted: false });
    expect(await countOf(WAV)).toBe(before + 1);
    expect(await playsOf(WAV)).toBe(fullBefore);
  });

  it("records a member by id and a visitor by the day's cookieless id, never the address", async () => {
    const ip = useFreshClientIp();
    await playPreview(SILENT, "user");
    await playPreview(SILENT, "visitor");
    const listeners = (
      await D1.prepare("SELECT listener FROM track_preview_plays WHERE track_id = ? ORDER BY id").bind(SILENT).all<{ listener: string }>()
    ).results.map((r) => r.listener);
    expect(listeners[0]).toBe(users.user.id);
    expect(listeners[1]).toMatch(/^[0-9a-f-]{16,}$/);
    expect(listeners.join()).not.toContain(ip);
  });

  it("answers 404 for an unknown track and writes nothing", async () => {
    useFreshClientIp();
    const before = (await D1.prepare("SELECT count(*) AS n FROM track_preview_plays").first<{ n: number }>())!.n;
    const res = await playPreview("zz-no-such-track", "visitor");
    expect(res.status).toBe(404);
    expect((await D1.prepare("SELECT count(*) AS n FROM track_preview_plays").first<{ n: number }>())!.n).toBe(before);
  });

  it(
    "limits one address to EDGE_RATE_LIMITS.previewPlaysPerIp counted requests a minute (429)",
    async () => {
      const ip = useFreshClientIp();
      const { max, binding } = EDGE_RATE_LIMITS.previewPlaysPerIp;
      await inOneEdgeLimitWindow();
      // The minute's first max - 1 requests, as the binding counts them.
      const limiter = (env as unknown as Record<string, RateLimit>)[binding]!;
      for (let i = 1; i < max; i++) await limiter.limit({ key: ip });
      expect((await playPreview(MP3, "visitor")).status).toBe(200);
      const before = await countOf(MP3);
      const res = await playPreview(MP3, "visitor");
      expect(res.status).toBe(429);
      expect((await errorOf(res)).code).toBe("rate_limited");
      expect(await countOf(MP3)).toBe(before);
    },
    EDGE_LIMIT_TEST_TIMEOUT_MS,
  );

  it("shows in the admin's track analytics, beside the full plays", async () => {
    useFreshClientIp();
    await playPreview(M4A, "visitor");
    const res = await call("/api/admin/analytics/tracks?period=all", { cookie: users.admin.cookie });
    expect(res.status).toBe(200);
    const stats = await res.json<TrackAnalyticsResponse>();
    const row = stats.tracks.find((t) => t.trackId === M4A)!;
    expect(row.previewPlays).toBe(await countOf(M4A));
    expect(row.totalPlays).toBe(0);
    const all = (await D1.prepare("SELECT count(*) AS n FROM track_preview_plays").first<{ n: number }>())!.n;
    expect(stats.totalPreviewPlays).toBe(all);
  });
});
