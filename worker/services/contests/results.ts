// A contest's results once its voting is over (decision 184): computed and stored once, by the
// five-minute job or by the first request that asks for them, whichever comes first; only the run
// that stored them tells the entrants (announce.ts; each notification's id is the contest's, so a
// retry is the same event) and closes the contest's room to new messages (room.ts).
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { findContest, type ContestRow } from "../../db/contests/contests";
import { contestsAwaitingResults, readResults, storeResults, type ResultRow } from "../../db/contests/results";
import { announceResults } from "./announce";
import { keepContestRoomInStep } from "./room";

/** The contest's results, computed now when its voting is over and they are not stored yet; null while voting goes on. */
export async function resultsOf(env: AppEnv, db: DB, contest: ContestRow, now = Date.now()): Promise<ResultRow[] | null> {
  if (now < contest.votingClosesAt) return null;
  if (contest.resultsAt === null && (await storeResults(db, contest, now))) {
    const results = await readResults(db, contest.id);
    await announceResults(env, db, contest);
    await keepContestRoomInStep(env, db, contest.id, now);
    return results;
  }
  return readResults(db, contest.id);
}

/** The five-minute job: every contest whose voting ended gets its results. */
export async function settleContests(env: AppEnv, db: DB, now: number): Promise<number> {
  let settled = 0;
  for (const id of await contestsAwaitingResults(db, now)) {
    const contest = await findContest(db, id);
    if (contest && (await resultsOf(env, db, contest, now))) settled++;
  }
  return settled;
}
