// A contest's results (decision 184): computed once when voting ends, by the five-minute job or by
// the first request for them, however often and at once they are asked for; the fans' and the
// jury's shares weighed as the admin set; the winner told once, in both languages; nothing shown
// before the end; the jury's scores set by the admin only until the results are out.
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { call, createUser, db, errorOf, ruleError, type TestUser } from "./helpers";
import { findContest } from "../../worker/db/contests/contests";
import { storeResults } from "../../worker/db/contests/results";
import {
  ADMIN_API,
  API,
  D1,
  DAY,
  HOUR,
  clockAt,
  contestsFileSetUp,
  count,
  createContest,
  iso,
  rows,
  submittedEntry,
  userOfRole,
  validContest,
} from "./contests-fixtures";
import { notificationText } from "../../worker/services/notifications/texts";
import { CONTEST_FORM_MESSAGES, type ContestResultsResponse } from "../../worker/contracts/contests/contests";

let admin: TestUser;
let trackId: string;
contestsFileSetUp((made) => ({ admin, trackId } = made));

/** Votes written straight to D1: `n` voters for the entry. */
async function votesFor(contestId: string, entryId: string, n: number) {
  for (let i = 0; i < n; i++) {
    const fan = await createUser("user");
    await D1.prepare("INSERT INTO contest_votes (contest_id, entry_id, user_id, cast_at) VALUES (?, ?, ?, 0)").bind(contestId, entryId, fan.id).run();
  }
}

const jury = (contestId: string, entryId: string, score: unknown, cookie = admin.cookie) =>
  call(`${ADMIN_API}/${contestId}/entries/${entryId}/jury`, { method: "PUT", json: { score }, cookie });

/** Three entries with 5, 3 and 2 votes and jury scores 20, 60 and 20; fans weigh 60%. */
async function scoredContest(now: number) {
  const contest = await createContest(
    admin,
    validContest(
      trackId,
      { entriesCloseAt: iso(now + HOUR), votingOpensAt: iso(now + HOUR), votingClosesAt: iso(now + DAY), winnerBy: "both", fanWeightPercent: 60 },
      now,
    ),
  );
  const entrants = await Promise.all([0, 1, 2].map(() => createUser("user")));
  const ids: string[] = [];
  for (const [i, entrant] of entrants.entries()) ids.push(await submittedEntry(contest.id, entrant, `Remix ${"ABC"[i]}`));
  for (const [i, n] of [5, 3, 2].entries()) await votesFor(contest.id, ids[i]!, n);
  for (const [i, score] of [20, 60, 20].entries()) expect((await jury(contest.id, ids[i]!, score)).status).toBe(200);
  return { contest, entrants, ids };
}

