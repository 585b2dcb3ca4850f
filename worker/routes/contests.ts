// /api/contests: the remix contests as members and visitors see them (decision 184).
//   GET    /                              the contests that have opened, the latest first, in the asker's language
//   GET    /:id                           the contest in the asker's language with what they may do now;
//                                          404 contest_not_found before it opens (admins see it)
//   GET    /:id/entries?seed=             submitted entries in a fair order (the member's id, or a
//                                          visitor's seed, decides it), the asker's drafts, no counts
//   POST   /:id/entries                   { title, note, acceptLicence: true, coAuthors? }: a draft → 201;
//                                          each co-author named (a username) is invited and notified
//   GET    /:id/entries/:entryId          one entry; another member's draft is 404 (a co-author named
//                                          on it reads it)
//   PATCH  /:id/entries/:entryId          the title and note (and coAuthors when given), until the entry deadline
//   PUT    /:id/entries/:entryId/audio    the body is the remix (WAV, FLAC or MP3 as its Content-Type
//                                          says, up to the contest's size and the platform's 100 MB, within
//                                          the duration limits); larger files go in parts
//                                          (contest-entry-uploads.ts, decision 194)
//   GET    /:id/entries/:entryId/audio    the remix's streaming copy once made (the original before), with Range
//   DELETE /:id/entries/:entryId          withdraw, at any time; its votes go
//   POST   /:id/votes                     { entryId } → 201 with the votes left; a hidden entry's is
//                                          409 contest_entry_hidden (decision 196)
//   DELETE /:id/votes/:entryId            the vote back, while the window is open
//   GET    /:id/stems.zip                 the stems in one ZIP (stored, with the rules as LICENCE.txt) for a
//                                          member who passes the stems gate; each counted, at most
//                                          STEM_DOWNLOADS_PER_DAY per member and contest a UTC day (429)
//   GET    /:id/results                   once voting is over: each entry's place, votes and shares,
//                                          computed once by whichever comes first, this or the job;
//                                          409 contest_results_not_out before
// The co-authors' answers and the profile's entries are contests-social.ts', mounted before these (worker/app.ts).
// A visitor and a banned member get 401 on every write. Each bound is held by the one statement
// that writes (worker/db/contests/); a refusal is then told apart by reading why.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../types";
import { readConfig } from "../env";
import { requireUser } from "../middleware/guards";
import { answerLanguage } from "../middleware/content-language";
import { inLanguage } from "../lib/content-language";
import { routeError } from "../lib/errors";
import { parseJsonBody } from "../lib/validate";
import { uploadBody, uploadLimit } from "../lib/upload-body";
import { serveR2Object } from "../lib/r2-range";
import { audioDuration } from "../lib/audio-probe";
import { deleteObjects, keyFor } from "../services/media/catalog-uploads";
import { contestCoverUrl, findContest, listOpenedContests, type ContestRow } from "../db/contests/contests";
import { castVote, liveVotesOnHidden, removeVote, votedEntries } from "../db/contests/votes";
import { createDraftEntry, editEntry, findEntry, listEntries, liveEntryCount, withdrawEntry, type EntryRow } from "../db/contests/entries";
import { audienceGateOf, contestViewer, mayVote, passesAudience, type ContestViewer } from "../services/contests/access";
import { fairOrder } from "../services/contests/fair-order";
import { contestAudioMime, streamDeclaredAudio } from "../services/contests/declared-audio";
import { attachEntryAudio, entrySeconds } from "../services/contests/entry-audio";
import { stemFileName, stemsZipStream, type StemsZipFile } from "../services/contests/stems-zip";
import { listStems, recordStemDownload, stemDownloadsToday, stemsSummary } from "../db/contests/stems";
import { resultsOf } from "../services/contests/results";
import { networkHash } from "../services/contests/network-hash";
import { creditsOf, type CreditRow } from "../db/contests/credits";
import { coAuthorIds, notifyCoAuthors } from "../services/contests/credits";
import { streamKeyOf } from "../services/contests/entry-stream";
import { peaksFromText } from "../lib/peaks";
import {
  CONTEST_ID_PATTERN,
  CONTEST_MESSAGES,
  ENTRY_SINGLE_REQUEST_MAX_MB,
  STEM_DOWNLOADS_PER_DAY,
  contestPhaseAt,
  entryEditSchema,
  entryInputSchema,
  voteInputSchema,
  type ContestEnterRefusal,
  type ContestEntriesResponse,
  type ContestEntry,
  type ContestResultsResponse,
  type ContestEntryResponse,
  type ContestVoteResponse,
  type PublicContestResponse,
  type ContestsResponse,
} from "#contracts/contests/contests.ts";

