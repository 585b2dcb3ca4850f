// /api/radio (HTTP side): the public station list and now-playing answers, and the VIP-only tune
// route with the signed URLs it hands out (catalog tracks through /media/tracks, remote streams
// through /media/radio and the audio proxy's allowlist).
//
// Expectations come from the demo seed (scripts/catalog/broadcast.mjs, put in by setup.ts) and from raw SQL against D1,
// never from worker/db/broadcast.ts; the rotation module itself is unit-tested in
// radio-rotation.test.ts and is used here only as the clock's oracle for raw-SQL track lists.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { app } from "../../worker/app";
import { forget } from "../../worker/lib/memo";
import { rotationAt } from "../../worker/lib/radio-rotation";
import { signMediaToken, verifyMediaToken } from "../../worker/lib/media-token";
import type { NowPlaying, NowPlayingResponse, RadioSlot, RadioTrack, StationsResponse, TuneResponse } from "../../worker/contracts/radio";
import { call, createUser, errorOf, ORIGIN, type Role, type TestUser } from "./helpers";

const D1 = (env as unknown as { DB: D1Database }).DB;
const media = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const SESSION_SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;

const ROLES: Role[] = ["visitor", "user", "vip", "admin", "banned"];
const userOf = async (role: Role) => (role === "visitor" ? null : createUser(role));

/** The seeded stations, in position order. */
const SEEDED = [
  ["freestyle-lovers", "Freestyle Lovers Radio"],
  ["nyc-rhythm", "NYC Rhythm Radio"],
  ["spring-love", "Spring Love Radio"],
] as const;
const STATION_VIEW_KEYS = ["description", "features", "id", "imageUrl", "name", "position", "sourceType"];
const TRACK_KEYS = ["albumId", "albumTitle", "albumYear", "coverUrl", "durationSeconds", "id", "title"];

const STREAM_HOST = "stream.example.com";
const STREAM_URL = `https://${STREAM_HOST}/live/freestyle.mp3`;
const AUDIO = Uint8Array.from({ length: 4000 }, (_, i) => (i * 7) % 256);

const undo: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  while (undo.length) await undo.pop()!();
  forget("music:");
});

/** Inserts a station row (raw SQL) that later tests do not see; the per-isolate cache is dropped. */
async function insertStation(row: {
  id: string;
  sourceType: "catalog" | "stream";
  streamUrl?: string | null;
  albumIds?: string[] | null;
  seed?: number;
  position?: number;
}) {
  await D1.prepare(
    "INSERT INTO radio_stations (id, name, description_en, description_pt_br, image_key, features, source_type, stream_url, album_ids, seed, position) VALUES (?, ?, 'en', 'pt', NULL, '[]', ?, ?, ?, ?, ?)",
  )
    .bind(
      row.id,
      `Test ${row.id}`,
      row.sourceType,
      row.streamUrl ?? null,
      row.albumIds === undefined || row.albumIds === null ? null : JSON.stringify(row.albumIds),
      row.seed ?? 7,
      row.position ?? 100,
    )
    .run();
  undo.push(() => D1.prepare("DELETE FROM radio_stations WHERE id = ?").bind(row.id).run());
  forget("music:");
}

const nowPlaying = async (stationId: string, cookie?: string) => {
  const res = await call(`/api/radio/stations/${stationId}/now-playing`, { cookie });
  expect(res.status, stationId).toBe(200);
  return (await res.json<NowPlayingResponse>()).nowPlaying;
};
const tune = (stationId: string, user: TestUser | null, headers?: Record<string, string>) =>
  call(`/api/radio/stations/${stationId}/tune`, { method: "POST", cookie: user?.cookie, headers });

async function tuned(stationId: string, user: TestUser) {
  const res = await tune(stationId, user);
  expect(res.status, stationId).toBe(200);
  return res.json<TuneResponse>();
}

const tokenOf = (mediaUrl: string) => new URL(mediaUrl, ORIGIN).searchParams.get("token")!;
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

async function expectTokenRefused(res: Response) {
  expect(res.status).toBe(403);
  expect(await errorOf(res)).toEqual({ code: "media_token_invalid", message: "This media link has expired or is not yours" });
}

