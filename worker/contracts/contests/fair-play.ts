// Remix contests' fair play (decision 196): a member's report on an entry, the admin's hide and
// void forms, and the back office's fair-play answer. Times travel as ISO instants.
import { z } from "../zod";
import { userText } from "../text";
import type { ReportReason } from "../feed";
import { CONTEST_ID_PATTERN } from "./contests";
import { FAIR_PLAY_MESSAGES as M, FAIR_PLAY_REASON_MAX, VOID_VOTES_MAX } from "./fair-play-limits";

export * from "./fair-play-limits";

/** The admin's reason, required: it is what the audit log and the entrant read. */
const reason = () => userText({ min: 1, minMessage: M.reasonRequired, max: FAIR_PLAY_REASON_MAX, maxMessage: M.reasonTooLong, multiline: true });

/** POST /api/admin/contests/:id/entries/:entryId/hide. */
export const hideEntrySchema = z.strictObject({ reason: z.string({ error: M.reasonRequired }).pipe(reason()) });

/** POST /api/admin/contests/:id/votes/void: the votes (entry and voter) and one reason for them all. */
export const voidVotesSchema = z.strictObject({
  reason: z.string({ error: M.reasonRequired }).pipe(reason()),
  votes: z
    .array(
      z.strictObject({ entryId: z.string().regex(CONTEST_ID_PATTERN, M.votesInvalid), userId: z.string().min(1, M.votesInvalid).max(64, M.votesInvalid) }),
      {
        error: M.votesInvalid,
      },
    )
    .min(1, M.votesInvalid)
    .max(VOID_VOTES_MAX, M.votesInvalid),
});

// ----- answers -----

/** A vote as the fair-play section lists it: who cast it, how old their account was then, and its voiding. */
export type FairPlayVote = {
  entryId: string;
  userId: string;
  username: string;
  verified: boolean;
  /** Whole days between the account's creation and the vote. */
  accountAgeDays: number;
  castAt: string;
  voidedAt: string | null;
  voidReason: string | null;
};

export type FairPlayEntryHeader = { id: string; title: string; remixer: { username: string } };

/** An entry with open reports, or hidden. */
export type FairPlayEntry = FairPlayEntryHeader & {
  openReports: number;
  /** The reasons reporters gave, the most given first. */
  reasons: ReportReason[];
  hiddenAt: string | null;
  hiddenReason: string | null;
};

/** A pattern over one entry's live votes: new accounts, or one network. */
export type FairPlayGroup = {
  entry: FairPlayEntryHeader;
  /** The network's hash cut to 8 hex characters (a label, not an address); null for the new accounts' group. */
  network: string | null;
  votes: FairPlayVote[];
};

export type AdminFairPlayResponse = {
  resultsOut: boolean;
  thresholds: { newAccountDays: number; newAccountVotesMin: number; networkVotesMin: number };
  entries: FairPlayEntry[];
  newAccountGroups: FairPlayGroup[];
  networkGroups: FairPlayGroup[];
  voided: (FairPlayVote & { entryTitle: string })[];
};

export type VoidVotesResponse = { voided: number };
export type HideEntryResponse = { hidden: boolean; resolvedReports: number };
