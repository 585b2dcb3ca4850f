// An entry's resumable upload (decision 194): the folder import's shape (catalog-imports.ts) for
// one entry's audio. Every change of an upload's state is one conditional UPDATE that names the
// state it leaves, so a retried or concurrent request changes it at most once; one upload per
// entry is live (the partial unique index), starting another fails the live one in the same batch.
import type { DB } from "../client";
import { listUploadParts, recordUploadPart, type PartTables, type UploadPart } from "../upload-parts";
import { ENTRY_UPLOAD_STALE_AFTER_MS, type EntryAudioFormat, type EntryUploadState } from "#contracts/contests/limits.ts";

export type EntryUploadFailure = "unsupported_type" | "duration" | "replaced" | "expired" | "closed";

export type EntryUploadRow = {
  id: string;
  entry_id: string;
  format: EntryAudioFormat;
  size: number;
  state: EntryUploadState;
  failure: EntryUploadFailure | null;
  r2_key: string;
  upload_id: string;
  created_at: number;
  updated_at: number;
  /** Bytes of the parts stored so far. */
  uploaded: number;
};

export type EntryUploadPart = UploadPart;
/** A multipart upload in R2 to abort. */
export type OpenMultipart = { r2Key: string; uploadId: string };

const PART_TABLES: PartTables = { uploads: "contest_entry_uploads", parts: "contest_entry_upload_parts", owner: "upload_id" };

const COLUMNS = `u.*, (SELECT coalesce(sum(p.size), 0) FROM contest_entry_upload_parts p WHERE p.upload_id = u.id) AS uploaded`;

/**
 * A new live upload of the entry, the R2 multipart upload already created; the entry's live one,
 * if any, fails as replaced in the same batch (its multipart returned, to abort). The insert holds
 * the entry (not withdrawn) and the contest's entry window at `now`: `started` is false when refused.
 */
export async function startEntryUpload(
  db: DB,
  entryId: string,
  v: { id: string; format: EntryAudioFormat; size: number; r2Key: string; uploadId: string },
  now: number,
): Promise<{ started: boolean; replaced: OpenMultipart[] }> {
  const d1 = db.$client;
  const [replaced, , inserted] = await d1.batch([
    d1
      .prepare(
        `UPDATE contest_entry_uploads SET state = 'failed', failure = 'replaced', updated_at = ?2
          WHERE entry_id = ?1 AND state = 'uploading' RETURNING id, r2_key, upload_id`,
      )
      .bind(entryId, now),
    d1
      .prepare(
        `DELETE FROM contest_entry_upload_parts
          WHERE upload_id IN (SELECT id FROM contest_entry_uploads WHERE entry_id = ?1 AND state = 'failed')`,
      )
      .bind(entryId),
    d1
      .prepare(
        `INSERT INTO contest_entry_uploads (id, entry_id, format, size, state, r2_key, upload_id, created_at, updated_at)
         SELECT ?1, e.id, ?3, ?4, 'uploading', ?5, ?6, ?7, ?7 FROM contest_entries e JOIN contests c ON c.id = e.contest_id
          WHERE e.id = ?2 AND e.status <> 'withdrawn' AND ?7 < c.entries_close_at`,
      )
      .bind(v.id, entryId, v.format, v.size, v.r2Key, v.uploadId, now),
  ]);
  return {
    started: (inserted!.meta.changes ?? 0) > 0,
    replaced: (replaced!.results as { r2_key: string; upload_id: string }[]).map((r) => ({ r2Key: r.r2_key, uploadId: r.upload_id })),
  };
}

/** The entry's upload by its id (another entry's is as unknown as a missing one). */
export const findEntryUpload = (db: DB, entryId: string, id: string) =>
  db.$client.prepare(`SELECT ${COLUMNS} FROM contest_entry_uploads u WHERE u.id = ?1 AND u.entry_id = ?2`).bind(id, entryId).first<EntryUploadRow>();

export const listEntryUploadParts = (db: DB, id: string) => listUploadParts(db, PART_TABLES, id);

/** Records a stored part (a part sent again replaces its etag); false when the upload is no longer live. */
export const recordEntryUploadPart = (db: DB, id: string, part: EntryUploadPart, now: number) => recordUploadPart(db, PART_TABLES, id, part, now);

/** Fails a live upload and drops its parts' list; its multipart to abort, or null when it was no longer live. */
export async function failEntryUpload(db: DB, id: string, failure: EntryUploadFailure, now: number): Promise<OpenMultipart | null> {
  const d1 = db.$client;
  const [failed] = await d1.batch([
    d1
      .prepare(
        "UPDATE contest_entry_uploads SET state = 'failed', failure = ?2, updated_at = ?3 WHERE id = ?1 AND state = 'uploading' RETURNING r2_key, upload_id",
      )
      .bind(id, failure, now),
    d1.prepare("DELETE FROM contest_entry_upload_parts WHERE upload_id = ?1 AND changes() > 0").bind(id),
  ]);
  const row = failed!.results[0] as { r2_key: string; upload_id: string } | undefined;
  return row ? { r2Key: row.r2_key, uploadId: row.upload_id } : null;
}

/** The live uploads idle since `now - ENTRY_UPLOAD_STALE_AFTER_MS`, failed as expired in one statement; their multiparts to abort. */
export async function expireStaleEntryUploads(db: DB, now: number): Promise<OpenMultipart[]> {
  const d1 = db.$client;
  const [expired] = await d1.batch([
    d1
      .prepare(
        `UPDATE contest_entry_uploads SET state = 'failed', failure = 'expired', updated_at = ?1
          WHERE state = 'uploading' AND updated_at <= ?2 RETURNING r2_key, upload_id`,
      )
      .bind(now, now - ENTRY_UPLOAD_STALE_AFTER_MS),
    d1.prepare("DELETE FROM contest_entry_upload_parts WHERE upload_id IN (SELECT id FROM contest_entry_uploads WHERE state = 'failed')"),
  ]);
  return (expired!.results as { r2_key: string; upload_id: string }[]).map((r) => ({ r2Key: r.r2_key, uploadId: r.upload_id }));
}
