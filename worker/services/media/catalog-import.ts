// Import by the folder (decision 119): each file slot is an R2 multipart upload. A part streams
// from the request into R2 at its exact length (never whole in memory); the first part's bytes
// must be the declared format, or the slot fails and its upload is aborted. Completing joins the
// parts, reads the duration by streaming the stored file past a probe, and puts the file on its
// track or album as the single-file routes do (catalog-attach.ts).
import type { DB } from "../../db/client";
import type { AppEnv } from "../../env";
import type { Actor } from "../../db/audit";
import { findAlbumRow, findTrackRow } from "../../db/music/admin-catalog";
import { failFile, finishFile, listImportParts, recordPart, startFileUpload, expireStaleFiles, type ImportFileRow } from "../../db/music/catalog-imports";
import { ApiError, routeError } from "../../lib/errors";
import { declaredLength, readHead, streamExactly, type Reader } from "../../lib/upload-stream";
import { audioDuration, audioSniffLength, detectAudioType, losslessFacts, MAX_ID3_TAG_BYTES, mp3Kbps, type PcmFacts } from "../../lib/audio-probe";
import { joinUploadedParts, probeStoredObject } from "../../lib/stored-upload";
import { checkCatalogImage, keyFor, wholeSeconds } from "./catalog-uploads";
import { attachAlbumCover, attachTrackAudio, attachTrackMaster } from "./catalog-attach";
import { CATALOG_MESSAGES, UPLOAD_ERROR_CODES } from "#contracts/music/admin-catalog.ts";
import { CATALOG_IMPORT_MESSAGES, importPartCount, importPartLength, type ImportFileFormat, type ImportPart } from "#contracts/music/admin-catalog-import.ts";

export type ImportWhere = { db: DB; bucket: R2Bucket; actor: Actor; env: AppEnv };

const MIME: Record<ImportFileFormat, string> = {
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  flac: "audio/flac",
  wav: "audio/wav",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};
const EXT: Record<ImportFileFormat, string> = { mp3: "mp3", m4a: "m4a", flac: "flac", wav: "wav", jpeg: "jpg", png: "png", webp: "webp" };
const PART_ERRORS = { tooLarge: CATALOG_IMPORT_MESSAGES.partTooLong, wrongType: CATALOG_IMPORT_MESSAGES.notDeclaredFormat };

/** The server-chosen key of a slot's file, in the folder the single-file routes use for its kind. */
function keyOf(file: ImportFileRow): string {
  if (file.kind === "cover") return keyFor("covers", file.album_id, EXT[file.format]);
  return keyFor(file.kind === "master" ? "masters" : "audio", file.track_id!, EXT[file.format]);
}

/**
 * Whether the first part's leading bytes are the slot's declared format; a cover's first part is
 * the whole picture (at most 2 MB), checked as the cover route checks one.
 */
function isDeclaredKind(file: ImportFileRow, head: Uint8Array): boolean {
  if (file.kind === "cover") {
    const kind = checkCatalogImage(head);
    return EXT[file.format] === kind.ext;
  }
  return detectAudioType(head)?.format === file.format;
}

async function abortUpload(bucket: R2Bucket, open: { r2Key: string | null; uploadId: string | null } | null) {
  if (!open?.r2Key || !open.uploadId) return;
  try {
    await bucket.resumeMultipartUpload(open.r2Key, open.uploadId).abort();
  } catch (err) {
    console.error("catalog import: aborting an upload failed", open.r2Key, err);
  }
}

/** Refuses a first part that is not what the slot declared: the slot fails, its upload is aborted. */
async function refuseContent(where: ImportWhere, file: ImportFileRow, reader: Reader, refusal: unknown): Promise<never> {
  await reader.cancel().catch(() => {});
  await abortUpload(where.bucket, await failFile(where.db, file.id, "unsupported_type"));
  throw refusal;
}

/**
 * Stores part `number` of a slot from the request body, streamed at its exact length. Part 1
 * first: its bytes decide whether the file is what the slot declared (415 and the slot fails
 * otherwise), and it opens the multipart upload.
 */
