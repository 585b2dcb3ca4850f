// Remix contests (decision 184): the back office's contest form (/api/admin/contests) and the
// members' entries and votes (/api/contests), as zod schemas the Worker and the pages share, and
// the answers' shapes. Times travel as ISO instants.
import { z } from "../zod";
import { userText } from "../text";
import { parseInstant } from "../perks";
import { TIER_ID_PATTERN } from "../tiers/gate";
import { USERNAME_MAX, USERNAME_PATTERN } from "../auth";
import {
  CONTEST_ACCESS_KINDS,
  CONTEST_ENTRIES_MAX,
  CONTEST_ENTRY_MESSAGES as E,
  CONTEST_FORM_MESSAGES as M,
  CONTEST_PRIZES_MAX,
  CONTEST_TEXT_MAX,
  CONTEST_TITLE_MAX,
  CONTEST_UPLOAD_DEFAULT_MB,
  CONTEST_UPLOAD_MAX_MB,
  CONTEST_VOTES_MAX,
  CONTEST_WINNER_MODES,
  DEFAULT_CONTEST_RULES,
  ENTRY_AUDIO_FORMATS,
  ENTRY_CO_AUTHORS_MAX,
  ENTRY_NOTE_MAX,
  ENTRY_TITLE_MAX,
  type ContestAccessKind,
  type ContestWinnerMode,
  type EntryAudioFormat,
  type EntryUploadState,
} from "./limits";

export * from "./limits";

/** Contest and entry ids are UUIDs. */
export const CONTEST_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const title = () =>
  userText({
    max: CONTEST_TITLE_MAX,
    maxMessage: M.titleTooLong,
    min: 1,
    minMessage: M.titleRequired,
  });
const text = (max = CONTEST_TEXT_MAX, maxMessage: string = M.textTooLong) => userText({ max, maxMessage, multiline: true }).default("");

/** Who may download the stems, or who may enter: the tier or the event the kind needs, nothing else. */
const audience = z
  .strictObject({
    access: z.enum(CONTEST_ACCESS_KINDS),
    tierId: z.string().regex(TIER_ID_PATTERN).nullish(),
    eventId: z.string().min(1).max(64).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.access === "tier" && !v.tierId)
      ctx.addIssue({
        code: "custom",
        path: ["tierId"],
        message: M.tierRequired,
      });
    if (v.access === "ticket" && !v.eventId)
      ctx.addIssue({
        code: "custom",
        path: ["eventId"],
        message: M.eventRequired,
      });
  })
  .transform((v) => ({
    access: v.access,
    tierId: v.access === "tier" ? v.tierId! : null,
    eventId: v.access === "ticket" ? v.eventId! : null,
  }));
export type ContestAudience = z.output<typeof audience>;

const instant = () =>
  z
    .string({ error: M.timeInvalid })
    .trim()
    .refine((s) => s === "" || parseInstant(s) !== null, M.timeInvalid)
    .nullish()
    .transform((s) => (s ? parseInstant(s) : null));

const whole = (min: number, max: number, message: string) => z.int({ error: message }).min(min, message).max(max, message);

