// /api/music: the public catalog (albums, tracks, stats), the VIP-only signed stream URL and the
// VIP-only play counter (30-second replay window, concurrent plays counted once).
//
// Expectations come from the demo seed (scripts/catalog/catalog.mjs, put in by setup.ts) and from raw SQL against D1,
// never from the query functions under test.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { verifyMediaToken } from "../../worker/lib/media-token";
import type {
  AlbumResponse,
  AlbumsResponse,
  MusicStatsResponse,
  PlayResponse,
  StreamResponse,
  TrackResponse,
  TracksResponse,
  TrackView,
} from "../../worker/contracts/music/music";
import { eq, sql } from "drizzle-orm";
import { tracks } from "../../worker/db/schema/music";
import { call, createUser, db, errorOf, ORIGIN, TRACK_VIEW_KEYS, type Role, type TestUser } from "./helpers";

const D1 = (env as unknown as { DB: D1Database }).DB;
const SESSION_SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;

/** The seeded albums in catalog order, with how many tracks each has (0: "coming soon"). */
const SEEDED_ALBUMS: [id: string, trackCount: number][] = [
  ["city-lights-calling", 2],
  ["radio-heartline", 3],
  ["freestyle-nights", 10],
  ["spring-love-single", 3],
  ["moonlight-boulevard", 9],
  ["i-wanna-be-the-one-single", 2],
  ["satin-and-neon", 9],
  ["letters-in-the-rain", 10],
  ["crystal-telephone", 2],
  ["heartbeat-avenue", 10],
  ["sunrise-on-collins", 2],
  ["rhythm-of-the-promise", 8],
  ["carousel-of-hearts", 1],
  ["dream-frequency", 9],
  ["slow-dance-signal", 2],
  ["latin-heat-sessions", 10],
  ["tropicana-skyline", 3],
  ["millennium-heartbeat", 9],
  ["dancefloor-confessions", 0],
  ["brighter-than-the-bassline", 2],
  ["unplugged-hearts", 0],
  ["neon-valentine", 2],
  ["back-to-the-boulevard", 10],
  ["orbit-of-your-love", 0],
  ["retro-future-romance", 9],
  ["cassette-summer", 3],
  ["freestyle-forever-sessions", 0],
  ["living-room-disco", 2],
  ["midnight-synthesis", 0],
  ["still-dreamin", 0],
];
const SEEDED_TRACK_COUNT = 132;
const FEATURED = ["spring-love", "waiting-for-your-love", "because-i-love-you", "i-wanna-be-the-one", "dream-about-you"];

const ROLES: Role[] = ["visitor", "user", "vip", "admin", "banned"];
const userOf = async (role: Role) => (role === "visitor" ? null : createUser(role));

async function getJson<T>(path: string, cookie?: string): Promise<T> {
  const res = await call(path, { cookie });
  expect(res.status, path).toBe(200);
  return res.json<T>();
}

const stream = (trackId: string, user: TestUser | null, headers?: Record<string, string>) =>
  call(`/api/music/tracks/${trackId}/stream`, { method: "POST", cookie: user?.cookie, headers });
const play = (trackId: string, user: TestUser | null) => call(`/api/music/tracks/${trackId}/plays`, { method: "POST", cookie: user?.cookie });

// Raw D1 reads: independent of worker/db/music/music.ts.
const playsOf = async (trackId: string) => (await D1.prepare("SELECT plays FROM tracks WHERE id = ?").bind(trackId).first<{ plays: number }>())?.plays;
const sumOfPlays = async () => (await D1.prepare("SELECT coalesce(sum(plays), 0) AS total FROM tracks").first<{ total: number }>())!.total;
const playRows = async (trackId: string) =>
  (
    await D1.prepare("SELECT user_id AS userId, played_at AS playedAt FROM track_plays WHERE track_id = ? ORDER BY id")
      .bind(trackId)
      .all<{ userId: string; playedAt: number }>()
  ).results;
