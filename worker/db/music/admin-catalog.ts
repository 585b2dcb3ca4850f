// The back office's writes to the music catalog (albums and tracks). Each write and its audit row
// go in one D1 batch; a deleted track's title and album go to retired_tracks in the same batch, so
// its plays (track_plays has no foreign key to tracks) keep a name in analytics.
import { and, asc, eq, gte, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { DB } from "../client";
import { albums, radioStations, retiredTracks, tracks } from "../schema/music";
import { notifyRequests } from "../schema/notify-me";
import { auditInsert, type Actor, type AuditEntry } from "../audit";
import { coverUrlOf } from "./music";
import { refuse, isRefused, type Refused } from "../../lib/outcome";
import { refuseOnClash } from "../d1";
import { slugify, uniqueSlug } from "../../lib/slug";
import { type AdminAlbum, type AdminTrack, type AudioSource } from "#contracts/music/admin-catalog.ts";
import type { AlbumType } from "#contracts/music/music.ts";
import { auditDetail } from "#contracts/audit-detail.ts";

type AlbumRow = typeof albums.$inferSelect;
type TrackRow = typeof tracks.$inferSelect;

/** An R2 key the catalog stored (to delete with its row), never a remote https address. */
export const r2KeyOf = (key: string | null | undefined): string | null => (key && !key.startsWith("https://") ? key : null);

export function audioSourceOf(key: string | null): AudioSource {
  if (!key) return { kind: "none" };
  if (key.startsWith("https://")) return { kind: "remote", url: key };
  return { kind: "file", format: key.slice(key.lastIndexOf(".") + 1) };
}

export const toAdminTrack = (row: TrackRow, notifyWaiting = 0): AdminTrack => ({
  id: row.id,
  albumId: row.albumId,
  title: row.title,
  number: row.number,
  durationSeconds: row.durationSeconds,
  plays: row.plays,
  featuredPosition: row.featuredPosition,
  audio: audioSourceOf(row.audioKey),
  master: row.masterKey ? row.masterFormat : null,
  // derived_format is written when the job finishes; the format being made is the master's other one.
  derivedFormat: row.masterKey && row.masterFormat ? (row.masterFormat === "wav" ? "flac" : "wav") : null,
  derivedState: row.masterKey ? row.derivedState : null,
  preview: { enabled: row.previewEnabled, startSeconds: row.previewStartSeconds },
  teaser: row.teaser,
  releaseAt: row.releaseAt?.toISOString() ?? null,
  earlyAccessAt: row.earlyAccessAt?.toISOString() ?? null,
  earlyMinTierId: row.earlyMinTierId,
  notifyWaiting,
});

/** "album:<id>" / "track:<id>" → how many wait to be told it is out ("Notify me", decision 057). */
type WaitingCounts = Map<string, number>;

/** The waiting "Notify me" requests of every album and track: one grouped read of a small table. */
const waitingQuery = (db: DB) =>
  db
    .select({ kind: notifyRequests.itemKind, id: notifyRequests.itemId, waiting: sql<number>`count(*)` })
    .from(notifyRequests)
    .where(and(eq(notifyRequests.status, "waiting"), ne(notifyRequests.itemKind, "event")))
    .groupBy(notifyRequests.itemKind, notifyRequests.itemId);

const waitingMap = (rows: { kind: string; id: string; waiting: number }[]): WaitingCounts => new Map(rows.map((r) => [`${r.kind}:${r.id}`, r.waiting]));

const toAdminAlbum = (row: AlbumRow, albumTracks: TrackRow[], waiting: WaitingCounts = new Map()): AdminAlbum => ({
  id: row.id,
  title: row.title,
  year: row.year,
  type: row.type,
  coverUrl: coverUrlOf(row.coverKey),
  position: row.position,
  releaseAt: row.releaseAt?.toISOString() ?? null,
  earlyAccessAt: row.earlyAccessAt?.toISOString() ?? null,
  earlyMinTierId: row.earlyMinTierId,
  notes: row.notes,
  notesPtBr: row.notesPtBr,
  notifyWaiting: waiting.get(`album:${row.id}`) ?? 0,
  tracks: albumTracks.map((t) => toAdminTrack(t, waiting.get(`track:${t.id}`) ?? 0)),
});

/** The SQL `column IN (ids)` with the ids as one JSON parameter (D1 binds at most 100 values). */
export const inJson = (column: SQLiteColumn, ids: readonly string[]) => sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;

/** Why the catalog refuses a write; the routes answer each with a 409 (CATALOG_REFUSALS). */
export type CatalogRefusal = "concurrent_change" | "order_changed" | "number_taken";

/**
 * Ids equal to `base` or `base-<anything>` in `column` (what uniqueSlug needs to see). A range,
 * not LIKE 'base-%': D1 refuses LIKE patterns over 50 bytes, and slugs run to 60 (track ids to 90).
 * Every 'base-...' sorts at or after 'base-' and before 'base.' ('.' follows '-' in ASCII), and
 * nothing else does; the ids are ASCII and compared bytewise (BINARY collation).
 */
export async function idsLike(db: DB, column: SQLiteColumn, base: string): Promise<string[]> {
  const rows = await db
    .select({ id: sql<string>`${column}` })
    .from(column.table)
    .where(or(eq(column, base), and(gte(column, `${base}-`), lt(column, `${base}.`))));
  return rows.map((r) => r.id);
}

export const findAlbumRow = (db: DB, id: string) => db.select().from(albums).where(eq(albums.id, id)).get();
export const findTrackRow = (db: DB, id: string) => db.select().from(tracks).where(eq(tracks.id, id)).get();

/** Every album in catalog order, each with its tracks in order: two queries in one round trip. */
export async function listAdminAlbums(db: DB): Promise<AdminAlbum[]> {
  const [albumRows, trackRows, waitingRows] = await db.batch([
    db.select().from(albums).orderBy(asc(albums.position), asc(albums.id)),
    db.select().from(tracks).orderBy(asc(tracks.albumId), asc(tracks.number)),
    waitingQuery(db),
  ]);
  const byAlbum = new Map<string, TrackRow[]>();
  for (const t of trackRows) byAlbum.set(t.albumId, [...(byAlbum.get(t.albumId) ?? []), t]);
  const waiting = waitingMap(waitingRows);
  return albumRows.map((a) => toAdminAlbum(a, byAlbum.get(a.id) ?? [], waiting));
}

export async function findAdminAlbum(db: DB, id: string): Promise<AdminAlbum | null> {
  const [albumRows, trackRows, waitingRows] = await db.batch([
    db.select().from(albums).where(eq(albums.id, id)),
    db.select().from(tracks).where(eq(tracks.albumId, id)).orderBy(asc(tracks.number)),
    waitingQuery(db),
  ]);
  const album = albumRows[0];
  return album ? toAdminAlbum(album, trackRows, waitingMap(waitingRows)) : null;
}

type AlbumFields = { title: string; year: number; type: AlbumType; notes?: string; notesPtBr?: string };

/** Notes as stored: "" (the form's cleared field) is null, so "no notes" has one form. */
const notesColumnsOf = <T extends Partial<AlbumFields>>({ notes, notesPtBr, ...rest }: T) => ({
  ...rest,
  ...(notes !== undefined && { notes: notes || null }),
  ...(notesPtBr !== undefined && { notesPtBr: notesPtBr || null }),
});
/** Release times as the forms send them (ISO instants), stored as Dates. */
type ReleaseInput = { releaseAt: string | null; earlyAccessAt: string | null };

const releaseColumnsOf = <T extends Partial<ReleaseInput>>({ releaseAt, earlyAccessAt, ...rest }: T) => ({
  ...rest,
  ...(releaseAt !== undefined && { releaseAt: releaseAt === null ? null : new Date(releaseAt) }),
  ...(earlyAccessAt !== undefined && { earlyAccessAt: earlyAccessAt === null ? null : new Date(earlyAccessAt) }),
});
const releaseSummary = (row: { releaseAt: Date | null; earlyAccessAt: Date | null }) => ({
  releaseAt: row.releaseAt?.toISOString() ?? null,
  earlyAccessAt: row.earlyAccessAt?.toISOString() ?? null,
});

const albumSummary = (row: Pick<AlbumRow, "title" | "year" | "type" | "releaseAt" | "earlyAccessAt" | "notes" | "notesPtBr">) => ({
  title: row.title,
  year: row.year,
  type: row.type,
  notes: row.notes,
  notesPtBr: row.notesPtBr,
  ...releaseSummary(row),
});

/** Only the fields a patch names, as they were: the audit row's "before". */
function pick<T extends object>(row: T, keys: readonly string[]): Partial<T> {
  return Object.fromEntries(Object.entries(row).filter(([k]) => keys.includes(k))) as Partial<T>;
}

export async function createAlbum(db: DB, actor: Actor, input: AlbumFields): Promise<AdminAlbum | Refused<CatalogRefusal>> {
  const base = slugify(input.title);
  const id = uniqueSlug(base, new Set(await idsLike(db, albums.id, base)));
  const written = await refuseOnClash(
    () =>
      db.batch([
        db.insert(albums).values({ id, ...notesColumnsOf(input), position: sql`(SELECT coalesce(max(${albums.position}), -1) + 1 FROM ${albums})` }),
        auditInsert(db, {
          actor,
          action: "album.create",
          targetType: "album",
          targetId: id,
          summary: { after: { title: input.title, year: input.year, type: input.type } },
        }),
      ]),
    "concurrent_change",
  );
  if (isRefused(written)) return written;
  return (await findAdminAlbum(db, id))!;
}

export async function updateAlbum(db: DB, actor: Actor, id: string, patch: Partial<AlbumFields & ReleaseInput>): Promise<AdminAlbum | null> {
  const before = await findAlbumRow(db, id);
  if (!before) return null;
  await db.batch([
    db
      .update(albums)
      .set(notesColumnsOf(releaseColumnsOf(patch)))
      .where(eq(albums.id, id)),
    auditInsert(db, {
      actor,
      action: "album.update",
      targetType: "album",
      targetId: id,
      summary: { before: pick(albumSummary(before), Object.keys(patch)), after: patch },
    }),
  ]);
  return findAdminAlbum(db, id);
}

/** Copies tracks into retired_tracks (title and album as they are now), replacing an older copy. */
function retireTracks(db: DB, where: SQL, now: number) {
  return db
    .insert(retiredTracks)
    .select(
      db
        .select({ id: tracks.id, title: tracks.title, albumTitle: albums.title, retiredAt: sql`${now}`.as("retired_at") })
        .from(tracks)
        .innerJoin(albums, eq(albums.id, tracks.albumId))
        .where(where),
    )
    .onConflictDoUpdate({
      target: retiredTracks.id,
      set: { title: sql`excluded.title`, albumTitle: sql`excluded.album_title`, retiredAt: sql`excluded.retired_at` },
    });
}

export type Deleted = { r2Keys: string[]; retiredTracks: number };

/**
 * Deletes an album and its tracks (their plays stay; their names go to retired_tracks first) and
 * takes it out of every station's album list. Returns the R2 objects that nothing uses any more.
 */
export async function deleteAlbum(db: DB, actor: Actor, id: string, now = Date.now()): Promise<Deleted | null> {
  const [albumRows, trackRows] = await db.batch([
    db.select().from(albums).where(eq(albums.id, id)),
    db
      .select({ title: tracks.title, audioKey: tracks.audioKey, previewKey: tracks.previewKey })
      .from(tracks)
      .where(eq(tracks.albumId, id))
      .orderBy(asc(tracks.number)),
  ]);
  const row = albumRows[0];
  if (!row) return null;
  await db.batch([
    retireTracks(db, eq(tracks.albumId, id), now),
    db
      .update(radioStations)
      .set({ albumIds: sql`(SELECT json_group_array(value) FROM json_each(${radioStations.albumIds}) WHERE value <> ${id})` })
      .where(sql`${radioStations.albumIds} IS NOT NULL AND EXISTS (SELECT 1 FROM json_each(${radioStations.albumIds}) WHERE value = ${id})`),
    db.delete(albums).where(eq(albums.id, id)),
    auditInsert(
      db,
      {
        actor,
        action: "album.delete",
        targetType: "album",
        targetId: id,
        summary: {
          before: { ...albumSummary(row), tracks: trackRows.map((t) => t.title) },
          after: null,
          ...auditDetail({ kind: "album_tracks_retired", count: trackRows.length }),
        },
      },
      now,
    ),
  ]);
  const r2Keys = [r2KeyOf(row.coverKey), ...trackRows.flatMap((t) => [r2KeyOf(t.audioKey), t.previewKey])].filter((k): k is string => k !== null);
  return { r2Keys, retiredTracks: trackRows.length };
}

/** Positions 0..n-1 in the order of `ids`, which must name exactly the current albums. */
export async function reorderAlbums(db: DB, actor: Actor, ids: string[]): Promise<AdminAlbum[] | Refused<CatalogRefusal>> {
  const current = await db.select({ id: albums.id }).from(albums).orderBy(asc(albums.position));
  if (
    !sameIds(
      current.map((r) => r.id),
      ids,
    )
  )
    return refuse("order_changed");
  await db.batch([
    db
      .update(albums)
      .set({ position: sql`(SELECT key FROM json_each(${JSON.stringify(ids)}) WHERE value = ${albums.id})` })
      .where(inJson(albums.id, ids)),
    auditInsert(db, { actor, action: "album.reorder", targetType: "album", summary: { before: { order: current.map((r) => r.id) }, after: { order: ids } } }),
  ]);
  return listAdminAlbums(db);
}

/** A reorder must name the list as it is now, each once: anything else was made from a stale list. */
export function sameIds(current: string[], proposed: string[]): boolean {
  const now = new Set(current);
  return proposed.length === now.size && proposed.every((id) => now.has(id));
}

/**
 * Swaps an album's cover in one batch; returns the key it replaced, read in the same batch (a
 * concurrent swap cannot hide it). `shown` is what the caller saw before, for the audit row.
 */
export async function setAlbumCover(db: DB, actor: Actor, id: string, coverKey: string | null, shown: string | null) {
  const [before, updated] = await db.batch([
    db.select({ coverKey: albums.coverKey }).from(albums).where(eq(albums.id, id)),
    db.update(albums).set({ coverKey }).where(eq(albums.id, id)).returning({ id: albums.id }),
    auditInsert(db, { actor, action: "album.cover", targetType: "album", targetId: id, summary: { before: { cover: shown }, after: { cover: coverKey } } }),
  ]);
  if (updated.length === 0) return null;
  return { previous: before[0]?.coverKey ?? null, album: (await findAdminAlbum(db, id))! };
}

// ----- tracks -----

type TrackFields = {
  title: string;
  number: number;
  durationSeconds: number;
  previewEnabled: boolean;
  previewStartSeconds: number;
  teaser: boolean;
} & ReleaseInput;
const trackSummary = (
  row: Pick<TrackRow, "title" | "number" | "durationSeconds" | "previewEnabled" | "previewStartSeconds" | "teaser" | "releaseAt" | "earlyAccessAt">,
) => ({
  title: row.title,
  number: row.number,
  durationSeconds: row.durationSeconds,
  previewEnabled: row.previewEnabled,
  previewStartSeconds: row.previewStartSeconds,
  teaser: row.teaser,
  ...releaseSummary(row),
});

async function numberTaken(db: DB, albumId: string, number: number, exceptId?: string) {
  const row = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(eq(tracks.albumId, albumId), eq(tracks.number, number), exceptId ? ne(tracks.id, exceptId) : undefined))
    .get();
  return row !== undefined;
}

