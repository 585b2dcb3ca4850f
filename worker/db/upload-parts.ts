// The parts' list of a file a browser sends in parts (the catalog's folder import, a contest entry's
// audio). Each area keeps its uploads in a table with `state` ('uploading' while parts may come) and
// `updated_at`, and their parts in another, one row per part number; both record and list parts
// the same way, so the statements are written once and each area names its tables.
import type { DB } from "./client";

export type UploadPart = { number: number; size: number; etag: string };

/** An area's tables: its uploads, and its parts, whose `owner` column names their upload's id. */
export type PartTables = { uploads: string; parts: string; owner: string };

export async function listUploadParts(db: DB, tables: PartTables, uploadId: string): Promise<UploadPart[]> {
  const { results } = await db.$client
    .prepare(`SELECT number, size, etag FROM ${tables.parts} WHERE ${tables.owner} = ?1 ORDER BY number`)
    .bind(uploadId)
    .all<UploadPart>();
  return results;
}

/**
 * Records a stored part (a part sent again replaces its etag); false when the upload is no longer
 * uploading. The part is written only when the touch of the live upload changed a row, in the same
 * batch, so a part never lands on a failed or finished upload.
 */
export async function recordUploadPart(db: DB, tables: PartTables, uploadId: string, part: UploadPart, now: number): Promise<boolean> {
  const d1 = db.$client;
  const [touched] = await d1.batch([
    d1.prepare(`UPDATE ${tables.uploads} SET updated_at = ?2 WHERE id = ?1 AND state = 'uploading'`).bind(uploadId, now),
    d1
      .prepare(
        `INSERT INTO ${tables.parts} (${tables.owner}, number, size, etag) SELECT ?1, ?2, ?3, ?4 WHERE changes() > 0
         ON CONFLICT (${tables.owner}, number) DO UPDATE SET size = excluded.size, etag = excluded.etag`,
      )
      .bind(uploadId, part.number, part.size, part.etag),
  ]);
  return touched!.meta.changes > 0;
}