const allPlayRows = async () => (await D1.prepare("SELECT count(*) AS n FROM track_plays").first<{ n: number }>())!.n;

/** Every string anywhere in a JSON value. */
function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => [k, ...stringsIn(v)]);
  return [];
}
function expectNoAudioLocation(body: unknown) {
  for (const s of stringsIn(body)) {
    expect(s).not.toContain("audio/");
    expect(s).not.toContain(".mp3");
    expect(s.toLowerCase()).not.toContain("audiokey");
    expect(s.toLowerCase()).not.toContain("audio_key");
  }
}

// Tests that change catalog rows undo it here, so later tests see the seeded catalog.
const undo: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (undo.length) await undo.pop()!();
});

describe("GET /api/music/albums", () => {
  it("lists the 30 seeded albums in position order, with track counts and cover URLs", async () => {
    const res = await call("/api/music/albums");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const { albums } = await res.json<AlbumsResponse>();
    expect(albums.map((a) => [a.id, a.trackCount])).toEqual(SEEDED_ALBUMS);
    expect(albums.map((a) => a.position)).toEqual(SEEDED_ALBUMS.map((_, i) => i));
    for (const a of albums) expect(a.coverUrl).toBe(`/media/covers/${a.id}.png`);
    expect(albums[0]).toEqual({
      id: "city-lights-calling",
      title: "City Lights Calling",
      year: 1986,
      type: "Single",
      coverUrl: "/media/covers/city-lights-calling.png",
      position: 0,
      trackCount: 2,
      earlyAccess: false,
      releaseAt: null,
      preorder: false,
    });
    expect(albums[2]).toMatchObject({ id: "freestyle-nights", title: "Freestyle Nights", year: 1987, type: "Album" });
    expect(albums[29]).toMatchObject({ id: "still-dreamin", title: "Still Dreamin'", year: 2024, type: "Single", trackCount: 0 });
    // The counts agree with D1 itself.
    const counted = (await D1.prepare("SELECT album_id AS id, count(*) AS n FROM tracks GROUP BY album_id").all<{ id: string; n: number }>()).results;
    for (const a of albums) expect(a.trackCount, a.id).toBe(counted.find((r) => r.id === a.id)?.n ?? 0);
    expectNoAudioLocation(albums);
  });

  it("orders by position, not by insertion order", async () => {
    await D1.prepare("UPDATE albums SET position = -1 WHERE id = 'still-dreamin'").run();
    undo.push(() => D1.prepare("UPDATE albums SET position = 29 WHERE id = 'still-dreamin'").run());
    const { albums } = await getJson<AlbumsResponse>("/api/music/albums");
    expect(albums[0]!.id).toBe("still-dreamin");
    expect(albums[1]!.id).toBe("city-lights-calling");
  });

  it("gives every role (visitor, member, VIP, admin, banned) the same data", async () => {
    const expected = await getJson<AlbumsResponse>("/api/music/albums");
    for (const role of ROLES) {
      const user = await userOf(role);
      expect(await getJson<AlbumsResponse>("/api/music/albums", user?.cookie), role).toEqual(expected);
    }
  });
});

