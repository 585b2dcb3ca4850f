// /api/admin/catalog/import (decision 119): a reviewed plan creates draft releases and a slot per
// file; each file comes in parts (an R2 multipart upload), resumable from the parts its slot lists,
// refused by its bytes when they are not the declared format, and put on its track or album once
// completed (exactly once). Administrators only; stale uploads are aborted by the hourly cron.
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { call, errorOf, type TestUser } from "./helpers";
import { auditCount, expectAdminOnly, userOf } from "./admin-gate-matrix";
import { createDoorStaff } from "./check-in-fixtures";
import { flac, mp3Cbr, mp3Vbr, isoMedia, notMedia } from "./media-fixtures";
import { JPEG_1X1, PNG_1X1 } from "./image-fixtures";
import {
  CATALOG_IMPORT_API,
  IMPORT_DRAFT_RELEASE_AT,
  IMPORT_MAX_FILES,
  IMPORT_PART_BYTES,
  IMPORT_STALE_AFTER_MS,
  type ImportFileFormat,
  type ImportFileResponse,
  type ImportPartResponse,
  type ImportPlan,
  type ImportState,
} from "../../worker/contracts/music/admin-catalog-import";
import { AUDIO_MAX_BYTES } from "../../worker/contracts/music/admin-catalog-limits";
import { createDb } from "../../worker/db/client";
import { findImportFile } from "../../worker/db/music/catalog-imports";
import { completeImportFile } from "../../worker/services/media/catalog-import";
import type { AppEnv } from "../../worker/env";

const D1 = (env as unknown as { DB: D1Database }).DB;
const MEDIA = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const API = CATALOG_IMPORT_API;

let admin: TestUser;
beforeAll(async () => {
  admin = await userOf("admin");
});

async function expectCode(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect((await errorOf(res)).code).toBe(code);
}

/** `bytes` followed by zeros up to `size`: the probes read the head (and the size), not the rest. */
function padded(bytes: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(bytes);
  return out;
}

const digest = async (bytes: Uint8Array) => Buffer.from(await crypto.subtle.digest("SHA-256", bytes)).toString("hex");

const file = <F extends ImportFileFormat>(name: string, format: F, bytes: Uint8Array) => ({ name, format, size: bytes.length });

const create = (plan: unknown, cookie = admin.cookie) => call(API, { method: "POST", json: plan, cookie });
const putPart = (importId: string, fileId: string, n: number, bytes: Uint8Array, cookie = admin.cookie) =>
  call(`${API}/${importId}/files/${fileId}/parts/${n}`, { method: "PUT", body: bytes, cookie });
const complete = (importId: string, fileId: string, cookie = admin.cookie) => call(`${API}/${importId}/files/${fileId}/complete`, { method: "POST", cookie });
const slot = (importId: string, fileId: string, cookie = admin.cookie) => call(`${API}/${importId}/files/${fileId}`, { cookie });
const partOf = (bytes: Uint8Array, n: number) => bytes.subarray((n - 1) * IMPORT_PART_BYTES, n * IMPORT_PART_BYTES);

/** Sends every part of `bytes` in order and completes the slot. */
async function upload(importId: string, fileId: string, bytes: Uint8Array) {
  for (let n = 1; (n - 1) * IMPORT_PART_BYTES < bytes.length; n++) expect((await putPart(importId, fileId, n, partOf(bytes, n))).status).toBe(200);
  const res = await complete(importId, fileId);
  expect(res.status).toBe(200);
  return res.json<ImportFileResponse>();
}

async function created(plan: unknown): Promise<ImportState> {
  const res = await create(plan);
  expect(res.status).toBe(201);
  return res.json<ImportState>();
}

const counts = async () => {
  const row = await D1.prepare(
    `SELECT (SELECT count(*) FROM albums) AS albums, (SELECT count(*) FROM tracks) AS tracks, (SELECT count(*) FROM catalog_imports) AS imports,
            (SELECT count(*) FROM catalog_import_files) AS files, (SELECT count(*) FROM catalog_import_parts) AS parts,
            (SELECT count(*) FROM track_credits) AS credits, (SELECT count(*) FROM track_lyrics) AS lyrics`,
  ).first();
  return { ...row, objects: (await MEDIA.list()).objects.length };
};
const trackRow = (id: string) =>
  D1.prepare("SELECT number, audio_key, master_key, master_format, duration_seconds, isrc, label, recorded_on FROM tracks WHERE id = ?1").bind(id).first<{
    number: number;
    audio_key: string | null;
    master_key: string | null;
    master_format: string | null;
    duration_seconds: number;
    isrc: string | null;
    label: string | null;
    recorded_on: string | null;
  }>();