// Read-only use of the request: handlers behind requireUser pass their narrower context too.
type Ctx = { req: { param(name: string): string | undefined }; var: Pick<Context<HonoEnv>["var"], "db" | "user"> };
const MB = 1024 * 1024;
const SEED_PATTERN = /^[a-z0-9]{8,32}$/;

/** The contest the path names, once it has opened (administrators see it before). */
async function openContest(c: Ctx, now: number): Promise<ContestRow> {
  const id = c.req.param("id") ?? "";
  const contest = CONTEST_ID_PATTERN.test(id) ? await findContest(c.var.db, id) : null;
  if (!contest || (now < contest.opensAt && !c.var.user?.isAdmin)) throw routeError("contest_not_found");
  return contest;
}

/** Whether the viewer was named on the entry and has not declined: they read it while it is a draft. */
const namedOn = (credits: readonly CreditRow[], viewerId: string | undefined) => credits.some((k) => k.user_id === viewerId && k.status !== "declined");

/** The entry the path names as the asker may see it: submitted and not hidden (admins see hidden ones), their own, or a draft they are named on; else 404. */
async function visibleEntry(c: Ctx, contest: ContestRow): Promise<EntryRow> {
  const id = c.req.param("entryId") ?? "";
  const entry = CONTEST_ID_PATTERN.test(id) ? await findEntry(c.var.db, contest.id, id) : null;
  if (!entry) throw routeError("contest_entry_not_found");
  if (entry.user_id === c.var.user?.id) return entry;
  if (entry.status === "submitted" && (entry.hidden_at === null || c.var.user?.isAdmin)) return entry;
  if (entry.status === "draft" && namedOn(await creditsOf(c.var.db, [entry.id]), c.var.user?.id)) return entry;
  throw routeError("contest_entry_not_found");
}

/** The asker's own entry, not withdrawn; anyone else's is as unknown as a missing one. */
async function ownEntry(c: Ctx, contest: ContestRow): Promise<EntryRow> {
  const entry = await visibleEntry(c, contest);
  if (entry.user_id !== c.var.user!.id || entry.status === "withdrawn") throw routeError("contest_entry_not_found");
  return entry;
}

/** Whether the entry's streaming copy is made, and made from the audio it points at now (a new upload's job may not have started). */
const streamReady = (entry: EntryRow) =>
  entry.stream_state === "ready" && entry.audio_key !== null && entry.stream_key === streamKeyOf(entry.audio_key, entry.audio_format);

function entryView(entry: EntryRow, viewerId: string | null, voted: ReadonlySet<string>, credits: readonly CreditRow[]): ContestEntry {
  const named = credits.filter((k) => k.entry_id === entry.id);
  const mine = entry.user_id === viewerId;
  return {
    id: entry.id,
    title: entry.title,
    note: entry.note,
    remixer: { username: entry.username },
    coAuthors: named.filter((k) => k.status === "confirmed").map((k) => ({ username: k.username })),
    credits: mine ? named.map((k) => ({ username: k.username, status: k.status })) : null,
    myCredit: named.find((k) => k.user_id === viewerId)?.status ?? null,
    status: entry.status,
    durationSeconds: entry.duration_seconds,
    audioUrl: entry.audio_key ? `/api/contests/${entry.contest_id}/entries/${entry.id}/audio` : null,
    streamState: entry.audio_key ? entry.stream_state : null,
    peaks: streamReady(entry) ? peaksFromText(entry.peaks) : null,
    mine,
    hidden: mine && entry.hidden_at !== null ? { at: new Date(entry.hidden_at).toISOString(), reason: entry.hidden_reason ?? "" } : null,
    votedByMe: voted.has(entry.id),
    createdAt: new Date(entry.created_at).toISOString(),
    updatedAt: new Date(entry.updated_at).toISOString(),
  };
}

