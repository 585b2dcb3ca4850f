// An entry's audio in parts (decision 194), the folder import's shape (catalog-import.ts): start
// opens an R2 multipart upload of the declared format and size; each part streams from the request
// into R2 at its exact length (never whole in memory); part 1's bytes must be the declared format,
// or the upload fails and is aborted; complete joins the parts, reads the duration by streaming the
// stored file past a probe, and hands the file to `attachEntryAudio`, the single PUT's way in too.
import type { DB } from "../../db/client";
import type { AppEnv } from "../../env";
import type { EntryRow } from "../../db/contests/entries";
import {
  expireStaleEntryUploads,
  failEntryUpload,
  findEntryUpload,
  listEntryUploadParts,
  recordEntryUploadPart,
  startEntryUpload,
  type EntryUploadPart,
  type EntryUploadRow,
  type OpenMultipart,
} from "../../db/contests/entry-uploads";
import { routeError } from "../../lib/errors";
import { declaredLength, readHead, streamExactly } from "../../lib/upload-stream";
import { audioDuration, audioSniffLength, detectAudioType, MAX_ID3_TAG_BYTES } from "../../lib/audio-probe";
import { joinUploadedParts, probeStoredObject } from "../../lib/stored-upload";
import { deleteObjects, keyFor } from "../media/catalog-uploads";
import { attachEntryAudio, entrySeconds } from "./entry-audio";
import { contestAudioMime } from "./declared-audio";
import { UPLOAD_ERROR_CODES } from "#contracts/music/admin-catalog-limits.ts";
import {
  CONTEST_MESSAGES,
  ENTRY_PART_BYTES,
  entryPartCount,
  entryPartLength,
  type ContestEntryUpload,
  type EntryAudioFormat,
} from "#contracts/contests/contests.ts";

export type UploadWhere = { env: AppEnv; db: DB; now: number };

const PART_ERRORS = { tooLarge: CONTEST_MESSAGES.uploadPartInvalid, wrongType: CONTEST_MESSAGES.notAudio };

export const toEntryUpload = (row: EntryUploadRow): ContestEntryUpload => ({
  id: row.id,
  entryId: row.entry_id,
  format: row.format,
  size: row.size,
  partBytes: ENTRY_PART_BYTES,
  partCount: entryPartCount(row.size),
  state: row.state,
  uploadedBytes: row.state === "done" ? row.size : row.uploaded,
});

async function abortMultipart(bucket: R2Bucket, open: OpenMultipart | null) {
  if (!open) return;
  try {
    await bucket.resumeMultipartUpload(open.r2Key, open.uploadId).abort();
  } catch (err) {
    console.error("contest entry upload: aborting an upload failed", open.r2Key, err);
  }
}

/** The entry's upload the path names; another entry's, or a missing one, is 404. */
export async function entryUploadOf(db: DB, entry: EntryRow, id: string): Promise<EntryUploadRow> {
  const upload = await findEntryUpload(db, entry.id, id);
  if (!upload) throw routeError("contest_upload_not_found");
  return upload;
}

/** Opens the entry's upload (the live one it had fails as replaced, its stored parts aborted); the new upload's row. */
export async function startUpload(where: UploadWhere, entry: EntryRow, declared: { format: EntryAudioFormat; size: number }): Promise<EntryUploadRow> {
  const bucket = where.env.MEDIA;
  const key = keyFor("contest-entries", entry.id, declared.format);
  const multipart = await bucket.createMultipartUpload(key, { httpMetadata: { contentType: contestAudioMime(declared.format) } });
  const id = crypto.randomUUID();
  const { started, replaced } = await startEntryUpload(where.db, entry.id, { id, ...declared, r2Key: key, uploadId: multipart.uploadId }, where.now);
  for (const open of replaced) await abortMultipart(bucket, open);
  if (!started) {
    await multipart.abort().catch(() => {});
    throw routeError("contest_entries_closed");
  }
  return (await findEntryUpload(where.db, entry.id, id))!;
}

/** Part 1 that is not the declared format: the upload fails, its multipart is aborted, 415. */
async function refuseFormat(where: UploadWhere, upload: EntryUploadRow, reader: ReadableStreamDefaultReader<Uint8Array>): Promise<never> {
  await reader.cancel().catch(() => {});
  await abortMultipart(where.env.MEDIA, await failEntryUpload(where.db, upload.id, "unsupported_type", where.now));
  throw routeError(UPLOAD_ERROR_CODES.wrongType, { message: CONTEST_MESSAGES.notAudio });
}

