// Early access: an album (or one track) with a public release time and a VIP early-access time
// before it. Until early access it is hidden from everyone (admins see it in the back office
// only); between the two, VIPs and admins get its audio and everyone else sees it coming, with no
// preview and no audio; from the release on it is an ordinary release. The clock is faked (Date
// only), and every answer is checked at each boundary, for every role, through the Worker, with
// the catalog's caches kept between phases: they must turn at the boundary, not a minute later.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AlbumResponse, AlbumsResponse, PreviewResponse, TrackResponse, TracksResponse } from "../../worker/contracts/music/music";
import type { AdminAlbumResponse, AdminTrackResponse } from "../../worker/contracts/music/admin-catalog";
import type { NowPlayingResponse } from "../../worker/contracts/radio";
import { forget } from "../../worker/lib/memo";
import { call, createUser, errorOf, type Role, type TestUser } from "./helpers";
import { mp3Cbr } from "./media-fixtures";

const media = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const D1 = (env as unknown as { DB: D1Database }).DB;

const ALBUM = "zz-early";
const TRACK = "zz-early-1";
/** A released album with one track of its own in early access. */
const MIXED = "zz-early-mixed";
const MIXED_EARLY = "zz-early-mixed-2";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const T0 = Date.now();
const EARLY_AT = T0 + HOUR;
const RELEASE_AT = T0 + 2 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

const ROLES: Role[] = ["visitor", "user", "vip", "admin", "banned"];
const users = {} as Record<Exclude<Role, "visitor">, TestUser>;
const cookieOf = (role: Role) => (role === "visitor" ? undefined : users[role].cookie);
const getJson = async <T>(path: string, role: Role = "visitor") => {
  const res = await call(path, { cookie: cookieOf(role) });
  return { status: res.status, body: res.status === 200 ? await res.json<T>() : null, res };
};
const stream = (trackId: string, role: Role) => call(`/api/music/tracks/${trackId}/stream`, { method: "POST", cookie: cookieOf(role) });
const preview = (trackId: string, role: Role) => call(`/api/music/tracks/${trackId}/preview`, { method: "POST", cookie: cookieOf(role) });
const adminPatch = (path: string, json: unknown) => call(`/api/admin/catalog/${path}`, { method: "PATCH", json, cookie: users.admin.cookie });
const at = (ms: number) => vi.setSystemTime(ms);

beforeAll(async () => {
  for (const role of ["user", "vip", "admin", "banned"] as const) users[role] = await createUser(role);
  await D1.batch([
    D1.prepare(
      "INSERT INTO albums (id, title, year, type, position) VALUES (?1, 'Early Bird', 2026, 'Album', 950), (?2, 'Mixed Bag', 2026, 'Album', 951)",
    ).bind(ALBUM, MIXED),
    D1.prepare(
      `INSERT INTO tracks (id, album_id, title, number, duration_seconds, audio_key) VALUES
       (?1, ?3, 'First Light', 1, 120, 'audio/zz-early-1.mp3'),
       (?2, ?4, 'Out Now', 1, 120, 'audio/zz-early-1.mp3'),
       (?5, ?4, 'Soon', 2, 120, 'audio/zz-early-1.mp3')`,
    ).bind(TRACK, `${MIXED}-1`, ALBUM, MIXED, MIXED_EARLY),
  ]);
  await media.put("audio/zz-early-1.mp3", mp3Cbr({ seconds: 120, kbps: 32 }));
  // Through the back office, as an admin sets them (which also tells the catalog's caches).
  expect((await adminPatch(`albums/${ALBUM}`, { releaseAt: iso(RELEASE_AT), earlyAccessAt: iso(EARLY_AT) })).status).toBe(200);
  expect((await adminPatch(`tracks/${MIXED_EARLY}`, { releaseAt: iso(RELEASE_AT), earlyAccessAt: iso(EARLY_AT) })).status).toBe(200);
  vi.useFakeTimers({ toFake: ["Date"] });
  at(T0);
});

afterAll(() => vi.useRealTimers());

const listed = async (role: Role) => (await getJson<AlbumsResponse>("/api/music/albums", role)).body!.albums.find((a) => a.id === ALBUM);
const inTracks = async (role: Role) => (await getJson<TracksResponse>("/api/music/tracks", role)).body!.tracks.find((t) => t.id === TRACK);