describe("GET /api/music/albums/:id", () => {
  it("returns the album with its tracks in number order", async () => {
    const res = await call("/api/music/albums/freestyle-nights");
    expect(res.status).toBe(200);
    const { album } = await res.json<AlbumResponse>();
    expect(album).toMatchObject({
      id: "freestyle-nights",
      title: "Freestyle Nights",
      year: 1987,
      type: "Album",
      coverUrl: "/media/covers/freestyle-nights.png",
      position: 2,
      trackCount: 10,
    });
    expect(album.tracks.map((t) => t.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const ids = (await D1.prepare("SELECT id FROM tracks WHERE album_id = 'freestyle-nights' ORDER BY number").all<{ id: string }>()).results.map((r) => r.id);
    expect(album.tracks.map((t) => t.id)).toEqual(ids);
    const featured = album.tracks.find((t) => t.id === "waiting-for-your-love")!;
    expect(featured).toEqual({
      id: "waiting-for-your-love",
      title: "Waiting for Your Love",
      number: 3,
      albumId: "freestyle-nights",
      albumTitle: "Freestyle Nights",
      albumYear: 1987,
      coverUrl: "/media/covers/freestyle-nights.png",
      durationSeconds: 72,
      plays: expect.any(Number),
      playable: true,
      preview: true,
      earlyAccess: false,
      releaseAt: null,
      featuredPosition: 1,
    });
    expectNoAudioLocation(album);
  });

  it("sorts tracks by number even when they were stored out of order", async () => {
    await D1.batch([
      D1.prepare("INSERT INTO albums (id, title, year, type, cover_key, position) VALUES ('zz-order-test', 'Order Test', 2030, 'Album', NULL, 99)"),
      D1.prepare(
        "INSERT INTO tracks (id, album_id, title, number, audio_key) VALUES ('zz-order-3', 'zz-order-test', 'Third', 3, 'audio/x3.mp3'), ('zz-order-1', 'zz-order-test', 'First', 1, NULL), ('zz-order-2', 'zz-order-test', 'Second', 2, 'audio/x2.mp3')",
      ),
    ]);
    undo.push(() => D1.prepare("DELETE FROM albums WHERE id = 'zz-order-test'").run());
    const { album } = await getJson<AlbumResponse>("/api/music/albums/zz-order-test");
    expect(album.tracks.map((t) => t.id)).toEqual(["zz-order-1", "zz-order-2", "zz-order-3"]);
    expect(album.tracks.map((t) => t.playable)).toEqual([false, true, true]);
    expect(album.coverUrl).toBeNull();
    expect(album.tracks[0]!.coverUrl).toBeNull();
  });

  it("returns a 'coming soon' album with no tracks", async () => {
    const { album } = await getJson<AlbumResponse>("/api/music/albums/midnight-synthesis");
    expect(album).toEqual({
      id: "midnight-synthesis",
      title: "Midnight Synthesis",
      year: 2022,
      type: "Album",
      coverUrl: "/media/covers/midnight-synthesis.png",
      position: 28,
      trackCount: 0,
      earlyAccess: false,
      releaseAt: null,
      preorder: false,
      tracks: [],
      notes: null,
    });
  });

  it("answers 404 album_not_found for an unknown album", async () => {
    const res = await call("/api/music/albums/no-such-album");
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ code: "album_not_found", message: "Album not found" });
    // A 100-character slug is valid input: still a 404, not a 400.
    expect((await call(`/api/music/albums/${"a".repeat(100)}`)).status).toBe(404);
  });

  it.each([
    ["uppercase and punctuation", "Bad_ID!"],
    ["101 characters", "a".repeat(101)],
    ["a leading dash", "-spring"],
    ["a double dash", "spring--love"],
    ["a space", "spring love"],
  ])("answers 400 invalid_input for a malformed id (%s)", async (_label, id) => {
    const res = await call(`/api/music/albums/${encodeURIComponent(id)}`);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
  });

  it("gives every role the same album", async () => {
    const expected = await getJson<AlbumResponse>("/api/music/albums/letters-in-the-rain");
    for (const role of ROLES) {
      const user = await userOf(role);
      expect(await getJson<AlbumResponse>("/api/music/albums/letters-in-the-rain", user?.cookie), role).toEqual(expected);
    }
  });
});