export const contestInputSchema = z
  .strictObject({
    trackId: z.string({ error: M.trackRequired }).trim().min(1, M.trackRequired).max(100, M.trackRequired),
    titleEn: title(),
    titlePtBr: title(),
    briefEn: userText({
      max: CONTEST_TEXT_MAX,
      maxMessage: M.textTooLong,
      multiline: true,
      min: 1,
      minMessage: M.briefRequired,
    }),
    briefPtBr: text(),
    /** The rules and licence; blank: the default text in that language. */
    rulesEn: text(),
    rulesPtBr: text(),
    prizesEn: text(CONTEST_PRIZES_MAX, M.prizesTooLong),
    prizesPtBr: text(CONTEST_PRIZES_MAX, M.prizesTooLong),
    stems: audience,
    enter: audience,
    opensAt: instant(),
    entriesCloseAt: instant(),
    votingOpensAt: instant(),
    votingClosesAt: instant(),
    winnerBy: z.enum(CONTEST_WINNER_MODES).default("fans"),
    /** The fans' share of the result when both decide; fans alone is 100, the jury alone 0. */
    fanWeightPercent: whole(0, 100, M.weightInvalid).default(50),
    votesPerMember: whole(1, CONTEST_VOTES_MAX, M.votesInvalid).default(3),
    entriesPerMember: whole(1, CONTEST_ENTRIES_MAX, M.entriesInvalid).default(1),
    maxUploadMb: whole(1, CONTEST_UPLOAD_MAX_MB, M.uploadInvalid).default(CONTEST_UPLOAD_DEFAULT_MB),
  })
  .superRefine((v, ctx) => {
    const times = [v.opensAt, v.entriesCloseAt, v.votingOpensAt, v.votingClosesAt];
    const missing = (["opensAt", "entriesCloseAt", "votingOpensAt", "votingClosesAt"] as const).find((_, i) => times[i] === null);
    if (missing)
      return void ctx.addIssue({
        code: "custom",
        path: [missing],
        message: M.timesRequired,
      });
    const [opens, entriesClose, votingOpens, votingCloses] = times as number[];
    if (!(opens! < entriesClose! && entriesClose! <= votingOpens! && votingOpens! < votingCloses!))
      ctx.addIssue({
        code: "custom",
        path: ["votingClosesAt"],
        message: M.timesOrder,
      });
  })
  .transform((v) => ({
    ...v,
    rulesEn: v.rulesEn || DEFAULT_CONTEST_RULES.en,
    rulesPtBr: v.rulesPtBr || DEFAULT_CONTEST_RULES["pt-BR"],
    briefPtBr: v.briefPtBr || v.briefEn,
    fanWeightPercent: v.winnerBy === "fans" ? 100 : v.winnerBy === "jury" ? 0 : v.fanWeightPercent,
    opensAt: v.opensAt!,
    entriesCloseAt: v.entriesCloseAt!,
    votingOpensAt: v.votingOpensAt!,
    votingClosesAt: v.votingClosesAt!,
  }));
export type ContestValues = z.output<typeof contestInputSchema>;

const entryTitle = () =>
  userText({
    max: ENTRY_TITLE_MAX,
    maxMessage: E.titleTooLong,
    min: 1,
    minMessage: E.titleRequired,
  });
const entryNote = () =>
  userText({
    max: ENTRY_NOTE_MAX,
    maxMessage: E.noteTooLong,
    multiline: true,
  }).default("");

/** The members the entrant names as co-authors, by username, each once whatever its case. */
const coAuthors = () =>
  z
    .array(
      z.string({ error: E.coAuthorInvalid }).trim().min(1, E.coAuthorInvalid).max(USERNAME_MAX, E.coAuthorInvalid).regex(USERNAME_PATTERN, E.coAuthorInvalid),
      {
        error: E.coAuthorInvalid,
      },
    )
    .transform((names) => [...new Map(names.map((n) => [n.toLowerCase(), n])).values()])
    .refine((names) => names.length <= ENTRY_CO_AUTHORS_MAX, E.coAuthorsTooMany);

/** POST /api/contests/:id/entries: a draft entry; the licence must be accepted. */
export const entryInputSchema = z.strictObject({
  title: entryTitle(),
  note: entryNote(),
  acceptLicence: z.literal(true, { error: E.licenceRequired }),
  coAuthors: coAuthors().default([]),
});

/** PATCH /api/contests/:id/entries/:entryId: the title and note, until the deadline; coAuthors, when given, replaces who is named. */
export const entryEditSchema = z.strictObject({
  title: entryTitle(),
  note: entryNote(),
  coAuthors: coAuthors().optional(),
});

/** PUT /api/admin/contests/:id/entries/:entryId/jury: the jury's score of an entry. */
export const juryScoreSchema = z.strictObject({
  score: whole(0, 100, M.juryScoreInvalid),
});

/**
 * POST /api/contests/:id/entries/:entryId/uploads: a resumable upload of the entry's audio, its
 * format and total bytes declared (the contest's size is the route's check, a 413 too_large).
 */
export const entryUploadStartSchema = z.strictObject({
  format: z.enum(ENTRY_AUDIO_FORMATS, { error: E.uploadFormatInvalid }),
  size: z.int({ error: E.uploadSizeInvalid }).min(1, E.uploadSizeInvalid).max(Number.MAX_SAFE_INTEGER, E.uploadSizeInvalid),
});

/** POST /api/contests/:id/votes. */
export const voteInputSchema = z.strictObject({
  entryId: z.string().regex(CONTEST_ID_PATTERN),
});

// ----- answers -----