describe("before early access: hidden from everyone but the back office", () => {
  it.each(ROLES)("%s: not in the lists, 404 for the album, the track, its stream and its preview", async (role) => {
    at(EARLY_AT - 1);
    expect(await listed(role)).toBeUndefined();
    expect(await inTracks(role)).toBeUndefined();
    expect((await getJson(`/api/music/albums/${ALBUM}`, role)).status).toBe(404);
    expect((await getJson(`/api/music/tracks/${TRACK}`, role)).status).toBe(404);
    const refused = await preview(TRACK, role);
    expect(refused.status).toBe(404);
    expect((await errorOf(refused)).code).toBe("track_not_found");
    const streamed = await stream(TRACK, role);
    const expected = { visitor: 401, banned: 401, user: 403, vip: 404, admin: 200 }[role];
    expect(streamed.status).toBe(expected);
  });

  it("the mixed album lists its released track only, and counts only it", async () => {
    at(EARLY_AT - 1);
    const { body } = await getJson<AlbumResponse>(`/api/music/albums/${MIXED}`);
    expect(body!.album.tracks.map((t) => t.id)).toEqual([`${MIXED}-1`]);
    expect(body!.album.trackCount).toBe(1);
    expect((await listed("visitor")) ?? null).toBeNull();
    expect((await getJson<AlbumsResponse>("/api/music/albums")).body!.albums.find((a) => a.id === MIXED)!.trackCount).toBe(1);
  });

  it("the admin's catalog shows the times", async () => {
    const res = await call("/api/admin/catalog/albums", { cookie: users.admin.cookie });
    const album = (await res.json<{ albums: AdminAlbumResponse["album"][] }>()).albums.find((a) => a.id === ALBUM)!;
    expect([album.releaseAt, album.earlyAccessAt]).toEqual([iso(RELEASE_AT), iso(EARLY_AT)]);
  });

  it("answers the albums list with a max-age that ends at the early-access time", async () => {
    at(EARLY_AT - 20_000);
    const res = await call("/api/music/albums");
    expect(res.headers.get("cache-control")).toBe("public, max-age=20");
  });

  it("answers the tracks list and an early track with a max-age that ends at the next early-access or release time", async () => {
    forget("music:tracks"); // the clock went back: the isolate's copy is from a later minute
    at(EARLY_AT - 20_000);
    expect((await call("/api/music/tracks")).headers.get("cache-control")).toBe("public, max-age=20");
    at(RELEASE_AT - 30_000);
    const track = await call(`/api/music/tracks/${TRACK}`);
    expect(track.status).toBe(200);
    expect((await track.json<TrackResponse>()).track.earlyAccess).toBe(true);
    expect(track.headers.get("cache-control")).toBe("public, max-age=30");
    at(RELEASE_AT + 1000);
    expect((await call(`/api/music/tracks/${TRACK}`)).headers.get("cache-control")).toBe("public, max-age=60");
  });
});

describe("the catalog's caches at each boundary", () => {
  it("a list and an album read a second before a boundary are not served a second after it", async () => {
    at(EARLY_AT - 1000);
    expect(await listed("visitor")).toBeUndefined();
    expect(await inTracks("visitor")).toBeUndefined();
    expect((await getJson(`/api/music/albums/${MIXED}`)).body).toMatchObject({ album: { trackCount: 1 } });
    at(EARLY_AT + 1000);
    expect(await listed("visitor")).toMatchObject({ earlyAccess: true });
    expect(await inTracks("visitor")).toMatchObject({ earlyAccess: true });
    expect((await getJson(`/api/music/albums/${MIXED}`)).body).toMatchObject({ album: { trackCount: 2 } });
    at(RELEASE_AT - 1000);
    expect(await listed("visitor")).toMatchObject({ earlyAccess: true });
    at(RELEASE_AT + 1000);
    expect(await listed("visitor")).toMatchObject({ earlyAccess: false });
    expect(await inTracks("visitor")).toMatchObject({ earlyAccess: false, preview: true });
  });
});

describe("in early access: VIPs and admins hear it, everyone else sees it coming", () => {
  it.each(ROLES)("%s: listed as coming with its release time, no preview; the stream only for VIPs and admins", async (role) => {
    at(EARLY_AT);
    const album = await listed(role);
    expect(album).toMatchObject({ id: ALBUM, earlyAccess: true, releaseAt: iso(RELEASE_AT), trackCount: 1 });
    const { body } = await getJson<TrackResponse>(`/api/music/tracks/${TRACK}`, role);
    expect(body!.track).toMatchObject({ earlyAccess: true, releaseAt: iso(RELEASE_AT), preview: false, playable: true });
    expect(await inTracks(role)).toMatchObject({ earlyAccess: true });
    const refused = await preview(TRACK, role);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe("preview_unavailable");
    const streamed = await stream(TRACK, role);
    expect(streamed.status).toBe({ visitor: 401, banned: 401, user: 403, vip: 200, admin: 200 }[role]);
  });

  it("the VIP's stream URL plays the audio", async () => {
    at(EARLY_AT + MINUTE);
    const { url } = await (await stream(TRACK, "vip")).json<{ url: string }>();
    const res = await call(url, { headers: { range: "bytes=0-99" } });
    expect(res.status).toBe(206);
    expect((await res.arrayBuffer()).byteLength).toBe(100);
  });

  it("the mixed album lists its early track as coming", async () => {
    at(EARLY_AT + MINUTE);
    const { body } = await getJson<AlbumResponse>(`/api/music/albums/${MIXED}`);
    expect(body!.album.earlyAccess).toBe(false);
    expect(body!.album.tracks.map((t) => [t.id, t.earlyAccess, t.releaseAt])).toEqual([
      [`${MIXED}-1`, false, null],
      [MIXED_EARLY, true, iso(RELEASE_AT)],
    ]);
  });
});