describe("results", () => {
  it("are not out while voting goes on", async () => {
    const now = Date.now();
    const { contest } = await scoredContest(now);
    const res = await call(`${API}/${contest.id}/results`);
    expect([res.status, (await errorOf(res)).code]).toEqual([409, "contest_results_not_out"]);
    expect(await count("SELECT count(*) AS n FROM contest_results WHERE contest_id = ?", contest.id)).toBe(0);
  });

  it("are computed once however often they are asked for at once, weighing fans and jury, and tell the winner once", async () => {
    const now = Date.now();
    const { contest, entrants, ids } = await scoredContest(now);
    clockAt(now + DAY + HOUR);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(`${API}/${contest.id}/results`)));
    expect(answers.map((r) => r.status)).toEqual(Array<number>(10).fill(200));
    const bodies = await Promise.all(answers.map((r) => r.json<ContestResultsResponse>()));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(bodies[0]!.results).toEqual([
      {
        entryId: ids[1],
        title: "Remix B",
        remixer: { username: entrants[1]!.username },
        place: 1,
        fanVotes: 3,
        fanSharePercent: 30,
        jurySharePercent: 60,
        scorePercent: 42,
      },
      {
        entryId: ids[0],
        title: "Remix A",
        remixer: { username: entrants[0]!.username },
        place: 2,
        fanVotes: 5,
        fanSharePercent: 50,
        jurySharePercent: 20,
        scorePercent: 38,
      },
      {
        entryId: ids[2],
        title: "Remix C",
        remixer: { username: entrants[2]!.username },
        place: 3,
        fanVotes: 2,
        fanSharePercent: 20,
        jurySharePercent: 20,
        scorePercent: 20,
      },
    ]);
    expect(await count("SELECT count(*) AS n FROM contest_results WHERE contest_id = ?", contest.id)).toBe(3);
    const wonEvents = () => count("SELECT count(*) AS n FROM notification_events WHERE id = ? AND kind = 'contest_won'", `contest_won:${contest.id}`);
    expect(await wonEvents()).toBe(1);

    // The job after the page changes nothing.
    await worker.scheduled(createScheduledController({ scheduledTime: now + DAY + 2 * HOUR, cron: "*/5 * * * *" }), env, createExecutionContext());
    expect(await rows("SELECT results_at FROM contests WHERE id = ?", contest.id)).toEqual([{ results_at: new Date(bodies[0]!.resultsAt).getTime() }]);
    expect(await wonEvents()).toBe(1);
  });

  it("are computed by the five-minute job when nobody asks, and the contest is closed to edits then", async () => {
    const now = Date.now();
    const { contest, ids } = await scoredContest(now);
    const ended = now + DAY + HOUR;
    await worker.scheduled(createScheduledController({ scheduledTime: ended, cron: "*/5 * * * *" }), env, createExecutionContext());
    expect(await rows("SELECT results_at FROM contests WHERE id = ?", contest.id)).toEqual([{ results_at: ended }]);
    expect(await rows("SELECT entry_id, place FROM contest_results WHERE contest_id = ? ORDER BY place", contest.id)).toEqual([
      { entry_id: ids[1], place: 1 },
      { entry_id: ids[0], place: 2 },
      { entry_id: ids[2], place: 3 },
    ]);
    const late = await jury(contest.id, ids[0]!, 100);
    expect([late.status, (await errorOf(late)).code]).toEqual([409, "contest_closed"]);
    expect(await rows("SELECT jury_score FROM contest_entries WHERE id = ?", ids[0])).toEqual([{ jury_score: 20 }]);
  });

  it("are stored by one of two runs that both found none (the later one stores nothing)", async () => {
    const now = Date.now();
    const { contest } = await scoredContest(now);
    const stale = (await findContest(db(), contest.id))!;
    expect(await storeResults(db(), stale, now + DAY + HOUR)).toBe(true);
    expect(await storeResults(db(), stale, now + DAY + 2 * HOUR)).toBe(false);
    expect(await rows("SELECT results_at FROM contests WHERE id = ?", contest.id)).toEqual([{ results_at: now + DAY + HOUR }]);
    expect(await count("SELECT count(*) AS n FROM contest_results WHERE contest_id = ?", contest.id)).toBe(3);
  });

  it("word the winner's push and e-mail in both languages", () => {
    const input = { kind: "contest_won" as const, actor: null, actorCount: 0, params: { title: "Remix Me", titlePtBr: "Remixe-me" }, brandName: "Fans" };
    expect(notificationText("en", input).title).toBe("You won Remix Me");
    expect(notificationText("pt-BR", input).title).toBe("Você venceu Remixe-me");
  });
});

describe("the jury's scores", () => {
  it("are the admin's only, 0 to 100, on a submitted entry of the contest", async () => {
    const now = Date.now();
    const { contest, ids } = await scoredContest(now);
    for (const role of ["member", "vip", "door staff"] as const) {
      const res = await jury(contest.id, ids[0]!, 99, (await userOfRole(role)).cookie);
      expect([res.status, (await errorOf(res)).code], role).toEqual([403, "admin_required"]);
    }
    const bad = await jury(contest.id, ids[0]!, 101);
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toMatchObject(ruleError(CONTEST_FORM_MESSAGES.juryScoreInvalid, "score"));
    const unknown = await jury(contest.id, crypto.randomUUID(), 50);
    expect([unknown.status, (await errorOf(unknown)).code]).toEqual([404, "contest_entry_not_found"]);
    expect(await rows("SELECT jury_score FROM contest_entries WHERE id = ?", ids[0])).toEqual([{ jury_score: 20 }]);
  });
});
