// /api/admin/catalog: catalog management for administrators only. Every route answers visitor and
// banned 401, member and VIP 403 (writing nothing), admin 2xx with an audit row per write; bad input
// is a 400 that changes nothing; uploads are typed by their bytes and capped by their declared size
// before a byte is read; audio durations come from the files; a deleted track's plays stay counted;
// the public catalog shows an edit at once.
//
// Expectations come from raw SQL against D1 and R2, never from the query functions under test.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { call, createUser, errorOf, ORIGIN, type TestUser } from "./helpers";
import { cookieFor, expectRefused, NON_ADMIN_ROLES, userOf } from "./admin-gate-matrix";
import { PNG_1X1, GIF_1X1, JPEG_1X1, pngSized, claimingSize } from "./image-fixtures";
import { isoMedia, mp3Cbr, mp3Vbr, notMedia, wav, webm } from "./media-fixtures";
import { heldBody } from "./held-body";
import {
  AUDIO_MAX_BYTES,
  CATALOG_IMAGE_MAX_BYTES,
  CATALOG_MESSAGES,
  VIDEO_MAX_BYTES,
  type AdminAlbumResponse,
  type AdminAlbumsResponse,
  type AdminChannelResponse,
  type AdminStationResponse,
  type AdminTrackResponse,
  type ChannelVideoResponse,
  type DeletedResponse,
  type TrackAudioResponse,
} from "../../worker/contracts/music/admin-catalog";
import type { AlbumResponse, AlbumsResponse, TrackResponse } from "../../worker/contracts/music/music";
import type { StationsResponse } from "../../worker/contracts/radio";
import type { ChannelsResponse } from "../../worker/contracts/tv";

const D1 = (env as unknown as { DB: D1Database }).DB;
const media = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const API = "/api/admin/catalog";
const ALLOWED_HOST = "files.example.com";

let serial = 0;
const nextId = (prefix: string) => `${prefix}-${++serial}`;

// ----- rows made straight in D1 -----

async function seedAlbum({ tracks = 0, title }: { tracks?: number; title?: string } = {}): Promise<{ id: string; trackIds: string[] }> {
  const id = nextId("t-album");
  await D1.prepare("INSERT INTO albums (id, title, year, type, cover_key, position) VALUES (?1, ?2, 2001, 'Album', NULL, 1000 + ?3)")
    .bind(id, title ?? `Album ${id}`, serial)
    .run();
  const trackIds: string[] = [];
  for (let n = 1; n <= tracks; n++) trackIds.push(await seedTrack(id, { number: n }));
  return { id, trackIds };
}

async function seedTrack(albumId: string, { number = 1, audioKey = null as string | null, title = "" } = {}): Promise<string> {
  const id = nextId("t-track");
  await D1.prepare("INSERT INTO tracks (id, album_id, title, number, duration_seconds, audio_key) VALUES (?1, ?2, ?3, ?4, 77, ?5)")
    .bind(id, albumId, title || `Track ${id}`, number, audioKey)
    .run();
  return id;
}

async function seedStation(): Promise<string> {
  const id = nextId("t-station");
  await D1.prepare(
    "INSERT INTO radio_stations (id, name, description_en, description_pt_br, features, source_type, position) VALUES (?1, ?2, 'en', 'pt', '[]', 'catalog', 1000 + ?3)",
  )
    .bind(id, `Station ${id}`, serial)
    .run();
  return id;
}

async function seedChannel(): Promise<string> {
  const id = nextId("t-channel");
  await D1.prepare(
    "INSERT INTO tv_channels (id, name, description_en, description_pt_br, category, type, duration_seconds, position) VALUES (?1, ?2, 'en', 'pt', 'music_video', 'video', 0, 1000 + ?3)",
  )
    .bind(id, `Channel ${id}`, serial)
    .run();
  return id;
}

const row = <T>(query: string, ...binds: unknown[]) =>
  D1.prepare(query)
    .bind(...binds)
    .first<T>();
const ids = async (table: string) => (await D1.prepare(`SELECT id FROM ${table} ORDER BY position, id`).all<{ id: string }>()).results.map((r) => r.id);
const auditCount = async () => (await row<{ n: number }>("SELECT count(*) AS n FROM audit_log"))!.n;
const lastAudit = () =>
  row<{ action: string; target_type: string; target_id: string | null; actor_email: string; summary: string }>(
    "SELECT * FROM audit_log ORDER BY id DESC LIMIT 1",
  );
/** Byte-for-byte equality without a deep-equal diff of a megabyte array. */
const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
const keysUnder = async (prefix: string) => (await media.list({ prefix })).objects.map((o) => o.key);

// ----- requests -----

type Req = { method: string; path: string; json?: unknown; body?: Uint8Array; hosts?: boolean; headers?: Record<string, string> };

