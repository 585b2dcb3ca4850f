// /api/admin/catalog/import: import by the folder (decision 119; the contract and each route's
// answers in worker/contracts/music/admin-catalog-import.ts). Administrators only: the admin tree's gate
// runs first. A plan creates draft releases and a slot per file; each file then comes in parts
// (an R2 multipart upload), resumable from the parts the slot lists, and is put on its track or
// album when completed.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { validate } from "../../lib/validate";
import { uploadBody } from "../../lib/upload-body";
import { orConflict, routeError, validationError } from "../../lib/errors";
import { syncedLines } from "../../lib/lrc";
import { actorOf } from "../../middleware/guards";
import { createImport, findImportFile, importExists, listImportParts, readImportState, toImportFile } from "../../db/music/catalog-imports";
import { abortImportFile, completeImportFile, storeImportPart, type ImportWhere } from "../../services/media/catalog-import";
import { catalogChanged } from "../../services/media/catalog-uploads";
import { CATALOG_REFUSALS } from "#contracts/music/admin-catalog.ts";
import { TRACK_DETAILS_MESSAGES } from "#contracts/music/track-details-limits.ts";
import {
  IMPORT_PART_BYTES,
  IMPORT_PLAN_MAX_BYTES,
  importFileParamSchema,
  importParamSchema,
  importPartParamSchema,
  importPlanSchema,
  type ImportFileResponse,
  type ImportPartResponse,
  type ImportPlanParsed,
  type ImportState,
} from "#contracts/music/admin-catalog-import.ts";

const IMPORT_REFUSALS = {
  concurrent_change: CATALOG_REFUSALS.concurrent_change,
  isrc_taken: { code: "isrc_taken", message: TRACK_DETAILS_MESSAGES.isrcTaken },
} as const;

const where = (c: Context<HonoEnv>): ImportWhere => ({ db: c.var.db, bucket: c.env.MEDIA, actor: actorOf(c), env: c.env });

/** Synced lyrics need a timed line, as the track's lyrics editor requires (the LRC reader is the Worker's). */
function checkSyncedLyrics(plan: ImportPlanParsed) {
  plan.releases.forEach((release, r) =>
    release.tracks.forEach((track, t) =>
      track.lyrics.forEach((lyrics, l) => {
        if (lyrics.synced && syncedLines(lyrics.body).length === 0)
          throw validationError({ message: TRACK_DETAILS_MESSAGES.lyricsNotSynced, path: ["releases", r, "tracks", t, "lyrics", l, "body"] });
      }),
    ),
  );
}

/** The slot of this import the path names; another import's slot is as unknown as a missing one. */
async function slotOf(c: Context<HonoEnv>, importId: string, fileId: string) {
  const file = await findImportFile(c.var.db, importId, fileId);
  if (file) return file;
  throw (await importExists(c.var.db, importId)) ? routeError("import_file_not_found") : routeError("import_not_found");
}

/** The slot as it is now, with its stored parts. */
async function fileAnswer(c: Context<HonoEnv>, importId: string, fileId: string): Promise<ImportFileResponse> {
  const file = await slotOf(c, importId, fileId);
  return { file: toImportFile(file), parts: file.state === "uploading" ? await listImportParts(c.var.db, fileId) : [] };
}

export const catalogImportRoutes = new Hono<HonoEnv>()
  .post(
    "/",
    uploadBody(IMPORT_PLAN_MAX_BYTES, () => routeError("payload_too_large")),
    validate("json", importPlanSchema),
    async (c) => {
      const plan = c.req.valid("json");
      checkSyncedLyrics(plan);
      const state = orConflict(await createImport(c.var.db, actorOf(c), plan), IMPORT_REFUSALS);
      catalogChanged();
      return c.json<ImportState>(state, 201);
    },
  )

  .get("/:importId", validate("param", importParamSchema), async (c) => {
    const state = await readImportState(c.var.db, c.req.valid("param").importId);
    if (!state) throw routeError("import_not_found");
    return c.json<ImportState>(state);
  })

  .get("/:importId/files/:fileId", validate("param", importFileParamSchema), async (c) => {
    const { importId, fileId } = c.req.valid("param");
    return c.json<ImportFileResponse>(await fileAnswer(c, importId, fileId));
  })

  // The body is the part's bytes, streamed on to R2.
  .put("/:importId/files/:fileId/parts/:partNumber", validate("param", importPartParamSchema), uploadBody(IMPORT_PART_BYTES), async (c) => {
    const { importId, fileId, partNumber } = c.req.valid("param");
    const file = await slotOf(c, importId, fileId);
    const part = await storeImportPart(where(c), file, partNumber, c.req.raw);
    return c.json<ImportPartResponse>({ file: toImportFile(await slotOf(c, importId, fileId)), part });
  })

  .post("/:importId/files/:fileId/complete", validate("param", importFileParamSchema), async (c) => {
    const { importId, fileId } = c.req.valid("param");
    await completeImportFile(where(c), await slotOf(c, importId, fileId));
    return c.json<ImportFileResponse>(await fileAnswer(c, importId, fileId));
  })

  .delete("/:importId/files/:fileId", validate("param", importFileParamSchema), async (c) => {
    const { importId, fileId } = c.req.valid("param");
    await abortImportFile(where(c), await slotOf(c, importId, fileId));
    return c.json<ImportFileResponse>(await fileAnswer(c, importId, fileId));
  });