/** Votes the viewer has left now (none outside the window or for an account that may not vote). */
function votesLeft(contest: ContestRow, viewer: ContestViewer | null, voted: ReadonlySet<string>, now: number) {
  return mayVote(viewer, contest) && contestPhaseAt(contest, now) === "voting" && contest.resultsAt === null
    ? Math.max(0, contest.votesPerMember - voted.size)
    : 0;
}

/** The codes a member's entry is refused with before it is written (the page is told them too). */
const ENTER_REFUSAL_CODES = {
  gate: "contest_enter_not_allowed",
  unverified: "email_unverified",
  closed: "contest_entries_closed",
} as const satisfies Record<string, ContestEnterRefusal>;

/** Why the asker may not enter now (the gate, the account, the window), or nothing. */
function enterRefusalCode(contest: ContestRow, viewer: ContestViewer | null, now: number): ContestEnterRefusal | null {
  if (!passesAudience(viewer, contest.enter)) return ENTER_REFUSAL_CODES.gate;
  if (!viewer!.standing.verified) return ENTER_REFUSAL_CODES.unverified;
  if (contestPhaseAt(contest, now) !== "entries") return ENTER_REFUSAL_CODES.closed;
  return null;
}

function enterRefusal(contest: ContestRow, viewer: ContestViewer | null, now: number) {
  const code = enterRefusalCode(contest, viewer, now);
  return code ? routeError(code) : null;
}

/** What the page tells the asker about entering: a visitor is asked to sign in; a member out of entries is told so. */
async function enterRights(c: Ctx, contest: ContestRow, viewer: ContestViewer | null, now: number): Promise<ContestEnterRefusal | null> {
  if (!c.var.user) return "unauthorized";
  const code = enterRefusalCode(contest, viewer, now);
  if (code) return code;
  return (await liveEntryCount(c.var.db, contest.id, c.var.user.id)) >= contest.entriesPerMember ? "contest_entries_used_up" : null;
}

/** Why a vote was not taken: the first rule it broke. */
async function voteRefusal(c: Ctx, contest: ContestRow, entryId: string, now: number) {
  const entry = await findEntry(c.var.db, contest.id, entryId);
  if (!entry || entry.status !== "submitted") return routeError("contest_entry_not_found");
  if (entry.hidden_at !== null) return routeError("contest_entry_hidden");
  if (contestPhaseAt(contest, now) !== "voting" || contest.resultsAt !== null) return routeError("contest_voting_closed");
  if (!mayVote(await contestViewer(c.var.db, contest, c.var.user), contest)) return routeError("contest_vote_not_allowed");
  if (entry.user_id === c.var.user!.id) return routeError("contest_own_entry");
  if ((await creditsOf(c.var.db, [entry.id])).some((k) => k.user_id === c.var.user!.id && k.status === "confirmed")) return routeError("contest_co_authored");
  const voted = await votedEntries(c.var.db, contest.id, c.var.user!.id);
  if (voted.has(entryId)) return routeError("contest_already_voted");
  return routeError("contest_votes_used_up");
}

/** The entry as the asker sees it, read again after a write. */
async function entryAnswer(c: Ctx, contestId: string, entryId: string): Promise<ContestEntryResponse> {
  const entry = (await findEntry(c.var.db, contestId, entryId))!;
  return { entry: entryView(entry, c.var.user?.id ?? null, new Set(), await creditsOf(c.var.db, [entry.id])) };
}

