// Import by the folder (decision 119): the plan's draft albums and tracks with their credits and
// lyrics, the import and its file slots, all in one batch with one audit row; then each slot's
// state as its parts arrive. Every change of a slot's state is one conditional UPDATE that names
// the state it leaves, so a retried or concurrent request changes it at most once.
import type { DB } from "../client";
import { albums, retiredTracks, tracks } from "../schema/music";
import type { Actor } from "../audit";
import { idsLike } from "./admin-catalog";
import { isUniqueViolation } from "../d1";
import { listUploadParts, recordUploadPart, type PartTables } from "../upload-parts";
import { refuse, type Refused } from "../../lib/outcome";
import { slugify, uniqueSlug } from "../../lib/slug";
import {
  IMPORT_DRAFT_RELEASE_AT,
  IMPORT_STALE_AFTER_MS,
  importPartCount,
  type ImportAlbum,
  type ImportFile,
  type ImportFileFailure,
  type ImportFileFormat,
  type ImportFileKind,
  type ImportFileState,
  type ImportPart,
  type ImportPlanParsed,
  type ImportState,
} from "#contracts/music/admin-catalog-import.ts";

export type ImportFileRow = {
  id: string;
  import_id: string;
  position: number;
  kind: ImportFileKind;
  album_id: string;
  track_id: string | null;
  name: string;
  format: ImportFileFormat;
  size: number;
  state: ImportFileState;
  failure: ImportFileFailure | null;
  r2_key: string | null;
  upload_id: string | null;
  updated_at: number;
  uploaded: number;
};

const PART_TABLES: PartTables = { uploads: "catalog_import_files", parts: "catalog_import_parts", owner: "file_id" };

const FILE_COLUMNS = `f.*, (SELECT coalesce(sum(p.size), 0) FROM catalog_import_parts p WHERE p.file_id = f.id) AS uploaded`;

export const toImportFile = (row: ImportFileRow): ImportFile => ({
  id: row.id,
  kind: row.kind,
  albumId: row.album_id,
  trackId: row.track_id,
  name: row.name,
  format: row.format,
  size: row.size,
  state: row.state,
  failure: row.failure,
  uploadedBytes: row.state === "done" ? row.size : row.uploaded,
  partCount: importPartCount(row.size),
});

type SlotPlan = { id: string; kind: ImportFileKind; albumId: string; trackId: string | null; name: string; format: ImportFileFormat; size: number };

/** Ids for the plan's albums and tracks: slugs like the single forms', unique against the catalog and each other. */
async function chooseIds(db: DB, plan: ImportPlanParsed) {
  const chosenAlbums = new Set<string>();
  const out = [];
  for (const release of plan.releases) {
    const base = slugify(release.title);
    const albumId = uniqueSlug(base, new Set([...(await idsLike(db, albums.id, base)), ...chosenAlbums]));
    chosenAlbums.add(albumId);
    // A track id is `<album>-<title>`: only ids under this album's prefix can clash, live or retired.
    const [live, retired] = await Promise.all([idsLike(db, tracks.id, albumId), idsLike(db, retiredTracks.id, albumId)]);
    const takenTracks = new Set([...live, ...retired]);
    const ordered = [...release.tracks].sort((a, b) => a.disc - b.disc || a.number - b.number);
    const trackIds = ordered.map((track) => {
      const id = uniqueSlug(`${albumId}-${slugify(track.title, 40)}`.slice(0, 90).replace(/-+$/, ""), takenTracks);
      takenTracks.add(id);
      return id;
    });
    out.push({ release, albumId, ordered, trackIds });
  }
  return out;
}

/**
 * Creates the plan's albums (hidden: a draft until the admin sets a release time) and tracks,
 * numbered 1..n by disc then number, with their credits and lyrics, and a slot per expected file,
 * in one batch with one audit row. Refused when an ISRC is another track's, or when a concurrent
 * write took an id; nothing is stored then.
 */
