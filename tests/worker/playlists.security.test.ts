// /api/playlists against those who must not get through: reading needs a session, every change
// needs VIP or admin, cross-site writes are refused, and another member's playlist is a 404 for
// every verb and stays as it was. Happy paths are in playlists.happy.test.ts, other refusals in
// playlists.errors.test.ts.
//
// Expectations come from raw SQL against D1 and from the public catalog API (/api/music), never
// from worker/db/music/collections.ts.
import { describe, expect, it } from "vitest";
import type { PlaylistResponse, PlaylistsResponse } from "../../worker/contracts/music/collections";
import { createUser, errorOf, ORIGIN } from "./helpers";
import {
  D1,
  UUID,
  MB,
  Options,
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
  snapshot,
  insertPlaylist,
  catalogTrack,
  WRITES,
} from "./playlists-fixtures";

// ---------------------------------------------------------------------------------------------
// Roles and CSRF

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

  it.each(["vip", "admin"] as const)(
    "a %s can create (201), rename (200), add (201), remove (200), reorder (200), list (200) and delete (204)",
    async (role) => {
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
      expect((await listed.json<PlaylistsResponse>()).playlists.map((p) => [p.id, p.name, p.tracks.map((t) => t.id)])).toEqual([
        [playlist.id, "Long Road Trip", [MB(3), MB(1)]],
      ]);

      const deleted = await destroy(user, playlist.id);
      expect(deleted.status).toBe(204);
      expect(await deleted.text()).toBe("");
      expect(await playlistRows(user.id)).toEqual([]);
      expect(await trackRows(playlist.id)).toEqual([]);
    },
  );

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
