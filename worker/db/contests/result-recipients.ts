// Who hears of a contest's results (decision 198): everyone credited with a submitted entry, the
// entrant and the co-authors who confirmed, each with the entry's place. A member credited on
// several entries appears once per entry.
import type { DB } from "../client";

export type ResultRecipient = { user_id: string; place: number };

export async function resultRecipients(db: DB, contestId: string): Promise<ResultRecipient[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT e.user_id, r.place FROM contest_results r JOIN contest_entries e ON e.id = r.entry_id
        WHERE r.contest_id = ?1
       UNION
       SELECT k.user_id, r.place FROM contest_results r JOIN contest_entry_credits k ON k.entry_id = r.entry_id AND k.status = 'confirmed'
        WHERE r.contest_id = ?1`,
    )
    .bind(contestId)
    .all<ResultRecipient>();
  return results;
}