/** Through the app with AUDIO_PROXY_HOSTS set (the test environment allows no remote host). */
async function callWithHosts(path: string, { method = "PUT", json, cookie }: { method?: string; json?: unknown; cookie?: string }) {
  const headers = new Headers({ origin: ORIGIN, "content-type": "application/json", "cf-connecting-ip": "198.18.200.1" });
  if (cookie) headers.set("cookie", cookie);
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(ORIGIN + path, { method, headers, body: JSON.stringify(json) }), { ...env, AUDIO_PROXY_HOSTS: ALLOWED_HOST }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

function send(req: Req, cookie?: string) {
  if (req.hosts) return callWithHosts(req.path, { method: req.method, json: req.json, cookie });
  return call(req.path, { method: req.method, json: req.json, body: req.body, cookie, headers: req.headers });
}

const upload = (path: string, bytes: Uint8Array, cookie: string, headers: Record<string, string> = {}) =>
  call(path, { method: "PUT", body: bytes, cookie, headers });

/**
 * A PUT that declares `declared` bytes and sends none until it has its answer (held-body.ts): the
 * answer can only come from the declared size, never from bytes read.
 */
async function putDeclared(path: string, cookie: string, declared: number) {
  const body = heldBody();
  const headers = { "content-length": String(declared), "content-type": "application/octet-stream" };
  const res = await call(path, { method: "PUT", body: body.stream, cookie, headers });
  body.end();
  return res;
}

let admin: TestUser;

beforeAll(async () => {
  admin = await userOf("admin");
});

// ----- every route, every role -----

type Case = { name: string; status: number; action?: string; make(): Promise<Req> };

const CASES: Case[] = [
  { name: "GET /albums", status: 200, make: async () => ({ method: "GET", path: `${API}/albums` }) },
  {
    name: "POST /albums",
    status: 201,
    action: "album.create",
    make: async () => ({ method: "POST", path: `${API}/albums`, json: { title: `Role Album ${++serial}`, year: 2020, type: "Album" } }),
  },
  {
    name: "PUT /albums/order",
    status: 200,
    action: "album.reorder",
    make: async () => ({ method: "PUT", path: `${API}/albums/order`, json: { ids: (await ids("albums")).reverse() } }),
  },
  {
    name: "PATCH /albums/:id",
    status: 200,
    action: "album.update",
    make: async () => ({ method: "PATCH", path: `${API}/albums/${(await seedAlbum()).id}`, json: { title: "Renamed" } }),
  },
  {
    name: "DELETE /albums/:id",
    status: 200,
    action: "album.delete",
    make: async () => ({ method: "DELETE", path: `${API}/albums/${(await seedAlbum({ tracks: 1 })).id}` }),
  },
  {
    name: "PUT /albums/:id/cover",
    status: 200,
    action: "album.cover",
    make: async () => ({ method: "PUT", path: `${API}/albums/${(await seedAlbum()).id}/cover`, body: PNG_1X1 }),
  },
  {
    name: "POST /albums/:id/tracks",
    status: 201,
    action: "track.create",
    make: async () => ({ method: "POST", path: `${API}/albums/${(await seedAlbum()).id}/tracks`, json: { title: "New Song" } }),
  },
  {
    name: "PUT /albums/:id/tracks/order",
    status: 200,
    action: "track.reorder",
    make: async () => {
      const album = await seedAlbum({ tracks: 2 });
      return { method: "PUT", path: `${API}/albums/${album.id}/tracks/order`, json: { ids: [...album.trackIds].reverse() } };
    },
  },
  {
    name: "PATCH /tracks/:id",
    status: 200,
    action: "track.update",
    make: async () => ({ method: "PATCH", path: `${API}/tracks/${await seedTrack((await seedAlbum()).id)}`, json: { title: "Edited" } }),
  },
  {
    name: "DELETE /tracks/:id",
    status: 200,
    action: "track.delete",
    make: async () => ({ method: "DELETE", path: `${API}/tracks/${await seedTrack((await seedAlbum()).id)}` }),
  },
  {
    name: "PUT /tracks/:id/audio",
    status: 200,
    action: "track.audio",
    make: async () => ({ method: "PUT", path: `${API}/tracks/${await seedTrack((await seedAlbum()).id)}/audio`, body: mp3Cbr({ seconds: 2 }) }),
  },
  {
    name: "PUT /tracks/:id/audio-url",
    status: 200,
    action: "track.audio_url",
    make: async () => ({
      method: "PUT",
      path: `${API}/tracks/${await seedTrack((await seedAlbum()).id)}/audio-url`,
      json: { url: `https://${ALLOWED_HOST}/song.mp3` },
      hosts: true,
    }),
  },
  {
    name: "DELETE /tracks/:id/audio",
    status: 200,
    action: "track.audio_remove",
    make: async () => ({ method: "DELETE", path: `${API}/tracks/${await seedTrack((await seedAlbum()).id, { audioKey: "audio/nothing-here.mp3" })}/audio` }),
  },
  { name: "GET /stations", status: 200, make: async () => ({ method: "GET", path: `${API}/stations` }) },
  {
    name: "POST /stations",
    status: 201,
    action: "station.create",
    make: async () => ({
      method: "POST",
      path: `${API}/stations`,
      json: { name: `Role Radio ${++serial}`, descriptionEn: "All hits", descriptionPtBr: "Todos os sucessos", sourceType: "catalog" },
    }),
  },
  {
    name: "PUT /stations/order",
    status: 200,
    action: "station.reorder",
    make: async () => ({ method: "PUT", path: `${API}/stations/order`, json: { ids: (await ids("radio_stations")).reverse() } }),
  },
  {
    name: "PATCH /stations/:id",
    status: 200,
    action: "station.update",
    make: async () => ({ method: "PATCH", path: `${API}/stations/${await seedStation()}`, json: { name: "Renamed Radio" } }),
  },
  {
    name: "DELETE /stations/:id",
    status: 200,
    action: "station.delete",
    make: async () => ({ method: "DELETE", path: `${API}/stations/${await seedStation()}` }),
  },
  {
    name: "PUT /stations/:id/picture",
    status: 200,
    action: "station.picture",
    make: async () => ({ method: "PUT", path: `${API}/stations/${await seedStation()}/picture`, body: JPEG_1X1 }),
  },
  { name: "GET /channels", status: 200, make: async () => ({ method: "GET", path: `${API}/channels` }) },
  {
    name: "POST /channels",
    status: 201,
    action: "channel.create",
    make: async () => ({
      method: "POST",
      path: `${API}/channels`,
      json: { name: `Role TV ${++serial}`, descriptionEn: "Videos", descriptionPtBr: "Vídeos", category: "music_video" },
    }),
  },
  {
    name: "PUT /channels/order",
    status: 200,
    action: "channel.reorder",
    make: async () => ({ method: "PUT", path: `${API}/channels/order`, json: { ids: (await ids("tv_channels")).reverse() } }),
  },
  {
    name: "PATCH /channels/:id",
    status: 200,
    action: "channel.update",
    make: async () => ({ method: "PATCH", path: `${API}/channels/${await seedChannel()}`, json: { durationSeconds: 95 } }),
  },
  {
    name: "DELETE /channels/:id",
    status: 200,
    action: "channel.delete",
    make: async () => ({ method: "DELETE", path: `${API}/channels/${await seedChannel()}` }),
  },
  {
    name: "PUT /channels/:id/thumbnail",
    status: 200,
    action: "channel.thumbnail",
    make: async () => ({ method: "PUT", path: `${API}/channels/${await seedChannel()}/thumbnail`, body: PNG_1X1 }),
  },
  {
    name: "PUT /channels/:id/video",
    status: 200,
    action: "channel.video",
    make: async () => ({ method: "PUT", path: `${API}/channels/${await seedChannel()}/video`, body: isoMedia({ seconds: 30, brand: "isom" }) }),
  },
];

describe("/api/admin/catalog: every route, every role", () => {
  for (const c of CASES) {
    for (const [role, status] of NON_ADMIN_ROLES) {
      it(`${c.name} as ${role} → ${status}, nothing written`, async () => {
        const req = await c.make();
        const before = await auditCount();
        const res = await send(req, await cookieFor(role));
        await expectRefused(res, role);
        expect(await auditCount()).toBe(before);
      });
    }
    it(`${c.name} as admin → ${c.status}${c.action ? `, audited as ${c.action}` : ""}`, async () => {
      const req = await c.make();
      const before = await auditCount();
      const res = await send(req, admin.cookie);
      expect(res.status, await res.clone().text()).toBe(c.status);
      if (!c.action) {
        expect(await auditCount()).toBe(before);
        return;
      }
      expect(await auditCount()).toBe(before + 1);
      const audit = (await lastAudit())!;
      expect(audit.action).toBe(c.action);
      expect(audit.actor_email).toBe(admin.email);
      expect(JSON.parse(audit.summary)).toBeTypeOf("object");
    });
  }
});

// ----- albums and tracks -----

describe("albums", () => {
  it("lists every album in catalog order with its tracks, covers as public URLs, audio as its kind", async () => {
    const res = await call(`${API}/albums`, { cookie: admin.cookie });
    const { albums } = await res.json<AdminAlbumsResponse>();
    expect(albums.map((a) => a.id)).toEqual(await ids("albums"));
    const city = albums.find((a) => a.id === "city-lights-calling")!;
    expect(city.coverUrl).toBe("/media/covers/city-lights-calling.png");
    expect(city.tracks.map((t) => [t.id, t.number, t.audio])).toEqual([
      ["city-lights-calling-1", 1, { kind: "file", format: "mp3" }],
      ["city-lights-calling-2", 2, { kind: "file", format: "mp3" }],
    ]);
  });

  it("creates an album at the end of the catalog with a slug id made from its title", async () => {
    const res = await call(`${API}/albums`, { json: { title: "  Satin & Neon  ", year: 2025, type: "Single" }, cookie: admin.cookie });
    expect(res.status).toBe(201);
    const { album } = await res.json<AdminAlbumResponse>();
    // "satin-and-neon" is taken by the seed: the new one gets its own id.
    expect(album).toMatchObject({ id: "satin-and-neon-2", title: "Satin & Neon", year: 2025, type: "Single", coverUrl: null, tracks: [] });
    const stored = await row<{ position: number }>("SELECT position FROM albums WHERE id = ?", album.id);
    expect(stored!.position).toBe((await row<{ p: number }>("SELECT max(position) AS p FROM albums"))!.p);
    const audit = (await lastAudit())!;
    expect([audit.action, audit.target_type, audit.target_id, audit.actor_email]).toEqual(["album.create", "album", album.id, admin.email]);
    expect(JSON.parse(audit.summary)).toEqual({ after: { title: "Satin & Neon", year: 2025, type: "Single" } });
  });

  it("edits title, year and type, and records what they were", async () => {
    const { id } = await seedAlbum({ title: "Before" });
    const res = await call(`${API}/albums/${id}`, { method: "PATCH", json: { title: "After", type: "Single" }, cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await res.json<AdminAlbumResponse>()).album).toMatchObject({ title: "After", type: "Single", year: 2001 });
    expect(JSON.parse((await lastAudit())!.summary)).toEqual({ before: { title: "Before", type: "Album" }, after: { title: "After", type: "Single" } });
  });

  it("reorders albums by a full list of ids, and refuses a stale list with 409", async () => {
    const order = await ids("albums");
    const moved = [order[1]!, order[0]!, ...order.slice(2)];
    const res = await call(`${API}/albums/order`, { method: "PUT", json: { ids: moved }, cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await res.json<AdminAlbumsResponse>()).albums.map((a) => a.id)).toEqual(moved);
    expect(await ids("albums")).toEqual(moved);
    const positions = (await D1.prepare("SELECT position FROM albums ORDER BY position").all<{ position: number }>()).results.map((r) => r.position);
    expect(positions).toEqual(moved.map((_, i) => i));

    const stale = await call(`${API}/albums/order`, { method: "PUT", json: { ids: moved.slice(1) }, cookie: admin.cookie });
    expect(stale.status).toBe(409);
    expect(await errorOf(stale)).toEqual({ code: "order_changed", message: CATALOG_MESSAGES.orderChanged });
    expect(await ids("albums")).toEqual(moved);
  });

  it("deletes an album: its tracks go to retired_tracks first, its plays stay, stations forget it, its media leaves R2", async () => {
    const { id, trackIds } = await seedAlbum({ tracks: 2, title: "Doomed Album" });
    await media.put("covers/doomed.png", PNG_1X1);
    await media.put("audio/doomed-1.mp3", mp3Cbr({ seconds: 1 }));
    await D1.batch([
      D1.prepare("UPDATE albums SET cover_key = 'covers/doomed.png' WHERE id = ?").bind(id),
      D1.prepare("UPDATE tracks SET audio_key = 'audio/doomed-1.mp3' WHERE id = ?").bind(trackIds[0]),
      D1.prepare("UPDATE radio_stations SET album_ids = json_array(?1, 'freestyle-nights') WHERE id = 'nyc-rhythm'").bind(id),
      D1.prepare("INSERT INTO track_plays (user_id, track_id, played_at) VALUES (?1, ?2, 1000), (?1, ?2, 2000), (?1, ?3, 3000)").bind(
        admin.id,
        trackIds[0],
        trackIds[1],
      ),
    ]);
    const res = await call(`${API}/albums/${id}`, { method: "DELETE", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await res.json<DeletedResponse>()).toEqual({ deleted: id, retiredTracks: 2 });
    expect(await row("SELECT id FROM albums WHERE id = ?", id)).toBeNull();
    expect(await row("SELECT id FROM tracks WHERE album_id = ?", id)).toBeNull();
    const retired = (
      await D1.prepare("SELECT id, title, album_title AS albumTitle FROM retired_tracks WHERE id IN (?1, ?2) ORDER BY id")
        .bind(...trackIds)
        .all()
    ).results;
    expect(retired).toEqual(trackIds.map((t) => ({ id: t, title: `Track ${t}`, albumTitle: "Doomed Album" })));
    expect((await row<{ n: number }>("SELECT count(*) AS n FROM track_plays WHERE track_id IN (?1, ?2)", ...trackIds))!.n).toBe(3);
    expect(JSON.parse((await row<{ album_ids: string }>("SELECT album_ids FROM radio_stations WHERE id = 'nyc-rhythm'"))!.album_ids)).toEqual([
      "freestyle-nights",
    ]);
    expect(await media.head("covers/doomed.png")).toBeNull();
    expect(await media.head("audio/doomed-1.mp3")).toBeNull();
    const audit = (await lastAudit())!;
    expect(audit.action).toBe("album.delete");
    expect(JSON.parse(audit.summary)).toMatchObject({ detail: { kind: "album_tracks_retired", count: 2 }, note: "2 track(s) retired; their plays are kept" });
  });
});

describe("tracks", () => {
  it("creates a track after the album's last one, with an id never used before (not even by a deleted track)", async () => {
    const { id } = await seedAlbum({ tracks: 2 });
    await D1.prepare("INSERT INTO retired_tracks (id, title, album_title, retired_at) VALUES (?1, 'Old', 'Old', 1)").bind(`${id}-encore`).run();
    const res = await call(`${API}/albums/${id}/tracks`, { json: { title: "Encore", durationSeconds: 200 }, cookie: admin.cookie });
    expect(res.status).toBe(201);
    const { track } = await res.json<AdminTrackResponse>();
    expect(track).toMatchObject({ id: `${id}-encore-2`, albumId: id, title: "Encore", number: 3, durationSeconds: 200, plays: 0, audio: { kind: "none" } });
    expect(JSON.parse((await lastAudit())!.summary)).toEqual({ after: { albumId: id, title: "Encore", number: 3, durationSeconds: 200 } });
  });

  it("refuses a number another track of the album has (409), on create and on edit", async () => {
    const { id, trackIds } = await seedAlbum({ tracks: 2 });
    const before = await auditCount();
    const created = await call(`${API}/albums/${id}/tracks`, { json: { title: "Clash", number: 2 }, cookie: admin.cookie });
    expect(created.status).toBe(409);
    expect(await errorOf(created)).toEqual({ code: "number_taken", message: CATALOG_MESSAGES.numberTaken });
    const edited = await call(`${API}/tracks/${trackIds[0]}`, { method: "PATCH", json: { number: 2 }, cookie: admin.cookie });
    expect(edited.status).toBe(409);
    expect(await auditCount()).toBe(before);
  });

  it("edits title, number and duration", async () => {
    const { trackIds } = await seedAlbum({ tracks: 1 });
    const res = await call(`${API}/tracks/${trackIds[0]}`, {
      method: "PATCH",
      json: { title: "Extended Mix", number: 7, durationSeconds: 412 },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect((await res.json<AdminTrackResponse>()).track).toMatchObject({ title: "Extended Mix", number: 7, durationSeconds: 412 });
    expect(await row("SELECT title, number, duration_seconds AS d FROM tracks WHERE id = ?", trackIds[0])).toEqual({
      title: "Extended Mix",
      number: 7,
      d: 412,
    });
  });

  it("reorders an album's tracks: numbers 1..n in the new order", async () => {
    const { id, trackIds } = await seedAlbum({ tracks: 4 });
    const order = [trackIds[2]!, trackIds[0]!, trackIds[3]!, trackIds[1]!];
    const res = await call(`${API}/albums/${id}/tracks/order`, { method: "PUT", json: { ids: order }, cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await res.json<AdminAlbumResponse>()).album.tracks.map((t) => [t.id, t.number])).toEqual(order.map((t, i) => [t, i + 1]));
    const stored = (await D1.prepare("SELECT id FROM tracks WHERE album_id = ? ORDER BY number").bind(id).all<{ id: string }>()).results.map((r) => r.id);
    expect(stored).toEqual(order);
    const incomplete = await call(`${API}/albums/${id}/tracks/order`, { method: "PUT", json: { ids: order.slice(0, 3) }, cookie: admin.cookie });
    expect(incomplete.status).toBe(409);
  });

  it("deletes a track but keeps its play history: track_plays rows remain and retired_tracks names it", async () => {
    const { id: albumId } = await seedAlbum({ title: "Kept Album" });
    const trackId = await seedTrack(albumId, { title: "Played Song" });
    const listener = await createUser("vip");
    await D1.prepare("INSERT INTO track_plays (user_id, track_id, played_at) VALUES (?1, ?2, 1000), (?1, ?2, 50000), (?3, ?2, 90000)")
      .bind(listener.id, trackId, admin.id)
      .run();
    const res = await call(`${API}/tracks/${trackId}`, { method: "DELETE", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await res.json<DeletedResponse>()).toEqual({ deleted: trackId, retiredTracks: 1 });
    expect(await row("SELECT id FROM tracks WHERE id = ?", trackId)).toBeNull();
    expect((await row<{ n: number }>("SELECT count(*) AS n FROM track_plays WHERE track_id = ?", trackId))!.n).toBe(3);
    expect(await row("SELECT title, album_title AS albumTitle FROM retired_tracks WHERE id = ?", trackId)).toEqual({
      title: "Played Song",
      albumTitle: "Kept Album",
    });
    const audit = (await lastAudit())!;
    expect([audit.action, audit.target_id]).toEqual(["track.delete", trackId]);
    expect(JSON.parse(audit.summary).before).toMatchObject({ title: "Played Song", albumId });
  });
});

// ----- uploads -----

describe("track audio upload", () => {
  async function uploadAudio(bytes: Uint8Array, headers: Record<string, string> = {}) {
    const trackId = await seedTrack((await seedAlbum()).id);
    const res = await upload(`${API}/tracks/${trackId}/audio`, bytes, admin.cookie, headers);
    return { trackId, res };
  }

  it.each([
    ["a CBR MP3 (frame math)", () => mp3Cbr({ seconds: 10, id3: 2000 }), "mp3", "audio/mpeg", 10],
    ["a VBR MP3 (Xing header)", () => mp3Vbr({ seconds: 61 }), "mp3", "audio/mpeg", 61],
    ["a WAV (byte rate)", () => wav({ seconds: 3, sampleRate: 22050 }), "wav", "audio/wav", 3],
    ["an M4A with its movie header after the media data", () => isoMedia({ seconds: 187.4, moovAtEnd: true, mdatBytes: 200_000 }), "m4a", "audio/mp4", 187],
  ])("streams %s to R2 under a server-chosen key and reads its duration", async (_, make, format, mime, seconds) => {
    const bytes = make();
    const { trackId, res } = await uploadAudio(bytes, { "content-type": "application/octet-stream" });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json<TrackAudioResponse>();
    expect(body.durationDetected).toBe(true);
    expect(body.track).toMatchObject({ id: trackId, durationSeconds: seconds, audio: { kind: "file", format } });
    const stored = await row<{ audio_key: string; duration_seconds: number }>("SELECT audio_key, duration_seconds FROM tracks WHERE id = ?", trackId);
    expect(stored!.audio_key).toMatch(new RegExp(`^audio/${trackId}-[0-9a-f]{16}\\.${format}$`));
    expect(stored!.duration_seconds).toBe(seconds);
    const object = await media.get(stored!.audio_key);
    expect(object?.httpMetadata?.contentType).toBe(mime);
    expect(sameBytes(new Uint8Array(await object!.arrayBuffer()), bytes)).toBe(true);
    const audit = (await lastAudit())!;
    expect([audit.action, audit.target_id]).toEqual(["track.audio", trackId]);
    expect(JSON.parse(audit.summary)).toEqual({ before: { audio: null }, after: { audio: stored!.audio_key, durationSeconds: seconds } });
  });

  it("keeps the stored duration when the file does not say how long it is", async () => {
    const bytes = isoMedia({ seconds: 5 }).subarray(0, 40); // ftyp, then no movie header
    const { trackId, res } = await uploadAudio(bytes);
    expect(res.status).toBe(200);
    expect(await res.json<TrackAudioResponse>()).toMatchObject({ durationDetected: false, track: { durationSeconds: 77 } });
    expect((await row<{ d: number }>("SELECT duration_seconds AS d FROM tracks WHERE id = ?", trackId))!.d).toBe(77);
  });

  it("replaces the old file: the new key is stored and the old object deleted", async () => {
    const { trackId, res } = await uploadAudio(mp3Cbr({ seconds: 2 }));
    expect(res.status).toBe(200);
    const first = (await row<{ k: string }>("SELECT audio_key AS k FROM tracks WHERE id = ?", trackId))!.k;
    const again = await upload(`${API}/tracks/${trackId}/audio`, wav({ seconds: 1 }), admin.cookie);
    expect(again.status).toBe(200);
    const second = (await row<{ k: string }>("SELECT audio_key AS k FROM tracks WHERE id = ?", trackId))!.k;
    expect(second).not.toBe(first);
    expect(await media.head(first)).toBeNull();
    expect(await media.head(second)).not.toBeNull();
    expect(await keysUnder(`audio/${trackId}-`)).toEqual([second]);
  });

  it("refuses what is not audio by its bytes (415), whatever its Content-Type says, and stores nothing", async () => {
    for (const bytes of [PNG_1X1, notMedia(), webm({ seconds: 2 })]) {
      const { trackId, res } = await uploadAudio(bytes, { "content-type": "audio/mpeg" });
      expect(res.status).toBe(415);
      expect(await errorOf(res)).toEqual({ code: "unsupported_type", message: CATALOG_MESSAGES.notAudio });
      expect(await keysUnder(`audio/${trackId}-`)).toEqual([]);
      expect((await row<{ k: string | null }>("SELECT audio_key AS k FROM tracks WHERE id = ?", trackId))!.k).toBeNull();
    }
  });

  it("refuses a declared size over 100 MB with 413 before reading the body", async () => {
    const trackId = await seedTrack((await seedAlbum()).id);
    const before = await auditCount();
    const res = await putDeclared(`${API}/tracks/${trackId}/audio`, admin.cookie, AUDIO_MAX_BYTES + 1);
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toEqual({ code: "too_large", message: CATALOG_MESSAGES.audioTooLarge });
    expect(await keysUnder(`audio/${trackId}-`)).toEqual([]);
    expect(await auditCount()).toBe(before);
  });

  it("refuses a body without a Content-Length (411) and an empty one (400)", async () => {
    const trackId = await seedTrack((await seedAlbum()).id);
    // Streamed, so no Content-Length; nothing is sent before the answer (held-body.ts).
    const chunked = heldBody();
    const res = await call(`${API}/tracks/${trackId}/audio`, { method: "PUT", body: chunked.stream, cookie: admin.cookie });
    chunked.end();
    expect(res.status).toBe(411);
    expect((await errorOf(res)).code).toBe("length_required");
    const empty = await upload(`${API}/tracks/${trackId}/audio`, new Uint8Array(0), admin.cookie);
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).code).toBe("empty_file");
    expect(await keysUnder(`audio/${trackId}-`)).toEqual([]);
  });

  it("answers 404 for an unknown track without storing anything", async () => {
    const res = await upload(`${API}/tracks/no-such-track/audio`, mp3Cbr({ seconds: 1 }), admin.cookie);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("track_not_found");
    expect(await keysUnder("audio/no-such-track-")).toEqual([]);
  });

  it("shows the new audio and duration in the public catalog at once", async () => {
    const trackId = await seedTrack((await seedAlbum()).id);
    const before = await (await call(`/api/music/tracks/${trackId}`)).json<TrackResponse>();
    expect(before.track).toMatchObject({ playable: false, durationSeconds: 77 });
    await upload(`${API}/tracks/${trackId}/audio`, mp3Cbr({ seconds: 20 }), admin.cookie);
    const after = await (await call(`/api/music/tracks/${trackId}`)).json<TrackResponse>();
    expect(after.track).toMatchObject({ playable: true, durationSeconds: 20 });
  });
});

describe("track audio at a remote address", () => {
  it("accepts an https address on the proxy allowlist, keeps the given duration and deletes the replaced file", async () => {
    const trackId = await seedTrack((await seedAlbum()).id, { audioKey: "audio/to-be-replaced.mp3" });
    await media.put("audio/to-be-replaced.mp3", mp3Cbr({ seconds: 1 }));
    const res = await callWithHosts(`${API}/tracks/${trackId}/audio-url`, {
      json: { url: `https://${ALLOWED_HOST}/music/song.mp3`, durationSeconds: 245 },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect((await res.json<TrackAudioResponse>()).track).toMatchObject({
      durationSeconds: 245,
      audio: { kind: "remote", url: `https://${ALLOWED_HOST}/music/song.mp3` },
    });
    expect((await row<{ k: string }>("SELECT audio_key AS k FROM tracks WHERE id = ?", trackId))!.k).toBe(`https://${ALLOWED_HOST}/music/song.mp3`);
    expect(await media.head("audio/to-be-replaced.mp3")).toBeNull();
  });

  it.each([
    ["a host off the allowlist", "https://evil.example.net/song.mp3", "url_not_allowed", CATALOG_MESSAGES.hostNotAllowed],
    ["an IP address", "https://127.0.0.1/song.mp3", "url_refused", CATALOG_MESSAGES.urlRefused],
    ["a local name", `https://files.localhost/song.mp3`, "url_refused", CATALOG_MESSAGES.urlRefused],
    ["plain http", `http://${ALLOWED_HOST}/song.mp3`, "invalid_input", CATALOG_MESSAGES.httpsRequired],
  ])("refuses %s with 400 naming the field, and changes nothing", async (_, url, code, message) => {
    const trackId = await seedTrack((await seedAlbum()).id);
    const before = await auditCount();
    const res = await callWithHosts(`${API}/tracks/${trackId}/audio-url`, { json: { url }, cookie: admin.cookie });
    expect(res.status).toBe(400);
    const body = await res.json<{ error: { code: string; message: string; field: string } }>();
    expect(body).toEqual({ error: { code, message, field: "url" } });
    expect((await row<{ k: string | null }>("SELECT audio_key AS k FROM tracks WHERE id = ?", trackId))!.k).toBeNull();
    expect(await auditCount()).toBe(before);
  });

  it("refuses every remote address when no host is allowed (the default)", async () => {
    const trackId = await seedTrack((await seedAlbum()).id);
    const res = await call(`${API}/tracks/${trackId}/audio-url`, { method: "PUT", json: { url: `https://${ALLOWED_HOST}/song.mp3` }, cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(CATALOG_MESSAGES.hostNotAllowed);
  });
});

describe("album cover upload (the avatar's image rules)", () => {
  it("stores a PNG under covers/<album>-<random>.png, serves it publicly and deletes the cover it replaces", async () => {
    const { id } = await seedAlbum();
    await media.put("covers/old-cover.png", PNG_1X1);
    await D1.prepare("UPDATE albums SET cover_key = 'covers/old-cover.png' WHERE id = ?").bind(id).run();
    const res = await upload(`${API}/albums/${id}/cover`, PNG_1X1, admin.cookie, { "content-type": "image/gif" });
    expect(res.status).toBe(200);
    const { album } = await res.json<AdminAlbumResponse>();
    expect(album.coverUrl).toMatch(new RegExp(`^/media/covers/${id}-[0-9a-f]{16}\\.png$`));
    const served = await call(album.coverUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_1X1);
    expect(await media.head("covers/old-cover.png")).toBeNull();
  });

  it("refuses a GIF, text and an image over 8000 px (415/400), and over 2 MB by its declared size (413)", async () => {
    const { id } = await seedAlbum();
    const before = await auditCount();
    for (const bytes of [GIF_1X1, notMedia()]) {
      const res = await upload(`${API}/albums/${id}/cover`, bytes, admin.cookie, { "content-type": "image/png" });
      expect(res.status).toBe(415);
      expect(await errorOf(res)).toEqual({ code: "unsupported_type", message: CATALOG_MESSAGES.notImage });
    }
    const huge = await upload(`${API}/albums/${id}/cover`, claimingSize("png", 9000, 10), admin.cookie);
    expect(huge.status).toBe(400);
    expect((await errorOf(huge)).code).toBe("image_dimensions");
    const big = await upload(`${API}/albums/${id}/cover`, pngSized(CATALOG_IMAGE_MAX_BYTES + 1), admin.cookie);
    expect(big.status).toBe(413);
    expect(await errorOf(big)).toEqual({ code: "too_large", message: CATALOG_MESSAGES.imageTooLarge });
    expect(await keysUnder(`covers/${id}-`)).toEqual([]);
    expect(await auditCount()).toBe(before);
  });
});

// ----- stations and channels -----

describe("radio stations", () => {
  it("takes an optional Portuguese name and description; the public list shows them in pt-BR, English standing in when empty", async () => {
    const created = await call(`${API}/stations`, {
      json: { name: "Bilingual Radio", namePtBr: "Rádio Bilíngue", descriptionEn: "Both languages", descriptionPtBr: "Duas línguas", sourceType: "catalog" },
      cookie: admin.cookie,
    });
    expect(created.status).toBe(201);
    const { station } = await created.json<AdminStationResponse>();
    expect(station).toMatchObject({ name: "Bilingual Radio", namePtBr: "Rádio Bilíngue", descriptionEn: "Both languages", descriptionPtBr: "Duas línguas" });
    const publicStation = async (lang: string) =>
      (await (await call(`/api/radio/stations?lang=${lang}`)).json<{ stations: { id: string; name: string; description: string }[] }>()).stations.find(
        (s) => s.id === station.id,
      );
    expect(await publicStation("pt-BR")).toMatchObject({ name: "Rádio Bilíngue", description: "Duas línguas" });
    expect(await publicStation("en")).toMatchObject({ name: "Bilingual Radio", description: "Both languages" });

    // Cleared (an empty name is stored as null), the Portuguese texts give way to the English ones.
    const cleared = await call(`${API}/stations/${station.id}`, { method: "PATCH", json: { namePtBr: "  ", descriptionPtBr: "" }, cookie: admin.cookie });
    expect(cleared.status).toBe(200);
    expect((await cleared.json<AdminStationResponse>()).station).toMatchObject({ namePtBr: null, descriptionPtBr: "" });
    expect(await D1.prepare("SELECT name_pt_br, description_pt_br FROM radio_stations WHERE id = ?1").bind(station.id).first()).toEqual({
      name_pt_br: null,
      description_pt_br: "",
    });
    expect(await publicStation("pt-BR")).toMatchObject({ name: "Bilingual Radio", description: "Both languages" });

    // Without any Portuguese text at all, a channel is created too (Portuguese is optional).
    const channel = await call(`${API}/channels`, {
      json: { name: "English Only TV", descriptionEn: "Videos", category: "music_video" },
      cookie: admin.cookie,
    });
    expect(channel.status).toBe(201);
    expect((await channel.json<AdminChannelResponse>()).channel).toMatchObject({ namePtBr: null, descriptionPtBr: "" });
    const tooLong = await call(`${API}/stations/${station.id}`, { method: "PATCH", json: { namePtBr: "x".repeat(1000) }, cookie: admin.cookie });
    expect(tooLong.status).toBe(400);
    expect((await errorOf(tooLong)).code).toBe("invalid_input");
  });

  it("creates a catalog station on chosen albums, edits it into a stream station on an allowed host, and reorders", async () => {
    const created = await call(`${API}/stations`, {
      json: {
        name: "Ballads Radio",
        descriptionEn: "Slow songs",
        descriptionPtBr: "Músicas lentas",
        features: ["curated", "high_quality"],
        sourceType: "catalog",
        albumIds: ["freestyle-nights"],
      },
      cookie: admin.cookie,
    });
    expect(created.status).toBe(201);
    const { station } = await created.json<AdminStationResponse>();
    expect(station).toMatchObject({
      id: "ballads-radio",
      features: ["curated", "high_quality"],
      sourceType: "catalog",
      albumIds: ["freestyle-nights"],
      streamUrl: null,
    });

    const edited = await callWithHosts(`${API}/stations/${station.id}`, {
      method: "PATCH",
      json: { sourceType: "stream", streamUrl: `https://${ALLOWED_HOST}/live` },
      cookie: admin.cookie,
    });
    expect(edited.status).toBe(200);
    expect((await edited.json<AdminStationResponse>()).station).toMatchObject({ sourceType: "stream", streamUrl: `https://${ALLOWED_HOST}/live` });

    const order = (await ids("radio_stations")).reverse();
    const reordered = await call(`${API}/stations/order`, { method: "PUT", json: { ids: order }, cookie: admin.cookie });
    expect(reordered.status).toBe(200);
    expect(await ids("radio_stations")).toEqual(order);
  });

  it("refuses a stream station without an address, an address off the allowlist and unknown albums (400 with the field)", async () => {
    const before = [await auditCount(), await ids("radio_stations")];
    const base = { name: "Bad Radio", descriptionEn: "x", descriptionPtBr: "x" };
    const cases: [unknown, string][] = [
      [{ ...base, sourceType: "stream" }, "streamUrl"],
      [{ ...base, sourceType: "stream", streamUrl: "https://radio.example.org/live" }, "streamUrl"],
      [{ ...base, sourceType: "catalog", albumIds: ["no-such-album"] }, "albumIds"],
      [{ ...base, sourceType: "catalog", features: ["free_beer"] }, "features.0"],
    ];
    for (const [json, field] of cases) {
      const res = await call(`${API}/stations`, { json, cookie: admin.cookie });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await res.json<{ error: { field: string } }>()).error.field).toBe(field);
    }
    const switched = await call(`${API}/stations/nyc-rhythm`, { method: "PATCH", json: { sourceType: "stream" }, cookie: admin.cookie });
    expect(switched.status).toBe(400);
    expect([await auditCount(), await ids("radio_stations")]).toEqual(before);
  });

  it("shows an edit in the public station list at once", async () => {
    const id = await seedStation();
    expect((await (await call("/api/radio/stations")).json<StationsResponse>()).stations.find((s) => s.id === id)?.name).toBe(`Station ${id}`);
    await call(`${API}/stations/${id}`, { method: "PATCH", json: { name: "Fresh Name" }, cookie: admin.cookie });
    expect((await (await call("/api/radio/stations")).json<StationsResponse>()).stations.find((s) => s.id === id)?.name).toBe("Fresh Name");
    await call(`${API}/stations/${id}`, { method: "DELETE", cookie: admin.cookie });
    expect((await (await call("/api/radio/stations")).json<StationsResponse>()).stations.some((s) => s.id === id)).toBe(false);
  });
});

describe("TV channels", () => {
  it("streams an MP4 to R2, reads its duration from the movie header, and replaces the old video", async () => {
    const id = await seedChannel();
    const first = await upload(`${API}/channels/${id}/video`, isoMedia({ seconds: 95.6, brand: "isom", moovAtEnd: true, mdatBytes: 300_000 }), admin.cookie);
    expect(first.status).toBe(200);
    const body = await first.json<ChannelVideoResponse>();
    expect(body).toMatchObject({ durationDetected: true, channel: { durationSeconds: 96, video: "mp4" } });
    const key = (await row<{ k: string }>("SELECT video_key AS k FROM tv_channels WHERE id = ?", id))!.k;
    expect(key).toMatch(new RegExp(`^tv/videos/${id}-[0-9a-f]{16}\\.mp4$`));
    expect((await media.head(key))?.httpMetadata?.contentType).toBe("video/mp4");

    const second = await upload(`${API}/channels/${id}/video`, webm({ seconds: 12 }), admin.cookie);
    expect(second.status).toBe(200);
    expect(await second.json<ChannelVideoResponse>()).toMatchObject({ durationDetected: true, channel: { durationSeconds: 12, video: "webm" } });
    expect(await media.head(key)).toBeNull();
  });

  it("refuses audio as video (415) and more than 500 MB by its declared size (413) before reading it", async () => {
    const id = await seedChannel();
    const wrong = await upload(`${API}/channels/${id}/video`, mp3Cbr({ seconds: 2 }), admin.cookie, { "content-type": "video/mp4" });
    expect(wrong.status).toBe(415);
    expect(await errorOf(wrong)).toEqual({ code: "unsupported_type", message: CATALOG_MESSAGES.notVideo });
    const big = await putDeclared(`${API}/channels/${id}/video`, admin.cookie, VIDEO_MAX_BYTES + 1);
    expect(big.status).toBe(413);
    expect(await errorOf(big)).toEqual({ code: "too_large", message: CATALOG_MESSAGES.videoTooLarge });
    expect(await keysUnder(`tv/videos/${id}-`)).toEqual([]);
  });

  it("creates a live channel with an https embed, refuses a plain-http one, and shows edits publicly at once", async () => {
    const bad = await call(`${API}/channels`, {
      json: { name: "Live", descriptionEn: "x", descriptionPtBr: "x", category: "live", type: "live", embedUrl: "http://player.example.com/x" },
      cookie: admin.cookie,
    });
    expect(bad.status).toBe(400);
    expect((await bad.json<{ error: { field: string } }>()).error.field).toBe("embedUrl");
    const res = await call(`${API}/channels`, {
      json: {
        name: "Studio Live",
        descriptionEn: "From the studio",
        descriptionPtBr: "Do estúdio",
        category: "live",
        type: "live",
        embedUrl: "https://player.example.com/embed/1",
      },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(201);
    const { channel } = await res.json<AdminChannelResponse>();
    const listed = async () => (await (await call("/api/tv/channels")).json<ChannelsResponse>()).channels.find((c) => c.id === channel.id);
    expect(await listed()).toMatchObject({ name: "Studio Live", live: true });
    await call(`${API}/channels/${channel.id}`, { method: "PATCH", json: { name: "Studio Live 2" }, cookie: admin.cookie });
    expect((await listed())?.name).toBe("Studio Live 2");
  });
});

// ----- bad input, unknown ids, the public catalog -----

describe("bad input: 400 invalid_input (or the rule's own code) naming the field, nothing changed", () => {
  const cases: [string, string, string, unknown, string, string?][] = [
    ["album without a title", "POST", "/albums", { year: 2000, type: "Album" }, "title"],
    ["album with a blank title", "POST", "/albums", { title: "   ", year: 2000, type: "Album" }, "title", "title_required"],
    ["album year out of range", "POST", "/albums", { title: "X", year: 1200, type: "Album" }, "year"],
    ["album of an unknown type", "POST", "/albums", { title: "X", year: 2000, type: "EP" }, "type"],
    ["album with an unknown field", "POST", "/albums", { title: "X", year: 2000, type: "Album", cover: "x" }, ""],
    ["empty album edit", "PATCH", "/albums/city-lights-calling", {}, ""],
    ["order with a repeated id", "PUT", "/albums/order", { ids: ["city-lights-calling", "city-lights-calling"] }, "ids"],
    ["order with a bad id", "PUT", "/albums/order", { ids: ["Not A Slug"] }, "ids.0"],
    ["track number 0", "PATCH", "/tracks/city-lights-calling-1", { number: 0 }, "number"],
    ["track duration negative", "PATCH", "/tracks/city-lights-calling-1", { durationSeconds: -5 }, "durationSeconds"],
    ["track title too long", "POST", "/albums/city-lights-calling/tracks", { title: "x".repeat(201) }, "title"],
    ["channel of an unknown category", "POST", "/channels", { name: "X", descriptionEn: "x", descriptionPtBr: "x", category: "news" }, "category"],
  ];
  for (const [name, method, path, json, field, code = "invalid_input"] of cases) {
    it(name, async () => {
      const before = [
        await auditCount(),
        await ids("albums"),
        await row("SELECT title, number, duration_seconds FROM tracks WHERE id = 'city-lights-calling-1'"),
      ];
      const res = await call(`${API}${path}`, { method, json, cookie: admin.cookie });
      expect(res.status).toBe(400);
      const body = await res.json<{ error: { code: string; field?: string } }>();
      expect(body.error.code).toBe(code);
      if (field) expect(body.error.field).toBe(field);
      expect([
        await auditCount(),
        await ids("albums"),
        await row("SELECT title, number, duration_seconds FROM tracks WHERE id = 'city-lights-calling-1'"),
      ]).toEqual(before);
    });
  }

  it("refuses an id that cannot exist (400) and answers 404 for ids that do not", async () => {
    expect((await call(`${API}/albums/Bad_Id`, { method: "PATCH", json: { title: "x" }, cookie: admin.cookie })).status).toBe(400);
    const missing: [string, string, unknown?][] = [
      ["PATCH", "/albums/no-such-album", { title: "x" }],
      ["DELETE", "/albums/no-such-album"],
      ["POST", "/albums/no-such-album/tracks", { title: "x" }],
      ["PUT", "/albums/no-such-album/tracks/order", { ids: ["a"] }],
      ["PATCH", "/tracks/no-such-track", { title: "x" }],
      ["DELETE", "/tracks/no-such-track"],
      ["DELETE", "/tracks/no-such-track/audio"],
      ["PATCH", "/stations/no-such-station", { name: "x" }],
      ["DELETE", "/stations/no-such-station"],
      ["PATCH", "/channels/no-such-channel", { name: "x" }],
      ["DELETE", "/channels/no-such-channel"],
    ];
    for (const [method, path, json] of missing) {
      const res = await call(`${API}${path}`, { method, json, cookie: admin.cookie });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    for (const path of [
      "/albums/no-such-album/cover",
      "/stations/no-such-station/picture",
      "/channels/no-such-channel/thumbnail",
      "/channels/no-such-channel/video",
    ]) {
      expect((await upload(`${API}${path}`, PNG_1X1, admin.cookie)).status, path).toBe(404);
    }
  });
});

describe("body limits", () => {
  it("keeps the 64 KiB JSON limit on every catalog route that takes JSON (uploads alone are exempt)", async () => {
    const padding = "x".repeat(70 * 1024);
    for (const [method, path] of [
      ["PUT", "/albums/order"],
      ["POST", "/albums"],
      ["PUT", "/tracks/city-lights-calling-1/audio-url"],
    ]) {
      const res = await call(`${API}${path}`, { method, json: { ids: [padding], title: padding, url: padding }, cookie: admin.cookie });
      expect(res.status, path).toBe(413);
      expect((await errorOf(res)).code).toBe("payload_too_large");
    }
  });
});

describe("the public catalog follows every edit at once", () => {
  it("GET /api/music/albums changes after an edit, a reorder and a delete (the memoized answer is forgotten)", async () => {
    const { id } = await seedAlbum({ title: "Cached Title" });
    const albumsNow = async () => (await (await call("/api/music/albums")).json<AlbumsResponse>()).albums;
    expect((await albumsNow()).find((a) => a.id === id)?.title).toBe("Cached Title");
    await call(`${API}/albums/${id}`, { method: "PATCH", json: { title: "Fresh Title" }, cookie: admin.cookie });
    expect((await albumsNow()).find((a) => a.id === id)?.title).toBe("Fresh Title");

    const order = (await albumsNow()).map((a) => a.id);
    const moved = [id, ...order.filter((a) => a !== id)];
    await call(`${API}/albums/order`, { method: "PUT", json: { ids: moved }, cookie: admin.cookie });
    expect((await albumsNow())[0]!.id).toBe(id);

    await call(`${API}/albums/${id}`, { method: "DELETE", cookie: admin.cookie });
    expect((await albumsNow()).some((a) => a.id === id)).toBe(false);
  });

  it("the album page and its tracks show a new track and a renamed one", async () => {
    const { id, trackIds } = await seedAlbum({ tracks: 1 });
    const albumNow = async () => (await (await call(`/api/music/albums/${id}`)).json<AlbumResponse>()).album;
    expect((await albumNow()).tracks).toHaveLength(1);
    await call(`${API}/albums/${id}/tracks`, { json: { title: "Bonus" }, cookie: admin.cookie });
    await call(`${API}/tracks/${trackIds[0]}`, { method: "PATCH", json: { title: "Renamed Opener" }, cookie: admin.cookie });
    expect((await albumNow()).tracks.map((t) => t.title)).toEqual(["Renamed Opener", "Bonus"]);
  });
});