/** After the album's last track (a concurrent insert of the same number fails, as a 409). */
async function nextNumber(db: DB, albumId: string): Promise<number> {
  const row = await db
    .select({ last: sql<number | null>`max(${tracks.number})` })
    .from(tracks)
    .where(eq(tracks.albumId, albumId))
    .get();
  return (row?.last ?? 0) + 1;
}

/** A new track's id: `<album>-<title>`, never one a track had before (its plays are still counted). */
async function newTrackId(db: DB, albumId: string, title: string): Promise<string> {
  const base = `${albumId}-${slugify(title, 40)}`.slice(0, 90).replace(/-+$/, "");
  const [live, retired] = await Promise.all([idsLike(db, tracks.id, base), idsLike(db, retiredTracks.id, base)]);
  return uniqueSlug(base, new Set([...live, ...retired]));
}

export async function createTrack(
  db: DB,
  actor: Actor,
  albumId: string,
  input: { title: string; number?: number; durationSeconds?: number },
): Promise<AdminTrack | Refused<CatalogRefusal> | null> {
  const album = await findAlbumRow(db, albumId);
  if (!album) return null;
  if (input.number !== undefined && (await numberTaken(db, albumId, input.number))) return refuse("number_taken");
  const id = await newTrackId(db, albumId, input.title);
  const number = input.number ?? (await nextNumber(db, albumId));
  const fields = { title: input.title, number, durationSeconds: input.durationSeconds ?? 0 };
  const created = await refuseOnClash(
    () =>
      db.batch([
        db.insert(tracks).values({ id, albumId, ...fields }),
        auditInsert(db, { actor, action: "track.create", targetType: "track", targetId: id, summary: { after: { albumId, ...fields } } }),
        db.select().from(tracks).where(eq(tracks.id, id)),
      ]),
    "number_taken",
  );
  if (isRefused(created)) return created;
  return toAdminTrack(created[2][0]!);
}