export async function createImport(
  db: DB,
  actor: Actor,
  plan: ImportPlanParsed,
  now = Date.now(),
): Promise<ImportState | Refused<"isrc_taken" | "concurrent_change">> {
  const d1 = db.$client;
  const importId = crypto.randomUUID();
  const releases = await chooseIds(db, plan);
  const slots: SlotPlan[] = [];
  const statements: D1PreparedStatement[] = [
    d1.prepare("INSERT INTO catalog_imports (id, created_by, created_at) VALUES (?1, ?2, ?3)").bind(importId, actor.id, now),
  ];
  const draftAt = Date.parse(IMPORT_DRAFT_RELEASE_AT);

  for (const { release, albumId, ordered, trackIds } of releases) {
    statements.push(
      d1
        .prepare(
          `INSERT INTO albums (id, title, year, type, position, release_at, lyrics_access, notes, notes_pt_br, created_at)
           VALUES (?1, ?2, ?3, ?4, (SELECT coalesce(max(position), -1) + 1 FROM albums), ?5, ?6, ?7, ?8, ?9)`,
        )
        .bind(albumId, release.title, release.year, release.type, draftAt, release.lyricsAccess, release.notes || null, release.notesPtBr || null, now),
    );
    if (release.cover) slots.push({ id: crypto.randomUUID(), kind: "cover", albumId, trackId: null, ...release.cover });
    ordered.forEach((track, index) => {
      const trackId = trackIds[index]!;
      statements.push(
        d1
          .prepare(
            `INSERT INTO tracks (id, album_id, title, number, duration_seconds, isrc, label, recorded_on)
             VALUES (?1, ?2, ?3, ?4, coalesce(?5, 210), ?6, ?7, ?8)`,
          )
          .bind(trackId, albumId, track.title, index + 1, track.durationSeconds ?? null, track.isrc, track.label || release.label || null, track.recordedOn),
      );
      if (track.credits.length > 0)
        statements.push(
          d1
            .prepare(
              `INSERT INTO track_credits (track_id, position, role, name, detail)
               SELECT ?1, key, value ->> '$.role', value ->> '$.name', nullif(value ->> '$.detail', '') FROM json_each(?2)`,
            )
            .bind(trackId, JSON.stringify(track.credits)),
        );
      if (track.lyrics.length > 0)
        statements.push(
          d1
            .prepare(
              `INSERT INTO track_lyrics (track_id, locale, synced, body, updated_at)
               SELECT ?1, value ->> '$.locale', value ->> '$.synced', value ->> '$.body', ?3 FROM json_each(?2)`,
            )
            .bind(trackId, JSON.stringify(track.lyrics.map((l) => ({ ...l, synced: l.synced ? 1 : 0 }))), now),
        );
      slots.push({ id: crypto.randomUUID(), kind: "audio", albumId, trackId, ...track.audio });
      if (track.master) slots.push({ id: crypto.randomUUID(), kind: "master", albumId, trackId, ...track.master });
    });
  }

  statements.push(
    d1
      .prepare(
        `INSERT INTO catalog_import_files (id, import_id, position, kind, album_id, track_id, name, format, size, updated_at)
         SELECT value ->> '$.id', ?1, key, value ->> '$.kind', value ->> '$.albumId', value ->> '$.trackId', value ->> '$.name',
                value ->> '$.format', value ->> '$.size', ?2
         FROM json_each(?3)`,
      )
      .bind(importId, now, JSON.stringify(slots)),
    d1
      .prepare(
        `INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, summary, created_at)
         VALUES (?1, ?2, 'catalog.import', 'catalog_import', ?3, ?4, ?5)`,
      )
      .bind(
        actor.id,
        actor.email,
        importId,
        JSON.stringify({ after: { albums: releases.map((r) => r.albumId), tracks: releases.reduce((n, r) => n + r.trackIds.length, 0), files: slots.length } }),
        now,
      ),
  );

  try {
    await d1.batch(statements);
  } catch (err) {
    if (isUniqueViolation(err, "tracks.isrc")) return refuse("isrc_taken");
    if (isUniqueViolation(err)) return refuse("concurrent_change");
    throw err;
  }
  return (await readImportState(db, importId))!;
}

/** An import's albums (in the plan's order) and tracks (by number) with their slots; null when unknown. */
export async function readImportState(db: DB, importId: string): Promise<ImportState | null> {
  const d1 = db.$client;
  const [imports, files, trackRows] = await d1.batch([
    d1.prepare("SELECT id, created_at FROM catalog_imports WHERE id = ?1").bind(importId),
    d1.prepare(`SELECT ${FILE_COLUMNS} FROM catalog_import_files f WHERE f.import_id = ?1 ORDER BY f.position`).bind(importId),
    d1
      .prepare(
        `SELECT a.id AS album_id, a.title AS album_title, a.year AS album_year, t.id, t.title, t.number, t.isrc
         FROM albums a LEFT JOIN tracks t ON t.album_id = a.id
         WHERE a.id IN (SELECT album_id FROM catalog_import_files WHERE import_id = ?1)
         ORDER BY a.position, t.number`,
      )
      .bind(importId),
  ]);
  const found = imports!.results[0] as { id: string; created_at: number } | undefined;
  if (!found) return null;
  const slots = (files!.results as ImportFileRow[]).map(toImportFile);
  const slotOf = (kind: ImportFileKind, key: string, by: "albumId" | "trackId") => slots.find((f) => f.kind === kind && f[by] === key)?.id ?? null;
  const byAlbum = new Map<string, ImportAlbum>();
  type Row = { album_id: string; album_title: string; album_year: number; id: string | null; title: string; number: number; isrc: string | null };
  for (const row of trackRows!.results as Row[]) {
    let album = byAlbum.get(row.album_id);
    if (!album)
      byAlbum.set(
        row.album_id,
        (album = { id: row.album_id, title: row.album_title, year: row.album_year, coverFileId: slotOf("cover", row.album_id, "albumId"), tracks: [] }),
      );
    if (row.id)
      album.tracks.push({
        id: row.id,
        title: row.title,
        number: row.number,
        isrc: row.isrc,
        audioFileId: slotOf("audio", row.id, "trackId"),
        masterFileId: slotOf("master", row.id, "trackId"),
      });
  }
  return { id: found.id, createdAt: new Date(found.created_at).toISOString(), albums: [...byAlbum.values()], files: slots };
}