describe("released: an ordinary release", () => {
  it.each(ROLES)("%s: listed as released, with its preview", async (role) => {
    at(RELEASE_AT);
    expect(await listed(role)).toMatchObject({ earlyAccess: false, releaseAt: null });
    const { body } = await getJson<TrackResponse>(`/api/music/tracks/${TRACK}`, role);
    expect(body!.track).toMatchObject({ earlyAccess: false, releaseAt: null, preview: true });
    expect((await preview(TRACK, role)).status).toBe(200);
  });

  it("moving the release later takes its preview back at once, even from an issued URL", async () => {
    at(RELEASE_AT + MINUTE);
    const { url } = await (await preview(TRACK, "visitor")).json<PreviewResponse>();
    const served = await call(url);
    expect(served.status).toBe(200);
    // Read to the end: the preview streams from R2, and a body left open would still be streaming
    // when the next file's reset() stops R2 (workerd logs a trace).
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect((await adminPatch(`albums/${ALBUM}`, { releaseAt: iso(RELEASE_AT + 5 * HOUR), earlyAccessAt: iso(RELEASE_AT) })).status).toBe(200);
    expect((await call(url)).status).toBe(404);
    expect(await listed("visitor")).toMatchObject({ earlyAccess: true });
    expect((await adminPatch(`albums/${ALBUM}`, { releaseAt: null, earlyAccessAt: null })).status).toBe(200);
    expect(await listed("visitor")).toMatchObject({ earlyAccess: false, releaseAt: null });
  });
});

describe("the radio", () => {
  it("a station of the single's album plays nothing before early access, and the single from then on", async () => {
    at(T0);
    // (The test before this one gave the album back its release; it gets its times again.)
    expect((await adminPatch(`albums/${ALBUM}`, { releaseAt: iso(RELEASE_AT), earlyAccessAt: iso(EARLY_AT) })).status).toBe(200);
    const created = await call("/api/admin/catalog/stations", {
      json: { name: "Early Radio", descriptionEn: "Early", descriptionPtBr: "Cedo", sourceType: "catalog", albumIds: [ALBUM] },
      cookie: users.admin.cookie,
    });
    expect(created.status).toBe(201);
    const { station } = await created.json<{ station: { id: string } }>();
    const nowPlaying = async () => (await (await call(`/api/radio/stations/${station.id}/now-playing`)).json<NowPlayingResponse>()).nowPlaying.current;
    at(EARLY_AT - 1000);
    expect(await nowPlaying()).toBeNull();
    at(EARLY_AT + 1000);
    expect(JSON.stringify(await nowPlaying())).toContain(TRACK);
  });
});

describe("the back office's release times", () => {
  it.each([
    ["early access after the release", { releaseAt: iso(T0 + HOUR), earlyAccessAt: iso(T0 + 2 * HOUR) }, "early_access_order"],
    ["early access equal to the release", { releaseAt: iso(T0 + HOUR), earlyAccessAt: iso(T0 + HOUR) }, "early_access_order"],
    ["early access without a release", { releaseAt: null, earlyAccessAt: iso(T0 + HOUR) }, "early_access_needs_release"],
    ["one of the two alone", { releaseAt: iso(T0 + HOUR) }, "invalid_input"],
    ["a time without its offset", { releaseAt: "2030-01-01T10:00:00", earlyAccessAt: null }, "invalid_input"],
    ["not a time", { releaseAt: "soon", earlyAccessAt: null }, "invalid_input"],
  ])("refuses %s with 400 and changes nothing", async (_, body, code) => {
    const before = await D1.prepare("SELECT release_at, early_access_at FROM tracks WHERE id = ?").bind(TRACK).first();
    const res = await adminPatch(`tracks/${TRACK}`, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe(code);
    expect(await D1.prepare("SELECT release_at, early_access_at FROM tracks WHERE id = ?").bind(TRACK).first()).toEqual(before);
  });

  it("stores a track's own times and shows them to the admin, in the audit log too", async () => {
    const res = await adminPatch(`tracks/${TRACK}`, { releaseAt: "2030-01-01T10:00:00-03:00", earlyAccessAt: null });
    expect(res.status).toBe(200);
    const { track } = await res.json<AdminTrackResponse>();
    expect([track.releaseAt, track.earlyAccessAt]).toEqual(["2030-01-01T13:00:00.000Z", null]);
    const audit = await D1.prepare("SELECT summary FROM audit_log WHERE target_id = ? ORDER BY created_at DESC LIMIT 1")
      .bind(TRACK)
      .first<{ summary: string }>();
    expect(JSON.parse(audit!.summary).after).toEqual({ releaseAt: "2030-01-01T10:00:00-03:00", earlyAccessAt: null });
    expect((await adminPatch(`tracks/${TRACK}`, { releaseAt: null, earlyAccessAt: null })).status).toBe(200);
  });

  it.each(["visitor", "user", "vip", "banned"] as const)("refuses a %s's change", async (role) => {
    const res = await call(`/api/admin/catalog/albums/${ALBUM}`, { method: "PATCH", json: { releaseAt: null, earlyAccessAt: null }, cookie: cookieOf(role) });
    expect([401, 403]).toContain(res.status);
  });
});
