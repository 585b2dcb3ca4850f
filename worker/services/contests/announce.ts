// Telling the entrants a contest's results (decision 198): the winners (first place, ties
// included) and their confirmed co-authors get `contest_won`, urgent, so it is pushed and mailed
// at once in each one's language; everyone else credited with an entry gets `contest_results`.
// Each is one notification event keyed by the contest, so however often this runs (two job runs,
// the job and a page's first ask) each member is told once.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import type { ContestRow } from "../../db/contests/contests";
import { resultRecipients } from "../../db/contests/result-recipients";
import { notifyMembers } from "../notifications";

export async function announceResults(env: AppEnv, db: DB, contest: Pick<ContestRow, "id" | "titleEn" | "titlePtBr">): Promise<void> {
  const recipients = await resultRecipients(db, contest.id);
  const winners = new Set(recipients.filter((r) => r.place === 1).map((r) => r.user_id));
  const others = new Set(recipients.map((r) => r.user_id).filter((id) => !winners.has(id)));
  const about = { actorId: null, params: { title: contest.titleEn, titlePtBr: contest.titlePtBr }, link: `/contests/${contest.id}` };
  await notifyMembers(env, db, { id: `contest_won:${contest.id}`, kind: "contest_won", ...about }, [...winners]);
  await notifyMembers(env, db, { id: `contest_results:${contest.id}`, kind: "contest_results", ...about }, [...others]);
}
