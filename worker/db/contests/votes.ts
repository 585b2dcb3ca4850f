// Votes in a contest (decision 184). A vote is taken by one INSERT ... SELECT that holds every
// rule at once: the window by the clock, the entry submitted and neither the voter's nor one they
// confirmed co-authoring (decision 192), the voter's
// account (active, verified, made before the contest opened), one vote per entry (the key) and the
// member's number of votes in the contest (the count in its WHERE; a voided vote stays in it, so
// voiding gives no vote back, decision 196). A hidden entry takes no vote; the vote keeps the
// keyed hash of the voter's network for the fair-play section. D1 runs each statement alone,
// so racing requests cannot pass the bound between reading the count and writing.
import type { DB } from "../client";

/** Whether the member's vote for the entry was taken. */
export async function castVote(db: DB, contestId: string, entryId: string, userId: string, now: number, networkHash: string | null = null): Promise<boolean> {
  const written = await db.$client
    .prepare(
      `INSERT INTO contest_votes (contest_id, entry_id, user_id, cast_at, network_hash)
       SELECT c.id, e.id, u.id, ?4, ?5
         FROM contests c
         JOIN contest_entries e ON e.contest_id = c.id
         JOIN users u ON u.id = ?3
        WHERE c.id = ?1 AND e.id = ?2 AND e.status = 'submitted' AND e.hidden_at IS NULL AND e.user_id <> u.id
          AND NOT EXISTS (SELECT 1 FROM contest_entry_credits k WHERE k.entry_id = e.id AND k.user_id = u.id AND k.status = 'confirmed')
          AND c.voting_opens_at <= ?4 AND ?4 < c.voting_closes_at AND c.results_at IS NULL
          AND u.status = 'active' AND u.email_verified_at IS NOT NULL AND u.created_at < c.opens_at
          AND (SELECT count(*) FROM contest_votes v WHERE v.contest_id = c.id AND v.user_id = u.id) < c.votes_per_member
       ON CONFLICT DO NOTHING`,
    )
    .bind(contestId, entryId, userId, now, networkHash)
    .run();
  return (written.meta.changes ?? 0) > 0;
}

/** Takes the member's vote back while the window is open (a voided one stays: it gives no vote back). False when there was none, or it closed. */
export async function removeVote(db: DB, contestId: string, entryId: string, userId: string, now: number): Promise<boolean> {
  const written = await db.$client
    .prepare(
      `DELETE FROM contest_votes WHERE contest_id = ?1 AND entry_id = ?2 AND user_id = ?3 AND voided_at IS NULL
          AND EXISTS (SELECT 1 FROM contests c WHERE c.id = ?1 AND c.voting_opens_at <= ?4 AND ?4 < c.voting_closes_at AND c.results_at IS NULL)`,
    )
    .bind(contestId, entryId, userId, now)
    .run();
  return (written.meta.changes ?? 0) > 0;
}

/** The entries the member voted for in the contest. */
export async function votedEntries(db: DB, contestId: string, userId: string): Promise<Set<string>> {
  const { results } = await db.$client
    .prepare("SELECT entry_id FROM contest_votes WHERE contest_id = ? AND user_id = ?")
    .bind(contestId, userId)
    .all<{ entry_id: string }>();
  return new Set(results.map((r) => r.entry_id));
}

/**
 * The entries, hidden by the moderators, that hold the member's live vote: they are out of the list,
 * so the page names them apart for the member to take the vote back (a voided vote stays, decision 196).
 */
export async function liveVotesOnHidden(db: DB, contestId: string, userId: string): Promise<string[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT v.entry_id FROM contest_votes v JOIN contest_entries e ON e.id = v.entry_id
        WHERE v.contest_id = ? AND v.user_id = ? AND v.voided_at IS NULL AND e.hidden_at IS NOT NULL ORDER BY v.entry_id`,
    )
    .bind(contestId, userId)
    .all<{ entry_id: string }>();
  return results.map((r) => r.entry_id);
}

/** What decides whether a member may vote and enter: their account's age, address and standing, and their tickets to the events named. */
export type VoterStanding = { createdAt: number; verified: boolean; active: boolean; ticketEventIds: ReadonlySet<string> };

export async function readStanding(db: DB, userId: string, eventIds: readonly string[]): Promise<VoterStanding | null> {
  const [account, tickets] = await db.$client.batch([
    db.$client.prepare("SELECT created_at, email_verified_at, status FROM users WHERE id = ?").bind(userId),
    db.$client
      .prepare("SELECT DISTINCT event_id FROM event_tickets WHERE owner_user_id = ?1 AND status = 'valid' AND event_id IN (?2, ?3)")
      .bind(userId, eventIds[0] ?? "", eventIds[1] ?? ""),
  ]);
  const row = account!.results[0] as { created_at: number; email_verified_at: number | null; status: string } | undefined;
  if (!row) return null;
  return {
    createdAt: row.created_at,
    verified: row.email_verified_at !== null,
    active: row.status === "active",
    ticketEventIds: new Set((tickets!.results as { event_id: string }[]).map((r) => r.event_id)),
  };
}
