// Import by the folder (decision 119): its caps, part size, states and English texts, without zod,
// so the back office's page and the form rules (validation-codes.ts) read them without the schemas.
import { AUDIO_MAX_BYTES, CATALOG_API, CATALOG_IMAGE_MAX_BYTES, MASTER_MAX_BYTES } from "./admin-catalog-limits.ts";

export const CATALOG_IMPORT_API = `${CATALOG_API}/import`;

/**
 * Every part of a file is exactly this long except its last (1..this many bytes): R2 wants all
 * parts but the last of one size and at least 5 MiB. Part n holds bytes [(n-1)·size, n·size).
 */
export const IMPORT_PART_BYTES = 8 * 1024 * 1024;

/** How many parts a file of `size` bytes is uploaded in. */
export const importPartCount = (size: number) => Math.max(1, Math.ceil(size / IMPORT_PART_BYTES));
/** The exact length of part `number` (1-based) of a file of `size` bytes. */
export const importPartLength = (size: number, number: number) => Math.min(IMPORT_PART_BYTES, size - (number - 1) * IMPORT_PART_BYTES);

/** The plan's JSON (lyrics make it larger than the API's usual 64 KiB); larger is 413 payload_too_large. */
export const IMPORT_PLAN_MAX_BYTES = 4 * 1024 * 1024;

export const IMPORT_MAX_RELEASES = 10;
export const IMPORT_MAX_TRACKS = 100;
/** Streaming files, masters and covers together. */
export const IMPORT_MAX_FILES = 150;
export const IMPORT_FILE_NAME_MAX = 255;
export const IMPORT_DISC_MAX = 99;

/** Per kind, as the single-file routes allow (a cover like any catalog picture). */
export const IMPORT_FILE_MAX_BYTES = { audio: AUDIO_MAX_BYTES, master: MASTER_MAX_BYTES, cover: CATALOG_IMAGE_MAX_BYTES } as const;

/** A file slot not finished this long after its last part (or its creation) is aborted by the hourly cron. */
export const IMPORT_STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * An imported release's public release time: a draft is an album hidden by its release time (the
 * state every catalog read, stream and search already honours), so the import never publishes.
 * The admin publishes by setting its release time (PATCH /api/admin/catalog/albums/:id).
 */
export const IMPORT_DRAFT_RELEASE_AT = "9999-12-31T00:00:00.000Z";

/** The streaming file of a track (the player's and the MP3 download's file). */
export const IMPORT_AUDIO_FORMATS = ["mp3", "m4a"] as const;
/** The lossless master sold beside it (decision 054). */
export const IMPORT_MASTER_FORMATS = ["flac", "wav"] as const;
export const IMPORT_COVER_FORMATS = ["jpeg", "png", "webp"] as const;

export const IMPORT_FILE_KINDS = ["audio", "master", "cover"] as const;
export type ImportFileKind = (typeof IMPORT_FILE_KINDS)[number];
export type ImportFileFormat = (typeof IMPORT_AUDIO_FORMATS)[number] | (typeof IMPORT_MASTER_FORMATS)[number] | (typeof IMPORT_COVER_FORMATS)[number];

/** pending: nothing stored yet; uploading: some parts stored; done: the file is on its track or album; failed: see `failure`. */
export const IMPORT_FILE_STATES = ["pending", "uploading", "done", "failed"] as const;
export type ImportFileState = (typeof IMPORT_FILE_STATES)[number];
/** unsupported_type: its first part was not the declared kind; expired: not finished within a day; aborted: the admin gave it up. */
export type ImportFileFailure = "unsupported_type" | "expired" | "aborted";

export const CATALOG_IMPORT_MESSAGES = {
  duplicateTrackNumber: "Two tracks of this release have the same disc and track number",
  tooManyReleases: `At most ${IMPORT_MAX_RELEASES} releases an import`,
  tooManyTracks: `At most ${IMPORT_MAX_TRACKS} tracks an import`,
  tooManyFiles: `At most ${IMPORT_MAX_FILES} files an import`,
  fileTooLarge: "This file is larger than its kind allows",
  fileNameRequired: "A file needs its name",
  fileNameTooLong: `A file name must be at most ${IMPORT_FILE_NAME_MAX} characters`,
  importNotFound: "Import not found",
  fileNotFound: "This import has no such file",
  fileClosed: "This file is already finished or given up",
  firstPartFirst: "The first part must be uploaded first: it decides the file's type",
  partsMissing: "Some parts of this file are not uploaded yet",
  partTooLong: "This part is longer than its place in the file",
  notDeclaredFormat: "This file's bytes are not the format it was declared as",
} as const;