export async function storeImportPart(where: ImportWhere, file: ImportFileRow, number: number, request: Request): Promise<ImportPart> {
  if (file.state === "done" || file.state === "failed") throw routeError("import_file_closed");
  if (number > importPartCount(file.size)) throw routeError(UPLOAD_ERROR_CODES.tooLarge, { message: CATALOG_IMPORT_MESSAGES.partTooLong });
  const length = importPartLength(file.size, number);
  if (declaredLength(request, length, PART_ERRORS) !== length) throw routeError(UPLOAD_ERROR_CODES.incomplete);
  if (number > 1 && file.state === "pending") throw routeError("import_first_part_first");
  const reader = request.body!.getReader();

  let head: Uint8Array = new Uint8Array(0);
  let upload: R2MultipartUpload;
  if (number === 1) {
    // A cover is read whole (it fits the image checks); audio only as far as detection needs.
    head = await readHead(
      reader,
      length,
      file.kind === "cover"
        ? { sniffLength: () => length, maxSniffBytes: length }
        : { sniffLength: audioSniffLength, maxSniffBytes: MAX_ID3_TAG_BYTES + 64 * 1024 },
    );
    let matches: boolean;
    try {
      matches = isDeclaredKind(file, head);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return refuseContent(where, file, reader, err);
    }
    if (!matches) return refuseContent(where, file, reader, routeError(UPLOAD_ERROR_CODES.wrongType, { message: wrongTypeMessage(file) }));
    if (file.state === "pending") {
      const key = keyOf(file);
      upload = await where.bucket.createMultipartUpload(key, { httpMetadata: { contentType: MIME[file.format] } });
      if (!(await startFileUpload(where.db, file.id, key, upload.uploadId))) {
        // Another request opened (or failed) the slot meanwhile: this upload is not the slot's.
        await upload.abort().catch(() => {});
        await reader.cancel().catch(() => {});
        throw routeError("conflict");
      }
    } else upload = where.bucket.resumeMultipartUpload(file.r2_key!, file.upload_id!);
  } else upload = where.bucket.resumeMultipartUpload(file.r2_key!, file.upload_id!);

  const stored = await streamExactly(reader, head, length, (readable) => upload.uploadPart(number, readable));
  const part = { number, size: length, etag: stored.etag };
  if (!(await recordPart(where.db, file.id, part))) throw routeError("import_file_closed");
  return part;
}

const wrongTypeMessage = (file: ImportFileRow) => (file.kind === "cover" ? CATALOG_MESSAGES.notImage : CATALOG_IMPORT_MESSAGES.notDeclaredFormat);

/** The playing time and MP3 bit rate the stored file records, read by streaming it past a probe (nothing kept whole). */
async function storedAudioFacts(bucket: R2Bucket, key: string): Promise<{ durationSeconds: number | null; kbps: number | null }> {
  const probe = await probeStoredObject(bucket, key);
  const kind = probe ? detectAudioType(probe.head) : null;
  return probe && kind ? { durationSeconds: wholeSeconds(audioDuration(kind, probe)), kbps: mp3Kbps(kind, probe) } : { durationSeconds: null, kbps: null };
}

/** Bytes of a master's head that hold its STREAMINFO or fmt chunk (after any ID3 tag a FLAC may carry). */
const MASTER_HEAD_BYTES = 64 * 1024;

/** A stored master's sample rate, bit depth and channels, from its head. */
async function storedMasterFacts(bucket: R2Bucket, key: string): Promise<PcmFacts | null> {
  const object = await bucket.get(key, { range: { offset: 0, length: MASTER_HEAD_BYTES } });
  if (!object) return null;
  const head = new Uint8Array(await object.arrayBuffer());
  const kind = detectAudioType(head);
  return kind ? losslessFacts(kind, head) : null;
}

/**
 * Finishes a slot once every part is stored: the file joined, then set on its track or album by
 * the one request that moves the slot to done. A finished slot answers as it is (idempotent).
 */
export async function completeImportFile(where: ImportWhere, file: ImportFileRow): Promise<void> {
  if (file.state === "done") return;
  if (file.state === "failed") throw routeError("import_file_closed");
  const parts = await listImportParts(where.db, file.id);
  const stored = parts.reduce((n, p) => n + p.size, 0);
  if (file.state === "pending" || parts.length !== importPartCount(file.size) || stored !== file.size) throw routeError("import_parts_missing");

  await joinUploadedParts(where.bucket, { key: file.r2_key!, uploadId: file.upload_id!, size: file.size }, parts);
  const key = file.r2_key!;
  const audioFacts = file.kind === "audio" ? await storedAudioFacts(where.bucket, key) : null;
  const masterFacts = file.kind === "master" ? await storedMasterFacts(where.bucket, key) : null;
  if (!(await finishFile(where.db, file.id))) return;
  if (file.kind === "cover") {
    const album = await findAlbumRow(where.db, file.album_id);
    await attachAlbumCover(where, file.album_id, key, album?.coverKey ?? null);
  } else {
    const track = await findTrackRow(where.db, file.track_id!);
    if (file.kind === "audio") await attachTrackAudio(where, file.track_id!, { key, ...audioFacts! }, track?.audioKey ?? null);
    else await attachTrackMaster(where, file.track_id!, { key, format: file.format as "flac" | "wav", facts: masterFacts }, track?.masterKey ?? null);
  }
}

/** The admin gives a slot up: it fails as aborted and its stored parts go. A finished slot is 409. */
export async function abortImportFile(where: ImportWhere, file: ImportFileRow): Promise<void> {
  if (file.state === "done") throw routeError("import_file_closed");
  if (file.state === "failed") return;
  await abortUpload(where.bucket, await failFile(where.db, file.id, "aborted"));
}

/** The hourly cron: slots idle for a day fail as expired and their uploads are aborted; their draft releases stay. */
export async function expireStaleImports(bucket: R2Bucket, db: DB, now: number): Promise<number> {
  const expired = await expireStaleFiles(db, now);
  for (const open of expired) await abortUpload(bucket, open);
  return expired.length;
}