describe("GET /api/music/tracks and /tracks/:id", () => {
  it("lists the featured five first (positions 0-4), then every other track in album and number order", async () => {
    // Give a few tracks plays so the total is not trivially 0.
    await D1.batch([
      D1.prepare("UPDATE tracks SET plays = plays + 7 WHERE id = 'spring-love'"),
      D1.prepare("UPDATE tracks SET plays = plays + 5 WHERE id = 'cassette-summer-2'"),
      D1.prepare("UPDATE tracks SET plays = plays + 11 WHERE id = 'latin-heat-sessions-4'"),
    ]);
    const res = await call("/api/music/tracks");
    expect(res.status).toBe(200);
    const body = await res.json<TracksResponse>();
    const { tracks } = body;
    expect(tracks).toHaveLength(SEEDED_TRACK_COUNT);
    expect(tracks.slice(0, 5).map((t) => t.id)).toEqual(FEATURED);
    expect(tracks.slice(0, 5).map((t) => t.featuredPosition)).toEqual([0, 1, 2, 3, 4]);
    expect(tracks.slice(5).every((t) => t.featuredPosition === null)).toBe(true);
    const rest = (
      await D1.prepare("SELECT t.id FROM tracks t JOIN albums a ON a.id = t.album_id WHERE t.featured_position IS NULL ORDER BY a.position, t.number").all<{
        id: string;
      }>()
    ).results.map((r) => r.id);
    expect(tracks.slice(5).map((t) => t.id)).toEqual(rest);
    expect(new Set(tracks.map((t) => t.id)).size).toBe(SEEDED_TRACK_COUNT);
    for (const t of tracks) expect(Object.keys(t).sort(), t.id).toEqual(TRACK_VIEW_KEYS);
    expect(body.totalPlays).toBe(tracks.reduce((sum, t) => sum + t.plays, 0));
    expect(body.totalPlays).toBe(await sumOfPlays());
    expect(body.totalPlays).toBeGreaterThanOrEqual(23);
    expect(tracks.find((t) => t.id === "spring-love")!.plays).toBe(await playsOf("spring-love"));
    expectNoAudioLocation(body);
  });

  it("is kept a minute, as the albums are (their tracks' play counts too), or until the next release time", async () => {
    const res = await call("/api/music/tracks");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("gives every role the same list", async () => {
    const expected = await getJson<TracksResponse>("/api/music/tracks");
    for (const role of ROLES) {
      const user = await userOf(role);
      expect(await getJson<TracksResponse>("/api/music/tracks", user?.cookie), role).toEqual(expected);
    }
  });

  it("returns one track, kept a minute as an album is", async () => {
    const res = await call("/api/music/tracks/spring-love");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const body = await res.json<TrackResponse>();
    expect(body.track).toEqual({
      id: "spring-love",
      title: "Spring Love",
      number: 1,
      albumId: "spring-love-single",
      albumTitle: "Spring Love",
      albumYear: 1988,
      coverUrl: "/media/covers/spring-love-single.png",
      durationSeconds: 85,
      plays: (await playsOf("spring-love"))!,
      playable: true,
      preview: true,
      earlyAccess: false,
      releaseAt: null,
      featuredPosition: 0,
    } satisfies TrackView);
    expectNoAudioLocation(body);
    for (const role of ROLES) {
      const user = await userOf(role);
      expect(await getJson<TrackResponse>("/api/music/tracks/spring-love", user?.cookie), role).toEqual(body);
    }
  });

  it("answers 404 track_not_found for an unknown track, 400 invalid_input for a malformed id", async () => {
    const res = await call("/api/music/tracks/no-such-track");
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ code: "track_not_found", message: "Track not found" });
    for (const id of ["Bad_ID!", "a".repeat(101)]) {
      const bad = await call(`/api/music/tracks/${encodeURIComponent(id)}`);
      expect(bad.status, id).toBe(400);
      expect((await errorOf(bad)).code).toBe("invalid_input");
    }
  });

  it("shows a track without audio as not playable", async () => {
    await D1.prepare("UPDATE tracks SET audio_key = NULL WHERE id = 'carousel-of-hearts-1'").run();
    undo.push(() => D1.prepare("UPDATE tracks SET audio_key = 'audio/carousel-of-hearts-1.mp3' WHERE id = 'carousel-of-hearts-1'").run());
    expect((await getJson<TrackResponse>("/api/music/tracks/carousel-of-hearts-1")).track.playable).toBe(false);
    expect((await getJson<TracksResponse>("/api/music/tracks")).tracks.find((t) => t.id === "carousel-of-hearts-1")!.playable).toBe(false);
    expect((await getJson<TrackResponse>("/api/music/tracks/spring-love")).track.playable).toBe(true);
  });
});

