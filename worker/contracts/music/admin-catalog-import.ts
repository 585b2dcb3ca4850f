// Import by the folder (decision 119): the back office's browser reads a folder's tags, the admin
// reviews them, and the Worker creates the releases as drafts and takes their files in resumable,
// streamed parts (R2 multipart uploads). Administrators only, like every /api/admin route: a
// visitor (or a banned member) 401, any other member 403.
//
// POST   /api/admin/catalog/import
//        body ImportPlan → 201 ImportState. Creates every album (hidden: IMPORT_DRAFT_RELEASE_AT)
//        and track with its credits and lyrics in one batch, and one file slot per expected file
//        (each track's streaming file, its master if any, each release's cover if any). Tracks are
//        numbered 1..n in (disc, number) order. 400 with a form code (import_duplicate_track_number,
//        import_too_many_files, …) for a bad plan, 409 isrc_taken / conflict; nothing stored then.
// GET    /api/admin/catalog/import/:importId
//        → ImportState: every slot's state, so a reloaded page shows where the import stands.
// GET    /api/admin/catalog/import/:importId/files/:fileId
//        → ImportFileResponse: the slot and the parts already stored, to resume after a dropped
//        connection (send only the parts not listed).
// PUT    /api/admin/catalog/import/:importId/files/:fileId/parts/:partNumber
//        body: the part's bytes (Content-Length required, exactly importPartLength(size, n)),
//        streamed to R2 → ImportPartResponse. Part 1 first (409 import_first_part_first otherwise):
//        its bytes must be the declared format, else 415 unsupported_type and the slot fails (its
//        multipart upload aborted). A part past the file's end or longer than its place 413
//        too_large; shorter 400 upload_incomplete. Sending a stored part again replaces it.
// POST   /api/admin/catalog/import/:importId/files/:fileId/complete
//        → ImportFileResponse with state "done": the file is joined in R2 and set on its track
//        (audio + duration read from the file, or master) or album (cover), as the single-file
//        routes do. Idempotent: a second call answers the same. 409 import_parts_missing.
// DELETE /api/admin/catalog/import/:importId/files/:fileId
//        → ImportFileResponse with state "failed" (failure "aborted"): the admin gives the file up;
//        its stored parts are dropped. A finished file answers 409 import_file_closed.
// Unknown import or slot, or a slot of another import: 404 import_not_found / import_file_not_found.
// Slots not finished within IMPORT_STALE_AFTER_MS of their last part are aborted by the hourly
// cron (failure "expired"); their draft releases stay.
import { z } from "../zod";
import { ALBUM_NOTES_MAX, CATALOG_MESSAGES, MAX_DURATION_SECONDS, TITLE_MAX } from "./admin-catalog-limits";
import { userText } from "../text";
import { creditsBodySchema, lyricsBodySchema } from "./track-details";
import { LOCALES } from "../locale";
import { LYRICS_ACCESS } from "./track-details-limits";
import {
  CATALOG_IMPORT_MESSAGES as M,
  IMPORT_AUDIO_FORMATS,
  IMPORT_COVER_FORMATS,
  IMPORT_DISC_MAX,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_FILE_NAME_MAX,
  IMPORT_MASTER_FORMATS,
  IMPORT_MAX_FILES,
  IMPORT_MAX_RELEASES,
  IMPORT_MAX_TRACKS,
  type ImportFileFailure,
  type ImportFileFormat,
  type ImportFileKind,
  type ImportFileState,
} from "./admin-catalog-import-limits";

export * from "./admin-catalog-import-limits";

const title = userText({ min: 1, max: TITLE_MAX, minMessage: CATALOG_MESSAGES.titleRequired, maxMessage: CATALOG_MESSAGES.titleTooLong });
const notes = userText({ max: ALBUM_NOTES_MAX, maxMessage: CATALOG_MESSAGES.notesTooLong, multiline: true });

/** A file the browser will send: its name (shown on the page, never used for storage), format and exact size. */
const fileOf = <F extends readonly [string, ...string[]]>(formats: F, maxBytes: number) =>
  z.strictObject({
    name: userText({ min: 1, max: IMPORT_FILE_NAME_MAX, minMessage: M.fileNameRequired, maxMessage: M.fileNameTooLong }),
    format: z.enum(formats),
    size: z.number().int().min(1).max(maxBytes, M.fileTooLarge),
  });

const lyricsEntry = z.strictObject({ locale: z.enum(LOCALES), synced: lyricsBodySchema.shape.synced, body: lyricsBodySchema.shape.body });

