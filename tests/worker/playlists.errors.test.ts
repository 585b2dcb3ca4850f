// /api/playlists refusing what it must: taken and invalid names, bad bodies (never a 500),
// malformed and unknown ids, tracks twice or not in the catalog, full playlists, the 200 playlists
// limit, orders that are not a permutation, and writes that lose a race, each by its exact status
// and error code with nothing changed. Happy paths are in playlists.happy.test.ts, roles, CSRF and
// other members' playlists in playlists.security.test.ts.
//
// Expectations come from raw SQL against D1 and from the public catalog API (/api/music), never
// from worker/db/music/collections.ts.
import { afterEach, describe, expect, it } from "vitest";
import { call, createUser, errorOf } from "./helpers";
import {
  D1,
  MB,
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
  countRows,
  snapshot,
  insertPlaylist,
  expectCompactPositions,
  injectingD1,
  fetchWith,
  fivePlaylist,
  undoCatalogChanges,
  bulkTracks,
  WRITES,
} from "./playlists-fixtures";

// Tests that add catalog rows (bulkTracks) remove them after the test.
afterEach(undoCatalogChanges);

// ---------------------------------------------------------------------------------------------
// Create, rename, delete

describe("POST /api/playlists", () => {
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
    await expectError(
      await call(`/api/playlists/${p.id}`, { method: "PATCH", json: { name: "New", id: crypto.randomUUID() }, cookie: vip.cookie }),
      400,
      "invalid_input",
    );
    await expectError(
      await call(`/api/playlists/${p.id}`, { method: "PATCH", body: "not json", headers: { "content-type": "application/json" }, cookie: vip.cookie }),
      400,
      "bad_request",
    );
    expect(await playlistRow(p.id)).toMatchObject({ name: "Keep Me", nameKey: "keep me" });
  });

  it("answers 404 playlist_not_found for a well-formed id that does not exist", async () => {
    const vip = await createUser("vip");
    await expectError(await rename(vip, crypto.randomUUID(), "Whatever"), 404, "playlist_not_found", "Playlist not found");
    expect(await playlistRows(vip.id)).toEqual([]);
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
// Tracks

describe("POST /api/playlists/:id/tracks", () => {
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
});

describe("the 200 playlists limit", () => {
  it("answers 409 playlists_limit at 200 and creates nothing; after a deletion one more fits", async () => {
    const vip = await createUser("vip");
    const now = Date.now() - 60_000;
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < 200; i += 50) {
      const values = Array.from(
        { length: 50 },
        (_, j) => `('${crypto.randomUUID()}', '${vip.id}', 'List ${i + j}', 'list ${i + j}', ${now + i + j}, ${now})`,
      ).join(", ");
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
});
