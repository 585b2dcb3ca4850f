// The contest's fair-play section (decision 196): the entries reported or hidden, and the
// suspicious patterns over each entry's live votes: many from accounts made shortly before the
// contest opened, and several from one network. Voided votes are listed apart and join no group.
import type { ContestRow } from "../../db/contests/contests";
import { contestVotes, reportedEntries, type VoteRow } from "../../db/contests/fair-play";
import type { DB } from "../../db/client";
import {
  NETWORK_VOTES_MIN,
  NEW_ACCOUNT_DAYS,
  NEW_ACCOUNT_VOTES_MIN,
  type AdminFairPlayResponse,
  type FairPlayGroup,
  type FairPlayVote,
} from "#contracts/contests/fair-play.ts";

const DAY_MS = 24 * 3600_000;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function voteOf(v: VoteRow): FairPlayVote {
  return {
    entryId: v.entry_id,
    userId: v.user_id,
    username: v.username,
    verified: v.verified === 1,
    accountAgeDays: Math.floor((v.cast_at - v.account_created_at) / DAY_MS),
    castAt: iso(v.cast_at)!,
    voidedAt: iso(v.voided_at),
    voidReason: v.void_reason,
  };
}

/** Rows grouped by a key, in their first appearance's order. */
function groupBy(rows: readonly VoteRow[], key: (v: VoteRow) => string | null): VoteRow[][] {
  const groups = new Map<string, VoteRow[]>();
  for (const row of rows) {
    const k = key(row);
    if (k !== null) groups.set(k, [...(groups.get(k) ?? []), row]);
  }
  return [...groups.values()];
}

const groupOf = (rows: VoteRow[], network: string | null): FairPlayGroup => ({
  entry: { id: rows[0]!.entry_id, title: rows[0]!.entry_title, remixer: { username: rows[0]!.remixer } },
  network,
  votes: rows.map(voteOf),
});

/** The patterns over live votes: an entry's votes from new accounts, and its votes from one network, each at its threshold or more. */
export function suspiciousGroups(votes: readonly VoteRow[], opensAt: number): Pick<AdminFairPlayResponse, "newAccountGroups" | "networkGroups"> {
  const live = votes.filter((v) => v.voided_at === null);
  const newSince = opensAt - NEW_ACCOUNT_DAYS * DAY_MS;
  const newAccountGroups = groupBy(
    live.filter((v) => v.account_created_at >= newSince),
    (v) => v.entry_id,
  )
    .filter((g) => g.length >= NEW_ACCOUNT_VOTES_MIN)
    .map((g) => groupOf(g, null));
  const networkGroups = groupBy(live, (v) => (v.network_hash ? `${v.entry_id}|${v.network_hash}` : null))
    .filter((g) => g.length >= NETWORK_VOTES_MIN)
    .map((g) => groupOf(g, g[0]!.network_hash!.slice(0, 8)));
  const biggestFirst = (a: FairPlayGroup, b: FairPlayGroup) => b.votes.length - a.votes.length;
  return { newAccountGroups: newAccountGroups.sort(biggestFirst), networkGroups: networkGroups.sort(biggestFirst) };
}

export async function fairPlayOf(db: DB, contest: ContestRow): Promise<AdminFairPlayResponse> {
  const [reported, votes] = await Promise.all([reportedEntries(db, contest.id), contestVotes(db, contest.id)]);
  return {
    resultsOut: contest.resultsAt !== null,
    thresholds: { newAccountDays: NEW_ACCOUNT_DAYS, newAccountVotesMin: NEW_ACCOUNT_VOTES_MIN, networkVotesMin: NETWORK_VOTES_MIN },
    entries: reported.entries.map((e) => ({
      id: e.id,
      title: e.title,
      remixer: { username: e.username },
      openReports: e.open_reports,
      reasons: reported.reasons.filter((r) => r.entry_id === e.id).map((r) => r.reason),
      hiddenAt: iso(e.hidden_at),
      hiddenReason: e.hidden_reason,
    })),
    ...suspiciousGroups(votes, contest.opensAt),
    voided: votes.filter((v) => v.voided_at !== null).map((v) => ({ ...voteOf(v), entryTitle: v.entry_title })),
  };
}
