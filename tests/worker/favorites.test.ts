// /api/favorites: a member's favorite tracks. Reading needs a session (a member or lapsed VIP still
// sees their list); adding and removing need VIP or admin. PUT and DELETE are idempotent.
//
// Expectations come from raw SQL against D1 and from the public catalog API (/api/music), never
// from worker/db/music/collections.ts.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { FavoritesResponse } from "../../worker/contracts/music/collections";
import type { TrackResponse, TrackView } from "../../worker/contracts/music/music";
import { call, createUser, errorOf, ORIGIN, TRACK_VIEW_KEYS, type TestUser } from "./helpers";

const D1 = (env as unknown as { DB: D1Database }).DB;

const put = (trackId: string, user: TestUser | null, options: { headers?: Record<string, string>; noOrigin?: boolean } = {}) =>
  call(`/api/favorites/${trackId}`, { method: "PUT", cookie: user?.cookie, ...options });
const del = (trackId: string, user: TestUser | null, options: { headers?: Record<string, string>; noOrigin?: boolean } = {}) =>
  call(`/api/favorites/${trackId}`, { method: "DELETE", cookie: user?.cookie, ...options });
const list = (user: TestUser | null) => call("/api/favorites", { cookie: user?.cookie });

async function listOk(user: TestUser) {
  const res = await list(user);
  expect(res.status).toBe(200);
  return res.json<FavoritesResponse>();
}

// Raw D1 reads: independent of the code under test.
type FavRow = { trackId: string; addedAt: number };
const favRows = async (userId: string) =>
  (await D1.prepare("SELECT track_id AS trackId, added_at AS addedAt FROM favorites WHERE user_id = ? ORDER BY track_id").bind(userId).all<FavRow>()).results;
const favIds = async (userId: string) => (await favRows(userId)).map((r) => r.trackId);
const favCount = async (userId: string) => (await D1.prepare("SELECT count(*) AS n FROM favorites WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;
const allFavCount = async () => (await D1.prepare("SELECT count(*) AS n FROM favorites").first<{ n: number }>())!.n;
const insertFav = (userId: string, trackId: string, addedAt = Date.now()) =>
  D1.prepare("INSERT INTO favorites (user_id, track_id, added_at) VALUES (?, ?, ?)").bind(userId, trackId, addedAt).run();

/** The catalog's own view of a track (worker/db/music/music.ts), to compare the favorites list with. */
async function catalogTrack(id: string): Promise<TrackView> {
  const res = await call(`/api/music/tracks/${id}`);
  expect(res.status, id).toBe(200);
  return (await res.json<TrackResponse>()).track;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every string (keys included) anywhere in a JSON value. */
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

// Tests that change catalog rows undo it here.
const undo: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (undo.length) await undo.pop()!();
});

/** Adds `n` synthetic tracks (album 'zz-bulk-fav') straight into D1, in chunks; removed after the test. */
async function bulkTracks(n: number): Promise<string[]> {
  await D1.prepare("INSERT INTO albums (id, title, year, type, cover_key, position) VALUES ('zz-bulk-fav', 'Bulk', 2030, 'Album', NULL, 900)").run();
  undo.push(() => D1.prepare("DELETE FROM albums WHERE id = 'zz-bulk-fav'").run());
  const ids = Array.from({ length: n }, (_, i) => `zz-bulk-fav-${i + 1}`);
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < n; i += 500) {
    const values = ids
      .slice(i, i + 500)
      .map((id, j) => `('${id}', 'zz-bulk-fav', 'Bulk ${i + j + 1}', ${i + j + 1}, NULL)`)
      .join(", ");
    statements.push(D1.prepare(`INSERT INTO tracks (id, album_id, title, number, audio_key) VALUES ${values}`));
  }
  await D1.batch(statements);
  return ids;
}

const ROLES_WITHOUT_SESSION = [
  ["visitor", 401, "unauthorized"],
  ["banned", 401, "unauthorized"],
] as const;