const fileRow = (id: string) =>
  D1.prepare("SELECT state, failure, r2_key, upload_id FROM catalog_import_files WHERE id = ?1")
    .bind(id)
    .first<{ state: string; failure: string | null; r2_key: string | null; upload_id: string | null }>();
const auditRows = (action: string, targetId: string) =>
  D1.prepare("SELECT count(*) AS n FROM audit_log WHERE action = ?1 AND target_id = ?2")
    .bind(action, targetId)
    .first<{ n: number }>()
    .then((r) => r!.n);

/** Whether R2 still has the multipart upload open (an aborted or completed one takes no part). */
async function uploadOpen(key: string, uploadId: string) {
  try {
    await MEDIA.resumeMultipartUpload(key, uploadId).uploadPart(1, "x");
    return true;
  } catch {
    return false;
  }
}

const MP3 = mp3Cbr({ seconds: 3 });
/** Tests that send 8 MiB parts take seconds on a busy machine. */
const BIG_FILE_TIMEOUT = 30_000;
const FLAC = flac({ seconds: 4 });
const oneTrack = (title: string, extra: Record<string, unknown> = {}) => ({
  releases: [{ title, type: "Single", year: 2024, tracks: [{ title: `${title} song`, number: 1, audio: file("01.mp3", "mp3", MP3), ...extra }] }],
});

describe("who may import", () => {
  it("only administrators, on every route: the others are refused and nothing changes", async () => {
    const state = await created(oneTrack("Gate"));
    const fileId = state.files[0]!.id;
    const door = await createDoorStaff();
    const requests = [
      { method: "POST", path: API, json: oneTrack("Refused") },
      { method: "GET", path: `${API}/${state.id}` },
      { method: "GET", path: `${API}/${state.id}/files/${fileId}` },
      { method: "PUT", path: `${API}/${state.id}/files/${fileId}/parts/1`, body: "ID3" },
      { method: "POST", path: `${API}/${state.id}/files/${fileId}/complete` },
      { method: "DELETE", path: `${API}/${state.id}/files/${fileId}` },
    ];
    for (const request of requests) {
      await expectAdminOnly(request, counts);
      const before = await counts();
      const res = await call(request.path, { method: request.method, json: request.json, body: request.body, cookie: door.cookie });
      await expectCode(res, 403, "admin_required");
      expect(await counts()).toEqual(before);
    }
    expect(await fileRow(fileId)).toMatchObject({ state: "pending", r2_key: null });
  });
});

