// /api/contests/:id/entries/:entryId/uploads: an entry's audio in parts, resumable (decision 194),
// for a file above the single PUT's 100 MB (the platform's cap on a request body) or any file the
// page sends in parts. Only the entrant, only while the contest takes entries (by the clock):
//   POST /                               { format: wav|flac|mp3, size } → 201 { upload, parts: [] };
//                                        size up to the contest's max (413 too_large); the entry's
//                                        live upload, if any, is given up (one live upload per entry)
//   GET  /:uploadId                      { upload, parts }: the parts stored, so a reloaded page sends the rest
//   PUT  /:uploadId/parts/:partNumber    the body is the part (Content-Length exactly the part's:
//                                        ENTRY_PART_BYTES, the last shorter); part 1 first, its bytes
//                                        the declared format (415, the upload given up) → { upload, part }
//   POST /:uploadId/complete             joined, its duration read and checked, the entry submitted
//                                        → { upload } done (the entry reads as submitted); a finished
//                                        upload answers the same, writing nothing
// Another member's entry or upload is 404; a visitor or a banned member gets 401.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { requireUser } from "../middleware/guards";
import { routeError } from "../lib/errors";
import { parseJsonBody } from "../lib/validate";
import { uploadBody } from "../lib/upload-body";
import { findContest, type ContestRow } from "../db/contests/contests";
import { findEntry, type EntryRow } from "../db/contests/entries";
import { listEntryUploadParts } from "../db/contests/entry-uploads";
import { completeUpload, entryUploadOf, startUpload, storeUploadPart, toEntryUpload, type UploadWhere } from "../services/contests/entry-upload";
import { UPLOAD_ERROR_CODES } from "#contracts/music/admin-catalog-limits.ts";
import {
  CONTEST_ID_PATTERN,
  CONTEST_MESSAGES,
  ENTRY_PART_BYTES,
  contestPhaseAt,
  entryUploadStartSchema,
  type ContestEntryUploadPartResponse,
  type ContestEntryUploadResponse,
} from "#contracts/contests/contests.ts";

const MB = 1024 * 1024;
const PART_NUMBER = /^[1-9][0-9]{0,4}$/;

type Ctx = { req: { param(name: string): string | undefined }; var: { db: HonoEnv["Variables"]["db"]; user: { id: string; isAdmin: boolean } } };

/**
 * The contest and the asker's own live entry the path names; anything else (an unknown or unopened
 * contest, another member's entry, a withdrawn one) is 404, as the entry's other routes answer.
 */
async function entrantEntry(c: Ctx, now: number): Promise<{ contest: ContestRow; entry: EntryRow }> {
  const contestId = c.req.param("id") ?? "";
  const contest = CONTEST_ID_PATTERN.test(contestId) ? await findContest(c.var.db, contestId) : null;
  if (!contest || (now < contest.opensAt && !c.var.user.isAdmin)) throw routeError("contest_not_found");
  const entryId = c.req.param("entryId") ?? "";
  const entry = CONTEST_ID_PATTERN.test(entryId) ? await findEntry(c.var.db, contest.id, entryId) : null;
  if (!entry || entry.user_id !== c.var.user.id || entry.status === "withdrawn") throw routeError("contest_entry_not_found");
  return { contest, entry };
}

/** The entrant's entry while the contest takes entries by the clock; else 409 contest_entries_closed. */
async function writableEntry(c: Ctx, now: number) {
  const found = await entrantEntry(c, now);
  if (contestPhaseAt(found.contest, now) !== "entries") throw routeError("contest_entries_closed");
  return found;
}

const uploadIdOf = (c: Ctx) => {
  const id = c.req.param("uploadId") ?? "";
  if (!CONTEST_ID_PATTERN.test(id)) throw routeError("contest_upload_not_found");
  return id;
};

async function uploadAnswer(c: Ctx, entry: EntryRow, id: string): Promise<ContestEntryUploadResponse> {
  const upload = await entryUploadOf(c.var.db, entry, id);
  const parts = upload.state === "uploading" ? await listEntryUploadParts(c.var.db, upload.id) : [];
  return { upload: toEntryUpload(upload), parts: parts.map((p) => ({ number: p.number, size: p.size })) };
}

export const contestEntryUploadRoutes = new Hono<HonoEnv>()
  .post("/:id/entries/:entryId/uploads", requireUser, async (c) => {
    const now = Date.now();
    const { contest, entry } = await writableEntry(c, now);
    const declared = await parseJsonBody(c, entryUploadStartSchema);
    if (declared.size > contest.maxUploadMb * MB) throw routeError(UPLOAD_ERROR_CODES.tooLarge, { message: CONTEST_MESSAGES.audioTooLarge });
    const where: UploadWhere = { env: c.env, db: c.var.db, now };
    const upload = await startUpload(where, entry, declared);
    return c.json<ContestEntryUploadResponse>({ upload: toEntryUpload(upload), parts: [] }, 201);
  })

  .get("/:id/entries/:entryId/uploads/:uploadId", requireUser, async (c) => {
    const { entry } = await entrantEntry(c, Date.now());
    c.header("Cache-Control", "private, no-store");
    return c.json<ContestEntryUploadResponse>(await uploadAnswer(c, entry, uploadIdOf(c)));
  })

  // The body is the part's bytes, streamed on to R2.
  .put("/:id/entries/:entryId/uploads/:uploadId/parts/:partNumber", requireUser, uploadBody(ENTRY_PART_BYTES), async (c) => {
    const now = Date.now();
    const { entry } = await writableEntry(c, now);
    const upload = await entryUploadOf(c.var.db, entry, uploadIdOf(c));
    const number = c.req.param("partNumber");
    if (!PART_NUMBER.test(number)) throw routeError("contest_upload_part_invalid");
    const part = await storeUploadPart({ env: c.env, db: c.var.db, now }, upload, Number(number), c.req.raw);
    const after = await entryUploadOf(c.var.db, entry, upload.id);
    return c.json<ContestEntryUploadPartResponse>({ upload: toEntryUpload(after), part: { number: part.number, size: part.size } });
  })

  .post("/:id/entries/:entryId/uploads/:uploadId/complete", requireUser, async (c) => {
    const now = Date.now();
    const { contest, entry } = await entrantEntry(c, now);
    const upload = await entryUploadOf(c.var.db, entry, uploadIdOf(c));
    // A finished upload answers as it is after the deadline too; only a live one needs the window.
    if (upload.state === "uploading" && contestPhaseAt(contest, now) !== "entries") throw routeError("contest_entries_closed");
    await completeUpload({ env: c.env, db: c.var.db, now }, entry, upload);
    return c.json<ContestEntryUploadResponse>(await uploadAnswer(c, entry, upload.id));
  });