describe("GET /api/music/stats", () => {
  it("returns the sum of every track's play counter, the same for every role", async () => {
    await D1.prepare("UPDATE tracks SET plays = plays + 3 WHERE id = 'neon-valentine-1'").run();
    const expected = await sumOfPlays();
    expect(expected).toBeGreaterThan(0);
    for (const role of ROLES) {
      const user = await userOf(role);
      expect(await getJson<MusicStatsResponse>("/api/music/stats", user?.cookie), role).toEqual({ totalPlays: expected });
    }
  });
});

describe("POST /api/music/tracks/:id/stream", () => {
  it.each([
    ["visitor", 401, "unauthorized"],
    ["user", 403, "vip_required"],
    ["banned", 401, "unauthorized"],
  ] as const)("refuses a %s (%i %s)", async (role, status, code) => {
    const res = await stream("spring-love", await userOf(role));
    expect(res.status).toBe(status);
    expect((await errorOf(res)).code).toBe(code);
  });

  it.each(["vip", "admin"] as const)("gives a %s a signed URL for this track, valid for about 10 minutes", async (role) => {
    const user = (await createUser(role))!;
    const before = Date.now();
    const res = await stream("spring-love", user);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json<StreamResponse>();
    // `lossless`: whether the player may offer the master (decision 105); no tier includes it here.
    // `quality`: what the player's label names (decision 121): the seed's MP3 and its bitrate.
    expect(Object.keys(body).sort()).toEqual(["expiresAt", "lossless", "quality", "url"]);
    expect(body.quality).toEqual({ format: "mp3", kbps: 64, sampleRate: null, bitDepth: null });
    if (role === "vip") expect(body.lossless).toBe(false);
    const match = /^\/media\/tracks\/spring-love\?token=([\w.-]+)$/.exec(body.url);
    expect(match, body.url).not.toBeNull();
    const expiresAt = Date.parse(body.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 600_000 - 1_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 600_000);
    // Bound to this member and this track.
    const token = decodeURIComponent(match![1]!);
    expect(await verifyMediaToken(SESSION_SECRET, token, "track", "spring-love")).toBe(user.id);
    expect(await verifyMediaToken(SESSION_SECRET, token, "track", "dream-about-you")).toBeNull();
    expect(await verifyMediaToken(SESSION_SECRET, token, "track", "spring-love", Date.now() + 601_000)).toBeNull();
    expectNoAudioLocation(body);
  });

  it("answers 404 track_not_found for an unknown track and 400 for a malformed id", async () => {
    const vip = await createUser("vip");
    const res = await stream("no-such-track", vip);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("track_not_found");
    const bad = await stream(encodeURIComponent("Bad_ID!"), vip);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("invalid_input");
  });

  it("answers 409 not_playable for a track without audio", async () => {
    await D1.prepare("UPDATE tracks SET audio_key = NULL WHERE id = 'crystal-telephone-2'").run();
    undo.push(() => D1.prepare("UPDATE tracks SET audio_key = 'audio/crystal-telephone-2.mp3' WHERE id = 'crystal-telephone-2'").run());
    const res = await stream("crystal-telephone-2", await createUser("vip"));
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "not_playable", message: "This track cannot be played yet" });
  });

  it("refuses a cross-site POST with a VIP's cookie (403 csrf)", async () => {
    const vip = await createUser("vip");
    for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }] as Record<string, string>[]) {
      const res = await stream("spring-love", vip, headers);
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe("csrf");
    }
    // Without either header (not a browser on this site): refused too.
    const res = await call("/api/music/tracks/spring-love/stream", { method: "POST", cookie: vip.cookie, noOrigin: true });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("csrf");
    expect((await stream("spring-love", vip, { origin: ORIGIN })).status).toBe(200);
  });
});

