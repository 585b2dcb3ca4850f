// Remix contests' fair play (decision 196): members' reports on entries, the admin's hide, unhide
// and dismiss (each audited in its batch), the votes with what the suspicious patterns read, and
// voiding votes with a reason. Each bound is in the statement that writes: one report per member
// and entry is the key, a void only takes a live vote of a contest whose results are not stored.
import type { DB } from "../client";
import { auditIfChanged, type Actor } from "../audit";
import type { ReportReason } from "#contracts/feed.ts";

/**
 * A member's report on a submitted, visible entry that is not theirs, in one statement; false when
 * the member had reported it already (or it was hidden or withdrawn meanwhile).
 */
export async function insertEntryReport(
  db: DB,
  r: { contestId: string; entryId: string; reporterId: string; reason: ReportReason; details: string | null },
  now: number,
): Promise<boolean> {
  const written = await db.$client
    .prepare(
      `INSERT INTO contest_entry_reports (entry_id, reporter_id, contest_id, reason, details, created_at)
       SELECT e.id, ?3, e.contest_id, ?4, ?5, ?6 FROM contest_entries e
        WHERE e.id = ?2 AND e.contest_id = ?1 AND e.status = 'submitted' AND e.hidden_at IS NULL AND e.user_id <> ?3
       ON CONFLICT DO NOTHING`,
    )
    .bind(r.contestId, r.entryId, r.reporterId, r.reason, r.details, now)
    .run();
  return (written.meta.changes ?? 0) > 0;
}

/** Resolves the entry's open reports when `when` holds (?1 the entry, ?2 now, ?3 the contest). */
const resolveReports = (db: DB, contestId: string, entryId: string, now: number, when: string) =>
  db.$client
    .prepare(`UPDATE contest_entry_reports SET resolved_at = ?2 WHERE entry_id = ?1 AND contest_id = ?3 AND resolved_at IS NULL AND ${when}`)
    .bind(entryId, now, contestId);

/** Hides a submitted entry with the admin's reason and resolves its open reports, audited, in one batch; null when it was hidden already. */
export async function hideEntry(db: DB, actor: Actor, contestId: string, entryId: string, reason: string, now: number) {
  const [hidden, , resolved] = await db.$client.batch([
    db.$client
      .prepare(
        `UPDATE contest_entries SET hidden_at = ?3, hidden_reason = ?4, hidden_by = ?5
          WHERE id = ?2 AND contest_id = ?1 AND status = 'submitted' AND hidden_at IS NULL`,
      )
      .bind(contestId, entryId, now, reason, actor.id),
    auditIfChanged(db, { actor, action: "contest.entry_hide", targetType: "contest_entry", targetId: entryId, summary: { after: { contestId, reason } } }, now),
    // Only the batch that hid it resolves: its stamp is this batch's `now`.
    resolveReports(db, contestId, entryId, now, "(SELECT hidden_at FROM contest_entries WHERE id = ?1) = ?2"),
  ]);
  if ((hidden!.meta.changes ?? 0) === 0) return null;
  return { resolvedReports: resolved!.meta.changes ?? 0 };
}

/** Shows a hidden entry again (its votes count again), audited; false when it was not hidden. */
export async function unhideEntry(db: DB, actor: Actor, contestId: string, entryId: string, now: number): Promise<boolean> {
  const [shown] = await db.$client.batch([
    db.$client
      .prepare(
        "UPDATE contest_entries SET hidden_at = NULL, hidden_reason = NULL, hidden_by = NULL WHERE id = ?2 AND contest_id = ?1 AND hidden_at IS NOT NULL",
      )
      .bind(contestId, entryId),
    auditIfChanged(db, { actor, action: "contest.entry_unhide", targetType: "contest_entry", targetId: entryId, summary: { after: { contestId } } }, now),
  ]);
  return (shown!.meta.changes ?? 0) > 0;
}

/** Resolves the entry's open reports without hiding it, audited when there were any; how many. */
export async function dismissEntryReports(db: DB, actor: Actor, contestId: string, entryId: string, now: number): Promise<number> {
  const [resolved] = await db.$client.batch([
    resolveReports(db, contestId, entryId, now, "1"),
    auditIfChanged(db, { actor, action: "contest.reports_dismiss", targetType: "contest_entry", targetId: entryId, summary: { after: { contestId } } }, now),
  ]);
  return resolved!.meta.changes ?? 0;
}

/**
 * Voids the named votes with one reason, each in its own statement followed by its audit row, so
 * a vote already voided (by a racing request) is neither stamped nor audited again; none is
 * voided once the contest's results are stored. How many this call voided.
 */