/** A slot of this import (another import's is as unknown as a missing one). */
export async function findImportFile(db: DB, importId: string, fileId: string): Promise<ImportFileRow | null> {
  return db.$client
    .prepare(`SELECT ${FILE_COLUMNS} FROM catalog_import_files f WHERE f.id = ?1 AND f.import_id = ?2`)
    .bind(fileId, importId)
    .first<ImportFileRow>();
}

export const importExists = async (db: DB, importId: string) =>
  (await db.$client.prepare("SELECT 1 FROM catalog_imports WHERE id = ?1").bind(importId).first()) !== null;

export const listImportParts = (db: DB, fileId: string): Promise<ImportPart[]> => listUploadParts(db, PART_TABLES, fileId);

/** pending → uploading with the multipart upload just created; false when the slot had left pending. */
export async function startFileUpload(db: DB, fileId: string, r2Key: string, uploadId: string, now = Date.now()): Promise<boolean> {
  const { meta } = await db.$client
    .prepare("UPDATE catalog_import_files SET state = 'uploading', r2_key = ?2, upload_id = ?3, updated_at = ?4 WHERE id = ?1 AND state = 'pending'")
    .bind(fileId, r2Key, uploadId, now)
    .run();
  return meta.changes > 0;
}

/** Records a stored part (a part sent again replaces its etag); false when the slot is no longer uploading. */
export const recordPart = (db: DB, fileId: string, part: ImportPart, now = Date.now()) => recordUploadPart(db, PART_TABLES, fileId, part, now);

/**
 * Fails a slot that is still open (pending or uploading) and drops its parts' list; returns the
 * multipart upload to abort, or null when the slot was already finished or failed.
 */
export async function failFile(
  db: DB,
  fileId: string,
  failure: ImportFileFailure,
  now = Date.now(),
): Promise<{ r2Key: string | null; uploadId: string | null } | null> {
  const d1 = db.$client;
  const [failed] = await d1.batch([
    d1
      .prepare(
        `UPDATE catalog_import_files SET state = 'failed', failure = ?2, updated_at = ?3
         WHERE id = ?1 AND state IN ('pending', 'uploading') RETURNING r2_key, upload_id`,
      )
      .bind(fileId, failure, now),
    d1.prepare("DELETE FROM catalog_import_parts WHERE file_id = ?1 AND changes() > 0").bind(fileId),
  ]);
  const row = failed!.results[0] as { r2_key: string | null; upload_id: string | null } | undefined;
  return row ? { r2Key: row.r2_key, uploadId: row.upload_id } : null;
}

/** uploading → done, once: true for the one request that finished the slot. */
export async function finishFile(db: DB, fileId: string, now = Date.now()): Promise<boolean> {
  const { meta } = await db.$client
    .prepare("UPDATE catalog_import_files SET state = 'done', updated_at = ?2 WHERE id = ?1 AND state = 'uploading'")
    .bind(fileId, now)
    .run();
  return meta.changes > 0;
}

/** The open slots idle since `now - IMPORT_STALE_AFTER_MS`, failed as expired in one statement; their uploads to abort. */
export async function expireStaleFiles(db: DB, now: number): Promise<{ id: string; r2Key: string | null; uploadId: string | null }[]> {
  const d1 = db.$client;
  const [expired] = await d1.batch([
    d1
      .prepare(
        `UPDATE catalog_import_files SET state = 'failed', failure = 'expired', updated_at = ?1
         WHERE state IN ('pending', 'uploading') AND updated_at <= ?2 RETURNING id, r2_key, upload_id`,
      )
      .bind(now, now - IMPORT_STALE_AFTER_MS),
    d1.prepare("DELETE FROM catalog_import_parts WHERE file_id IN (SELECT id FROM catalog_import_files WHERE state = 'failed')"),
  ]);
  return (expired!.results as { id: string; r2_key: string | null; upload_id: string | null }[]).map((r) => ({
    id: r.id,
    r2Key: r.r2_key,
    uploadId: r.upload_id,
  }));
}
