// /api/playlists doing what it is for: a VIP's named playlists listed, created, renamed and
// deleted, tracks added, removed and reordered, positions always 0..n-1 whatever the order or
// concurrency of writes, and a constant number of D1 statements per list. Refusals are in
// playlists.errors.test.ts, roles, CSRF and other members' playlists in playlists.security.test.ts.
//
// Expectations come from raw SQL against D1 and from the public catalog API (/api/music), never
// from worker/db/music/collections.ts.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import type { PlaylistResponse, PlaylistsResponse, PlaylistView } from "../../worker/contracts/music/collections";
import { createUser, errorOf, ORIGIN } from "./helpers";
import { countingD1 } from "./d1-count";
import {
  D1,
  TRACK_VIEW_KEYS,
  UUID,
  MB,
  getList,
  create,
  rename,
  destroy,
  addTrack,
  removeTrack,
  reorder,
  listOk,
  createOk,
  addOk,
  expectError,
  playlistRows,
  playlistRow,
  trackRows,
  trackIdsInOrder,
  insertPlaylist,
  expectCompactPositions,
  catalogTrack,
  sleep,
  fivePlaylist,
  undoCatalogChanges,
  bulkTracks,
} from "./playlists-fixtures";

// Tests that add catalog rows (bulkTracks) remove them after the test.
afterEach(undoCatalogChanges);

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
    expect(body.playlists[1]).toEqual({
      id: second.id,
      name: "Second",
      createdAt: second.createdAt,
      tracks: [await catalogTrack("spring-love"), await catalogTrack("dream-about-you")],
    });
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

  it("lets two members use the same name", async () => {
    const a = await createUser("vip");
    const b = await createUser("admin");
    await createOk(a, "Chill");
    await createOk(b, "CHILL");
    expect((await playlistRows(a.id)).map((r) => r.name)).toEqual(["Chill"]);
    expect((await playlistRows(b.id)).map((r) => r.name)).toEqual(["CHILL"]);
  });

  it("accepts exactly 80 characters (counted after trimming)", async () => {
    const vip = await createUser("vip");
    const name = "y".repeat(80);
    const playlist = await createOk(vip, `  ${name}  `);
    expect(playlist.name).toBe(name);
    expect((await playlistRows(vip.id)).map((r) => r.name)).toEqual([name]);
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

  it("may take a name another member uses", async () => {
    const a = await createUser("vip");
    const b = await createUser("vip");
    await createOk(a, "Shared Name");
    const p = await createOk(b, "Mine");
    expect((await rename(b, p.id, "shared name")).status).toBe(200);
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

  it("concurrent removals of different tracks keep positions compact", async () => {
    const vip = await createUser("vip");
    const ids = Array.from({ length: 9 }, (_, i) => MB(i + 1));
    const id = await insertPlaylist(vip.id, "Shrink", ids);
    const responses = await Promise.all([MB(2), MB(5), MB(8), MB(9)].map((t) => removeTrack(vip, id, t)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await expectCompactPositions(id)).toEqual([MB(1), MB(3), MB(4), MB(6), MB(7)]);
  });
});

// ---------------------------------------------------------------------------------------------
// Reorder

describe("PUT /api/playlists/:id/order", () => {
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