export async function voidVotes(
  db: DB,
  actor: Actor,
  contestId: string,
  votes: readonly { entryId: string; userId: string }[],
  reason: string,
  now: number,
): Promise<number> {
  const results = await db.$client.batch(
    votes.flatMap((v) => [
      db.$client
        .prepare(
          `UPDATE contest_votes SET voided_at = ?4, void_reason = ?5, voided_by = ?6
            WHERE contest_id = ?1 AND entry_id = ?2 AND user_id = ?3 AND voided_at IS NULL
              AND EXISTS (SELECT 1 FROM contests c WHERE c.id = ?1 AND c.results_at IS NULL)`,
        )
        .bind(contestId, v.entryId, v.userId, now, reason, actor.id),
      auditIfChanged(
        db,
        { actor, action: "contest.vote_void", targetType: "contest_vote", targetId: `${v.entryId}:${v.userId}`, summary: { after: { contestId, reason } } },
        now,
      ),
    ]),
  );
  return results.filter((r, i) => i % 2 === 0 && (r.meta.changes ?? 0) > 0).length;
}

/** How many of the named votes exist in the contest (each named once). */
export async function countNamedVotes(db: DB, contestId: string, votes: readonly { entryId: string; userId: string }[]): Promise<number> {
  const row = await db.$client
    .prepare(
      `SELECT count(*) AS n FROM contest_votes v
        WHERE v.contest_id = ?1 AND EXISTS (SELECT 1 FROM json_each(?2) j
              WHERE json_extract(j.value, '$.entryId') = v.entry_id AND json_extract(j.value, '$.userId') = v.user_id)`,
    )
    .bind(contestId, JSON.stringify(votes))
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export type FairPlayEntryRow = {
  id: string;
  title: string;
  username: string;
  hidden_at: number | null;
  hidden_reason: string | null;
  open_reports: number;
};

/** The contest's entries with open reports or hidden, the most reported first. */
export async function reportedEntries(
  db: DB,
  contestId: string,
): Promise<{ entries: FairPlayEntryRow[]; reasons: { entry_id: string; reason: ReportReason }[] }> {
  const [entries, reasons] = await db.$client.batch([
    db.$client
      .prepare(
        `SELECT e.id, e.title, u.username, e.hidden_at, e.hidden_reason,
                (SELECT count(*) FROM contest_entry_reports r WHERE r.entry_id = e.id AND r.resolved_at IS NULL) AS open_reports
           FROM contest_entries e JOIN users u ON u.id = e.user_id
          WHERE e.contest_id = ?1 AND e.status = 'submitted'
            AND (e.hidden_at IS NOT NULL OR EXISTS (SELECT 1 FROM contest_entry_reports r WHERE r.entry_id = e.id AND r.resolved_at IS NULL))
          ORDER BY open_reports DESC, e.id`,
      )
      .bind(contestId),
    db.$client
      .prepare(
        `SELECT entry_id, reason FROM contest_entry_reports WHERE contest_id = ?1 AND resolved_at IS NULL
          GROUP BY entry_id, reason ORDER BY count(*) DESC, reason`,
      )
      .bind(contestId),
  ]);
  return { entries: entries!.results as FairPlayEntryRow[], reasons: reasons!.results as { entry_id: string; reason: ReportReason }[] };
}

export type VoteRow = {
  entry_id: string;
  entry_title: string;
  remixer: string;
  user_id: string;
  username: string;
  verified: number;
  account_created_at: number;
  cast_at: number;
  network_hash: string | null;
  voided_at: number | null;
  void_reason: string | null;
};

/** The contest's votes on submitted entries with their voters, for the patterns (a contest's votes are its members times a handful). */
export async function contestVotes(db: DB, contestId: string): Promise<VoteRow[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT v.entry_id, e.title AS entry_title, eu.username AS remixer, v.user_id, u.username,
              (u.email_verified_at IS NOT NULL) AS verified, u.created_at AS account_created_at,
              v.cast_at, v.network_hash, v.voided_at, v.void_reason
         FROM contest_votes v
         JOIN contest_entries e ON e.id = v.entry_id JOIN users eu ON eu.id = e.user_id
         JOIN users u ON u.id = v.user_id
        WHERE v.contest_id = ?1 AND e.status = 'submitted'
        ORDER BY v.entry_id, v.cast_at, v.user_id`,
    )
    .bind(contestId)
    .all<VoteRow>();
  return results;
}