/**
 * Changes a track's fields. A change to its preview (on or off, or its start) forgets the cut, so
 * the next listener gets a new one; its file is returned for the caller to delete.
 */
export async function updateTrack(
  db: DB,
  actor: Actor,
  id: string,
  patch: Partial<TrackFields>,
): Promise<{ track: AdminTrack; stalePreviewKey: string | null } | Refused<CatalogRefusal> | null> {
  const before = await findTrackRow(db, id);
  if (!before) return null;
  if (patch.number !== undefined && patch.number !== before.number && (await numberTaken(db, before.albumId, patch.number, id))) {
    return refuse("number_taken");
  }
  const previewChanged =
    (patch.previewEnabled !== undefined && patch.previewEnabled !== before.previewEnabled) ||
    (patch.previewStartSeconds !== undefined && patch.previewStartSeconds !== before.previewStartSeconds);
  const after = await refuseOnClash(
    () =>
      db.batch([
        // The cut to delete is the one stored when this runs, not when `before` was read.
        db.select({ previewKey: tracks.previewKey }).from(tracks).where(eq(tracks.id, id)),
        db
          .update(tracks)
          .set(previewChanged ? { ...releaseColumnsOf(patch), previewKey: null } : releaseColumnsOf(patch))
          .where(eq(tracks.id, id)),
        auditInsert(db, {
          actor,
          action: "track.update",
          targetType: "track",
          targetId: id,
          summary: { before: pick(trackSummary(before), Object.keys(patch)), after: patch },
        }),
        db.select().from(tracks).where(eq(tracks.id, id)),
      ]),
    "number_taken",
  );
  if (isRefused(after)) return after;
  const row = after[3][0];
  if (!row) return null;
  return { track: toAdminTrack(row), stalePreviewKey: previewChanged ? (after[0][0]?.previewKey ?? null) : null };
}