describe("POST /api/music/tracks/:id/plays", () => {
  it.each([
    ["visitor", 401, "unauthorized"],
    ["user", 403, "vip_required"],
    ["banned", 401, "unauthorized"],
  ] as const)("refuses a %s (%i %s) and counts nothing", async (role, status, code) => {
    const track = "radio-heartline-2";
    const before = { plays: await playsOf(track), total: await sumOfPlays(), rows: await allPlayRows() };
    const res = await play(track, await userOf(role));
    expect(res.status).toBe(status);
    expect((await errorOf(res)).code).toBe(code);
    expect({ plays: await playsOf(track), total: await sumOfPlays(), rows: await allPlayRows() }).toEqual(before);
    expect(await playRows(track)).toEqual([]);
  });

  it("counts a VIP's play once: one track_plays row, +1 on the track and on the total", async () => {
    const track = "heartbeat-avenue-3";
    const vip = await createUser("vip");
    const before = { plays: (await playsOf(track))!, total: await sumOfPlays() };
    const startedAt = Date.now();
    const res = await play(track, vip);
    expect(res.status).toBe(200);
    expect(await res.json<PlayResponse>()).toEqual({ counted: true, plays: before.plays + 1, totalPlays: before.total + 1 });
    expect(await playsOf(track)).toBe(before.plays + 1);
    expect(await sumOfPlays()).toBe(before.total + 1);
    const rows = await playRows(track);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(vip.id);
    expect(rows[0]!.playedAt).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(rows[0]!.playedAt).toBeLessThanOrEqual(Date.now() + 1000);
    // The public counters show it.
    expect((await getJson<TrackResponse>(`/api/music/tracks/${track}`)).track.plays).toBe(before.plays + 1);
    expect(await getJson<MusicStatsResponse>("/api/music/stats")).toEqual({ totalPlays: before.total + 1 });
  });

  it("counts an admin's play", async () => {
    const track = "heartbeat-avenue-4";
    const admin = await createUser("admin");
    const before = (await playsOf(track))!;
    const res = await play(track, admin);
    expect(res.status).toBe(200);
    expect(await res.json<PlayResponse>()).toMatchObject({ counted: true, plays: before + 1 });
    expect((await playRows(track)).map((r) => r.userId)).toEqual([admin.id]);
  });

  it("counts the same member replaying within 30 s once, another member's play, and the first member again after 30 s", async () => {
    const track = "latin-heat-sessions-7";
    const first = await createUser("vip");
    const second = await createUser("vip");
    const base = (await playsOf(track))!;

    expect(await (await play(track, first)).json<PlayResponse>()).toMatchObject({ counted: true, plays: base + 1 });
    const total = await sumOfPlays();

    // Again at once: not counted, nothing changes.
    const again = await play(track, first);
    expect(again.status).toBe(200);
    expect(await again.json<PlayResponse>()).toEqual({ counted: false, plays: base + 1, totalPlays: total });
    expect(await playsOf(track)).toBe(base + 1);
    expect(await playRows(track)).toHaveLength(1);

    // Still inside the window 29 s later.
    await D1.prepare("UPDATE track_plays SET played_at = played_at - 29000 WHERE track_id = ? AND user_id = ?").bind(track, first.id).run();
    expect(await (await play(track, first)).json<PlayResponse>()).toMatchObject({ counted: false, plays: base + 1 });
    expect(await playRows(track)).toHaveLength(1);

    // Another member: counted.
    expect(await (await play(track, second)).json<PlayResponse>()).toEqual({ counted: true, plays: base + 2, totalPlays: total + 1 });
    expect((await playRows(track)).map((r) => r.userId)).toEqual([first.id, second.id]);

    // The first member's last play is now more than 30 s old: counted again.
    await D1.prepare("UPDATE track_plays SET played_at = played_at - 2000 WHERE track_id = ? AND user_id = ?").bind(track, first.id).run();
    expect(await (await play(track, first)).json<PlayResponse>()).toEqual({ counted: true, plays: base + 3, totalPlays: total + 2 });
    expect((await playRows(track)).map((r) => r.userId)).toEqual([first.id, second.id, first.id]);
    expect(await playsOf(track)).toBe(base + 3);

    // The window is per track: the same member on another track counts.
    expect(await (await play("latin-heat-sessions-8", first)).json<PlayResponse>()).toMatchObject({ counted: true });
  });

  it("answers 404 track_not_found for an unknown track and stores nothing", async () => {
    const vip = await createUser("vip");
    const before = { rows: await allPlayRows(), total: await sumOfPlays() };
    const res = await play("no-such-track", vip);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("track_not_found");
    expect({ rows: await allPlayRows(), total: await sumOfPlays() }).toEqual(before);
    expect(await playRows("no-such-track")).toEqual([]);
    const bad = await play(encodeURIComponent("Bad_ID!"), vip);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("invalid_input");
  });

  it("refuses a cross-site POST (403 csrf) and counts nothing", async () => {
    const track = "tropicana-skyline-2";
    const vip = await createUser("vip");
    const before = await playsOf(track);
    const res = await call(`/api/music/tracks/${track}/plays`, { method: "POST", cookie: vip.cookie, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("csrf");
    expect(await playsOf(track)).toBe(before);
    expect(await playRows(track)).toEqual([]);
  });

  it("counts 10 concurrent plays by one member exactly once", async () => {
    const track = "back-to-the-boulevard-5";
    const vip = await createUser("vip");
    const before = { plays: (await playsOf(track))!, total: await sumOfPlays() };
    const responses = await Promise.all(Array.from({ length: 10 }, () => play(track, vip)));
    expect(responses.map((r) => r.status)).toEqual(Array<number>(10).fill(200));
    const bodies = await Promise.all(responses.map((r) => r.json<PlayResponse>()));
    expect(bodies.filter((b) => b.counted)).toHaveLength(1);
    for (const b of bodies) expect(b.plays).toBe(before.plays + 1);
    expect(await playsOf(track)).toBe(before.plays + 1);
    expect(await sumOfPlays()).toBe(before.total + 1);
    expect(await playRows(track)).toHaveLength(1);
  });

  it("counts 10 concurrent plays by 10 members ten times", async () => {
    const track = "back-to-the-boulevard-6";
    const members = await Promise.all(Array.from({ length: 10 }, () => createUser("vip")));
    const before = (await playsOf(track))!;
    const bodies = await Promise.all(members.map(async (m) => (await play(track, m)).json<PlayResponse>()));
    expect(bodies.every((b) => b.counted)).toBe(true);
    expect(await playsOf(track)).toBe(before + 10);
    expect(new Set((await playRows(track)).map((r) => r.userId))).toEqual(new Set(members.map((m) => m.id)));
  });
});

describe("per-isolate caching of the catalog", () => {
  it("serves the tracks list from memory until a counted play, then the new counts", async () => {
    const vip = await createUser("vip");
    const first = await (await call("/api/music/tracks")).json<TracksResponse>();
    // A change made behind the API's back is not seen while the cached list lives...
    await db()
      .update(tracks)
      .set({ plays: sql`${tracks.plays} + 1000` })
      .where(eq(tracks.id, "dream-about-you"));
    expect((await (await call("/api/music/tracks")).json<TracksResponse>()).totalPlays).toBe(first.totalPlays);
    // ...but a play through the API drops it at once in this isolate.
    expect((await call("/api/music/tracks/spring-love/plays", { method: "POST", json: {}, cookie: vip.cookie })).status).toBe(200);
    const after = await (await call("/api/music/tracks")).json<TracksResponse>();
    expect(after.totalPlays).toBe(first.totalPlays + 1001);
  });
});