describe("who may use /api/favorites", () => {
  it.each(ROLES_WITHOUT_SESSION)("a %s gets %i %s on GET, PUT and DELETE, and nothing changes", async (role, status, code) => {
    const user = role === "visitor" ? null : await createUser(role);
    // A banned member's stored favorites stay but are not served.
    if (user) await insertFav(user.id, "dream-about-you");
    const before = await allFavCount();
    for (const res of [await list(user), await put("spring-love", user), await del("dream-about-you", user)]) {
      expect(res.status).toBe(status);
      expect((await errorOf(res)).code).toBe(code);
    }
    expect(await allFavCount()).toBe(before);
    if (user) expect(await favIds(user.id)).toEqual(["dream-about-you"]);
  });

  it("a member (no VIP) sees their own favorites but PUT and DELETE are 403 vip_required and store nothing", async () => {
    const member = await createUser("user");
    await insertFav(member.id, "spring-love");
    const { tracks } = await listOk(member);
    expect(tracks).toEqual([await catalogTrack("spring-love")]);

    const before = await allFavCount();
    const added = await put("dream-about-you", member);
    expect(added.status).toBe(403);
    expect(await errorOf(added)).toEqual({ code: "vip_required", message: "VIP Access Required" });
    const removed = await del("spring-love", member);
    expect(removed.status).toBe(403);
    expect((await errorOf(removed)).code).toBe("vip_required");
    expect(await favIds(member.id)).toEqual(["spring-love"]);
    expect(await allFavCount()).toBe(before);
  });

  it("a lapsed VIP keeps seeing their favorites but can no longer change them", async () => {
    const vip = await createUser("vip");
    expect((await put("spring-love", vip)).status).toBe(204);
    await D1.prepare("UPDATE users SET is_vip = 0 WHERE id = ?").bind(vip.id).run();
    expect((await listOk(vip)).tracks.map((t) => t.id)).toEqual(["spring-love"]);
    const res = await del("spring-love", vip);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("vip_required");
    expect(await favIds(vip.id)).toEqual(["spring-love"]);
  });

  it.each(["vip", "admin"] as const)("a %s adds (204), lists (200) and removes (204)", async (role) => {
    const user = await createUser(role);
    const startedAt = Date.now();
    const res = await put("spring-love", user);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    const rows = await favRows(user.id);
    expect(rows.map((r) => r.trackId)).toEqual(["spring-love"]);
    expect(rows[0]!.addedAt).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(rows[0]!.addedAt).toBeLessThanOrEqual(Date.now() + 1000);

    const listed = await list(user);
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toBe("no-store");
    expect(await listed.json()).toEqual({ tracks: [await catalogTrack("spring-love")] });

    const removed = await del("spring-love", user);
    expect(removed.status).toBe(204);
    expect(await favRows(user.id)).toEqual([]);
    expect(await listOk(user)).toEqual({ tracks: [] });
  });

  it("refuses cross-site PUT and DELETE with a VIP's cookie (403 csrf) and changes nothing", async () => {
    const vip = await createUser("vip");
    await insertFav(vip.id, "dream-about-you");
    const crossSite: { headers?: Record<string, string>; noOrigin?: boolean }[] = [
      { headers: { origin: "https://evil.example" } },
      { headers: { "sec-fetch-site": "cross-site" } },
      { noOrigin: true },
    ];
    for (const options of crossSite) {
      for (const res of [await put("spring-love", vip, options), await del("dream-about-you", vip, options)]) {
        expect(res.status, JSON.stringify(options)).toBe(403);
        expect((await errorOf(res)).code).toBe("csrf");
      }
    }
    expect(await favIds(vip.id)).toEqual(["dream-about-you"]);
    // The same request from the site itself goes through.
    expect((await put("spring-love", vip, { headers: { origin: ORIGIN } })).status).toBe(204);
    expect(await favIds(vip.id)).toEqual(["dream-about-you", "spring-love"]);
  });
});

