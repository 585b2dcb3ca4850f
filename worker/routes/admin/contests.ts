// /api/admin/contests: the remix contests in the back office (decision 184), administrators only
// (the admin tree's gate runs first).
//   GET  /              every contest with its phase and submitted entries
//   POST /              a new contest (contestInputSchema) → 201
//   GET  /:id           one contest
//   PUT  /:id           every field again; 409 contest_closed once its results are out
//   PUT  /:id/cover     the body is the picture (JPEG, PNG or WebP, at most 2 MB)
//   GET  /:id/entries   every entry, drafts and withdrawn ones too, with its jury score, and its
//                       votes and place once the results are stored
//   PUT  /:id/entries/:entryId/jury   { score } 0..100: the jury's score of a submitted entry, until
//                       the results are out (409 contest_closed); another contest's entry is 404
//   GET  /:id/stems     its stems, in upload order, with their sizes
//   PUT  /:id/stems/:name   the body is one stem (WAV, FLAC or MP3 as its Content-Type says, at most
//                       STEM_MAX_MB), stored under contest-stems/<contest>/ and named :name (its format's
//                       extension added when missing) → 201; 409 contest_stem_exists, contest_stems_full
//   DELETE /:id/stems/:name  the stem and its file → 204
// A tier the ladder lacks is 400 tier_gate_unknown, an archived one not already the contest's 400
// tier_gate_archived; a track or event that does not exist 400; nothing stored on any refusal.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { parseJsonBody, validate } from "../../lib/validate";
import { uploadBody, uploadLimit } from "../../lib/upload-body";
import { routeError } from "../../lib/errors";
import { actorOf } from "../../middleware/guards";
import { checkMinTierChoice } from "../../services/tier-gate-check";
import { deleteObjects, storeImage } from "../../services/media/catalog-uploads";
import { CATALOG_IMAGE_MAX_BYTES } from "#contracts/music/admin-catalog-limits.ts";
import {
  createContest,
  findContest,
  listContests,
  namedRowsExist,
  setContestCover,
  toAdminContest,
  updateContest,
  type ContestRow,
} from "../../db/contests/contests";
import { setJuryScore } from "../../db/contests/results";
import { findEntry, listAdminEntries, type AdminEntryRow } from "../../db/contests/entries";
import { addStem, deleteStem, findStem, listStems, toAdminStem } from "../../db/contests/stems";
import { streamDeclaredAudio } from "../../services/contests/declared-audio";
import { stemFileName } from "../../services/contests/stems-zip";
import { keepContestRoomInStep } from "../../services/contests/room";
import {
  CONTEST_ID_PATTERN,
  CONTEST_MESSAGES,
  CONTEST_STEMS_MAX,
  STEM_MAX_MB,
  STEM_NAME_PATTERN,
  contestInputSchema,
  juryScoreSchema,
  type AdminContestEntriesResponse,
  type AdminContestEntry,
  type AdminContestResponse,
  type AdminContestsResponse,
  type AdminContestStemResponse,
  type AdminContestStemsResponse,
  type ContestValues,
} from "#contracts/contests/contests.ts";

type Ctx = Context<HonoEnv>;
const MB = 1024 * 1024;

/** The stem name the path gives, checked before any byte of the body is read. */
function stemName(c: Ctx): string {
  const name = (c.req.param("name") ?? "").trim();
  if (!STEM_NAME_PATTERN.test(name)) throw routeError("contest_stem_name_invalid", { field: "name" });
  return name;
}

async function storedContest(c: Ctx): Promise<ContestRow> {
  const id = c.req.param("id") ?? "";
  const row = CONTEST_ID_PATTERN.test(id) ? await findContest(c.var.db, id) : null;
  if (!row) throw routeError("contest_not_found");
  return row;
}

/** The tiers, track and events the values name, checked before anything is written. */
async function checkNamed(c: Ctx, v: ContestValues, before: ContestRow | null) {
  await checkMinTierChoice(c.var.db, v.stems.tierId, before?.stems.tierId ?? null, "stems.tierId");
  await checkMinTierChoice(c.var.db, v.enter.tierId, before?.enter.tierId ?? null, "enter.tierId");
  const exist = await namedRowsExist(c.var.db, v);
  if (!exist.track) throw routeError("contest_track_unknown", { field: "trackId" });
  if (!exist.events) throw routeError("contest_event_unknown");
}

function adminEntryView(entry: AdminEntryRow): AdminContestEntry {
  return {
    id: entry.id,
    title: entry.title,
    note: entry.note,
    remixer: { username: entry.username },
    status: entry.status,
    durationSeconds: entry.duration_seconds,
    // The members' audio route serves a submitted entry to anyone who may see it, admins included.
    audioUrl: entry.status === "submitted" && entry.audio_key ? `/api/contests/${entry.contest_id}/entries/${entry.id}/audio` : null,
    juryScore: entry.jury_score,
    votes: entry.fan_votes,
    place: entry.place,
    createdAt: new Date(entry.created_at).toISOString(),
    updatedAt: new Date(entry.updated_at).toISOString(),
  };
}