/**
 * Stores part `number` from the request body, streamed at its exact length (the Content-Length must
 * be exactly the part's). Part 1 first: its bytes decide whether the file is the declared format.
 */
export async function storeUploadPart(where: UploadWhere, upload: EntryUploadRow, number: number, request: Request): Promise<EntryUploadPart> {
  if (upload.state !== "uploading") throw routeError("contest_upload_closed");
  if (number > entryPartCount(upload.size)) throw routeError("contest_upload_part_invalid");
  const length = entryPartLength(upload.size, number);
  if (declaredLength(request, length, PART_ERRORS) !== length) throw routeError(UPLOAD_ERROR_CODES.incomplete);
  if (number > 1 && !(await listEntryUploadParts(where.db, upload.id)).some((p) => p.number === 1)) throw routeError("contest_upload_first_part_first");
  const reader = request.body!.getReader();
  let head: Uint8Array = new Uint8Array(0);
  if (number === 1) {
    head = await readHead(reader, length, { sniffLength: audioSniffLength, maxSniffBytes: MAX_ID3_TAG_BYTES + 64 * 1024 });
    if (detectAudioType(head)?.format !== upload.format) return refuseFormat(where, upload, reader);
  }
  const multipart = where.env.MEDIA.resumeMultipartUpload(upload.r2_key, upload.upload_id);
  const stored = await streamExactly(reader, head, length, (readable) => multipart.uploadPart(number, readable));
  const part = { number, size: length, etag: stored.etag };
  if (!(await recordEntryUploadPart(where.db, upload.id, part, where.now))) throw routeError("contest_upload_closed");
  return part;
}

/** The stored file's playing time in seconds, read by streaming it past a probe (nothing kept whole); null when unreadable. */
async function storedSeconds(bucket: R2Bucket, key: string, format: EntryAudioFormat): Promise<number | null> {
  const probe = await probeStoredObject(bucket, key);
  if (!probe) return null;
  const kind = detectAudioType(probe.head);
  return kind?.format === format ? audioDuration(kind, probe) : null;
}

/** A refused file: the upload fails (if still live) and the joined object goes. */
async function dropJoined(where: UploadWhere, upload: EntryUploadRow, failure: "duration" | "closed") {
  await failEntryUpload(where.db, upload.id, failure, where.now);
  await deleteObjects(where.env.MEDIA, [upload.r2_key]);
}

/**
 * Finishes the upload once every part is stored: joined, its duration checked, then the entry's
 * audio by the one conditional write. A finished upload answers as it is and writes nothing, so a
 * second or racing complete changes nothing.
 */
export async function completeUpload(where: UploadWhere, entry: EntryRow, upload: EntryUploadRow): Promise<void> {
  if (upload.state === "done") return;
  if (upload.state === "failed") throw routeError("contest_upload_closed");
  const parts = await listEntryUploadParts(where.db, upload.id);
  const count = entryPartCount(upload.size);
  if (parts.length !== count || parts.reduce((n, p) => n + p.size, 0) !== upload.size) throw routeError("contest_upload_parts_missing");

  const bucket = where.env.MEDIA;
  await joinUploadedParts(bucket, { key: upload.r2_key, uploadId: upload.upload_id, size: upload.size }, parts);
  const seconds = entrySeconds(await storedSeconds(bucket, upload.r2_key, upload.format));
  if (seconds === null) {
    if ((await findEntryUpload(where.db, entry.id, upload.id))?.state === "done") return;
    await dropJoined(where, upload, "duration");
    throw routeError("contest_entry_duration");
  }
  const audio = { key: upload.r2_key, format: upload.format, bytes: upload.size, durationSeconds: seconds };
  if (await attachEntryAudio(where.env, where.db, entry, audio, Date.now(), upload.id)) return;
  // Refused: a racing complete finished it (the same answer), or the window closed or the entry changed.
  if ((await findEntryUpload(where.db, entry.id, upload.id))?.state === "done") return;
  await dropJoined(where, upload, "closed");
  throw routeError("contest_entries_closed");
}

/** The contests' hourly job: uploads idle for a day fail as expired and their stored parts are aborted. */
export async function expireStaleUploads(env: AppEnv, db: DB, now: number): Promise<number> {
  const expired = await expireStaleEntryUploads(db, now);
  for (const open of expired) await abortMultipart(env.MEDIA, open);
  return expired.length;
}
