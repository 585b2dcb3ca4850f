// The co-authors an entrant names on an entry (decision 192): each named member is invited, then
// confirms or declines; only confirmed ones are credited, and they may not vote for the entry
// (the vote's own statement reads this table). Rows go with the entry.
import type { DB } from "../client";
import type { ContestCreditStatus } from "#contracts/contests/contests.ts";

export type CreditRow = { entry_id: string; user_id: string; username: string; status: ContestCreditStatus };

/** Why the names were refused: the entrant named themselves, or a name is no active member's. */
export type CoAuthorRefusal = "contest_co_author_self" | "contest_co_author_unknown";

/**
 * The members the usernames name (whatever their case), or why not: a banned member is as unknown
 * as a missing one, as their profile is.
 */
export async function resolveCoAuthors(db: DB, usernames: readonly string[], entrantId: string): Promise<{ ids: string[] } | { refused: CoAuthorRefusal }> {
  if (usernames.length === 0) return { ids: [] };
  const lower = usernames.map((u) => u.toLowerCase());
  const { results } = await db.$client
    .prepare(`SELECT id, lower(username) AS name, status FROM users WHERE lower(username) IN (${lower.map(() => "?").join(", ")})`)
    .bind(...lower)
    .all<{ id: string; name: string; status: string }>();
  if (results.some((r) => r.id === entrantId)) return { refused: "contest_co_author_self" };
  const active = results.filter((r) => r.status === "active");
  if (active.length !== lower.length) return { refused: "contest_co_author_unknown" };
  return { ids: active.map((r) => r.id) };
}

/** A guard that always holds (it names ?3, the time, as each statement binds it). */
const ALWAYS = "?3 IS NOT NULL";

/** Statements inviting the members to the entry, each written only while `guard` (an SQL condition on ?1, the entry, and ?3, the time) holds. */
export function inviteStatements(db: DB, entryId: string, userIds: readonly string[], now: number, guard = ALWAYS) {
  return userIds.map((userId) =>
    db.$client
      .prepare(
        `INSERT INTO contest_entry_credits (entry_id, user_id, status, invited_at)
         SELECT ?1, ?2, 'invited', ?3 WHERE ${guard}
         ON CONFLICT DO NOTHING`,
      )
      .bind(entryId, userId, now),
  );
}

/** A statement removing everyone named on the entry but `keep`, while `guard` holds. */
export function uninviteStatement(db: DB, entryId: string, keep: readonly string[], now: number, guard = ALWAYS) {
  return db.$client
    .prepare(`DELETE FROM contest_entry_credits WHERE entry_id = ?1 AND ${guard} AND user_id NOT IN (SELECT value FROM json_each(?2))`)
    .bind(entryId, JSON.stringify(keep), now);
}

/** Everyone named on the entries, with their answers. */
export async function creditsOf(db: DB, entryIds: readonly string[]): Promise<CreditRow[]> {
  if (entryIds.length === 0) return [];
  const { results } = await db.$client
    .prepare(
      `SELECT k.entry_id, k.user_id, u.username, k.status FROM contest_entry_credits k JOIN users u ON u.id = k.user_id
        WHERE k.entry_id IN (SELECT value FROM json_each(?1)) ORDER BY k.invited_at, u.username`,
    )
    .bind(JSON.stringify(entryIds))
    .all<CreditRow>();
  return results;
}

/**
 * The named member's answer, while the entry is not withdrawn and its contest's voting is not
 * over. Confirming takes back their vote for the entry in the same batch (a co-author does not vote
 * for their own remix). False when they are not named on it, or it can no longer change.
 */
export async function answerCredit(db: DB, entryId: string, userId: string, status: "confirmed" | "declined", now: number): Promise<boolean> {
  const d1 = db.$client;
  const [answered] = await d1.batch([
    d1
      .prepare(
        `UPDATE contest_entry_credits SET status = ?3, answered_at = ?4
          WHERE entry_id = ?1 AND user_id = ?2
            AND EXISTS (SELECT 1 FROM contest_entries e JOIN contests c ON c.id = e.contest_id
                         WHERE e.id = ?1 AND e.status <> 'withdrawn' AND c.results_at IS NULL AND ?4 < c.voting_closes_at)`,
      )
      .bind(entryId, userId, status, now),
    d1
      .prepare(
        `DELETE FROM contest_votes WHERE entry_id = ?1 AND user_id = ?2
            AND EXISTS (SELECT 1 FROM contest_entry_credits WHERE entry_id = ?1 AND user_id = ?2 AND status = 'confirmed')`,
      )
      .bind(entryId, userId),
  ]);
  return (answered!.meta.changes ?? 0) > 0;
}