/** Where a contest is by the clock: before opening, taking entries, between, voting, voting over. */
export type ContestPhase = "upcoming" | "entries" | "waiting" | "voting" | "ended";
export function contestPhaseAt(
  c: {
    opensAt: number;
    entriesCloseAt: number;
    votingOpensAt: number;
    votingClosesAt: number;
  },
  now: number,
): ContestPhase {
  if (now < c.opensAt) return "upcoming";
  if (now < c.entriesCloseAt) return "entries";
  if (now < c.votingOpensAt) return "waiting";
  if (now < c.votingClosesAt) return "voting";
  return "ended";
}

/** A contest as the back office edits it. */
export type AdminContest = {
  id: string;
  trackId: string;
  trackTitle: string;
  titleEn: string;
  titlePtBr: string;
  briefEn: string;
  briefPtBr: string;
  rulesEn: string;
  rulesPtBr: string;
  prizesEn: string;
  prizesPtBr: string;
  stems: {
    access: ContestAccessKind;
    tierId: string | null;
    eventId: string | null;
  };
  enter: {
    access: ContestAccessKind;
    tierId: string | null;
    eventId: string | null;
  };
  opensAt: string;
  entriesCloseAt: string;
  votingOpensAt: string;
  votingClosesAt: string;
  winnerBy: ContestWinnerMode;
  fanWeightPercent: number;
  votesPerMember: number;
  entriesPerMember: number;
  maxUploadMb: number;
  coverUrl: string | null;
  phase: ContestPhase;
  entries: number;
  resultsAt: string | null;
  createdAt: string;
  updatedAt: string;
};
export type AdminContestsResponse = { contests: AdminContest[] };
export type AdminContestResponse = { contest: AdminContest };

/** An entry as the back office lists it: drafts and withdrawn ones too; the votes and place only once the results are stored. */
export type AdminContestEntry = {
  id: string;
  title: string;
  note: string;
  remixer: { username: string };
  status: "draft" | "submitted" | "withdrawn";
  durationSeconds: number | null;
  /** The entry's own audio route, for a submitted entry; null otherwise. */
  audioUrl: string | null;
  juryScore: number | null;
  votes: number | null;
  place: number | null;
  createdAt: string;
  updatedAt: string;
};
export type AdminContestEntriesResponse = { entries: AdminContestEntry[] };

/**
 * Why the viewer may not send a new entry now, by the code the entry's POST would answer: a visitor
 * must sign in, a member may be outside the gate, unverified, out of the window or out of entries.
 */
export const CONTEST_ENTER_REFUSALS = [
  "unauthorized",
  "contest_enter_not_allowed",
  "email_unverified",
  "contest_entries_closed",
  "contest_entries_used_up",
] as const;
export type ContestEnterRefusal = (typeof CONTEST_ENTER_REFUSALS)[number];

/** Who may enter, for the page to say so: the kind, and the lowest tier's name (in the answer's language) for a tier gate. */
export type ContestEnterGate = {
  access: ContestAccessKind;
  tierName: string | null;
};

/** Why the asker may not download the stems: a visitor is asked to sign in, a member outside the gate told who may. */
export const CONTEST_STEMS_REFUSALS = ["unauthorized", "contest_stems_not_allowed"] as const;
export type ContestStemsRefusal = (typeof CONTEST_STEMS_REFUSALS)[number];

/** What the viewer may do in a contest now, and why not. */
export type ContestRights = {
  canDownloadStems: boolean;
  /** Why not, when canDownloadStems is false. */
  stemsRefusal: ContestStemsRefusal | null;
  /** Who may download the stems, as enterGate says who may enter. */
  stemsGate: ContestEnterGate;
  /** Downloads of the stems' ZIP left to the viewer this UTC day (0 for one who may not download). */
  stemDownloadsLeft: number;
  /** A new entry now (the gate, the account, the window and the entries left); false with enterRefusal set. */
  canEnter: boolean;
  enterRefusal: ContestEnterRefusal | null;
  enterGate: ContestEnterGate;
  canVote: boolean;
  /** Votes the viewer has left (0 for one who may not vote). */
  votesLeft: number;
};

/** A contest as members and visitors see it, in the answer's language. */
export type PublicContest = {
  id: string;
  trackId: string;
  title: string;
  brief: string;
  rules: string;
  prizes: string;
  coverUrl: string | null;
  opensAt: string;
  entriesCloseAt: string;
  votingOpensAt: string;
  votingClosesAt: string;
  winnerBy: ContestWinnerMode;
  fanWeightPercent: number;
  votesPerMember: number;
  entriesPerMember: number;
  maxUploadMb: number;
  phase: ContestPhase;
  rights: ContestRights;
  /** The stems' ZIP: how many files and their bytes together (0 files: none uploaded yet). */
  stems: { files: number; bytes: number };
  resultsOut: boolean;
};
export type PublicContestResponse = { contest: PublicContest };

