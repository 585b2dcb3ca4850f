// A contest's results (decision 184), computed once when voting ends. The votes are final then (a
// vote's statement holds the window), so computing them twice gives the same rows; the batch that
// stores them sets results_at only if it is unset, and only the run that set it tells the winners.
import type { DB } from "../client";
import type { ContestRow } from "./contests";
import { auditIfChanged, type Actor } from "../audit";

type Tally = { entry_id: string; user_id: string; title: string; username: string; jury_score: number | null; fan_votes: number };

export type ResultRow = {
  entry_id: string;
  user_id: string;
  title: string;
  username: string;
  place: number;
  fan_votes: number;
  fan_share_permille: number;
  jury_share_permille: number;
  score_permille: number;
};

/** Each visible submitted entry's live votes (voided ones left out, decision 196) and jury score. */
async function tally(db: DB, contestId: string): Promise<Tally[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT e.id AS entry_id, e.user_id, e.title, u.username, e.jury_score,
              (SELECT count(*) FROM contest_votes v WHERE v.entry_id = e.id AND v.voided_at IS NULL) AS fan_votes
         FROM contest_entries e JOIN users u ON u.id = e.user_id
        WHERE e.contest_id = ? AND e.status = 'submitted' AND e.hidden_at IS NULL`,
    )
    .bind(contestId)
    .all<Tally>();
  return results;
}

/** A part of a whole in thousandths, rounded half up (0 when the whole is 0). */
const permille = (part: number, whole: number) => (whole === 0 ? 0 : Math.floor((part * 1000) / whole + 0.5));

/** Places by score (the fans' share weighted with the jury's), ties sharing a place. */
export function rank(contest: Pick<ContestRow, "fanWeightPercent">, rows: readonly Tally[]): ResultRow[] {
  const votes = rows.reduce((n, r) => n + r.fan_votes, 0);
  const jury = rows.reduce((n, r) => n + (r.jury_score ?? 0), 0);
  const scored = rows.map((r) => {
    const fan = permille(r.fan_votes, votes);
    const juryShare = permille(r.jury_score ?? 0, jury);
    const score = Math.floor((fan * contest.fanWeightPercent + juryShare * (100 - contest.fanWeightPercent)) / 100 + 0.5);
    return { ...r, fan_share_permille: fan, jury_share_permille: juryShare, score_permille: score, place: 0 };
  });
  scored.sort((a, b) => b.score_permille - a.score_permille || a.entry_id.localeCompare(b.entry_id));
  scored.forEach((r, i) => (r.place = i > 0 && scored[i - 1]!.score_permille === r.score_permille ? scored[i - 1]!.place : i + 1));
  return scored.map(({ jury_score: _, ...r }) => r);
}

/**
 * Stores the results of a contest whose voting is over; true when this call stored them (and
 * should tell the winners), false when they were stored already.
 */
export async function storeResults(db: DB, contest: ContestRow, now: number): Promise<boolean> {
  const rows = rank(contest, await tally(db, contest.id));
  const d1 = db.$client;
  const [claimed] = await d1.batch([
    d1.prepare("UPDATE contests SET results_at = ?2 WHERE id = ?1 AND results_at IS NULL AND voting_closes_at <= ?2").bind(contest.id, now),
    ...rows.map((r) =>
      d1
        .prepare(
          `INSERT INTO contest_results (contest_id, entry_id, place, fan_votes, fan_share_permille, jury_share_permille, score_permille)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE (SELECT results_at FROM contests WHERE id = ?1) = ?8
           ON CONFLICT DO NOTHING`,
        )
        .bind(contest.id, r.entry_id, r.place, r.fan_votes, r.fan_share_permille, r.jury_share_permille, r.score_permille, now),
    ),
  ]);
  return (claimed!.meta.changes ?? 0) > 0;
}

/** The stored results, best place first. */
export async function readResults(db: DB, contestId: string): Promise<ResultRow[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT r.entry_id, e.user_id, e.title, u.username, r.place, r.fan_votes, r.fan_share_permille, r.jury_share_permille, r.score_permille
         FROM contest_results r JOIN contest_entries e ON e.id = r.entry_id JOIN users u ON u.id = e.user_id
        WHERE r.contest_id = ? ORDER BY r.place, r.entry_id`,
    )
    .bind(contestId)
    .all<ResultRow>();
  return results;
}

/** Contests whose voting ended with no results yet. */
export async function contestsAwaitingResults(db: DB, now: number): Promise<string[]> {
  const { results } = await db.$client
    .prepare("SELECT id FROM contests WHERE results_at IS NULL AND voting_closes_at <= ? ORDER BY voting_closes_at LIMIT 20")
    .bind(now)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** The jury's score of a submitted entry, while the results are not out, audited in its batch. False when refused. */
export async function setJuryScore(db: DB, actor: Actor, contestId: string, entryId: string, score: number, now = Date.now()): Promise<boolean> {
  const [written] = await db.$client.batch([
    db.$client
      .prepare(
        `UPDATE contest_entries SET jury_score = ?3
          WHERE id = ?2 AND contest_id = ?1 AND status = 'submitted'
            AND EXISTS (SELECT 1 FROM contests c WHERE c.id = ?1 AND c.results_at IS NULL)`,
      )
      .bind(contestId, entryId, score),
    auditIfChanged(db, { actor, action: "contest.jury_score", targetType: "contest_entry", targetId: entryId, summary: { after: { contestId, score } } }, now),
  ]);
  return (written!.meta.changes ?? 0) > 0;
}
