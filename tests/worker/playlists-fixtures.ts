// Shared by the /api/playlists tests (playlists.happy, playlists.errors and
// playlists.security .test.ts): requests per route, raw D1 reads and writes independent of the code
// under test, the catalog's own track views, and D1 bindings that inject a concurrent write.
// Nothing here registers hooks: each test file is evaluated on its own, this module once for all.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import { app } from "../../worker/app";
import type { PlaylistResponse, PlaylistsResponse, PlaylistView } from "../../worker/contracts/music/collections";
import type { TrackResponse, TrackView } from "../../worker/contracts/music/music";
import { call, errorOf, ORIGIN, type TestUser } from "./helpers";
import { proxyD1 } from "./d1-count";
import { perFile } from "./per-file";

export const D1 = (env as unknown as { DB: D1Database }).DB;

export { TRACK_VIEW_KEYS } from "./helpers";
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const MB = (n: number) => `moonlight-boulevard-${n}`;

export type Options = { headers?: Record<string, string>; noOrigin?: boolean };
export const getList = (user: TestUser | null) => call("/api/playlists", { cookie: user?.cookie });
export const create = (user: TestUser | null, name: unknown, o: Options = {}) =>
  call("/api/playlists", { method: "POST", json: { name }, cookie: user?.cookie, ...o });
export const rename = (user: TestUser | null, id: string, name: unknown, o: Options = {}) =>
  call(`/api/playlists/${id}`, { method: "PATCH", json: { name }, cookie: user?.cookie, ...o });
export const destroy = (user: TestUser | null, id: string, o: Options = {}) => call(`/api/playlists/${id}`, { method: "DELETE", cookie: user?.cookie, ...o });
export const addTrack = (user: TestUser | null, id: string, trackId: unknown, o: Options = {}) =>
  call(`/api/playlists/${id}/tracks`, { method: "POST", json: { trackId }, cookie: user?.cookie, ...o });
export const removeTrack = (user: TestUser | null, id: string, trackId: string, o: Options = {}) =>
  call(`/api/playlists/${id}/tracks/${trackId}`, { method: "DELETE", cookie: user?.cookie, ...o });
export const reorder = (user: TestUser | null, id: string, trackIds: unknown, o: Options = {}) =>
  call(`/api/playlists/${id}/order`, { method: "PUT", json: { trackIds }, cookie: user?.cookie, ...o });

export async function listOk(user: TestUser): Promise<PlaylistView[]> {
  const res = await getList(user);
  expect(res.status).toBe(200);
  return (await res.json<PlaylistsResponse>()).playlists;
}
export async function createOk(user: TestUser, name: string): Promise<PlaylistView> {
  const res = await create(user, name);
  expect(res.status, name).toBe(201);
  return (await res.json<PlaylistResponse>()).playlist;
}
export async function addOk(user: TestUser, id: string, trackId: string): Promise<PlaylistView> {
  const res = await addTrack(user, id, trackId);
  expect(res.status, trackId).toBe(201);
  return (await res.json<PlaylistResponse>()).playlist;
}
export async function expectError(res: Response, status: number, code: string, message?: string) {
  expect(res.status, code).toBe(status);
  const error = await errorOf(res);
  expect(error.code).toBe(code);
  if (message !== undefined) expect(error.message).toBe(message);
}

// Raw D1 reads and writes: independent of the code under test.
type PlaylistRow = { id: string; userId: string; name: string; nameKey: string };
export const playlistRows = async (userId: string) =>
  (
    await D1.prepare("SELECT id, user_id AS userId, name, name_key AS nameKey FROM playlists WHERE user_id = ? ORDER BY created_at, id")
      .bind(userId)
      .all<PlaylistRow>()
  ).results;
export const playlistRow = (id: string) =>
  D1.prepare("SELECT id, user_id AS userId, name, name_key AS nameKey FROM playlists WHERE id = ?").bind(id).first<PlaylistRow>();
type TrackRow = { trackId: string; position: number };
export const trackRows = async (playlistId: string) =>
  (
    await D1.prepare("SELECT track_id AS trackId, position FROM playlist_tracks WHERE playlist_id = ? ORDER BY position, track_id")
      .bind(playlistId)
      .all<TrackRow>()
  ).results;