/** Runs the app with other vars (AUDIO_PROXY_HOSTS is empty in the test config). */
async function fetchWithEnv(path: string, vars: Record<string, string>, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(ORIGIN + path, { headers }), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

// ---- The clock's oracle, fed from raw SQL -------------------------------------------------------

type RawStation = { id: string; seed: number; album_ids: string | null; source_type: string; stream_url: string | null };
const rawStation = (id: string) =>
  D1.prepare("SELECT id, seed, album_ids, source_type, stream_url FROM radio_stations WHERE id = ?").bind(id).first<RawStation>();

/** The tracks a station rotates, read straight from D1: with audio, a duration, on its albums, by id. */
async function rawRotation(id: string): Promise<{ seed: number; tracks: RadioTrack[]; albumIds: string[] | null }> {
  const station = (await rawStation(id))!;
  const albumIds = station.album_ids === null ? null : (JSON.parse(station.album_ids) as string[]);
  const { results } = await D1.prepare(
    `SELECT t.id, t.title, t.album_id AS albumId, a.title AS albumTitle, a.year AS albumYear, a.cover_key AS coverKey, t.duration_seconds AS durationSeconds
     FROM tracks t JOIN albums a ON a.id = t.album_id
     WHERE t.audio_key IS NOT NULL AND t.duration_seconds > 0 ORDER BY t.id`,
  ).all<RadioTrack & { coverKey: string | null }>();
  const tracks = results
    .filter((t) => albumIds === null || albumIds.includes(t.albumId))
    .map(({ coverKey, ...t }) => ({ ...t, coverUrl: coverKey ? `/media/${coverKey}` : null }));
  return { seed: station.seed, tracks, albumIds };
}

const iso = (ms: number) => new Date(ms).toISOString();
const slotOf = (s: { track: RadioTrack; startedAt: number; endsAt: number }): RadioSlot => ({
  track: s.track,
  startedAt: iso(s.startedAt),
  endsAt: iso(s.endsAt),
});

/** What the station must have answered at its own serverTime, computed from raw D1 rows. */
async function expectedNowPlaying(np: NowPlaying): Promise<Omit<NowPlaying, "listeners">> {
  const { seed, tracks } = await rawRotation(np.stationId);
  const state = rotationAt(tracks, seed, Date.parse(np.serverTime));
  if (!state) return { stationId: np.stationId, serverTime: np.serverTime, current: null, next: null, history: [] };
  return { stationId: np.stationId, serverTime: np.serverTime, current: slotOf(state.current), next: slotOf(state.next), history: state.history.map(slotOf) };
}

// ---- GET /api/radio/stations ---------------------------------------------------------------------

describe("GET /api/radio/stations", () => {
  it("lists the 3 seeded stations in order, publicly cacheable", async () => {
    const res = await call("/api/radio/stations");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const { stations } = await res.json<StationsResponse>();
    expect(stations.map((s) => [s.id, s.name])).toEqual(SEEDED);
    expect(stations.map((s) => s.position)).toEqual([0, 1, 2]);
    for (const s of stations) {
      expect(Object.keys(s).sort(), s.id).toEqual(STATION_VIEW_KEYS);
      expect(s.sourceType).toBe("catalog");
      expect(s.imageUrl).toBe(`/media/stations/${s.id}.png`);
      expect(s.features).toEqual(["commercial_free", "high_quality", "vip_access", "curated"]);
      expect(typeof s.description).toBe("string");
    }
    // No ?lang=, cookie or Accept-Language: English (the per-language answers: media-language.test.ts).
    expect(stations[0]!.description).toMatch(/^The whole catalogue on shuffle/);
  });

  it("gives every role the same list", async () => {
    const expected = await (await call("/api/radio/stations")).json<StationsResponse>();
    for (const role of ROLES) {
      const user = await userOf(role);
      const res = await call("/api/radio/stations", { cookie: user?.cookie });
      expect(res.status, role).toBe(200);
      expect(await res.json<StationsResponse>(), role).toEqual(expected);
    }
  });

  it("never leaks a stream URL, album list or seed", async () => {
    await insertStation({ id: "zz-stream", sourceType: "stream", streamUrl: STREAM_URL, position: 50 });
    await insertStation({ id: "zz-albums", sourceType: "catalog", albumIds: ["freestyle-nights"], seed: 4242, position: 51 });
    const res = await call("/api/radio/stations");
    const text = await res.text();
    const { stations } = JSON.parse(text) as StationsResponse;
    expect(stations.map((s) => s.id)).toEqual([...SEEDED.map(([id]) => id), "zz-stream", "zz-albums"]);
    expect(stations.find((s) => s.id === "zz-stream")).toMatchObject({ sourceType: "stream", imageUrl: null, features: [] });
    for (const s of stations) expect(Object.keys(s).sort(), s.id).toEqual(STATION_VIEW_KEYS);
    for (const secret of [STREAM_HOST, "streamUrl", "stream_url", "albumIds", "album_ids", "seed", "4242", "1988", 'nyc-rhythm","city-lights']) {
      expect(text, secret).not.toContain(secret);
    }
  });
});

// ---- GET /api/radio/stations/:id/now-playing ------------------------------------------------------

describe("GET /api/radio/stations/:id/now-playing", () => {
  it.each(SEEDED.map(([id]) => id))("answers what %s plays at its serverTime, as computed from D1's rows", async (id) => {
    const before = Date.now();
    const np = await nowPlaying(id);
    const after = Date.now();
    const serverTime = Date.parse(np.serverTime);
    expect(serverTime).toBeGreaterThanOrEqual(before);
    expect(serverTime).toBeLessThanOrEqual(after);
    expect(np.listeners).toBe(0);
    expect(np.current).not.toBeNull();
    const { listeners: _l, ...rest } = np;
    expect(rest).toEqual(await expectedNowPlaying(np));

    // The listener's offset into the current track is serverTime - startedAt, within the track.
    const current = np.current!;
    const offset = serverTime - Date.parse(current.startedAt);
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(offset).toBeLessThan(current.track.durationSeconds * 1000);
    expect(Date.parse(current.endsAt) - Date.parse(current.startedAt)).toBe(current.track.durationSeconds * 1000);
    expect(np.next!.startedAt).toBe(current.endsAt);
    expect(np.history).toHaveLength(10);
    expect(np.history[0]!.endsAt).toBe(current.startedAt);
    for (let i = 1; i < np.history.length; i++) expect(np.history[i]!.endsAt).toBe(np.history[i - 1]!.startedAt);
    for (const slot of [current, np.next!, ...np.history]) expect(Object.keys(slot.track).sort()).toEqual(TRACK_KEYS);
  });

  it("plays only a station's own albums", async () => {
    for (const id of ["nyc-rhythm", "spring-love"]) {
      const { albumIds } = await rawRotation(id);
      expect(albumIds!.length).toBeGreaterThan(0);
      const np = await nowPlaying(id);
      for (const slot of [np.current!, np.next!, ...np.history]) expect(albumIds, `${id}: ${slot.track.id}`).toContain(slot.track.albumId);
    }
  });

  it("agrees with itself: two answers in a row share the current track, or the second follows the first", async () => {
    const first = await nowPlaying("freestyle-lovers");
    const second = await nowPlaying("freestyle-lovers");
    expect(Date.parse(second.serverTime)).toBeGreaterThanOrEqual(Date.parse(first.serverTime));
    if (second.current!.startedAt === first.current!.startedAt) {
      expect(second.current).toEqual(first.current);
      expect(second.next).toEqual(first.next);
      expect(second.history).toEqual(first.history);
    } else {
      // A track boundary fell between the two requests.
      expect(second.current).toEqual(first.next);
      expect(second.history[0]).toEqual(first.current);
    }
  });

  it("reads the clock: with Date faked, serverTime is that instant and the track changes exactly at its end", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const instant = Date.UTC(2026, 2, 14, 15, 9, 26, 535);
      vi.setSystemTime(instant);
      const first = await nowPlaying("freestyle-lovers");
      expect(first.serverTime).toBe(iso(instant));
      const { listeners: _l, ...rest } = first;
      expect(rest).toEqual(await expectedNowPlaying(first));

      vi.setSystemTime(Date.parse(first.current!.endsAt) - 1);
      const last = await nowPlaying("freestyle-lovers");
      expect(last.current).toEqual(first.current);

      vi.setSystemTime(Date.parse(first.current!.endsAt));
      const after = await nowPlaying("freestyle-lovers");
      expect(after.serverTime).toBe(first.current!.endsAt);
      expect(after.current).toEqual(first.next);
      expect(after.history[0]).toEqual(first.current);
      expect(after.history.slice(1)).toEqual(first.history.slice(0, 9));
    } finally {
      vi.useRealTimers();
    }
  });

  it("follows a change of seed (the station row, not a constant, drives the order)", async () => {
    await insertStation({ id: "zz-seed-a", sourceType: "catalog", seed: 1 });
    await insertStation({ id: "zz-seed-b", sourceType: "catalog", seed: 2 });
    const [a, b] = [await nowPlaying("zz-seed-a"), await nowPlaying("zz-seed-b")];
    const { listeners: _a, ...restA } = a;
    const { listeners: _b, ...restB } = b;
    expect(restA).toEqual(await expectedNowPlaying(a));
    expect(restB).toEqual(await expectedNowPlaying(b));
    const ids = (np: NowPlaying) => [np.current!, ...np.history].map((s) => s.track.id).join(",");
    expect(ids(a)).not.toBe(ids(b));
  });

  it("is the same for every role, and counts no listeners while no socket is open", async () => {
    for (const role of ROLES) {
      const user = await userOf(role);
      const np = await nowPlaying("spring-love", user?.cookie);
      expect(np.stationId).toBe("spring-love");
      expect(np.listeners, role).toBe(0);
      const { listeners: _l, ...rest } = np;
      expect(rest, role).toEqual(await expectedNowPlaying(np));
    }
  });

  it("has no titles for a stream station, and nothing for a station with an empty rotation", async () => {
    await insertStation({ id: "zz-stream", sourceType: "stream", streamUrl: STREAM_URL });
    await insertStation({ id: "zz-empty", sourceType: "catalog", albumIds: ["still-dreamin"] }); // an album with no tracks
    for (const id of ["zz-stream", "zz-empty"]) {
      const np = await nowPlaying(id);
      expect(np).toEqual({ stationId: id, serverTime: expect.any(String), current: null, next: null, history: [], listeners: 0 });
    }
  });

  it("answers 404 station_not_found for an unknown station", async () => {
    const res = await call("/api/radio/stations/no-such-station/now-playing");
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ code: "station_not_found", message: "Station not found" });
  });

  it.each([
    ["uppercase and an underscore", "Bad_ID"],
    ["101 characters", "a".repeat(101)],
    ["a double dash", "nyc--rhythm"],
  ])("answers 400 invalid_input for a malformed id (%s)", async (_label, id) => {
    const res = await call(`/api/radio/stations/${encodeURIComponent(id)}/now-playing`);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
  });
});

