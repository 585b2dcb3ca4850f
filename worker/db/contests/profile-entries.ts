// The entries a member's profile shows (decision 192): their submitted entries and those they
// confirmed co-authoring, of contests whose entry phase is over, the latest contest first. Drafts
// and withdrawn entries never show.
import type { DB } from "../client";

export type ProfileEntryRow = {
  contest_id: string;
  title_en: string;
  title_pt_br: string;
  opens_at: number;
  entries_close_at: number;
  voting_opens_at: number;
  voting_closes_at: number;
  entry_id: string;
  entry_title: string;
  remixer: string;
  co_authored: number;
  place: number | null;
};

/** At most this many, the latest first: a profile is not an archive. */
export const PROFILE_ENTRIES_MAX = 30;

export async function listProfileEntries(db: DB, userId: string, now: number): Promise<ProfileEntryRow[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT c.id AS contest_id, c.title_en, c.title_pt_br, c.opens_at, c.entries_close_at, c.voting_opens_at, c.voting_closes_at,
              e.id AS entry_id, e.title AS entry_title, u.username AS remixer, e.user_id <> ?1 AS co_authored, r.place
         FROM contest_entries e
         JOIN contests c ON c.id = e.contest_id
         JOIN users u ON u.id = e.user_id
         LEFT JOIN contest_results r ON r.contest_id = c.id AND r.entry_id = e.id
        WHERE e.status = 'submitted' AND c.entries_close_at <= ?2
          AND (e.user_id = ?1 OR EXISTS (SELECT 1 FROM contest_entry_credits k WHERE k.entry_id = e.id AND k.user_id = ?1 AND k.status = 'confirmed'))
        ORDER BY c.entries_close_at DESC, e.created_at DESC
        LIMIT ?3`,
    )
    .bind(userId, now, PROFILE_ENTRIES_MAX)
    .all<ProfileEntryRow>();
  return results;
}