export const importTrackSchema = z.strictObject({
  title,
  disc: z.number().int().min(1).max(IMPORT_DISC_MAX).default(1),
  number: z.number().int().min(1).max(999),
  /** From the tags; replaced by the duration read from the uploaded file when it says. */
  durationSeconds: z.number().int().min(0).max(MAX_DURATION_SECONDS).optional(),
  isrc: creditsBodySchema.shape.isrc.default(null),
  /** null: the release's label. */
  label: creditsBodySchema.shape.label.default(null),
  recordedOn: creditsBodySchema.shape.recordedOn.default(null),
  credits: creditsBodySchema.shape.credits.default([]),
  /** At most one per language: plain text, or synced LRC. */
  lyrics: z
    .array(lyricsEntry)
    .max(LOCALES.length)
    .refine((list) => new Set(list.map((l) => l.locale)).size === list.length, CATALOG_MESSAGES.duplicateIds)
    .default([]),
  /** The streaming file: MP3 (uploaded, or encoded in the browser from the master), or M4A. */
  audio: fileOf(IMPORT_AUDIO_FORMATS, IMPORT_FILE_MAX_BYTES.audio),
  /** The lossless master sold beside it. */
  master: fileOf(IMPORT_MASTER_FORMATS, IMPORT_FILE_MAX_BYTES.master).nullable().default(null),
});

export const importReleaseSchema = z.strictObject({
  title,
  type: z.enum(["Album", "Single"]),
  year: z.number().int().min(1900).max(2100),
  notes: notes.optional(),
  notesPtBr: notes.optional(),
  /** The tracks' label where a track names none. */
  label: creditsBodySchema.shape.label.default(null),
  lyricsAccess: z.enum(LYRICS_ACCESS).default("public"),
  cover: fileOf(IMPORT_COVER_FORMATS, IMPORT_FILE_MAX_BYTES.cover).nullable().default(null),
  tracks: z.array(importTrackSchema).min(1).max(IMPORT_MAX_TRACKS, M.tooManyTracks),
});

const filesOf = (release: z.infer<typeof importReleaseSchema>) => (release.cover ? 1 : 0) + release.tracks.reduce((n, t) => n + (t.master ? 2 : 1), 0);

export const importPlanSchema = z
  .strictObject({ releases: z.array(importReleaseSchema).min(1).max(IMPORT_MAX_RELEASES, M.tooManyReleases) })
  .superRefine(({ releases }, ctx) => {
    releases.forEach((release, r) => {
      const seen = new Set<string>();
      release.tracks.forEach((track, t) => {
        const place = `${track.disc}/${track.number}`;
        if (seen.has(place)) ctx.addIssue({ code: "custom", message: M.duplicateTrackNumber, path: ["releases", r, "tracks", t, "number"] });
        seen.add(place);
      });
    });
    if (releases.reduce((n, r) => n + r.tracks.length, 0) > IMPORT_MAX_TRACKS) ctx.addIssue({ code: "custom", message: M.tooManyTracks, path: ["releases"] });
    else if (releases.reduce((n, r) => n + filesOf(r), 0) > IMPORT_MAX_FILES) ctx.addIssue({ code: "custom", message: M.tooManyFiles, path: ["releases"] });
  });
export type ImportPlan = z.input<typeof importPlanSchema>;
export type ImportPlanParsed = z.output<typeof importPlanSchema>;

const id = z.string().min(1).max(100);
export const importParamSchema = z.object({ importId: id });
export const importFileParamSchema = z.object({ importId: id, fileId: id });
export const importPartParamSchema = z.object({ importId: id, fileId: id, partNumber: z.coerce.number().int().min(1).max(10_000) });

// ---------- Answers ----------

export type ImportFile = {
  id: string;
  kind: ImportFileKind;
  /** The album it belongs to, and for audio and masters its track. */
  albumId: string;
  trackId: string | null;
  /** As the browser named it in the plan. */
  name: string;
  format: ImportFileFormat;
  size: number;
  state: ImportFileState;
  failure: ImportFileFailure | null;
  /** Bytes of the parts stored so far (the whole size once done). */
  uploadedBytes: number;
  partCount: number;
};

export type ImportPart = { number: number; size: number; etag: string };

export type ImportTrack = { id: string; title: string; number: number; isrc: string | null; audioFileId: string | null; masterFileId: string | null };
export type ImportAlbum = { id: string; title: string; year: number; coverFileId: string | null; tracks: ImportTrack[] };

/** The import's releases in the plan's order, each one's tracks in their stored order (1..n by disc, then number). */
export type ImportState = { id: string; createdAt: string; albums: ImportAlbum[]; files: ImportFile[] };
export type ImportFileResponse = { file: ImportFile; parts: ImportPart[] };
export type ImportPartResponse = { file: ImportFile; part: ImportPart };