// ---- POST /api/radio/stations/:id/tune --------------------------------------------------------------

describe("POST /api/radio/stations/:id/tune: who may tune in", () => {
  it.each([
    ["visitor", 401, "unauthorized"],
    ["user", 403, "vip_required"],
    // A banned member's session is dropped when it is read: they are signed out.
    ["banned", 401, "unauthorized"],
  ] as const)("refuses a %s (%i %s) and signs nothing", async (role, status, code) => {
    const res = await tune("freestyle-lovers", await userOf(role));
    expect(res.status).toBe(status);
    expect((await errorOf(res)).code).toBe(code);
  });

  it("drops a banned member's session when it refuses them", async () => {
    const banned = await createUser("banned");
    const before = await D1.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(banned.id).first<{ n: number }>();
    expect(before!.n).toBe(1);
    expect((await tune("freestyle-lovers", banned)).status).toBe(401);
    const after = await D1.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(banned.id).first<{ n: number }>();
    expect(after!.n).toBe(0);
  });

  it("refuses a cross-site tune request (403 csrf)", async () => {
    const res = await tune("freestyle-lovers", await createUser("vip"), { origin: "https://evil.test" });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("csrf");
  });

  it("answers 404 station_not_found and 400 invalid_input to a VIP", async () => {
    const vip = await createUser("vip");
    const missing = await tune("no-such-station", vip);
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toEqual({ code: "station_not_found", message: "Station not found" });
    const bad = await tune("Bad_ID", vip);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("invalid_input");
  });

  it("answers 409 empty_rotation for a catalog station with nothing to play", async () => {
    await insertStation({ id: "zz-empty", sourceType: "catalog", albumIds: [] });
    const res = await tune("zz-empty", await createUser("vip"));
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "empty_rotation", message: "This station has no tracks to play yet" });
  });
});

