// PUT/DELETE /api/admin/catalog/tracks/:id/master: a track's lossless master, sold as a download
// beside its MP3. Administrators only (visitor and banned 401, member, VIP and door staff 403,
// nothing written); WAV or FLAC by the file's bytes (an MP3 or anything else is 415), capped by its
// declared size before a byte is read; audited; a replaced or removed master leaves R2; and the
// release is sold in the master's format once every track has one.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, errorOf, type TestUser } from "./helpers";
import { auditCount, expectAdminOnly, userOf } from "./admin-gate-matrix";
import { createDoorStaff } from "./check-in-fixtures";
import { heldBody } from "./held-body";
import { flac, mp3Cbr, notMedia, wav } from "./media-fixtures";
import { createDb } from "../../worker/db/client";
import { releaseFormats } from "../../worker/db/music/release-formats";
import { MASTER_MAX_BYTES } from "../../worker/contracts/music/admin-catalog-limits";
import type { AdminAlbumsResponse, AdminTrackResponse } from "../../worker/contracts/music/admin-catalog";

const D1 = (env as unknown as { DB: D1Database }).DB;
const MEDIA = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const API = "/api/admin/catalog";
const ALBUM = "radio-heartline";

let admin: TestUser;
beforeAll(async () => {
  admin = await userOf("admin");
});

const put = (trackId: string, bytes: Uint8Array, cookie = admin.cookie) => call(`${API}/tracks/${trackId}/master`, { method: "PUT", body: bytes, cookie });
const remove = (trackId: string, cookie = admin.cookie) => call(`${API}/tracks/${trackId}/master`, { method: "DELETE", cookie });
const masterOf = (trackId: string) =>
  D1.prepare("SELECT master_key AS key, master_format AS format FROM tracks WHERE id = ?1")
    .bind(trackId)
    .first<{ key: string | null; format: string | null }>();
const lastAudit = () =>
  D1.prepare("SELECT action, target_id, summary FROM audit_log ORDER BY id DESC LIMIT 1").first<{ action: string; target_id: string; summary: string }>();
const keysUnder = async (prefix: string) => (await MEDIA.list({ prefix })).objects.map((o) => o.key);

async function expectCode(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect((await errorOf(res)).code).toBe(code);
}

describe("who may set a master", () => {
  it("only administrators: the others are refused and nothing is written", async () => {
    const snapshot = async () => ({ master: await masterOf(`${ALBUM}-1`), keys: await keysUnder("masters/") });
    await expectAdminOnly({ method: "PUT", path: `${API}/tracks/${ALBUM}-1/master`, body: "RIFF" }, snapshot);
    await expectAdminOnly({ method: "DELETE", path: `${API}/tracks/${ALBUM}-1/master` }, snapshot);
    const door = await createDoorStaff();
    await expectCode(await put(`${ALBUM}-1`, wav({ seconds: 1 }), door.cookie), 403, "admin_required");
    await expectCode(await remove(`${ALBUM}-1`, door.cookie), 403, "admin_required");
    expect(await snapshot()).toEqual({ master: { key: null, format: null }, keys: [] });
  });
});

describe("uploading a master", () => {
  it("stores a WAV under masters/, names it on the track, audits it, and shows it in the admin's track", async () => {
    const before = await auditCount();
    const bytes = wav({ seconds: 1 });
    const res = await put(`${ALBUM}-1`, bytes);
    expect(res.status).toBe(200);
    const { track } = await res.json<AdminTrackResponse>();
    expect(track).toMatchObject({ id: `${ALBUM}-1`, master: "wav" });
    const master = (await masterOf(`${ALBUM}-1`))!;
    expect(master.format).toBe("wav");
    expect(master.key).toMatch(new RegExp(`^masters/${ALBUM}-1-[0-9a-f]{16}\\.wav$`));
    const stored = await MEDIA.get(master.key!);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(bytes);
    expect(await auditCount()).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({ action: "track.master", target_id: `${ALBUM}-1` });
    expect(JSON.parse((await lastAudit())!.summary)).toEqual({ before: { master: null }, after: { master: master.key, format: "wav" } });
    const albums = await (await call(`${API}/albums`, { cookie: admin.cookie })).json<AdminAlbumsResponse>();
    expect(albums.albums.find((a) => a.id === ALBUM)!.tracks.map((t) => t.master)).toEqual(["wav", null, null]);
  });

  it("takes FLAC too, and deletes the master it replaces", async () => {
    const first = (await masterOf(`${ALBUM}-1`))!.key!;
    const res = await put(`${ALBUM}-1`, flac({ seconds: 1 }));
    expect(res.status).toBe(200);
    const now = (await masterOf(`${ALBUM}-1`))!;
    expect(now.format).toBe("flac");
    expect(now.key).toMatch(/\.flac$/);
    expect(await MEDIA.head(first)).toBeNull();
    expect(JSON.parse((await lastAudit())!.summary).before).toEqual({ master: first });
  });

  it("refuses an MP3 or a file of no known kind (415), an empty one (400), an unknown track (404), writing nothing", async () => {
    const before = { audit: await auditCount(), master: await masterOf(`${ALBUM}-2`), keys: (await keysUnder("masters/")).length };
    await expectCode(await put(`${ALBUM}-2`, mp3Cbr({ seconds: 1 })), 415, "unsupported_type");
    await expectCode(await put(`${ALBUM}-2`, notMedia()), 415, "unsupported_type");
    await expectCode(await put(`${ALBUM}-2`, new Uint8Array(0)), 400, "empty_file");
    await expectCode(await put("no-such-track", wav({ seconds: 1 })), 404, "track_not_found");
    expect({ audit: await auditCount(), master: await masterOf(`${ALBUM}-2`), keys: (await keysUnder("masters/")).length }).toEqual(before);
  });

  it("refuses a declared size over the cap before reading a byte (413)", async () => {
    const body = heldBody();
    const res = await call(`${API}/tracks/${ALBUM}-2/master`, {
      method: "PUT",
      body: body.stream,
      cookie: admin.cookie,
      headers: { "content-length": String(MASTER_MAX_BYTES + 1), "content-type": "application/octet-stream" },
    });
    body.end();
    await expectCode(res, 413, "too_large");
  });
});

describe("the release's formats", () => {
  it("add the master's format once every track has one, and drop it when one is removed", async () => {
    const db = createDb(D1);
    for (const n of [2, 3]) expect((await put(`${ALBUM}-${n}`, flac({ seconds: 1 }))).status).toBe(200);
    expect(await releaseFormats(db, { albumId: ALBUM })).toEqual(["mp3", "flac"]);
    const key = (await masterOf(`${ALBUM}-3`))!.key!;
    const res = await remove(`${ALBUM}-3`);
    expect(res.status).toBe(200);
    expect((await res.json<AdminTrackResponse>()).track.master).toBeNull();
    expect(await masterOf(`${ALBUM}-3`)).toEqual({ key: null, format: null });
    expect(await MEDIA.head(key)).toBeNull();
    expect(await lastAudit()).toMatchObject({ action: "track.master_remove", target_id: `${ALBUM}-3` });
    expect(await releaseFormats(db, { albumId: ALBUM })).toEqual(["mp3"]);
    await expectCode(await remove("no-such-track"), 404, "track_not_found");
  });
});