/** A contest as the list of contests shows it: enough for a card and its one date. */
export type ContestSummary = Pick<
  PublicContest,
  "id" | "title" | "coverUrl" | "opensAt" | "entriesCloseAt" | "votingOpensAt" | "votingClosesAt" | "phase" | "resultsOut"
>;
export type ContestsResponse = { contests: ContestSummary[] };

/** A member named on an entry, and where their answer stands. */
export type ContestCreditStatus = "invited" | "confirmed" | "declined";
export type ContestCredit = { username: string; status: ContestCreditStatus };

/** An entry as listed: no vote count until the results are out. */
export type ContestEntry = {
  id: string;
  title: string;
  note: string;
  remixer: { username: string };
  /** The co-authors who confirmed: the only ones credited. */
  coAuthors: { username: string }[];
  /** Everyone the entrant named, with their answer: for the entrant only (null for anyone else). */
  credits: ContestCredit[] | null;
  /** The viewer's own answer when the entrant named them (they confirm or decline), else null. */
  myCredit: ContestCreditStatus | null;
  status: "draft" | "submitted" | "withdrawn";
  durationSeconds: number | null;
  /** The audio route: the streaming copy once `streamState` is ready, the original file before (decision 195). */
  audioUrl: string | null;
  /** Where the streaming copy and waveform are: being made, made, or the file could not be read (null without audio). */
  streamState: ContestStreamState | null;
  /** The waveform: PEAK_COUNT levels 0–255 once the copy is ready (approximate for an MP3 entry), else null. */
  peaks: number[] | null;
  mine: boolean;
  /** To the entrant only: when and why an admin hid the entry (it is out of the list, the voting and the results; decision 196). */
  hidden?: { at: string; reason: string } | null;
  votedByMe: boolean;
  createdAt: string;
  updatedAt: string;
};
export type ContestStreamState = "pending" | "ready" | "failed";
export type ContestEntryResponse = { entry: ContestEntry };
export type ContestEntriesResponse = {
  entries: ContestEntry[];
  votesLeft: number;
  /**
   * The entries the moderators hid that hold the viewer's live vote (empty for a visitor): out of the
   * list, still counted in the viewer's votes until taken back with the vote's DELETE (decision 196).
   */
  votesOnHidden: string[];
};
export type ContestVoteResponse = { votesLeft: number };
export type ContestCreditResponse = {
  credit: { entryId: string; status: ContestCreditStatus };
};

/** An entry on its remixer's (or a confirmed co-author's) profile, once its contest's entries are closed. */
export type ProfileContestEntry = {
  contestId: string;
  contestTitle: string;
  entryId: string;
  entryTitle: string;
  /** Whose entry it is; the profile's member may be a co-author of it. */
  remixer: { username: string };
  coAuthored: boolean;
  phase: ContestPhase;
  /** Its place once the results are out (1 is a winner), else null. */
  place: number | null;
};
export type ProfileContestEntriesResponse = { entries: ProfileContestEntry[] };

/** One entry's result: its place (ties share one), the fans' votes and each share in percent with one decimal. */
export type ContestResult = {
  entryId: string;
  title: string;
  remixer: { username: string };
  place: number;
  fanVotes: number;
  fanSharePercent: number;
  jurySharePercent: number;
  scorePercent: number;
};
export type ContestResultsResponse = {
  resultsAt: string;
  results: ContestResult[];
};

/** A stem as the back office lists it. */
export type AdminContestStem = {
  id: string;
  name: string;
  format: "wav" | "flac" | "mp3";
  bytes: number;
  createdAt: string;
};
export type AdminContestStemsResponse = { stems: AdminContestStem[] };
export type AdminContestStemResponse = { stem: AdminContestStem };

/** An entry's resumable upload as its entrant sees it (decision 194). */
export type ContestEntryUpload = {
  id: string;
  entryId: string;
  format: EntryAudioFormat;
  size: number;
  partBytes: number;
  partCount: number;
  state: EntryUploadState;
  uploadedBytes: number;
};
export type ContestEntryUploadPart = { number: number; size: number };
/** The upload with the parts stored so far (none once it is finished or given up). */
export type ContestEntryUploadResponse = { upload: ContestEntryUpload; parts: ContestEntryUploadPart[] };
export type ContestEntryUploadPartResponse = { upload: ContestEntryUpload; part: ContestEntryUploadPart };