describe("a plan", () => {
  it("creates draft releases, tracks numbered by disc then number, credits, lyrics and a slot per file, with one audit row", async () => {
    const before = { audit: await auditCount(), ...(await counts()) };
    const plan: ImportPlan = {
      releases: [
        {
          title: "Canção do Mar",
          type: "Album",
          year: 1998,
          label: "Selo Azul",
          notesPtBr: "Notas",
          lyricsAccess: "vip",
          cover: file("cover.png", "png", PNG_1X1),
          tracks: [
            { title: "Second disc opener", disc: 2, number: 1, audio: file("2-01.mp3", "mp3", MP3) },
            {
              title: "Primeira",
              disc: 1,
              number: 1,
              isrc: "BR-ABC-98-00001",
              recordedOn: "1997-05-31",
              credits: [
                { role: "writer", name: "Ana", detail: null },
                { role: "performer", name: "Bia", detail: "vocals" },
              ],
              lyrics: [
                { locale: "en", synced: true, body: "[00:01.00] first line" },
                { locale: "pt-BR", synced: false, body: "primeira linha" },
              ],
              audio: file("1-01.mp3", "mp3", MP3),
              master: file("1-01.flac", "flac", FLAC),
            },
          ],
        },
        {
          title: "Single",
          type: "Single",
          year: 2001,
          tracks: [{ title: "Only", number: 1, label: "Own label", audio: file("only.m4a", "m4a", isoMedia({ seconds: 5 })) }],
        },
      ],
    };
    const state = await created(plan);
    expect(state.albums.map((a) => [a.id, a.title, a.tracks.map((t) => [t.id, t.number])])).toEqual([
      [
        "cancao-do-mar",
        "Canção do Mar",
        [
          ["cancao-do-mar-primeira", 1],
          ["cancao-do-mar-second-disc-opener", 2],
        ],
      ],
      ["single", "Single", [["single-only", 1]]],
    ]);
    expect(state.files.map((f) => [f.kind, f.name, f.format, f.size, f.state, f.uploadedBytes, f.partCount])).toEqual([
      ["cover", "cover.png", "png", PNG_1X1.length, "pending", 0, 1],
      ["audio", "1-01.mp3", "mp3", MP3.length, "pending", 0, 1],
      ["master", "1-01.flac", "flac", FLAC.length, "pending", 0, 1],
      ["audio", "2-01.mp3", "mp3", MP3.length, "pending", 0, 1],
      ["audio", "only.m4a", "m4a", isoMedia({ seconds: 5 }).length, "pending", 0, 1],
    ]);
    const [album, single] = state.albums;
    expect(album!.coverFileId).toBe(state.files[0]!.id);
    expect(album!.tracks[0]).toMatchObject({ audioFileId: state.files[1]!.id, masterFileId: state.files[2]!.id });
    expect(single!.coverFileId).toBeNull();
    // What a resumed import tags an MP3 made from a master with: the stored year and ISRC (normalised).
    expect([album!.year, single!.year]).toEqual([1998, 2001]);
    expect(album!.tracks.map((t) => t.isrc)).toEqual(["BRABC9800001", null]);

    const albums = await D1.prepare(
      "SELECT id, year, release_at, early_access_at, lyrics_access, notes, notes_pt_br FROM albums WHERE id IN ('cancao-do-mar', 'single') ORDER BY position",
    ).all();
    expect(albums.results).toEqual([
      {
        id: "cancao-do-mar",
        year: 1998,
        release_at: Date.parse(IMPORT_DRAFT_RELEASE_AT),
        early_access_at: null,
        lyrics_access: "vip",
        notes: null,
        notes_pt_br: "Notas",
      },
      {
        id: "single",
        year: 2001,
        release_at: Date.parse(IMPORT_DRAFT_RELEASE_AT),
        early_access_at: null,
        lyrics_access: "public",
        notes: null,
        notes_pt_br: null,
      },
    ]);
    expect(await trackRow("cancao-do-mar-primeira")).toMatchObject({
      number: 1,
      isrc: "BRABC9800001",
      label: "Selo Azul",
      recorded_on: "1997-05-31",
      audio_key: null,
    });
    expect(await trackRow("single-only")).toMatchObject({ label: "Own label" });
    const credits = await D1.prepare(
      "SELECT position, role, name, detail FROM track_credits WHERE track_id = 'cancao-do-mar-primeira' ORDER BY position",
    ).all();
    expect(credits.results).toEqual([
      { position: 0, role: "writer", name: "Ana", detail: null },
      { position: 1, role: "performer", name: "Bia", detail: "vocals" },
    ]);
    const lyrics = await D1.prepare("SELECT locale, synced, body FROM track_lyrics WHERE track_id = 'cancao-do-mar-primeira' ORDER BY locale").all();
    expect(lyrics.results).toEqual([
      { locale: "en", synced: 1, body: "[00:01.00] first line" },
      { locale: "pt-BR", synced: 0, body: "primeira linha" },
    ]);
    expect(await auditCount()).toBe(before.audit + 1);
    expect(await auditRows("catalog.import", state.id)).toBe(1);

    // A draft is nowhere on the public site.
    const publicAlbum = await call("/api/music/albums/cancao-do-mar");
    expect(publicAlbum.status).toBe(404);
    // The same state after a reload.
    const again = await call(`${API}/${state.id}`, { cookie: admin.cookie });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(state);
  });

  it("refuses a bad plan with its code and stores nothing", async () => {
    const before = { audit: await auditCount(), ...(await counts()) };
    const dup = {
      releases: [
        { title: "Dup", type: "Album", year: 2000, tracks: [1, 1].map((n, i) => ({ title: `t${i}`, disc: 1, number: n, audio: file("a.mp3", "mp3", MP3) })) },
      ],
    };
    const res = await create(dup);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: "import_duplicate_track_number", field: "releases.0.tracks.1.number" });
    // The same number on two discs is fine; here only the plan's size is wrong.
    const tracks = Array.from({ length: 76 }, (_, i) => ({
      title: `t${i}`,
      number: i + 1,
      audio: file("a.mp3", "mp3", MP3),
      master: file("a.flac", "flac", FLAC),
    }));
    expect(tracks.length * 2).toBeGreaterThan(IMPORT_MAX_FILES);
    await expectCode(await create({ releases: [{ title: "Big", type: "Album", year: 2000, tracks }] }), 400, "import_too_many_files");
    await expectCode(await create(oneTrack("Huge", { audio: { name: "a.mp3", format: "mp3", size: AUDIO_MAX_BYTES + 1 } })), 400, "import_file_too_large");
    await expectCode(await create(oneTrack("Wrong", { audio: file("a.flac", "flac", FLAC) })), 400, "invalid_input");
    await expectCode(await create(oneTrack("Bad isrc", { isrc: "nope" })), 400, "isrc_invalid");
    const unsynced = await create(oneTrack("Unsynced", { lyrics: [{ locale: "en", synced: true, body: "no time on this line" }] }));
    expect(unsynced.status).toBe(400);
    expect(await errorOf(unsynced)).toMatchObject({ code: "lyrics_not_synced", field: "releases.0.tracks.0.lyrics.0.body" });
    await expectCode(await create({ releases: [] }), 400, "invalid_input");
    expect({ audit: await auditCount(), ...(await counts()) }).toEqual(before);
  });

  it("refuses an ISRC another track has (409) and stores nothing", async () => {
    await created(oneTrack("First isrc", { isrc: "USXYZ2400001" }));
    const before = { audit: await auditCount(), ...(await counts()) };
    await expectCode(await create(oneTrack("Second isrc", { isrc: "USXYZ2400001" })), 409, "isrc_taken");
    expect({ audit: await auditCount(), ...(await counts()) }).toEqual(before);
  });
});