export const trackIdsInOrder = async (playlistId: string) => (await trackRows(playlistId)).map((r) => r.trackId);
export const countRows = async (table: "playlists" | "playlist_tracks") => (await D1.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

/** Everything stored for a member: their playlists and every row of those playlists. */
export async function snapshot(userId: string) {
  const lists = await playlistRows(userId);
  return { lists, tracks: await Promise.all(lists.map((l) => trackRows(l.id))), totals: [await countRows("playlists"), await countRows("playlist_tracks")] };
}

/** Inserts a playlist with tracks straight into D1 (no API): for members who may not create one. */
export async function insertPlaylist(userId: string, name: string, trackIds: string[] = [], createdAt = Date.now()) {
  const id = crypto.randomUUID();
  await D1.prepare("INSERT INTO playlists (id, user_id, name, name_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(id, userId, name, name.normalize("NFC").toLowerCase(), createdAt, createdAt)
    .run();
  if (trackIds.length) {
    await D1.batch(
      trackIds.map((t, i) =>
        D1.prepare("INSERT INTO playlist_tracks (playlist_id, track_id, position, added_at) VALUES (?, ?, ?, ?)").bind(id, t, i, createdAt),
      ),
    );
  }
  return id;
}

/** The positions are exactly 0..n-1 and each track appears once. */
export async function expectCompactPositions(playlistId: string) {
  const rows = await trackRows(playlistId);
  expect(
    rows.map((r) => r.position),
    JSON.stringify(rows),
  ).toEqual(rows.map((_, i) => i));
  expect(new Set(rows.map((r) => r.trackId)).size).toBe(rows.length);
  return rows.map((r) => r.trackId);
}

/** The catalog's own view of a track (worker/db/music/music.ts), read once per test file. */
const catalogCache = perFile(() => new Map<string, TrackView>());
export async function catalogTrack(id: string): Promise<TrackView> {
  const cached = catalogCache().get(id);
  if (cached) return cached;
  const res = await call(`/api/music/tracks/${id}`);
  expect(res.status, id).toBe(200);
  const { track } = await res.json<TrackResponse>();
  catalogCache().set(id, track);
  return track;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A D1 binding that runs `before` (another request's write, landing "meanwhile") just before the
 * first statement whose SQL matches `pattern` is executed by the code under test.
 */
export function injectingD1(pattern: RegExp, before: () => Promise<unknown>) {
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
  const db = proxyD1(env.DB, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => (pattern.test(query) ? wrap(target.prepare(query)) : target.prepare(query));
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, injected: () => injected };
}

/** A same-origin request straight to the app, with `db` as its D1 binding. */
export async function fetchWith(db: D1Database, path: string, { method = "GET", cookie, json }: { method?: string; cookie?: string; json?: unknown }) {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (cookie) headers.cookie = cookie;
  if (json !== undefined) headers["content-type"] = "application/json";
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(ORIGIN + path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) }),
    { ...env, DB: db },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** A playlist of MB(1)..MB(5), in that order, inserted straight into D1. */
export async function fivePlaylist(vip: TestUser) {
  const ids = [MB(1), MB(2), MB(3), MB(4), MB(5)];
  const id = await insertPlaylist(vip.id, "Five", ids);
  return { id, ids };
}

// Tests that change catalog rows undo it after the test: files that use bulkTracks() register
// afterEach(undoCatalogChanges) (a hook registered here would only reach the first file).
const undo: (() => Promise<unknown>)[] = [];
export async function undoCatalogChanges() {
  while (undo.length) await undo.pop()!();
}

/** Adds `n` synthetic tracks (album 'zz-bulk-pl') straight into D1, in chunks; removed after the test. */
export async function bulkTracks(n: number): Promise<string[]> {
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

/** Every write route, aimed at `playlistId` (which holds MB(1) and MB(2)). */
export const WRITES: [name: string, send: (user: TestUser | null, playlistId: string, o?: Options) => Promise<Response>][] = [
  ["POST /api/playlists", (u, _id, o) => create(u, "Brand New", o)],
  ["PATCH /api/playlists/:id", (u, id, o) => rename(u, id, "Renamed", o)],
  ["DELETE /api/playlists/:id", (u, id, o) => destroy(u, id, o)],
  ["POST /api/playlists/:id/tracks", (u, id, o) => addTrack(u, id, MB(3), o)],
  ["DELETE /api/playlists/:id/tracks/:trackId", (u, id, o) => removeTrack(u, id, MB(1), o)],
  ["PUT /api/playlists/:id/order", (u, id, o) => reorder(u, id, [MB(2), MB(1)], o)],
];