describe("PUT /api/favorites/:trackId", () => {
  it("is idempotent: twice gives 204 both times and keeps one row with its first date", async () => {
    const vip = await createUser("vip");
    expect((await put("moonlight-boulevard-3", vip)).status).toBe(204);
    const [first] = await favRows(vip.id);
    await sleep(5);
    const again = await put("moonlight-boulevard-3", vip);
    expect(again.status).toBe(204);
    expect(await favRows(vip.id)).toEqual([first]);
  });

  it("answers 400 unknown_track for a well-formed id not in the catalog, and stores nothing", async () => {
    const vip = await createUser("vip");
    const before = await allFavCount();
    for (const id of ["no-such-track", "a".repeat(100)]) {
      const res = await put(id, vip);
      expect(res.status, id).toBe(400);
      expect(await errorOf(res)).toEqual({ code: "unknown_track", message: "This track is not in the catalog" });
    }
    expect(await favRows(vip.id)).toEqual([]);
    expect(await allFavCount()).toBe(before);
  });

  it.each([
    ["uppercase", "Spring-Love"],
    ["an underscore", "spring_love"],
    ["101 characters", "a".repeat(101)],
    ["a leading dash", "-spring-love"],
    ["a double dash", "spring--love"],
    ["a space", "spring%20love"],
    ["a quote", "spring'love"],
    ["non-ASCII", "ver%C3%A3o"],
    ["broken percent-encoding", "spring%ZZlove"],
    ["an encoded slash", "spring%2Flove"],
  ])("answers 400 invalid_input for a malformed id (%s), never a 500", async (_label, id) => {
    const vip = await createUser("vip");
    for (const res of [await put(id, vip), await del(id, vip)]) {
      expect(res.status, id).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    }
    expect(await favRows(vip.id)).toEqual([]);
  });

  it("ignores a request body (the track is in the path)", async () => {
    const vip = await createUser("vip");
    const res = await call("/api/favorites/spring-love", { method: "PUT", cookie: vip.cookie, json: { trackId: "dream-about-you", extra: true } });
    expect(res.status).toBe(204);
    expect(await favIds(vip.id)).toEqual(["spring-love"]);
  });

  it("keeps each member's favorites apart", async () => {
    const a = await createUser("vip");
    const b = await createUser("vip");
    expect((await put("spring-love", a)).status).toBe(204);
    expect((await put("spring-love", b)).status).toBe(204);
    expect((await put("dream-about-you", b)).status).toBe(204);
    expect((await del("spring-love", a)).status).toBe(204);
    expect(await favIds(a.id)).toEqual([]);
    expect(await favIds(b.id)).toEqual(["dream-about-you", "spring-love"]);
    expect((await listOk(a)).tracks).toEqual([]);
    expect((await listOk(b)).tracks.map((t) => t.id)).toEqual(["dream-about-you", "spring-love"]);
  });
});

describe("DELETE /api/favorites/:trackId", () => {
  it("answers 204 for a track that is not a favorite (or not in the catalog) and removes nothing else", async () => {
    const vip = await createUser("vip");
    await insertFav(vip.id, "spring-love");
    for (const id of ["dream-about-you", "no-such-track"]) {
      const res = await del(id, vip);
      expect(res.status, id).toBe(204);
    }
    expect(await favIds(vip.id)).toEqual(["spring-love"]);
    expect((await del("spring-love", vip)).status).toBe(204);
    expect((await del("spring-love", vip)).status).toBe(204);
    expect(await favIds(vip.id)).toEqual([]);
  });
});