describe("uploading the files", () => {
  it("puts each file on its track or album: audio with its duration, the master, the cover; answers show it done", async () => {
    const m4a = isoMedia({ seconds: 5, moovAtEnd: true });
    const state = await created({
      releases: [
        {
          title: "Happy",
          type: "Album",
          year: 2020,
          cover: file("c.png", "png", PNG_1X1),
          tracks: [{ title: "One", number: 1, durationSeconds: 100, audio: file("1.mp3", "mp3", MP3), master: file("1.flac", "flac", FLAC) }],
        },
        { title: "Happy single", type: "Single", year: 2020, tracks: [{ title: "Two", number: 1, audio: file("2.m4a", "m4a", m4a) }] },
      ],
    });
    const [cover, audio, master, m4aSlot] = state.files;
    expect((await upload(state.id, cover!.id, PNG_1X1)).file).toMatchObject({ state: "done", uploadedBytes: PNG_1X1.length });
    expect((await upload(state.id, audio!.id, MP3)).file.state).toBe("done");
    expect((await upload(state.id, master!.id, FLAC)).file.state).toBe("done");
    expect((await upload(state.id, m4aSlot!.id, m4a)).file.state).toBe("done");

    const one = (await trackRow("happy-one"))!;
    expect(one.audio_key).toMatch(/^audio\/happy-one-[0-9a-f]{16}\.mp3$/);
    expect(one.duration_seconds).toBe(3);
    expect(one.master_key).toMatch(/^masters\/happy-one-[0-9a-f]{16}\.flac$/);
    expect(one.master_format).toBe("flac");
    expect(new Uint8Array(await (await MEDIA.get(one.audio_key!))!.arrayBuffer())).toEqual(MP3);
    expect(new Uint8Array(await (await MEDIA.get(one.master_key!))!.arrayBuffer())).toEqual(FLAC);
    // As for a file uploaded alone: the MP3's bit rate and the master's facts for the player's
    // quality label, and the master's other lossless format queued (decision 121). This master is
    // a header without frames, so the job settles it as one it cannot read.
    const facts = () =>
      D1.prepare("SELECT audio_kbps, master_sample_rate, master_bit_depth, master_channels, derived_state FROM tracks WHERE id = 'happy-one'").first();
    expect(await facts()).toMatchObject({ audio_kbps: 128, master_sample_rate: 44100, master_bit_depth: 16, master_channels: 2 });
    await vi.waitFor(async () => expect((await facts())!.derived_state).toBe("failed"), { timeout: 20_000, interval: 50 });
    const two = (await trackRow("happy-single-two"))!;
    expect(two.audio_key).toMatch(/\.m4a$/);
    expect(two.duration_seconds).toBe(5);
    const coverKey = (await D1.prepare("SELECT cover_key FROM albums WHERE id = 'happy'").first<{ cover_key: string }>())!.cover_key;
    expect(coverKey).toMatch(/^covers\/happy-[0-9a-f]{16}\.png$/);
    expect((await MEDIA.head(coverKey))?.httpMetadata?.contentType).toBe("image/png");
    expect(await auditRows("track.audio", "happy-one")).toBe(1);
    expect(await auditRows("track.master", "happy-one")).toBe(1);
    expect(await auditRows("album.cover", "happy")).toBe(1);
    const after = await (await call(`${API}/${state.id}`, { cookie: admin.cookie })).json<ImportState>();
    expect(after.files.map((f) => f.state)).toEqual(["done", "done", "done", "done"]);
    // The album is still a draft: the import never publishes.
    expect((await D1.prepare("SELECT release_at FROM albums WHERE id = 'happy'").first<{ release_at: number }>())!.release_at).toBe(
      Date.parse(IMPORT_DRAFT_RELEASE_AT),
    );
  });

  it(
    "resumes: parts stored so far are listed, the rest follows, and completing twice answers the same with one write",
    async () => {
      // Three parts: a VBR header says how long it is, whatever follows.
      const big = padded(mp3Vbr({ seconds: 300 }), 2 * IMPORT_PART_BYTES + 4096);
      const state = await created(oneTrack("Resume", { audio: file("big.mp3", "mp3", big) }));
      const id = state.files[0]!.id;
      expect(state.files[0]!.partCount).toBe(3);
      for (const n of [1, 2]) {
        const res = await putPart(state.id, id, n, partOf(big, n));
        expect(res.status).toBe(200);
        expect((await res.json<ImportPartResponse>()).part).toMatchObject({ number: n, size: IMPORT_PART_BYTES });
      }
      // The connection dropped; the page asks where the file stands.
      const midway = await (await slot(state.id, id)).json<ImportFileResponse>();
      expect(midway.file).toMatchObject({ state: "uploading", uploadedBytes: 2 * IMPORT_PART_BYTES });
      expect(midway.parts.map((p) => [p.number, p.size])).toEqual([
        [1, IMPORT_PART_BYTES],
        [2, IMPORT_PART_BYTES],
      ]);
      await expectCode(await complete(state.id, id), 409, "import_parts_missing");
      // A part sent again replaces itself.
      expect((await putPart(state.id, id, 2, partOf(big, 2))).status).toBe(200);
      expect((await putPart(state.id, id, 3, partOf(big, 3))).status).toBe(200);

      const first = await complete(state.id, id);
      expect(first.status).toBe(200);
      const answer = await first.json<ImportFileResponse>();
      expect(answer.file).toMatchObject({ state: "done", uploadedBytes: big.length });
      const second = await complete(state.id, id);
      expect(second.status).toBe(200);
      expect(await second.json()).toEqual(answer);
      expect(await auditRows("track.audio", "resume-resume-song")).toBe(1);
      const track = (await trackRow("resume-resume-song"))!;
      expect(track.duration_seconds).toBe(300);
      // Compared by digest: a failing comparison of 17 MB arrays would print them.
      expect(await digest(new Uint8Array(await (await MEDIA.get(track.audio_key!))!.arrayBuffer()))).toBe(await digest(big));
      await expectCode(await putPart(state.id, id, 1, partOf(big, 1)), 409, "import_file_closed");
    },
    BIG_FILE_TIMEOUT,
  );

  it("completes once when two completes race: the one that read the slot before the other finished it writes nothing", async () => {
    const state = await created(oneTrack("Race"));
    const id = state.files[0]!.id;
    expect((await putPart(state.id, id, 1, MP3)).status).toBe(200);
    // What a concurrent request read before this one finished the slot.
    const seenBefore = (await findImportFile(createDb(D1), state.id, id))!;
    expect(seenBefore.state).toBe("uploading");
    expect((await complete(state.id, id)).status).toBe(200);
    const key = (await trackRow("race-race-song"))!.audio_key;
    await completeImportFile({ db: createDb(D1), bucket: MEDIA, actor: { id: admin.id, email: admin.email }, env: env as unknown as AppEnv }, seenBefore);
    expect(await auditRows("track.audio", "race-race-song")).toBe(1);
    expect((await trackRow("race-race-song"))!.audio_key).toBe(key);
    expect(await MEDIA.head(key!)).not.toBeNull();
  });

  it(
    "refuses parts out of place: past the end or too long 413, too short 400, a later part before the first 409",
    async () => {
      const big = padded(flac({ seconds: 60 }), IMPORT_PART_BYTES + 1000);
      const state = await created(oneTrack("Places", { master: file("m.flac", "flac", big) }));
      const master = state.files[1]!;
      await expectCode(await putPart(state.id, master.id, 2, big.subarray(IMPORT_PART_BYTES)), 409, "import_first_part_first");
      await expectCode(await putPart(state.id, master.id, 3, new Uint8Array(10)), 413, "too_large");
      await expectCode(await putPart(state.id, master.id, 1, big.subarray(0, IMPORT_PART_BYTES + 1)), 413, "too_large");
      await expectCode(await putPart(state.id, master.id, 1, big.subarray(0, IMPORT_PART_BYTES - 1)), 400, "upload_incomplete");
      expect(await fileRow(master.id)).toMatchObject({ state: "pending", r2_key: null });
      expect((await putPart(state.id, master.id, 1, big.subarray(0, IMPORT_PART_BYTES))).status).toBe(200);
      await expectCode(await putPart(state.id, master.id, 2, big.subarray(IMPORT_PART_BYTES - 1)), 413, "too_large");
      await expectCode(await putPart(state.id, master.id, 2, new Uint8Array(999)), 400, "upload_incomplete");
      const res = await putPart(state.id, master.id, 2, big.subarray(IMPORT_PART_BYTES));
      expect(res.status).toBe(200);
      expect((await res.json<ImportPartResponse>()).part).toMatchObject({ number: 2, size: 1000 });
      expect((await complete(state.id, master.id)).status).toBe(200);
      expect((await trackRow("places-places-song"))!.master_format).toBe("flac");
    },
    BIG_FILE_TIMEOUT,
  );

  it("refuses a file whose bytes are not the declared kind (415): the slot fails, its upload is aborted, nothing is set", async () => {
    const state = await created({
      releases: [
        {
          title: "Wrong kinds",
          type: "Album",
          year: 2020,
          cover: file("c.png", "png", JPEG_1X1),
          tracks: [{ title: "One", number: 1, audio: file("1.mp3", "mp3", MP3), master: file("1.flac", "flac", JPEG_1X1) }],
        },
      ],
    });
    const [cover, audio, master] = state.files;
    const before = { audit: await auditCount(), objects: (await MEDIA.list()).objects.length };
    // An MP3 slot given FLAC bytes; a .flac that is a JPEG; a cover that is a JPEG though declared PNG.
    await expectCode(await putPart(state.id, audio!.id, 1, padded(FLAC, MP3.length)), 415, "unsupported_type");
    await expectCode(await putPart(state.id, master!.id, 1, JPEG_1X1), 415, "unsupported_type");
    await expectCode(await putPart(state.id, cover!.id, 1, JPEG_1X1), 415, "unsupported_type");
    for (const f of [cover, audio, master]) expect(await fileRow(f!.id)).toMatchObject({ state: "failed", failure: "unsupported_type" });
    expect(await trackRow("wrong-kinds-one")).toMatchObject({ audio_key: null, master_key: null });
    expect({ audit: await auditCount(), objects: (await MEDIA.list()).objects.length }).toEqual(before);
    await expectCode(await putPart(state.id, audio!.id, 1, MP3), 409, "import_file_closed");
    await expectCode(await complete(state.id, audio!.id), 409, "import_file_closed");
  });

  it(
    "aborts an upload already open when its first part is sent again with the wrong bytes",
    async () => {
      const big = padded(MP3, IMPORT_PART_BYTES + 4096);
      const state = await created(oneTrack("Reopened", { audio: file("a.mp3", "mp3", big) }));
      const id = state.files[0]!.id;
      expect((await putPart(state.id, id, 1, partOf(big, 1))).status).toBe(200);
      const open = (await fileRow(id))!;
      expect(await uploadOpen(open.r2_key!, open.upload_id!)).toBe(true);
      await expectCode(await putPart(state.id, id, 1, padded(notMedia(), IMPORT_PART_BYTES)), 415, "unsupported_type");
      expect(await fileRow(id)).toMatchObject({ state: "failed", failure: "unsupported_type" });
      expect(await uploadOpen(open.r2_key!, open.upload_id!)).toBe(false);
      const answer = await (await slot(state.id, id)).json<ImportFileResponse>();
      expect(answer).toMatchObject({ file: { state: "failed", failure: "unsupported_type", uploadedBytes: 0 }, parts: [] });
    },
    BIG_FILE_TIMEOUT,
  );

  it("gives a file up on request (DELETE), but not a finished one", async () => {
    const state = await created({
      releases: [
        {
          title: "Give up",
          type: "Album",
          year: 2020,
          tracks: [{ title: "One", number: 1, audio: file("1.mp3", "mp3", MP3), master: file("1.flac", "flac", FLAC) }],
        },
      ],
    });
    const [audio, master] = state.files;
    await upload(state.id, audio!.id, MP3);
    const res = await call(`${API}/${state.id}/files/${master!.id}`, { method: "DELETE", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await res.json<ImportFileResponse>()).file).toMatchObject({ state: "failed", failure: "aborted" });
    await expectCode(await call(`${API}/${state.id}/files/${audio!.id}`, { method: "DELETE", cookie: admin.cookie }), 409, "import_file_closed");
  });

  it("answers 404 for an unknown import, an unknown slot and another import's slot", async () => {
    const a = await created(oneTrack("Mine"));
    const b = await created(oneTrack("Theirs"));
    await expectCode(await call(`${API}/no-such-import`, { cookie: admin.cookie }), 404, "import_not_found");
    await expectCode(await slot("no-such-import", a.files[0]!.id), 404, "import_not_found");
    await expectCode(await slot(a.id, "no-such-file"), 404, "import_file_not_found");
    await expectCode(await slot(a.id, b.files[0]!.id), 404, "import_file_not_found");
    await expectCode(await putPart(a.id, b.files[0]!.id, 1, MP3), 404, "import_file_not_found");
    await expectCode(await complete(a.id, b.files[0]!.id), 404, "import_file_not_found");
    expect(await fileRow(b.files[0]!.id)).toMatchObject({ state: "pending" });
  });
});