export const contestRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const now = Date.now();
    const locale = answerLanguage(c);
    const contests = await listOpenedContests(c.var.db, now);
    // The phases move with the clock and the list is small: read fresh, as the contest's own answer is.
    c.header("Cache-Control", "private, no-store");
    return c.json<ContestsResponse>({
      contests: contests.map((contest) => ({
        id: contest.id,
        title: inLanguage(locale, contest.titleEn, contest.titlePtBr),
        coverUrl: contestCoverUrl(contest.coverKey),
        opensAt: new Date(contest.opensAt).toISOString(),
        entriesCloseAt: new Date(contest.entriesCloseAt).toISOString(),
        votingOpensAt: new Date(contest.votingOpensAt).toISOString(),
        votingClosesAt: new Date(contest.votingClosesAt).toISOString(),
        phase: contestPhaseAt(contest, now),
        resultsOut: contest.resultsAt !== null,
      })),
    });
  })

  .get("/:id", async (c) => {
    const now = Date.now();
    const contest = await openContest(c, now);
    const viewer = await contestViewer(c.var.db, contest, c.var.user);
    const voted = viewer ? await votedEntries(c.var.db, contest.id, viewer.user.id) : new Set<string>();
    const locale = answerLanguage(c);
    const canDownloadStems = passesAudience(viewer, contest.stems);
    const [enterRefusal, enterGate, stemsGate, stems, downloadedToday] = await Promise.all([
      enterRights(c, contest, viewer, now),
      audienceGateOf(c.var.db, contest.enter, viewer, locale),
      audienceGateOf(c.var.db, contest.stems, viewer, locale),
      stemsSummary(c.var.db, contest.id),
      canDownloadStems ? stemDownloadsToday(c.var.db, contest.id, viewer!.user.id, now) : STEM_DOWNLOADS_PER_DAY,
    ]);
    c.header("Cache-Control", "private, no-store");
    return c.json<PublicContestResponse>({
      contest: {
        id: contest.id,
        trackId: contest.trackId,
        title: inLanguage(locale, contest.titleEn, contest.titlePtBr),
        brief: inLanguage(locale, contest.briefEn, contest.briefPtBr),
        rules: inLanguage(locale, contest.rulesEn, contest.rulesPtBr),
        prizes: inLanguage(locale, contest.prizesEn, contest.prizesPtBr || null),
        coverUrl: contestCoverUrl(contest.coverKey),
        opensAt: new Date(contest.opensAt).toISOString(),
        entriesCloseAt: new Date(contest.entriesCloseAt).toISOString(),
        votingOpensAt: new Date(contest.votingOpensAt).toISOString(),
        votingClosesAt: new Date(contest.votingClosesAt).toISOString(),
        winnerBy: contest.winnerBy,
        fanWeightPercent: contest.fanWeightPercent,
        votesPerMember: contest.votesPerMember,
        entriesPerMember: contest.entriesPerMember,
        maxUploadMb: contest.maxUploadMb,
        phase: contestPhaseAt(contest, now),
        rights: {
          canDownloadStems,
          stemsRefusal: canDownloadStems ? null : c.var.user ? "contest_stems_not_allowed" : "unauthorized",
          stemsGate,
          stemDownloadsLeft: Math.max(0, STEM_DOWNLOADS_PER_DAY - downloadedToday),
          canEnter: enterRefusal === null,
          enterRefusal,
          enterGate,
          canVote: votesLeft(contest, viewer, voted, now) > 0,
          votesLeft: votesLeft(contest, viewer, voted, now),
        },
        stems,
        resultsOut: contest.resultsAt !== null,
      },
    });
  })

  .get("/:id/entries", async (c) => {
    const now = Date.now();
    const contest = await openContest(c, now);
    const user = c.var.user;
    const asked = c.req.query("seed") ?? "";
    const seed = user ? user.id : SEED_PATTERN.test(asked) ? asked : crypto.randomUUID();
    const [entries, voted, viewer, votesOnHidden] = await Promise.all([
      listEntries(c.var.db, contest.id, user?.id ?? null),
      user ? votedEntries(c.var.db, contest.id, user.id) : new Set<string>(),
      contestViewer(c.var.db, contest, user),
      user ? liveVotesOnHidden(c.var.db, contest.id, user.id) : [],
    ]);
    const [ordered, credits] = await Promise.all([
      fairOrder(entries, `${contest.id}:${seed}`),
      creditsOf(
        c.var.db,
        entries.map((e) => e.id),
      ),
    ]);
    c.header("Cache-Control", "private, no-store");
    return c.json<ContestEntriesResponse>({
      entries: ordered.map((entry) => entryView(entry, user?.id ?? null, voted, credits)),
      votesLeft: votesLeft(contest, viewer, voted, now),
      votesOnHidden,
    });
  })

  .post("/:id/entries", requireUser, async (c) => {
    const now = Date.now();
    const contest = await openContest(c, now);
    const values = await parseJsonBody(c, entryInputSchema);
    const refusal = enterRefusal(contest, await contestViewer(c.var.db, contest, c.var.user), now);
    if (refusal) throw refusal;
    const named = await coAuthorIds(c.var.db, values.coAuthors, c.var.user.id);
    const id = await createDraftEntry(c.var.db, contest.id, c.var.user.id, { ...values, coAuthorIds: named }, now);
    if (!id) throw routeError(contestPhaseAt(contest, Date.now()) === "entries" ? "contest_entries_used_up" : "contest_entries_closed");
    await notifyCoAuthors(c.env, c.var.db, contest, { id, title: values.title, userId: c.var.user.id }, named, now);
    return c.json<ContestEntryResponse>(await entryAnswer(c, contest.id, id), 201);
  })

  .get("/:id/entries/:entryId", async (c) => {
    const contest = await openContest(c, Date.now());
    const entry = await visibleEntry(c, contest);
    const [voted, credits] = await Promise.all([
      c.var.user ? votedEntries(c.var.db, contest.id, c.var.user.id) : new Set<string>(),
      creditsOf(c.var.db, [entry.id]),
    ]);
    c.header("Cache-Control", "private, no-store");
    return c.json<ContestEntryResponse>({ entry: entryView(entry, c.var.user?.id ?? null, voted, credits) });
  })

  .patch("/:id/entries/:entryId", requireUser, async (c) => {
    const now = Date.now();
    const contest = await openContest(c, now);
    const entry = await ownEntry(c, contest);
    const values = await parseJsonBody(c, entryEditSchema);
    const named = values.coAuthors ? await coAuthorIds(c.var.db, values.coAuthors, c.var.user.id) : undefined;
    const before = new Set((await creditsOf(c.var.db, [entry.id])).map((k) => k.user_id));
    if (!(await editEntry(c.var.db, entry, { ...values, coAuthorIds: named }, now))) throw routeError("contest_entries_closed");
    const added = (named ?? []).filter((id) => !before.has(id));
    await notifyCoAuthors(c.env, c.var.db, contest, { id: entry.id, title: values.title, userId: c.var.user.id }, added, now);
    return c.json<ContestEntryResponse>(await entryAnswer(c, contest.id, entry.id));
  })

  .put("/:id/entries/:entryId/audio", requireUser, uploadBody(ENTRY_SINGLE_REQUEST_MAX_MB * MB), async (c) => {
    const now = Date.now();
    const contest = await openContest(c, now);
    const entry = await ownEntry(c, contest);
    if (contestPhaseAt(contest, now) !== "entries") throw routeError("contest_entries_closed");
    const upload = await streamDeclaredAudio(c.env.MEDIA, c.req.raw, {
      maxBytes: Math.min(uploadLimit(c), contest.maxUploadMb * MB),
      errors: { tooLarge: CONTEST_MESSAGES.audioTooLarge, wrongType: CONTEST_MESSAGES.notAudio },
      keyFor: (ext) => keyFor("contest-entries", entry.id, ext),
    });
    const seconds = entrySeconds(audioDuration(upload.kind, upload.probe));
    if (seconds === null) {
      await deleteObjects(c.env.MEDIA, [upload.key]);
      throw routeError("contest_entry_duration");
    }
    const audio = { key: upload.key, format: upload.format, bytes: upload.size, durationSeconds: seconds };
    if (!(await attachEntryAudio(c.env, c.var.db, entry, audio, Date.now()))) {
      await deleteObjects(c.env.MEDIA, [upload.key]);
      throw routeError("contest_entries_closed");
    }
    return c.json<ContestEntryResponse>(await entryAnswer(c, contest.id, entry.id));
  })

  .get("/:id/entries/:entryId/audio", async (c) => {
    const contest = await openContest(c, Date.now());
    const entry = await visibleEntry(c, contest);
    if (!entry.audio_key || entry.status === "withdrawn") throw routeError("contest_entry_not_found");
    // The streaming copy once made (decision 195); the original while it is made or when it could not be.
    const [key, contentType] = streamReady(entry) ? [entry.stream_key!, "audio/mpeg"] : [entry.audio_key, contestAudioMime(entry.audio_format)];
    const res = await serveR2Object(c.env.MEDIA, key, c.req.raw, { contentType, cacheControl: "private, max-age=300" });
    if (!res) throw routeError("contest_entry_not_found");
    return res;
  })

  .delete("/:id/entries/:entryId", requireUser, async (c) => {
    const contest = await openContest(c, Date.now());
    const entry = await ownEntry(c, contest);
    if (!(await withdrawEntry(c.var.db, entry, Date.now()))) throw routeError("contest_entry_not_found");
    return c.body(null, 204);
  })

  .post("/:id/votes", requireUser, async (c) => {
    const now = Date.now();
    const contest = await openContest(c, now);
    const { entryId } = await parseJsonBody(c, voteInputSchema);
    const network = await networkHash(readConfig(c.env).SESSION_SECRET, c.req.header("cf-connecting-ip"));
    if (!(await castVote(c.var.db, contest.id, entryId, c.var.user.id, now, network))) throw await voteRefusal(c, contest, entryId, now);
    const voted = await votedEntries(c.var.db, contest.id, c.var.user.id);
    return c.json<ContestVoteResponse>({ votesLeft: Math.max(0, contest.votesPerMember - voted.size) }, 201);
  })

  .delete("/:id/votes/:entryId", requireUser, async (c) => {
    const now = Date.now();
    const contest = await openContest(c, now);
    const entryId = c.req.param("entryId");
    if (!(await removeVote(c.var.db, contest.id, entryId, c.var.user.id, now))) {
      if (contestPhaseAt(contest, now) !== "voting" || contest.resultsAt !== null) throw routeError("contest_voting_closed");
      throw routeError("contest_vote_not_found");
    }
    const voted = await votedEntries(c.var.db, contest.id, c.var.user.id);
    return c.json<ContestVoteResponse>({ votesLeft: Math.max(0, contest.votesPerMember - voted.size) });
  })

  // Not behind requireUser: the answer's language needs the route's own context type.
  .get("/:id/stems.zip", async (c) => {
    const now = Date.now();
    const user = c.var.user;
    if (!user) throw routeError("unauthorized");
    const contest = await openContest(c, now);
    if (!passesAudience(await contestViewer(c.var.db, contest, user), contest.stems)) throw routeError("contest_stems_not_allowed");
    const stems = await listStems(c.var.db, contest.id);
    if (stems.length === 0) throw routeError("contest_stems_none");
    if (!(await recordStemDownload(c.var.db, contest.id, user.id, STEM_DOWNLOADS_PER_DAY, now))) throw routeError("contest_stem_downloads_used_up");
    const locale = answerLanguage(c);
    const title = inLanguage(locale, contest.titleEn, contest.titlePtBr);
    const licence = new TextEncoder().encode(`${title}\r\n\r\n${inLanguage(locale, contest.rulesEn, contest.rulesPtBr).replace(/\r?\n/g, "\r\n")}\r\n`);
    const files: StemsZipFile[] = [
      ...stems.map((s) => ({ name: stemFileName(s.name, s.format), key: s.r2_key, modified: s.created_at })),
      { name: "LICENCE.txt", bytes: licence, modified: contest.updatedAt },
    ];
    return new Response(stemsZipStream(c.env.MEDIA, files), {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${zipName(contest.titleEn)}"`,
        "Cache-Control": "private, no-store",
      },
    });
  })

  .get("/:id/results", async (c) => {
    const now = Date.now();
    const contest = await openContest(c, now);
    const results = await resultsOf(c.env, c.var.db, contest, now);
    if (!results) throw routeError("contest_results_not_out");
    const stored = (await findContest(c.var.db, contest.id))!;
    const percent = (permille: number) => permille / 10;
    return c.json<ContestResultsResponse>({
      resultsAt: new Date(stored.resultsAt!).toISOString(),
      results: results.map((r) => ({
        entryId: r.entry_id,
        title: r.title,
        remixer: { username: r.username },
        place: r.place,
        fanVotes: r.fan_votes,
        fanSharePercent: percent(r.fan_share_permille),
        jurySharePercent: percent(r.jury_share_permille),
        scorePercent: percent(r.score_permille),
      })),
    });
  });

/** The ZIP's file name: the contest's English title in plain letters, digits and dashes. */
function zipName(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .toLowerCase();
  return `${slug || "contest"}-stems.zip`;
}