describe("GET /api/favorites", () => {
  it("lists newest first, as catalog TrackViews, without any audio location", async () => {
    const vip = await createUser("vip");
    const order = ["moonlight-boulevard-1", "spring-love", "moonlight-boulevard-9", "dream-about-you"];
    for (const id of order) {
      expect((await put(id, vip)).status).toBe(204);
      await sleep(3); // distinct added_at
    }
    // Adding an existing favorite again does not move it to the top.
    expect((await put("moonlight-boulevard-1", vip)).status).toBe(204);

    const res = await list(vip);
    expect(res.status).toBe(200);
    const body = await res.json<FavoritesResponse>();
    expect(Object.keys(body)).toEqual(["tracks"]);
    expect(body.tracks.map((t) => t.id)).toEqual([...order].reverse());
    for (const t of body.tracks) expect(Object.keys(t).sort(), t.id).toEqual(TRACK_VIEW_KEYS);
    const expected = await Promise.all([...order].reverse().map(catalogTrack));
    expect(body.tracks).toEqual(expected);
    expectNoAudioLocation(body);
    // The same order as D1's added_at, newest first.
    const byDate = (
      await D1.prepare("SELECT track_id AS id FROM favorites WHERE user_id = ? ORDER BY added_at DESC").bind(vip.id).all<{ id: string }>()
    ).results.map((r) => r.id);
    expect(body.tracks.map((t) => t.id)).toEqual(byDate);
  });

  it("orders by when each favorite was added, not by track id or insertion order", async () => {
    const member = await createUser("user");
    await insertFav(member.id, "cassette-summer-1", 3_000);
    await insertFav(member.id, "neon-valentine-2", 1_000);
    await insertFav(member.id, "city-lights-calling-1", 2_000);
    expect((await listOk(member)).tracks.map((t) => t.id)).toEqual(["cassette-summer-1", "city-lights-calling-1", "neon-valentine-2"]);
  });

  it("shows the catalog's current title and playability (rows hold track ids only)", async () => {
    const vip = await createUser("vip");
    await insertFav(vip.id, "crystal-telephone-1");
    const original = await D1.prepare("SELECT title, audio_key AS audioKey FROM tracks WHERE id = 'crystal-telephone-1'").first<{
      title: string;
      audioKey: string | null;
    }>();
    await D1.prepare("UPDATE tracks SET title = 'Renamed Telephone', audio_key = NULL WHERE id = 'crystal-telephone-1'").run();
    undo.push(() => D1.prepare("UPDATE tracks SET title = ?, audio_key = ? WHERE id = 'crystal-telephone-1'").bind(original!.title, original!.audioKey).run());
    const [track] = (await listOk(vip)).tracks;
    expect(track).toMatchObject({ id: "crystal-telephone-1", title: "Renamed Telephone", playable: false });
  });

  it("drops a favorite whose track leaves the catalog (the row goes with it)", async () => {
    const vip = await createUser("vip");
    await bulkTracks(2);
    expect((await put("zz-bulk-fav-1", vip)).status).toBe(204);
    expect((await put("spring-love", vip)).status).toBe(204);
    await D1.prepare("DELETE FROM tracks WHERE id = 'zz-bulk-fav-1'").run();
    expect((await listOk(vip)).tracks.map((t) => t.id)).toEqual(["spring-love"]);
    expect(await favIds(vip.id)).toEqual(["spring-love"]);
  });
});

describe("the 5,000 favorites limit", () => {
  it("answers 409 favorites_limit at 5,000 and adds nothing; re-adding one is still 204; after a removal one more fits", async () => {
    const vip = await createUser("vip");
    const ids = await bulkTracks(5000);
    const statements: D1PreparedStatement[] = [];
    const now = Date.now() - 60_000;
    for (let i = 0; i < ids.length; i += 500) {
      const values = ids
        .slice(i, i + 500)
        .map((id, j) => `('${vip.id}', '${id}', ${now + i + j})`)
        .join(", ");
      statements.push(D1.prepare(`INSERT INTO favorites (user_id, track_id, added_at) VALUES ${values}`));
    }
    await D1.batch(statements);
    expect(await favCount(vip.id)).toBe(5000);

    const res = await put("spring-love", vip);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "favorites_limit", message: "You can have at most 5,000 favorite tracks" });
    expect(await favCount(vip.id)).toBe(5000);
    expect(
      (await D1.prepare("SELECT count(*) AS n FROM favorites WHERE user_id = ? AND track_id = 'spring-love'").bind(vip.id).first<{ n: number }>())!.n,
    ).toBe(0);

    // Already a favorite: still the idempotent 204, nothing added.
    expect((await put("zz-bulk-fav-42", vip)).status).toBe(204);
    expect(await favCount(vip.id)).toBe(5000);

    // The list returns all 5,000, newest first.
    const { tracks } = await listOk(vip);
    expect(tracks).toHaveLength(5000);
    expect(tracks[0]!.id).toBe("zz-bulk-fav-5000");
    expect(tracks[4999]!.id).toBe("zz-bulk-fav-1");

    // Another member is not affected by this one's limit.
    const other = await createUser("vip");
    expect((await put("spring-love", other)).status).toBe(204);

    expect((await del("zz-bulk-fav-1", vip)).status).toBe(204);
    expect((await put("spring-love", vip)).status).toBe(204);
    expect(await favCount(vip.id)).toBe(5000);
    const again = await put("dream-about-you", vip);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("favorites_limit");
    expect(await favCount(vip.id)).toBe(5000);
  });
});