describe("POST /api/radio/stations/:id/tune: a catalog station", () => {
  it.each(["vip", "admin"] as const)("gives a %s the current track's signed URL, and the URL plays", async (role) => {
    const member = await createUser(role);
    const body = await tuned("nyc-rhythm", member);
    expect(Object.keys(body).sort()).toEqual(["expiresAt", "kind", "nowPlaying", "url"]);
    expect(body.kind).toBe("catalog");
    const { listeners: _l, ...rest } = body.nowPlaying;
    expect(rest).toEqual(await expectedNowPlaying(body.nowPlaying));
    const trackId = body.nowPlaying.current!.track.id;
    expect(body.url).toMatch(new RegExp(`^/media/tracks/${trackId}\\?token=[A-Za-z0-9_.%-]+$`));
    // Ten minutes from the answer's own clock (the token's times are whole seconds).
    const ttl = Date.parse(body.expiresAt) - Date.parse(body.nowPlaying.serverTime);
    expect(ttl).toBeGreaterThan(599_000);
    expect(ttl).toBeLessThanOrEqual(600_000);

    // The token is this member's, for this track only.
    const token = tokenOf(body.url);
    expect(await verifyMediaToken(SESSION_SECRET, token, "track", trackId)).toBe(member.id);
    expect(await verifyMediaToken(SESSION_SECRET, token, "track", `${trackId}-x`)).toBeNull();
    expect(await verifyMediaToken(SESSION_SECRET, token, "station", "nyc-rhythm")).toBeNull();

    // Store the track's audio where its row says, then play the URL as the <audio> element would.
    const { audio_key: key } = (await D1.prepare("SELECT audio_key FROM tracks WHERE id = ?").bind(trackId).first<{ audio_key: string }>())!;
    await media.put(key, AUDIO);
    undo.push(() => media.delete(key));
    const whole = await call(body.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/mpeg");
    expect(await bytesOf(whole)).toEqual(AUDIO);
    const ranged = await call(body.url, { headers: { range: "bytes=100-199" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 100-199/${AUDIO.length}`);
    expect(await bytesOf(ranged)).toEqual(AUDIO.slice(100, 200));
  });

  it("refuses the track token on another track, and on the station's stream route", async () => {
    const body = await tuned("freestyle-lovers", await createUser("vip"));
    const trackId = body.nowPlaying.current!.track.id;
    const other = body.nowPlaying.next!.track.id === trackId ? body.nowPlaying.history[0]!.track.id : body.nowPlaying.next!.track.id;
    expect(other).not.toBe(trackId);
    const token = encodeURIComponent(tokenOf(body.url));
    await expectTokenRefused(await call(`/media/tracks/${other}?token=${token}`));
    await expectTokenRefused(await call(`/media/radio/freestyle-lovers?token=${token}`));
  });
});

describe("POST /api/radio/stations/:id/tune: a remote stream station", () => {
  const ID = "zz-stream";
  let outbound: MockInstance<typeof fetch>;

  function fakeHost(respond: (input: string, init?: RequestInit) => Response) {
    outbound = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => respond(input instanceof Request ? input.url : String(input), init));
  }
  const outboundUrls = () => outbound.mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input)));

  it.each(["vip", "admin"] as const)("gives a %s a signed /media/radio URL that relays the remote stream", async (role) => {
    await insertStation({ id: ID, sourceType: "stream", streamUrl: STREAM_URL });
    const member = await createUser(role);
    const body = await tuned(ID, member);
    expect(body.kind).toBe("stream");
    expect(body.nowPlaying).toEqual({ stationId: ID, serverTime: expect.any(String), current: null, next: null, history: [], listeners: 0 });
    expect(body.url).toMatch(new RegExp(`^/media/radio/${ID}\\?token=[A-Za-z0-9_.%-]+$`));
    expect(body.url).not.toContain(STREAM_HOST);
    expect(await verifyMediaToken(SESSION_SECRET, tokenOf(body.url), "station", ID)).toBe(member.id);

    fakeHost(() => new Response(AUDIO, { status: 200, headers: { "content-type": "audio/mpeg", "set-cookie": "icecast=1" } }));
    const res = await fetchWithEnv(body.url, { AUDIO_PROXY_HOSTS: STREAM_HOST }, { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await bytesOf(res)).toEqual(AUDIO);
    expect(outboundUrls()).toEqual([STREAM_URL]);
    // No cookie of the member's went to the remote host.
    expect(Object.fromEntries(new Headers(outbound.mock.calls[0]![1]?.headers).entries())).toEqual({});
  });

  it("refuses a host that is not on the allowlist (400 url_refused) without fetching", async () => {
    await insertStation({ id: ID, sourceType: "stream", streamUrl: STREAM_URL });
    const body = await tuned(ID, await createUser("vip"));
    fakeHost(() => new Response(AUDIO, { status: 200, headers: { "content-type": "audio/mpeg" } }));
    for (const vars of [{ AUDIO_PROXY_HOSTS: "cdn.example.org" }, { AUDIO_PROXY_HOSTS: "" }]) {
      const res = await fetchWithEnv(body.url, vars);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("url_refused");
    }
    expect(outbound).not.toHaveBeenCalled();
  });

  it("opens nothing but its own station: not a track, not another station, not with a track token", async () => {
    await insertStation({ id: ID, sourceType: "stream", streamUrl: STREAM_URL });
    await insertStation({ id: "zz-stream-two", sourceType: "stream", streamUrl: `https://${STREAM_HOST}/other.mp3` });
    const vip = await createUser("vip");
    const stationToken = encodeURIComponent(tokenOf((await tuned(ID, vip)).url));
    fakeHost(() => new Response(AUDIO, { status: 200, headers: { "content-type": "audio/mpeg" } }));
    const allow = { AUDIO_PROXY_HOSTS: STREAM_HOST };

    // A station token on a track, and on another stream station.
    await expectTokenRefused(await fetchWithEnv(`/media/tracks/city-lights-calling-1?token=${stationToken}`, allow));
    await expectTokenRefused(await fetchWithEnv(`/media/tracks/${ID}?token=${stationToken}`, allow));
    await expectTokenRefused(await fetchWithEnv(`/media/radio/zz-stream-two?token=${stationToken}`, allow));
    // A track token (even one whose id is the station's) on the station.
    const trackToken = encodeURIComponent((await signMediaToken(SESSION_SECRET, vip.id, "track", ID)).token);
    await expectTokenRefused(await fetchWithEnv(`/media/radio/${ID}?token=${trackToken}`, allow));
    const catalogUrl = (await tuned("freestyle-lovers", vip)).url;
    await expectTokenRefused(await fetchWithEnv(`/media/radio/${ID}?token=${encodeURIComponent(tokenOf(catalogUrl))}`, allow));
    // No token, an empty one.
    await expectTokenRefused(await fetchWithEnv(`/media/radio/${ID}`, allow));
    await expectTokenRefused(await fetchWithEnv(`/media/radio/${ID}?token=`, allow));
    expect(outbound).not.toHaveBeenCalled();
  });

  it("refuses an expired or forged station token, and accepts a 9-minute-old one", async () => {
    await insertStation({ id: ID, sourceType: "stream", streamUrl: STREAM_URL });
    const vip = await createUser("vip");
    fakeHost(() => new Response(AUDIO, { status: 200, headers: { "content-type": "audio/mpeg" } }));
    const allow = { AUDIO_PROXY_HOSTS: STREAM_HOST };
    const url = (token: string) => `/media/radio/${ID}?token=${encodeURIComponent(token)}`;

    const expired = await signMediaToken(SESSION_SECRET, vip.id, "station", ID, Date.now() - 11 * 60_000);
    await expectTokenRefused(await fetchWithEnv(url(expired.token), allow));
    const forged = await signMediaToken("another-secret-0123456789abcdef0123456789", vip.id, "station", ID);
    await expectTokenRefused(await fetchWithEnv(url(forged.token), allow));
    const [header, payload, signature] = forged.token.split(".") as [string, string, string];
    const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    await expectTokenRefused(await fetchWithEnv(url([b64url({ alg: "none" }), payload, ""].join(".")), allow));
    await expectTokenRefused(
      await fetchWithEnv(url([header, payload, `${signature.slice(0, 10)}${signature[10] === "A" ? "B" : "A"}${signature.slice(11)}`].join(".")), allow),
    );
    expect(outbound).not.toHaveBeenCalled();

    const recent = await signMediaToken(SESSION_SECRET, vip.id, "station", ID, Date.now() - 9 * 60_000);
    const res = await fetchWithEnv(url(recent.token), allow);
    expect(res.status).toBe(200);
    expect(await bytesOf(res)).toEqual(AUDIO);
    expect(outboundUrls()).toEqual([STREAM_URL]);
  });

  it("answers 404 for a catalog station's or an unknown station's stream, even with a valid station token", async () => {
    const vip = await createUser("vip");
    fakeHost(() => new Response(AUDIO, { status: 200, headers: { "content-type": "audio/mpeg" } }));
    for (const id of ["freestyle-lovers", "no-such-station"]) {
      const { token } = await signMediaToken(SESSION_SECRET, vip.id, "station", id);
      const res = await fetchWithEnv(`/media/radio/${id}?token=${encodeURIComponent(token)}`, { AUDIO_PROXY_HOSTS: STREAM_HOST });
      expect(res.status, id).toBe(404);
      expect((await errorOf(res)).code).toBe("not_found");
    }
    expect(outbound).not.toHaveBeenCalled();
  });
});