export const adminContestRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => c.json<AdminContestsResponse>({ contests: (await listContests(c.var.db)).map((row) => toAdminContest(row)) }))

  .post("/", validate("json", contestInputSchema), async (c) => {
    const values = c.req.valid("json");
    await checkNamed(c, values, null);
    const row = await createContest(c.var.db, actorOf(c), values);
    await keepContestRoomInStep(c.env, c.var.db, row.id);
    return c.json<AdminContestResponse>({ contest: toAdminContest(row) }, 201);
  })

  .get("/:id", async (c) => c.json<AdminContestResponse>({ contest: toAdminContest(await storedContest(c)) }))

  .put("/:id", async (c) => {
    const before = await storedContest(c);
    const values = await parseJsonBody(c, contestInputSchema);
    if (before.resultsAt !== null) throw routeError("contest_closed");
    await checkNamed(c, values, before);
    const row = await updateContest(c.var.db, actorOf(c), before, values);
    if (!row) throw routeError("contest_closed");
    await keepContestRoomInStep(c.env, c.var.db, row.id);
    return c.json<AdminContestResponse>({ contest: toAdminContest(row) });
  })

  .put("/:id/cover", uploadBody(CATALOG_IMAGE_MAX_BYTES), async (c) => {
    const before = await storedContest(c);
    const key = await storeImage(c, "contests", before.id);
    if (!(await setContestCover(c.var.db, actorOf(c), before, key))) {
      await deleteObjects(c.env.MEDIA, [key]); // the contest went away meanwhile: nothing uses it
      throw routeError("contest_not_found");
    }
    await deleteObjects(c.env.MEDIA, [before.coverKey]);
    return c.json<AdminContestResponse>({ contest: toAdminContest((await findContest(c.var.db, before.id))!) });
  })

  .get("/:id/entries", async (c) => {
    const contest = await storedContest(c);
    const entries = await listAdminEntries(c.var.db, contest.id);
    return c.json<AdminContestEntriesResponse>({ entries: entries.map(adminEntryView) });
  })

  .put("/:id/entries/:entryId/jury", async (c) => {
    const contest = await storedContest(c);
    const entryId = c.req.param("entryId");
    const { score } = await parseJsonBody(c, juryScoreSchema);
    const entry = CONTEST_ID_PATTERN.test(entryId) ? await findEntry(c.var.db, contest.id, entryId) : null;
    if (!entry || entry.status !== "submitted") throw routeError("contest_entry_not_found");
    if (!(await setJuryScore(c.var.db, actorOf(c), contest.id, entry.id, score))) throw routeError("contest_closed");
    return c.json({ entryId: entry.id, score });
  })
  .get("/:id/stems", async (c) => {
    const contest = await storedContest(c);
    return c.json<AdminContestStemsResponse>({ stems: (await listStems(c.var.db, contest.id)).map(toAdminStem) });
  })

  .put("/:id/stems/:name", uploadBody(STEM_MAX_MB * MB), async (c) => {
    const contest = await storedContest(c);
    const name = stemName(c);
    // Refused before the body is read; the insert holds the bound again against a racing upload.
    if ((await listStems(c.var.db, contest.id)).length >= CONTEST_STEMS_MAX) throw routeError("contest_stems_full");
    const upload = await streamDeclaredAudio(c.env.MEDIA, c.req.raw, {
      maxBytes: uploadLimit(c),
      errors: { tooLarge: CONTEST_MESSAGES.stemTooLarge, wrongType: CONTEST_MESSAGES.stemNotAudio },
      keyFor: (ext) => `contest-stems/${contest.id}/${crypto.randomUUID()}.${ext}`,
    });
    const stem = { name: stemFileName(name, upload.format), key: upload.key, format: upload.format, bytes: upload.size };
    const added = await addStem(c.var.db, actorOf(c), contest.id, stem, CONTEST_STEMS_MAX);
    if (typeof added === "string") {
      await deleteObjects(c.env.MEDIA, [upload.key]);
      throw routeError(added === "exists" ? "contest_stem_exists" : "contest_stems_full");
    }
    return c.json<AdminContestStemResponse>({ stem: toAdminStem(added) }, 201);
  })

  .delete("/:id/stems/:name", async (c) => {
    const contest = await storedContest(c);
    const stem = await findStem(c.var.db, contest.id, (c.req.param("name") ?? "").trim());
    if (!stem || !(await deleteStem(c.var.db, actorOf(c), stem))) throw routeError("contest_stem_not_found");
    await deleteObjects(c.env.MEDIA, [stem.r2_key]);
    return c.body(null, 204);
  });