/**
 * Numbers an album's tracks 1..n in the order of `ids`. Through negatives first: each statement
 * keeps (album, number) unique at every row, which SQLite checks as it goes.
 */
export async function reorderTracks(db: DB, actor: Actor, albumId: string, ids: string[]): Promise<AdminAlbum | Refused<CatalogRefusal> | null> {
  const album = await findAdminAlbum(db, albumId);
  if (!album) return null;
  if (
    !sameIds(
      album.tracks.map((t) => t.id),
      ids,
    )
  )
    return refuse("order_changed");
  const order = JSON.stringify(ids);
  const written = await refuseOnClash(
    () =>
      db.batch([
        db
          .update(tracks)
          .set({ number: sql`-1 - (SELECT key FROM json_each(${order}) WHERE value = ${tracks.id})` })
          .where(and(eq(tracks.albumId, albumId), inJson(tracks.id, ids))),
        db
          .update(tracks)
          .set({ number: sql`-${tracks.number}` })
          .where(and(eq(tracks.albumId, albumId), sql`${tracks.number} < 0`)),
        auditInsert(db, {
          actor,
          action: "track.reorder",
          targetType: "album",
          targetId: albumId,
          summary: { before: { order: album.tracks.map((t) => t.id) }, after: { order: ids } },
        }),
      ]),
    "order_changed",
  );
  if (isRefused(written)) return written;
  return findAdminAlbum(db, albumId);
}