describe("abandoned imports", () => {
  const runHourly = (scheduledTime: number) => worker.scheduled(createScheduledController({ scheduledTime, cron: "0 * * * *" }), env, createExecutionContext());

  it(
    "are aborted by the hourly cron a day after their last part; the drafts stay",
    async () => {
      const big = padded(MP3, IMPORT_PART_BYTES + 4096);
      const state = await created({
        releases: [
          {
            title: "Stale",
            type: "Album",
            year: 2020,
            tracks: [{ title: "One", number: 1, audio: file("1.mp3", "mp3", big), master: file("1.flac", "flac", FLAC) }],
          },
        ],
      });
      const [audio, master] = state.files;
      expect((await putPart(state.id, audio!.id, 1, partOf(big, 1))).status).toBe(200);
      const open = (await fileRow(audio!.id))!;
      const lastPartAt = Date.now();

      await runHourly(lastPartAt + IMPORT_STALE_AFTER_MS - 60_000);
      expect(await fileRow(audio!.id)).toMatchObject({ state: "uploading" });
      expect(await fileRow(master!.id)).toMatchObject({ state: "pending" });

      await runHourly(lastPartAt + IMPORT_STALE_AFTER_MS + 60_000);
      expect(await fileRow(audio!.id)).toMatchObject({ state: "failed", failure: "expired" });
      expect(await fileRow(master!.id)).toMatchObject({ state: "failed", failure: "expired" });
      expect(await uploadOpen(open.r2_key!, open.upload_id!)).toBe(false);
      expect((await D1.prepare("SELECT count(*) AS n FROM catalog_import_parts WHERE file_id = ?1").bind(audio!.id).first<{ n: number }>())!.n).toBe(0);
      expect(await trackRow("stale-one")).toMatchObject({ audio_key: null });
      // A second run finds nothing more to do.
      await runHourly(lastPartAt + IMPORT_STALE_AFTER_MS + 3_600_000);
      expect(await fileRow(audio!.id)).toMatchObject({ state: "failed", failure: "expired" });
    },
    BIG_FILE_TIMEOUT,
  );
});
