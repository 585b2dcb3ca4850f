// /api/playlists: a member's named playlists. Reading needs a session; every change needs VIP or
// admin. Another member's playlist is a 404 for every verb. Positions stay 0..n-1 whatever the
// order or concurrency of writes.
//
// Expectations come from raw SQL against D1 and from the public catalog API (/api/music), never
// from worker/db/collections.ts.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import type { PlaylistResponse, PlaylistsResponse, PlaylistView } from "../../worker/contracts/collections";
import type { TrackResponse, TrackView } from "../../worker/contracts/music";
import { call, createUser, errorOf, ORIGIN, type TestUser } from "./helpers";
import { countingD1 } from "./d1-count";

const D1 = (env as unknown as { DB: D1Database }).DB;

const TRACK_VIEW_KEYS = ["albumId", "albumTitle", "albumYear", "coverUrl", "durationSeconds", "featuredPosition", "id", "number", "playable", "plays", "title"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MB = (n: number) => `moonlight-boulevard-${n}`;

type Options = { headers?: Record<string, string>; noOrigin?: boolean };
const getList = (user: TestUser | null) => call("/api/playlists", { cookie: user?.cookie });
const create = (user: TestUser | null, name: unknown, o: Options = {}) => call("/api/playlists", { method: "POST", json: { name }, cookie: user?.cookie, ...o });
const rename = (user: TestUser | null, id: string, name: unknown, o: Options = {}) => call(`/api/playlists/${id}`, { method: "PATCH", json: { name }, cookie: user?.cookie, ...o });
const destroy = (user: TestUser | null, id: string, o: Options = {}) => call(`/api/playlists/${id}`, { method: "DELETE", cookie: user?.cookie, ...o });
const addTrack = (user: TestUser | null, id: string, trackId: unknown, o: Options = {}) =>
  call(`/api/playlists/${id}/tracks`, { method: "POST", json: { trackId }, cookie: user?.cookie, ...o });
const removeTrack = (user: TestUser | null, id: string, trackId: string, o: Options = {}) =>
  call(`/api/playlists/${id}/tracks/${trackId}`, { method: "DELETE", cookie: user?.cookie, ...o });
const reorder = (user: TestUser | null, id: string, trackIds: unknown, o: Options = {}) =>
  call(`/api/playlists/${id}/order`, { method: "PUT", json: { trackIds }, cookie: user?.cookie, ...o });

async function listOk(user: TestUser): Promise<PlaylistView[]> {
  const res = await getList(user);
  expect(res.status).toBe(200);
  return (await res.json<PlaylistsResponse>()).playlists;
}
async function createOk(user: TestUser, name: string): Promise<PlaylistView> {
  const res = await create(user, name);
  expect(res.status, name).toBe(201);
  return (await res.json<PlaylistResponse>()).playlist;
}
async function addOk(user: TestUser, id: string, trackId: string): Promise<PlaylistView> {
  const res = await addTrack(user, id, trackId);
  expect(res.status, trackId).toBe(201);
  return (await res.json<PlaylistResponse>()).playlist;
}
async function expectError(res: Response, status: number, code: string, message?: string) {
  expect(res.status, code).toBe(status);
  const error = await errorOf(res);
  expect(error.code).toBe(code);
  if (message !== undefined) expect(error.message).toBe(message);
}

// Raw D1 reads and writes: independent of the code under test.
type PlaylistRow = { id: string; userId: string; name: string; nameKey: string };
const playlistRows = async (userId: string) =>
  (await D1.prepare("SELECT id, user_id AS userId, name, name_key AS nameKey FROM playlists WHERE user_id = ? ORDER BY created_at, id").bind(userId).all<PlaylistRow>()).results;
const playlistRow = (id: string) => D1.prepare("SELECT id, user_id AS userId, name, name_key AS nameKey FROM playlists WHERE id = ?").bind(id).first<PlaylistRow>();
type TrackRow = { trackId: string; position: number };
const trackRows = async (playlistId: string) =>
  (await D1.prepare("SELECT track_id AS trackId, position FROM playlist_tracks WHERE playlist_id = ? ORDER BY position, track_id").bind(playlistId).all<TrackRow>()).results;
const trackIdsInOrder = async (playlistId: string) => (await trackRows(playlistId)).map((r) => r.trackId);
const countRows = async (table: "playlists" | "playlist_tracks") => (await D1.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

/** Everything stored for a member: their playlists and every row of those playlists. */
async function snapshot(userId: string) {
  const lists = await playlistRows(userId);
  return { lists, tracks: await Promise.all(lists.map((l) => trackRows(l.id))), totals: [await countRows("playlists"), await countRows("playlist_tracks")] };
}

/** Inserts a playlist with tracks straight into D1 (no API): for members who may not create one. */
async function insertPlaylist(userId: string, name: string, trackIds: string[] = [], createdAt = Date.now()) {
  const id = crypto.randomUUID();
  await D1.prepare("INSERT INTO playlists (id, user_id, name, name_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(id, userId, name, name.normalize("NFC").toLowerCase(), createdAt, createdAt)
    .run();
  if (trackIds.length) {
    await D1.batch(
      trackIds.map((t, i) => D1.prepare("INSERT INTO playlist_tracks (playlist_id, track_id, position, added_at) VALUES (?, ?, ?, ?)").bind(id, t, i, createdAt)),
    );
  }
  return id;
}

/** The positions are exactly 0..n-1 and each track appears once. */
async function expectCompactPositions(playlistId: string) {
  const rows = await trackRows(playlistId);
  expect(
    rows.map((r) => r.position),
    JSON.stringify(rows),
  ).toEqual(rows.map((_, i) => i));
  expect(new Set(rows.map((r) => r.trackId)).size).toBe(rows.length);
  return rows.map((r) => r.trackId);
}

/** The catalog's own view of a track (worker/db/music.ts). */
const catalogCache = new Map<string, TrackView>();
async function catalogTrack(id: string): Promise<TrackView> {
  const cached = catalogCache.get(id);
  if (cached) return cached;
  const res = await call(`/api/music/tracks/${id}`);
  expect(res.status, id).toBe(200);
  const { track } = await res.json<TrackResponse>();
  catalogCache.set(id, track);
  return track;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A D1 binding that runs `before` (another request's write, landing "meanwhile") just before the
 * first statement whose SQL matches `pattern` is executed by the code under test.
 */
function injectingD1(pattern: RegExp, before: () => Promise<unknown>) {
  let injected = 0;
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (typeof value !== "function") return value;
        if (prop === "bind") return (...args: unknown[]) => wrap(value.apply(target, args));
        if (["run", "all", "first", "raw"].includes(String(prop))) {
          return async (...args: unknown[]) => {
            if (injected === 0) {
              injected++;
              await before();
            }
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
  const db = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => (pattern.test(query) ? wrap(target.prepare(query)) : target.prepare(query));
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, injected: () => injected };
}

/** A same-origin request straight to the app, with `db` as its D1 binding. */
async function fetchWith(db: D1Database, path: string, { method = "GET", cookie, json }: { method?: string; cookie?: string; json?: unknown }) {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (cookie) headers.cookie = cookie;
  if (json !== undefined) headers["content-type"] = "application/json";
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(ORIGIN + path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) }), { ...env, DB: db }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

// Tests that change catalog rows undo it here.
const undo: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (undo.length) await undo.pop()!();
});

/** Adds `n` synthetic tracks (album 'zz-bulk-pl') straight into D1, in chunks; removed after the test. */
async function bulkTracks(n: number): Promise<string[]> {
  await D1.prepare("INSERT INTO albums (id, title, year, type, cover_key, position) VALUES ('zz-bulk-pl', 'Bulk', 2030, 'Album', NULL, 900)").run();
  undo.push(() => D1.prepare("DELETE FROM albums WHERE id = 'zz-bulk-pl'").run());
  const ids = Array.from({ length: n }, (_, i) => `zz-bulk-pl-${i + 1}`);
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < n; i += 500) {
    const values = ids
      .slice(i, i + 500)
      .map((id, j) => `('${id}', 'zz-bulk-pl', 'Bulk ${i + j + 1}', ${i + j + 1}, NULL)`)
      .join(", ");
    statements.push(D1.prepare(`INSERT INTO tracks (id, album_id, title, number, audio_key) VALUES ${values}`));
  }
  await D1.batch(statements);
  return ids;
}

// ---------------------------------------------------------------------------------------------
// Roles and CSRF

/** Every write route, aimed at `playlistId` (which holds MB(1) and MB(2)). */
const WRITES: [name: string, send: (user: TestUser | null, playlistId: string, o?: Options) => Promise<Response>][] = [
  ["POST /api/playlists", (u, _id, o) => create(u, "Brand New", o)],
  ["PATCH /api/playlists/:id", (u, id, o) => rename(u, id, "Renamed", o)],
  ["DELETE /api/playlists/:id", (u, id, o) => destroy(u, id, o)],
  ["POST /api/playlists/:id/tracks", (u, id, o) => addTrack(u, id, MB(3), o)],
  ["DELETE /api/playlists/:id/tracks/:trackId", (u, id, o) => removeTrack(u, id, MB(1), o)],
  ["PUT /api/playlists/:id/order", (u, id, o) => reorder(u, id, [MB(2), MB(1)], o)],
];

describe("who may use /api/playlists", () => {
  it.each(["visitor", "banned"] as const)("a %s gets 401 unauthorized on every route, and nothing changes", async (role) => {
    const owner = role === "visitor" ? await createUser("vip") : await createUser("banned");
    const user = role === "visitor" ? null : owner;
    const id = await insertPlaylist(owner.id, "Mine", [MB(1), MB(2)]);
    const before = await snapshot(owner.id);
    await expectError(await getList(user), 401, "unauthorized");
    for (const [name, send] of WRITES) {
      const res = await send(user, id);
      expect(res.status, name).toBe(401);
      expect((await errorOf(res)).code, name).toBe("unauthorized");
    }
    expect(await snapshot(owner.id)).toEqual(before);
  });

  it("a member (no VIP) sees their own playlists (200) but every write is 403 vip_required and stores nothing", async () => {
    const member = await createUser("user");
    const id = await insertPlaylist(member.id, "Old Favourites", [MB(1), MB(2)]);
    const lists = await listOk(member);
    expect(lists).toEqual([{ id, name: "Old Favourites", createdAt: expect.any(String), tracks: [await catalogTrack(MB(1)), await catalogTrack(MB(2))] }]);

    const before = await snapshot(member.id);
    for (const [name, send] of WRITES) {
      const res = await send(member, id);
      expect(res.status, name).toBe(403);
      expect(await errorOf(res), name).toEqual({ code: "vip_required", message: "VIP Access Required" });
    }
    expect(await snapshot(member.id)).toEqual(before);
  });

  it("a lapsed VIP keeps seeing their playlists but can no longer change them", async () => {
    const vip = await createUser("vip");
    const { id } = await createOk(vip, "Summer");
    await addOk(vip, id, "spring-love");
    await D1.prepare("UPDATE users SET is_vip = 0 WHERE id = ?").bind(vip.id).run();
    expect((await listOk(vip)).map((p) => [p.name, p.tracks.map((t) => t.id)])).toEqual([["Summer", ["spring-love"]]]);
    const before = await snapshot(vip.id);
    await expectError(await addTrack(vip, id, "dream-about-you"), 403, "vip_required");
    await expectError(await destroy(vip, id), 403, "vip_required");
    expect(await snapshot(vip.id)).toEqual(before);
  });

  it.each(["vip", "admin"] as const)("a %s can create (201), rename (200), add (201), remove (200), reorder (200), list (200) and delete (204)", async (role) => {
    const user = await createUser(role);
    const created = await create(user, "Road Trip");
    expect(created.status).toBe(201);
    const { playlist } = await created.json<PlaylistResponse>();
    expect(playlist).toEqual({ id: expect.stringMatching(UUID), name: "Road Trip", createdAt: expect.any(String), tracks: [] });

    const renamed = await rename(user, playlist.id, "Long Road Trip");
    expect(renamed.status).toBe(200);
    expect((await renamed.json<PlaylistResponse>()).playlist).toMatchObject({ id: playlist.id, name: "Long Road Trip", createdAt: playlist.createdAt });

    for (const t of [MB(1), MB(2), MB(3)]) await addOk(user, playlist.id, t);
    const removed = await removeTrack(user, playlist.id, MB(2));
    expect(removed.status).toBe(200);
    expect((await removed.json<PlaylistResponse>()).playlist.tracks.map((t) => t.id)).toEqual([MB(1), MB(3)]);

    const reordered = await reorder(user, playlist.id, [MB(3), MB(1)]);
    expect(reordered.status).toBe(200);
    expect((await reordered.json<PlaylistResponse>()).playlist.tracks.map((t) => t.id)).toEqual([MB(3), MB(1)]);
    expect(await trackRows(playlist.id)).toEqual([
      { trackId: MB(3), position: 0 },
      { trackId: MB(1), position: 1 },
    ]);

    const listed = await getList(user);
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toBe("no-store");
    expect((await listed.json<PlaylistsResponse>()).playlists.map((p) => [p.id, p.name, p.tracks.map((t) => t.id)])).toEqual([[playlist.id, "Long Road Trip", [MB(3), MB(1)]]]);

    const deleted = await destroy(user, playlist.id);
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    expect(await playlistRows(user.id)).toEqual([]);
    expect(await trackRows(playlist.id)).toEqual([]);
  });

  it("refuses every cross-site write with a VIP's cookie (403 csrf) and changes nothing", async () => {
    const vip = await createUser("vip");
    const id = await insertPlaylist(vip.id, "Mine", [MB(1), MB(2)]);
    const before = await snapshot(vip.id);
    const crossSite: Options[] = [{ headers: { origin: "https://evil.example" } }, { headers: { "sec-fetch-site": "cross-site" } }, { noOrigin: true }];
    for (const [name, send] of WRITES) {
      for (const o of crossSite) {
        const res = await send(vip, id, o);
        expect(res.status, `${name} ${JSON.stringify(o)}`).toBe(403);
        expect((await errorOf(res)).code).toBe("csrf");
      }
    }
    expect(await snapshot(vip.id)).toEqual(before);
    // Same request from the site itself: accepted.
    expect((await reorder(vip, id, [MB(2), MB(1)], { headers: { origin: ORIGIN } })).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// Listing

describe("GET /api/playlists", () => {
  it("lists only the member's own playlists, oldest first, tracks in position order as catalog TrackViews", async () => {
    const vip = await createUser("vip");
    const other = await createUser("vip");
    const first = await createOk(vip, "First");
    await sleep(3);
    const second = await createOk(vip, "Second");
    await sleep(3);
    const third = await createOk(vip, "Third");
    await createOk(other, "Not Mine");
    await addOk(vip, second.id, "spring-love");
    await addOk(vip, second.id, "dream-about-you");
    await addOk(vip, third.id, MB(9));

    const res = await getList(vip);
    expect(res.status).toBe(200);
    const body = await res.json<PlaylistsResponse>();
    expect(Object.keys(body)).toEqual(["playlists"]);
    expect(body.playlists.map((p) => p.id)).toEqual([first.id, second.id, third.id]);
    expect(body.playlists[1]).toEqual({ id: second.id, name: "Second", createdAt: second.createdAt, tracks: [await catalogTrack("spring-love"), await catalogTrack("dream-about-you")] });
    expect(body.playlists[0]!.tracks).toEqual([]);
    for (const p of body.playlists) {
      expect(Object.keys(p).sort()).toEqual(["createdAt", "id", "name", "tracks"]);
      for (const t of p.tracks) expect(Object.keys(t).sort()).toEqual(TRACK_VIEW_KEYS);
    }
    // createdAt is the stored creation time, as ISO 8601.
    const stored = await D1.prepare("SELECT created_at AS c FROM playlists WHERE id = ?").bind(first.id).first<{ c: number }>();
    expect(body.playlists[0]!.createdAt).toBe(new Date(stored!.c).toISOString());
    // No audio location anywhere.
    const text = JSON.stringify(body);
    expect(text).not.toContain("audio/");
    expect(text).not.toContain(".mp3");
    expect(text.toLowerCase()).not.toContain("audiokey");
  });

  it("shows every track field exactly as the catalog does, for many different albums", async () => {
    const vip = await createUser("vip");
    const ids = ["spring-love", "waiting-for-your-love", "city-lights-calling-1", "neon-valentine-2", "cassette-summer-3", "latin-heat-sessions-4", MB(5)];
    await insertPlaylist(vip.id, "Mixed", ids);
    const [playlist] = await listOk(vip);
    expect(playlist!.tracks).toEqual(await Promise.all(ids.map(catalogTrack)));
  });

  it("gives a new member an empty list", async () => {
    expect(await listOk(await createUser("user"))).toEqual([]);
    expect(await listOk(await createUser("admin"))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Create, rename, delete

describe("POST /api/playlists", () => {
  it("creates a playlist: 201, trimmed and NFC-normalised name stored with its case-folded key", async () => {
    const vip = await createUser("vip");
    const startedAt = Date.now();
    const res = await create(vip, "   Vera\u0303o   "); // decomposed ã
    expect(res.status).toBe(201);
    const { playlist } = await res.json<PlaylistResponse>();
    expect(playlist.name).toBe("Verão");
    expect(playlist.name).toBe("Ver\u00e3o");
    expect(playlist.id).toMatch(UUID);
    expect(Date.parse(playlist.createdAt)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(Date.parse(playlist.createdAt)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await playlistRows(vip.id)).toEqual([{ id: playlist.id, userId: vip.id, name: "Ver\u00e3o", nameKey: "ver\u00e3o" }]);
  });

  it.each([
    ["Road Trip", "road trip"],
    ["Road Trip", "  ROAD TRIP  "],
    ["Verão", "VERÃO"],
    ["Verão", "VERA\u0303O"],
    ["Été à Paris", "ÉTÉ À PARIS"],
    ["Ünïcödé", "üNÏCÖDÉ"],
  ])("refuses '%s' then '%s' with 409 playlist_name_taken, keeping one row", async (first, second) => {
    const vip = await createUser("vip");
    const { id } = await createOk(vip, first);
    const res = await create(vip, second);
    await expectError(res, 409, "playlist_name_taken", "A playlist with this name already exists");
    expect((await playlistRows(vip.id)).map((r) => [r.id, r.name])).toEqual([[id, first]]);
  });

  it("lets two members use the same name", async () => {
    const a = await createUser("vip");
    const b = await createUser("admin");
    await createOk(a, "Chill");
    await createOk(b, "CHILL");
    expect((await playlistRows(a.id)).map((r) => r.name)).toEqual(["Chill"]);
    expect((await playlistRows(b.id)).map((r) => r.name)).toEqual(["CHILL"]);
  });

  it.each([
    ["empty", "", "playlist_name_required", "Playlist name is required"],
    ["only spaces", "     ", "playlist_name_required", "Playlist name is required"],
    ["only a tab and spaces", " \t ", "invalid_characters", undefined],
    ["81 characters", "x".repeat(81), "playlist_name_too_long", "Playlist name must be at most 80 characters"],
    ["81 characters after NFC", "e\u0301".repeat(81), "playlist_name_too_long", "Playlist name must be at most 80 characters"],
    ["a NUL", "Road\u0000Trip", "invalid_characters", "This text contains characters that are not allowed"],
    ["a newline", "Road\nTrip", "invalid_characters", "This text contains characters that are not allowed"],
    ["a carriage return", "Road\rTrip", "invalid_characters", "This text contains characters that are not allowed"],
    ["a tab", "Road\tTrip", "invalid_characters", "This text contains characters that are not allowed"],
    ["DEL", "Road\u007fTrip", "invalid_characters", "This text contains characters that are not allowed"],
    ["a bidi override", "Road\u202eTrip", "invalid_characters", "This text contains characters that are not allowed"],
    ["a lone surrogate", "Road\ud800Trip", "invalid_characters", "This text contains characters that are not allowed"],
  ])("answers 400 and the rule's code for a name with %s, and stores nothing", async (_label, name, code, message) => {
    const vip = await createUser("vip");
    const res = await create(vip, name);
    await expectError(res, 400, code, message);
    expect(await playlistRows(vip.id)).toEqual([]);
  });

  it("accepts exactly 80 characters (counted after trimming)", async () => {
    const vip = await createUser("vip");
    const name = "y".repeat(80);
    const playlist = await createOk(vip, `  ${name}  `);
    expect(playlist.name).toBe(name);
    expect((await playlistRows(vip.id)).map((r) => r.name)).toEqual([name]);
  });

  it("never answers 500 to a bad body, and stores nothing", async () => {
    const vip = await createUser("vip");
    const bodies: [label: string, init: Parameters<typeof call>[1], code: string][] = [
      ["malformed JSON", { method: "POST", body: "{name: 'x'", headers: { "content-type": "application/json" } }, "bad_request"],
      ["an unknown field", { method: "POST", json: { name: "Fine", public: true } }, "invalid_input"],
      ["a number", { method: "POST", json: { name: 42 } }, "invalid_input"],
      ["null", { method: "POST", json: { name: null } }, "invalid_input"],
      ["an array", { method: "POST", json: { name: ["a"] } }, "invalid_input"],
      ["an object", { method: "POST", json: { name: { en: "a" } } }, "invalid_input"],
      ["no name", { method: "POST", json: {} }, "invalid_input"],
      ["a JSON array body", { method: "POST", json: [{ name: "a" }] }, "invalid_input"],
      ["a JSON string body", { method: "POST", json: "Fine" }, "invalid_input"],
      ["JSON null body", { method: "POST", json: null }, "invalid_input"],
      ["a huge name", { method: "POST", json: { name: "z".repeat(10_000) } }, "playlist_name_too_long"],
    ];
    for (const [label, init, code] of bodies) {
      const res = await call("/api/playlists", { ...init, cookie: vip.cookie });
      expect(res.status, label).toBe(400);
      expect((await errorOf(res)).code, label).toBe(code);
    }
    const tooBig = await call("/api/playlists", { method: "POST", json: { name: "z".repeat(70_000) }, cookie: vip.cookie });
    await expectError(tooBig, 413, "payload_too_large");
    expect(await playlistRows(vip.id)).toEqual([]);
  });
});

describe("PATCH /api/playlists/:id", () => {
  it("renames (200), keeping id, creation date and tracks", async () => {
    const vip = await createUser("vip");
    const p = await createOk(vip, "Working Title");
    await addOk(vip, p.id, "spring-love");
    const res = await rename(vip, p.id, "  Final   Title ");
    expect(res.status).toBe(200);
    const { playlist } = await res.json<PlaylistResponse>();
    expect(playlist).toEqual({ id: p.id, name: "Final   Title", createdAt: p.createdAt, tracks: [await catalogTrack("spring-love")] });
    expect(await playlistRow(p.id)).toEqual({ id: p.id, userId: vip.id, name: "Final   Title", nameKey: "final   title" });
    expect(await trackRows(p.id)).toEqual([{ trackId: "spring-love", position: 0 }]);
  });

  it("renames to its own name in another case (200): 'verão' becomes 'VERÃO'", async () => {
    const vip = await createUser("vip");
    const p = await createOk(vip, "verão");
    const res = await rename(vip, p.id, "VERÃO");
    expect(res.status).toBe(200);
    expect((await res.json<PlaylistResponse>()).playlist.name).toBe("VERÃO");
    expect(await playlistRow(p.id)).toMatchObject({ name: "VERÃO", nameKey: "verão" });
    // And to exactly the same name: still fine.
    expect((await rename(vip, p.id, "VERÃO")).status).toBe(200);
  });

  it("refuses another of the member's names in any case (409 playlist_name_taken) and changes neither", async () => {
    const vip = await createUser("vip");
    const a = await createOk(vip, "Verão");
    const b = await createOk(vip, "Inverno");
    const before = await playlistRows(vip.id);
    for (const name of ["Verão", "VERÃO", "verão", " verão "]) {
      await expectError(await rename(vip, b.id, name), 409, "playlist_name_taken", "A playlist with this name already exists");
    }
    expect(await playlistRows(vip.id)).toEqual(before);
    expect((await playlistRow(a.id))!.name).toBe("Verão");
    expect((await playlistRow(b.id))!.name).toBe("Inverno");
  });

  it("may take a name another member uses", async () => {
    const a = await createUser("vip");
    const b = await createUser("vip");
    await createOk(a, "Shared Name");
    const p = await createOk(b, "Mine");
    expect((await rename(b, p.id, "shared name")).status).toBe(200);
  });

  it("answers 400 (the rule's code, or invalid_input) for a bad name or body and changes nothing", async () => {
    const vip = await createUser("vip");
    const p = await createOk(vip, "Keep Me");
    const names: [unknown, string][] = [
      ["", "playlist_name_required"],
      ["   ", "playlist_name_required"],
      ["x".repeat(81), "playlist_name_too_long"],
      ["a\u0000b", "invalid_characters"],
      ["a\nb", "invalid_characters"],
      [7, "invalid_input"],
      [null, "invalid_input"],
    ];
    for (const [name, code] of names) {
      await expectError(await rename(vip, p.id, name), 400, code);
    }
    await expectError(await call(`/api/playlists/${p.id}`, { method: "PATCH", json: { name: "New", id: crypto.randomUUID() }, cookie: vip.cookie }), 400, "invalid_input");
    await expectError(await call(`/api/playlists/${p.id}`, { method: "PATCH", body: "not json", headers: { "content-type": "application/json" }, cookie: vip.cookie }), 400, "bad_request");
    expect(await playlistRow(p.id)).toMatchObject({ name: "Keep Me", nameKey: "keep me" });
  });

  it("answers 404 playlist_not_found for a well-formed id that does not exist", async () => {
    const vip = await createUser("vip");
    await expectError(await rename(vip, crypto.randomUUID(), "Whatever"), 404, "playlist_not_found", "Playlist not found");
    expect(await playlistRows(vip.id)).toEqual([]);
  });
});

describe("DELETE /api/playlists/:id", () => {
  it("deletes the playlist and its tracks (204), then answers 404", async () => {
    const vip = await createUser("vip");
    const keep = await createOk(vip, "Keep");
    const gone = await createOk(vip, "Gone");
    await addOk(vip, keep.id, "spring-love");
    await addOk(vip, gone.id, "spring-love");
    await addOk(vip, gone.id, MB(1));
    const res = await destroy(vip, gone.id);
    expect(res.status).toBe(204);
    expect((await playlistRows(vip.id)).map((r) => r.id)).toEqual([keep.id]);
    expect(await trackRows(gone.id)).toEqual([]);
    expect(await trackRows(keep.id)).toEqual([{ trackId: "spring-love", position: 0 }]);
    await expectError(await destroy(vip, gone.id), 404, "playlist_not_found");
    // The name is free again.
    await createOk(vip, "gone");
  });
});

describe("malformed playlist ids", () => {
  it.each([
    ["not a UUID", "road-trip"],
    ["an upper-case UUID", "0F8FAD5B-D9CB-469F-A165-70867728950E"],
    ["a UUID without dashes", "0f8fad5bd9cb469fa16570867728950e"],
    ["a UUID with a trailing character", "0f8fad5b-d9cb-469f-a165-70867728950ex"],
    ["an injection attempt", encodeURIComponent("' OR 1=1 --")],
    ["broken percent-encoding", "%ZZ"],
  ])("%s: 400 invalid_input on every route that takes an id (not 404, not 500)", async (_label, id) => {
    const vip = await createUser("vip");
    const own = await insertPlaylist(vip.id, "Mine", [MB(1)]);
    const before = await snapshot(vip.id);
    for (const [name, send] of WRITES.slice(1)) {
      const res = await send(vip, id);
      expect(res.status, name).toBe(400);
      expect(await errorOf(res), name).toEqual({ code: "invalid_input", message: "Playlist not found", field: "id" });
    }
    expect(await snapshot(vip.id)).toEqual(before);
    expect((await listOk(vip)).map((p) => p.id)).toEqual([own]);
  });
});

// ---------------------------------------------------------------------------------------------
// Someone else's playlist

describe("another member's playlist", () => {
  it.each(["vip", "admin"] as const)("is a 404 playlist_not_found for a %s on every verb, absent from their list, and left unchanged", async (role) => {
    const owner = await createUser("vip");
    const intruder = await createUser(role);
    const theirs = await createOk(owner, "Private");
    for (const t of [MB(1), MB(2), MB(3)]) await addOk(owner, theirs.id, t);
    const ownerBefore = await snapshot(owner.id);

    const attempts: [string, Response][] = [
      ["PATCH", await rename(intruder, theirs.id, "Hacked")],
      ["DELETE", await destroy(intruder, theirs.id)],
      ["add track", await addTrack(intruder, theirs.id, MB(4))],
      ["add a track already there", await addTrack(intruder, theirs.id, MB(1))],
      ["remove track", await removeTrack(intruder, theirs.id, MB(2))],
      ["remove a track not there", await removeTrack(intruder, theirs.id, MB(9))],
      ["reorder", await reorder(intruder, theirs.id, [MB(3), MB(2), MB(1)])],
    ];
    for (const [name, res] of attempts) {
      expect(res.status, name).toBe(404);
      expect(await errorOf(res), name).toEqual({ code: "playlist_not_found", message: "Playlist not found" });
    }
    expect(await snapshot(owner.id)).toEqual(ownerBefore);
    expect(await trackIdsInOrder(theirs.id)).toEqual([MB(1), MB(2), MB(3)]);
    expect(await listOk(intruder)).toEqual([]);
    expect(await playlistRows(intruder.id)).toEqual([]);
    // Their own list is untouched too.
    expect((await listOk(owner)).map((p) => [p.name, p.tracks.map((t) => t.id)])).toEqual([["Private", [MB(1), MB(2), MB(3)]]]);
  });

  it("a rename to the other member's name collides with nothing of theirs", async () => {
    const owner = await createUser("vip");
    const intruder = await createUser("vip");
    const theirs = await createOk(owner, "Taken");
    await expectError(await rename(intruder, theirs.id, "Taken"), 404, "playlist_not_found");
    expect(await playlistRow(theirs.id)).toMatchObject({ name: "Taken", userId: owner.id });
  });
});

// ---------------------------------------------------------------------------------------------
// Tracks

describe("POST /api/playlists/:id/tracks", () => {
  it("appends at positions 0, 1, 2 and answers 201 with the playlist", async () => {
    const vip = await createUser("vip");
    const p = await createOk(vip, "Three");
    const ids = ["spring-love", MB(1), "dream-about-you"];
    let last: PlaylistView | undefined;
    for (const t of ids) last = await addOk(vip, p.id, t);
    expect(last).toEqual({ id: p.id, name: "Three", createdAt: p.createdAt, tracks: await Promise.all(ids.map(catalogTrack)) });
    expect(await trackRows(p.id)).toEqual(ids.map((trackId, position) => ({ trackId, position })));
  });

  it("answers 409 track_in_playlist for the same track twice, keeping one row", async () => {
    const vip = await createUser("vip");
    const p = await createOk(vip, "Once");
    await addOk(vip, p.id, MB(1));
    await addOk(vip, p.id, MB(2));
    await expectError(await addTrack(vip, p.id, MB(1)), 409, "track_in_playlist", "This track is already in the playlist");
    expect(await trackRows(p.id)).toEqual([
      { trackId: MB(1), position: 0 },
      { trackId: MB(2), position: 1 },
    ]);
  });

  it("answers 400 unknown_track for a track not in the catalog, and adds no row", async () => {
    const vip = await createUser("vip");
    const p = await createOk(vip, "Unknown");
    await expectError(await addTrack(vip, p.id, "no-such-track"), 400, "unknown_track", "This track is not in the catalog");
    expect(await trackRows(p.id)).toEqual([]);
  });

  it("answers 404 playlist_not_found for a well-formed id that does not exist", async () => {
    const vip = await createUser("vip");
    const before = await countRows("playlist_tracks");
    await expectError(await addTrack(vip, crypto.randomUUID(), "spring-love"), 404, "playlist_not_found");
    expect(await countRows("playlist_tracks")).toBe(before);
  });

  it("never answers 500 to a bad body, and adds nothing", async () => {
    const vip = await createUser("vip");
    const p = await createOk(vip, "Bodies");
    const path = `/api/playlists/${p.id}/tracks`;
    const cases: [string, Parameters<typeof call>[1], string][] = [
      ["malformed JSON", { method: "POST", body: '{"trackId":', headers: { "content-type": "application/json" } }, "bad_request"],
      ["an unknown field", { method: "POST", json: { trackId: "spring-love", position: 0 } }, "invalid_input"],
      ["a number", { method: "POST", json: { trackId: 1 } }, "invalid_input"],
      ["an array of ids", { method: "POST", json: { trackId: ["spring-love"] } }, "invalid_input"],
      ["no trackId", { method: "POST", json: {} }, "invalid_input"],
      ["a malformed id", { method: "POST", json: { trackId: "Spring Love" } }, "invalid_input"],
      ["a 101-character id", { method: "POST", json: { trackId: "a".repeat(101) } }, "invalid_input"],
      ["trackIds instead of trackId", { method: "POST", json: { trackIds: ["spring-love"] } }, "invalid_input"],
    ];
    for (const [label, init, code] of cases) {
      const res = await call(path, { ...init, cookie: vip.cookie });
      expect(res.status, label).toBe(400);
      expect((await errorOf(res)).code, label).toBe(code);
    }
    expect(await trackRows(p.id)).toEqual([]);
  });

  it("answers 400 unknown_track (not 500) when the track leaves the catalog between its check and the insert", async () => {
    const vip = await createUser("vip");
    await bulkTracks(1);
    const p = await createOk(vip, "Vanishing");
    const { db, injected } = injectingD1(/insert or ignore into "playlist_tracks"/i, () => D1.prepare("DELETE FROM tracks WHERE id = 'zz-bulk-pl-1'").run());
    const res = await fetchWith(db, `/api/playlists/${p.id}/tracks`, { method: "POST", cookie: vip.cookie, json: { trackId: "zz-bulk-pl-1" } });
    expect(injected()).toBe(1);
    await expectError(res, 400, "unknown_track");
    expect(await trackRows(p.id)).toEqual([]);
  });

  it("10 concurrent adds of different tracks end with positions exactly 0..9", async () => {
    const vip = await createUser("vip");
    const p = await createOk(vip, "Concurrent");
    const ids = [...Array.from({ length: 9 }, (_, i) => MB(i + 1)), "spring-love"];
    const responses = await Promise.all(ids.map((t) => addTrack(vip, p.id, t)));
    expect(responses.map((r) => r.status)).toEqual(ids.map(() => 201));
    const stored = await expectCompactPositions(p.id);
    expect([...stored].sort()).toEqual([...ids].sort());
    expect((await listOk(vip))[0]!.tracks.map((t) => t.id)).toEqual(stored);
  });

  it("10 concurrent adds of the same track store it once: one 201, nine 409 track_in_playlist", async () => {
    const vip = await createUser("vip");
    const p = await createOk(vip, "Same");
    const responses = await Promise.all(Array.from({ length: 10 }, () => addTrack(vip, p.id, "spring-love")));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(await trackRows(p.id)).toEqual([{ trackId: "spring-love", position: 0 }]);
  });

  it("answers 409 playlist_full at 1,000 tracks and adds nothing; after a removal one more fits at position 999", async () => {
    const vip = await createUser("vip");
    const ids = await bulkTracks(1000);
    const p = await createOk(vip, "Full");
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < ids.length; i += 250) {
      const values = ids
        .slice(i, i + 250)
        .map((t, j) => `('${p.id}', '${t}', ${i + j}, ${Date.now()})`)
        .join(", ");
      statements.push(D1.prepare(`INSERT INTO playlist_tracks (playlist_id, track_id, position, added_at) VALUES ${values}`));
    }
    await D1.batch(statements);
    expect((await trackRows(p.id)).length).toBe(1000);

    await expectError(await addTrack(vip, p.id, "spring-love"), 409, "playlist_full", "A playlist can hold at most 1,000 tracks");
    expect((await trackRows(p.id)).length).toBe(1000);
    // A track already there is still reported as such.
    await expectError(await addTrack(vip, p.id, ids[10]!), 409, "track_in_playlist");
    // Concurrent attempts at a full playlist: none gets in.
    const racing = await Promise.all(["dream-about-you", MB(1), MB(2)].map((t) => addTrack(vip, p.id, t)));
    expect(racing.map((r) => r.status)).toEqual([409, 409, 409]);
    expect((await trackRows(p.id)).length).toBe(1000);

    const removed = await removeTrack(vip, p.id, ids[0]!);
    expect(removed.status).toBe(200);
    const after = await addOk(vip, p.id, "spring-love");
    expect(after.tracks).toHaveLength(1000);
    expect(after.tracks[999]!.id).toBe("spring-love");
    expect((await expectCompactPositions(p.id))[999]).toBe("spring-love");
    await expectError(await addTrack(vip, p.id, "dream-about-you"), 409, "playlist_full");
  });
});

describe("DELETE /api/playlists/:id/tracks/:trackId", () => {
  it("removes the middle of three and closes the gap (positions 0, 1)", async () => {
    const vip = await createUser("vip");
    const p = await createOk(vip, "Gap");
    for (const t of [MB(1), MB(2), MB(3)]) await addOk(vip, p.id, t);
    const res = await removeTrack(vip, p.id, MB(2));
    expect(res.status).toBe(200);
    expect((await res.json<PlaylistResponse>()).playlist.tracks.map((t) => t.id)).toEqual([MB(1), MB(3)]);
    expect(await trackRows(p.id)).toEqual([
      { trackId: MB(1), position: 0 },
      { trackId: MB(3), position: 1 },
    ]);
    // New tracks go after the last one, with no gap.
    await addOk(vip, p.id, MB(4));
    expect(await trackRows(p.id)).toEqual([
      { trackId: MB(1), position: 0 },
      { trackId: MB(3), position: 1 },
      { trackId: MB(4), position: 2 },
    ]);
  });

  it("removes the first and the last", async () => {
    const vip = await createUser("vip");
    const p = await createOk(vip, "Ends");
    for (const t of [MB(1), MB(2), MB(3), MB(4)]) await addOk(vip, p.id, t);
    expect((await removeTrack(vip, p.id, MB(1))).status).toBe(200);
    expect((await removeTrack(vip, p.id, MB(4))).status).toBe(200);
    expect(await trackRows(p.id)).toEqual([
      { trackId: MB(2), position: 0 },
      { trackId: MB(3), position: 1 },
    ]);
  });

  it("only touches that playlist: the same track in another playlist keeps its place", async () => {
    const vip = await createUser("vip");
    const a = await createOk(vip, "A");
    const b = await createOk(vip, "B");
    for (const t of [MB(1), MB(2), MB(3)]) {
      await addOk(vip, a.id, t);
      await addOk(vip, b.id, t);
    }
    expect((await removeTrack(vip, a.id, MB(1))).status).toBe(200);
    expect(await trackIdsInOrder(a.id)).toEqual([MB(2), MB(3)]);
    expect(await trackRows(b.id)).toEqual([MB(1), MB(2), MB(3)].map((trackId, position) => ({ trackId, position })));
  });

  it("answers 404 track_not_in_playlist for a track not in it (catalog or not), changing nothing", async () => {
    const vip = await createUser("vip");
    const p = await createOk(vip, "Missing");
    for (const t of [MB(1), MB(2)]) await addOk(vip, p.id, t);
    const before = await trackRows(p.id);
    for (const t of [MB(3), "no-such-track"]) {
      await expectError(await removeTrack(vip, p.id, t), 404, "track_not_in_playlist", "This track is not in the playlist");
    }
    await expectError(await removeTrack(vip, p.id, "Bad_ID"), 400, "invalid_input");
    expect(await trackRows(p.id)).toEqual(before);
  });

  it("concurrent removals of different tracks keep positions compact", async () => {
    const vip = await createUser("vip");
    const ids = Array.from({ length: 9 }, (_, i) => MB(i + 1));
    const id = await insertPlaylist(vip.id, "Shrink", ids);
    const responses = await Promise.all([MB(2), MB(5), MB(8), MB(9)].map((t) => removeTrack(vip, id, t)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await expectCompactPositions(id)).toEqual([MB(1), MB(3), MB(4), MB(6), MB(7)]);
  });
});

describe("the 200 playlists limit", () => {
  it("answers 409 playlists_limit at 200 and creates nothing; after a deletion one more fits", async () => {
    const vip = await createUser("vip");
    const now = Date.now() - 60_000;
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < 200; i += 50) {
      const values = Array.from({ length: 50 }, (_, j) => `('${crypto.randomUUID()}', '${vip.id}', 'List ${i + j}', 'list ${i + j}', ${now + i + j}, ${now})`).join(", ");
      statements.push(D1.prepare(`INSERT INTO playlists (id, user_id, name, name_key, created_at, updated_at) VALUES ${values}`));
    }
    await D1.batch(statements);
    expect((await playlistRows(vip.id)).length).toBe(200);

    await expectError(await create(vip, "One Too Many"), 409, "playlists_limit", "You can have at most 200 playlists");
    // A name that is also taken: a 409 either way, and nothing stored.
    const clash = await create(vip, "list 3");
    expect(clash.status).toBe(409);
    expect(["playlists_limit", "playlist_name_taken"]).toContain((await errorOf(clash)).code);
    const racing = await Promise.all(["R1", "R2", "R3"].map((n) => create(vip, n)));
    expect(racing.map((r) => r.status)).toEqual([409, 409, 409]);
    expect((await playlistRows(vip.id)).length).toBe(200);

    // Another member is not affected.
    await createOk(await createUser("vip"), "One Too Many");

    const first = (await playlistRows(vip.id))[0]!;
    expect((await destroy(vip, first.id)).status).toBe(204);
    await createOk(vip, "One Too Many");
    expect((await playlistRows(vip.id)).length).toBe(200);
    await expectError(await create(vip, "Another"), 409, "playlists_limit");
    expect((await listOk(vip)).length).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// Reorder

describe("PUT /api/playlists/:id/order", () => {
  async function fivePlaylist(vip: TestUser) {
    const ids = [MB(1), MB(2), MB(3), MB(4), MB(5)];
    const id = await insertPlaylist(vip.id, "Five", ids);
    return { id, ids };
  }

  it("applies a permutation: the answer, GET and D1 show the new order, positions 0..n-1", async () => {
    const vip = await createUser("vip");
    const { id } = await fivePlaylist(vip);
    const order = [MB(4), MB(1), MB(5), MB(3), MB(2)];
    const res = await reorder(vip, id, order);
    expect(res.status).toBe(200);
    const { playlist } = await res.json<PlaylistResponse>();
    expect(playlist.tracks).toEqual(await Promise.all(order.map(catalogTrack)));
    expect((await listOk(vip))[0]!.tracks.map((t) => t.id)).toEqual(order);
    expect(await trackRows(id)).toEqual(order.map((trackId, position) => ({ trackId, position })));
    // Applying the same order again is fine; so is the identity.
    expect((await reorder(vip, id, order)).status).toBe(200);
    expect((await reorder(vip, id, [MB(1), MB(2), MB(3), MB(4), MB(5)])).status).toBe(200);
    expect(await trackIdsInOrder(id)).toEqual([MB(1), MB(2), MB(3), MB(4), MB(5)]);
  });

  it("accepts an empty list for an empty playlist", async () => {
    const vip = await createUser("vip");
    const p = await createOk(vip, "Empty");
    const res = await reorder(vip, p.id, []);
    expect(res.status).toBe(200);
    expect((await res.json<PlaylistResponse>()).playlist.tracks).toEqual([]);
  });

  it.each([
    ["one missing", [MB(1), MB(2), MB(3), MB(4)]],
    ["an extra foreign track", [MB(1), MB(2), MB(3), MB(4), MB(5), MB(6)]],
    ["a foreign track instead of one", [MB(1), MB(2), MB(3), MB(4), MB(6)]],
    ["an unknown track instead of one", [MB(1), MB(2), MB(3), MB(4), "no-such-track"]],
    ["a duplicate instead of one", [MB(1), MB(2), MB(3), MB(4), MB(4)]],
    ["a duplicate on top", [MB(1), MB(2), MB(3), MB(4), MB(5), MB(5)]],
    ["an empty list", []],
  ])("answers 400 not_a_permutation for %s, and the order is unchanged", async (_label, trackIds) => {
    const vip = await createUser("vip");
    const { id, ids } = await fivePlaylist(vip);
    await reorder(vip, id, [MB(5), MB(4), MB(3), MB(2), MB(1)]);
    const res = await reorder(vip, id, trackIds);
    await expectError(res, 400, "not_a_permutation", "The new order must list every track of the playlist exactly once");
    expect(await trackRows(id)).toEqual([...ids].reverse().map((trackId, position) => ({ trackId, position })));
  });

  it("never answers 500 to a bad body (wrong types, unknown fields, 1,001 ids), and the order is unchanged", async () => {
    const vip = await createUser("vip");
    const { id, ids } = await fivePlaylist(vip);
    const path = `/api/playlists/${id}/order`;
    const cases: [string, Parameters<typeof call>[1], number, string][] = [
      ["malformed JSON", { method: "PUT", body: '{"trackIds": [', headers: { "content-type": "application/json" } }, 400, "bad_request"],
      ["a string", { method: "PUT", json: { trackIds: MB(1) } }, 400, "invalid_input"],
      ["numbers", { method: "PUT", json: { trackIds: [0, 1, 2, 3, 4] } }, 400, "invalid_input"],
      ["objects", { method: "PUT", json: { trackIds: ids.map((t) => ({ id: t })) } }, 400, "invalid_input"],
      ["null", { method: "PUT", json: { trackIds: null } }, 400, "invalid_input"],
      ["no trackIds", { method: "PUT", json: {} }, 400, "invalid_input"],
      ["an unknown field", { method: "PUT", json: { trackIds: [...ids].reverse(), version: 3 } }, 400, "invalid_input"],
      ["a malformed id", { method: "PUT", json: { trackIds: [...ids.slice(0, 4), "Bad Id"] } }, 400, "invalid_input"],
      ["1,001 short ids", { method: "PUT", json: { trackIds: Array.from({ length: 1001 }, (_, i) => `t${i}`) } }, 400, "invalid_input"],
      ["1,001 copies of a real id", { method: "PUT", json: { trackIds: Array(1001).fill(MB(1)) } }, 400, "invalid_input"],
      ["a bare array", { method: "PUT", json: [...ids].reverse() }, 400, "invalid_input"],
    ];
    for (const [label, init, status, code] of cases) {
      const res = await call(path, { ...init, cookie: vip.cookie });
      expect(res.status, label).toBe(status);
      expect((await errorOf(res)).code, label).toBe(code);
    }
    expect(await trackRows(id)).toEqual(ids.map((trackId, position) => ({ trackId, position })));
  });

  it("reorders a full 1,000-track playlist (the largest order the contract accepts)", async () => {
    const vip = await createUser("vip");
    const ids = await bulkTracks(1000);
    const p = await createOk(vip, "Big");
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < ids.length; i += 250) {
      const values = ids
        .slice(i, i + 250)
        .map((t, j) => `('${p.id}', '${t}', ${i + j}, 0)`)
        .join(", ");
      statements.push(D1.prepare(`INSERT INTO playlist_tracks (playlist_id, track_id, position, added_at) VALUES ${values}`));
    }
    await D1.batch(statements);
    const order = [...ids].reverse();
    const res = await reorder(vip, p.id, order);
    expect(res.status).toBe(200);
    expect(await expectCompactPositions(p.id)).toEqual(order);
  });

  it("answers 409 playlist_changed and changes nothing when a track is added between its check and its write", async () => {
    const vip = await createUser("vip");
    const { id, ids } = await fivePlaylist(vip);
    const { db, injected } = injectingD1(/^\s*update[\s\S]*json_each/i, () =>
      D1.prepare("INSERT INTO playlist_tracks (playlist_id, track_id, position, added_at) VALUES (?, 'spring-love', 5, 0)").bind(id).run(),
    );
    const res = await fetchWith(db, `/api/playlists/${id}/order`, { method: "PUT", cookie: vip.cookie, json: { trackIds: [...ids].reverse() } });
    expect(injected()).toBe(1);
    await expectError(res, 409, "playlist_changed", "The playlist changed meanwhile. Please reload it and try again.");
    expect(await trackRows(id)).toEqual([...ids, "spring-love"].map((trackId, position) => ({ trackId, position })));
  });

  it("answers 409 playlist_changed and changes nothing when a track is removed and another added between its check and its write", async () => {
    const vip = await createUser("vip");
    const { id, ids } = await fivePlaylist(vip);
    // Same size afterwards, different set: MB(5) swapped for spring-love.
    const { db, injected } = injectingD1(/^\s*update[\s\S]*json_each/i, () =>
      D1.batch([
        D1.prepare("DELETE FROM playlist_tracks WHERE playlist_id = ? AND track_id = ?").bind(id, MB(5)),
        D1.prepare("INSERT INTO playlist_tracks (playlist_id, track_id, position, added_at) VALUES (?, 'spring-love', 4, 0)").bind(id),
      ]),
    );
    const res = await fetchWith(db, `/api/playlists/${id}/order`, { method: "PUT", cookie: vip.cookie, json: { trackIds: [...ids].reverse() } });
    expect(injected()).toBe(1);
    await expectError(res, 409, "playlist_changed");
    expect(await trackRows(id)).toEqual([MB(1), MB(2), MB(3), MB(4), "spring-love"].map((trackId, position) => ({ trackId, position })));
  });

  it("racing concurrent adds: each reorder is applied or refused whole, positions always a permutation of 0..n-1", async () => {
    const vip = await createUser("vip");
    const outcomes: string[] = [];
    const ROUNDS = 12;
    for (let round = 0; round < ROUNDS; round++) {
      const base = [MB(1), MB(2), MB(3), MB(4), MB(5)];
      const id = await insertPlaylist(vip.id, `Race ${round}`, base);
      const order = [MB(5), MB(3), MB(1), MB(4), MB(2)];
      const extra = MB(6 + (round % 4));
      // Stagger the start of one request by 0-5 ms so different interleavings happen.
      const delay = round % 6;
      const later = async <T>(send: () => Promise<T>) => {
        await sleep(delay);
        return send();
      };
      const sendReorder = () => reorder(vip, id, order);
      const sendAdd = () => addTrack(vip, id, extra);
      const [re, add] = round < 6 ? await Promise.all([sendReorder(), later(sendAdd)]) : await Promise.all([later(sendReorder), sendAdd()]);
      expect(add.status).toBe(201);
      const stored = await expectCompactPositions(id);
      expect([...stored].sort()).toEqual([...base, extra].sort());
      const baseOrder = stored.filter((t) => t !== extra);
      if (re.status === 200) {
        outcomes.push("applied");
        expect(baseOrder).toEqual(order);
        // The added track is last whichever landed first.
        expect(stored[5]).toBe(extra);
      } else {
        const error = await errorOf(re);
        outcomes.push(`${re.status} ${error.code}`);
        // Refused: the reorder changed nothing.
        expect(stored).toEqual([...base, extra]);
        expect([
          [409, "playlist_changed"],
          // The add landed before the reorder read the playlist: its list is then missing a track.
          [400, "not_a_permutation"],
        ]).toContainEqual([re.status, error.code]);
      }
    }
    console.log(`reorder racing an add, ${ROUNDS} rounds: ${outcomes.join(", ")}`);
  });

  it("racing a removal: positions stay a permutation of 0..n-1", async () => {
    const vip = await createUser("vip");
    for (let round = 0; round < 4; round++) {
      const base = [MB(1), MB(2), MB(3), MB(4), MB(5)];
      const id = await insertPlaylist(vip.id, `Shrink race ${round}`, base);
      const [re, rm] = await Promise.all([reorder(vip, id, [MB(5), MB(4), MB(3), MB(2), MB(1)]), removeTrack(vip, id, MB(3))]);
      expect(rm.status).toBe(200);
      expect([200, 400, 409]).toContain(re.status);
      const stored = await expectCompactPositions(id);
      expect(stored).toEqual(re.status === 200 ? [MB(5), MB(4), MB(2), MB(1)] : [MB(1), MB(2), MB(4), MB(5)]);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Query budget


async function statementsFor(path: string, cookie: string) {
  const { db, count } = countingD1(env.DB);
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(ORIGIN + path, { headers: { cookie } }), { ...env, DB: db }, ctx);
  await waitOnExecutionContext(ctx);
  expect(res.status, path).toBe(200);
  const body = await res.json<PlaylistsResponse>();
  return { n: count(), body };
}

const figures: [string, number][] = [];

describe("D1 statements for GET /api/playlists", () => {
  it("is the same for 1 and for 20 playlists with tracks", async () => {
    const one = await createUser("vip");
    const twenty = await createUser("vip");
    await insertPlaylist(one.id, "Only", [MB(1), MB(2), MB(3)]);
    for (let i = 0; i < 20; i++) await insertPlaylist(twenty.id, `P${i}`, [MB(1 + (i % 9)), "spring-love", "dream-about-you"], 1000 + i);
    const empty = await createUser("user");

    const a = await statementsFor("/api/playlists", one.cookie);
    const b = await statementsFor("/api/playlists", twenty.cookie);
    const c = await statementsFor("/api/playlists", empty.cookie);
    expect(a.body.playlists).toHaveLength(1);
    expect(b.body.playlists).toHaveLength(20);
    expect(b.body.playlists.every((p) => p.tracks.length === 3)).toBe(true);
    expect(c.body.playlists).toEqual([]);
    figures.push(["GET /api/playlists, 1 playlist of 3 tracks", a.n], ["GET /api/playlists, 20 playlists of 3 tracks", b.n], ["GET /api/playlists, none", c.n]);
    expect(b.n).toBe(a.n);
    expect(c.n).toBe(a.n);
  });

  it("GET /api/favorites is constant too", async () => {
    const vip = await createUser("vip");
    const { db, count } = countingD1(env.DB);
    const run = async () => {
      const ctx = createExecutionContext();
      const before = count();
      const res = await app.fetch(new Request(`${ORIGIN}/api/favorites`, { headers: { cookie: vip.cookie } }), { ...env, DB: db }, ctx);
      await waitOnExecutionContext(ctx);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      return count() - before;
    };
    const none = await run();
    for (const t of [MB(1), MB(2), MB(3), MB(4), MB(5), "spring-love"]) {
      await D1.prepare("INSERT INTO favorites (user_id, track_id, added_at) VALUES (?, ?, ?)").bind(vip.id, t, Date.now()).run();
    }
    const six = await run();
    figures.push(["GET /api/favorites, 0 favorites", none], ["GET /api/favorites, 6 favorites", six]);
    expect(six).toBe(none);
  });

  afterAll(() => {
    if (figures.length) console.log(`D1 statements per request:\n${figures.map(([name, n]) => `  ${name}: ${n}`).join("\n")}`);
  });
});