/** Deletes a track; its plays stay in track_plays and its name in retired_tracks. */
export async function deleteTrack(db: DB, actor: Actor, id: string, now = Date.now()): Promise<Deleted | null> {
  const before = await findTrackRow(db, id);
  if (!before) return null;
  await db.batch([
    retireTracks(db, eq(tracks.id, id), now),
    db.delete(tracks).where(eq(tracks.id, id)),
    auditInsert(
      db,
      {
        actor,
        action: "track.delete",
        targetType: "track",
        targetId: id,
        summary: { before: { albumId: before.albumId, ...trackSummary(before), plays: before.plays }, after: null },
      },
      now,
    ),
  ]);
  const r2Keys = [r2KeyOf(before.audioKey), before.previewKey].filter((k): k is string => k !== null);
  return { r2Keys, retiredTracks: 1 };
}

/**
 * Points a track at new audio (an R2 key, a remote URL, or nothing) and, when known, its duration.
 * The replaced source is read in the same batch, so a concurrent change cannot hide it; `shown`
 * is what the caller saw before, for the audit row.
 */
export async function setTrackAudio(
  db: DB,
  actor: Actor,
  id: string,
  change: { audioKey: string | null; durationSeconds: number | null; action: AuditEntry["action"]; shown: string | null; kbps?: number | null },
) {
  const { audioKey, durationSeconds, action } = change;
  const audioKbps = change.kbps ?? null;
  const [before, updated] = await db.batch([
    db.select({ audioKey: tracks.audioKey, previewKey: tracks.previewKey }).from(tracks).where(eq(tracks.id, id)),
    db
      .update(tracks)
      // New audio, new preview: the old cut is forgotten (and deleted by the caller).
      .set(durationSeconds === null ? { audioKey, audioKbps, previewKey: null } : { audioKey, audioKbps, durationSeconds, previewKey: null })
      .where(eq(tracks.id, id))
      .returning(),
    auditInsert(db, {
      actor,
      action,
      targetType: "track",
      targetId: id,
      summary: { before: { audio: change.shown }, after: { audio: audioKey, durationSeconds } },
    }),
  ]);
  const track = updated[0];
  if (!track) return null;
  return { previous: before[0]?.audioKey ?? null, previousPreview: before[0]?.previewKey ?? null, track: toAdminTrack(track) };
}

/** The early-access tier an album or a track names now (undefined: no such item), for checkMinTierChoice. */
export async function storedEarlyMinTier(db: DB, kind: "album" | "track", id: string): Promise<string | null | undefined> {
  const table = kind === "album" ? albums : tracks;
  const row = await db.select({ tier: table.earlyMinTierId }).from(table).where(eq(table.id, id)).get();
  return row ? row.tier : undefined;
}
