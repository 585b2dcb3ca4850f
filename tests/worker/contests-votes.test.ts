// Voting in a remix contest (decision 184): a fixed number of votes per member, at most one per
// entry, none on their own; changed until the window closes, which the clock decides; accounts made
// after the opening, unverified or banned cannot vote; no counts shown. Each vote is one conditional
// statement: 200 members voting at once, and one member from 10 tabs, land exactly.
import { describe, expect, it } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { API, DAY, HOUR, clockAt, contestsFileSetUp, count, createContest, iso, rows, setCreatedAt, submittedEntry, validContest } from "./contests-fixtures";
import type { AdminContest, ContestEntriesResponse, ContestVoteResponse, PublicContestResponse } from "../../worker/contracts/contests/contests";

let admin: TestUser;
let trackId: string;
contestsFileSetUp((made) => ({ admin, trackId } = made));

const vote = (contestId: string, entryId: string, cookie: string | undefined) =>
  call(`${API}/${contestId}/votes`, { method: "POST", json: { entryId }, cookie });
const unvote = (contestId: string, entryId: string, cookie: string | undefined) => call(`${API}/${contestId}/votes/${entryId}`, { method: "DELETE", cookie });
const votesOf = (contestId: string) => count("SELECT count(*) AS n FROM contest_votes WHERE contest_id = ?", contestId);

/** A member whose account is older than the contests' openings. */
async function voter(options: Parameters<typeof createUser>[1] = {}, role: "user" | "vip" | "banned" = "user") {
  const user = await createUser(role, options);
  await setCreatedAt(user.id, Date.now() - 30 * DAY);
  return user;
}

/** A contest whose voting opens an hour from `now` for a day, with `entries` submitted entries. */
async function votingContest(now: number, entries: number, overrides: Parameters<typeof validContest>[1] = {}) {
  const contest: AdminContest = await createContest(
    admin,
    validContest(trackId, { entriesCloseAt: iso(now + HOUR), votingOpensAt: iso(now + HOUR), votingClosesAt: iso(now + DAY), ...overrides }, now),
  );
  const entrants = await Promise.all(Array.from({ length: entries }, () => createUser("user")));
  const ids: string[] = [];
  for (const [i, entrant] of entrants.entries()) ids.push(await submittedEntry(contest.id, entrant, `Remix ${i}`));
  return { contest, entrants, ids };
}

describe("the voting window", () => {
  it("takes votes only while it is open, by the clock", async () => {
    const now = Date.now();
    const { contest, ids } = await votingContest(now, 2);
    const fan = await voter();
    const early = await vote(contest.id, ids[0]!, fan.cookie);
    expect([early.status, (await errorOf(early)).code]).toEqual([409, "contest_voting_closed"]);
    clockAt(now + 2 * HOUR);
    const open = await vote(contest.id, ids[0]!, fan.cookie);
    expect([open.status, (await open.json<ContestVoteResponse>()).votesLeft]).toEqual([201, 2]);
    clockAt(now + DAY);
    const late = await vote(contest.id, ids[1]!, fan.cookie);
    expect([late.status, (await errorOf(late)).code]).toEqual([409, "contest_voting_closed"]);
    const takeBack = await unvote(contest.id, ids[0]!, fan.cookie);
    expect([takeBack.status, (await errorOf(takeBack)).code]).toEqual([409, "contest_voting_closed"]);
    expect(await votesOf(contest.id)).toBe(1);
  });
});

describe("the rules of a vote", () => {
  it("counts down the member's votes, one per entry, none on their own, and lets them change one", async () => {
    const now = Date.now();
    const { contest, entrants, ids } = await votingContest(now, 5);
    clockAt(now + 2 * HOUR);
    const fan = await voter();
    const refusal = async (res: Response) => [res.status, (await errorOf(res)).code];
    for (const [i, left] of [2, 1, 0].entries())
      expect(await (await vote(contest.id, ids[i]!, fan.cookie)).json<ContestVoteResponse>()).toEqual({ votesLeft: left });
    expect(await refusal(await vote(contest.id, ids[3]!, fan.cookie))).toEqual([409, "contest_votes_used_up"]);
    expect(await refusal(await vote(contest.id, ids[0]!, fan.cookie))).toEqual([409, "contest_already_voted"]);
    expect((await unvote(contest.id, ids[0]!, fan.cookie)).status).toBe(200);
    expect((await vote(contest.id, ids[3]!, fan.cookie)).status).toBe(201);
    expect(await refusal(await unvote(contest.id, ids[4]!, fan.cookie))).toEqual([404, "contest_vote_not_found"]);
    await setCreatedAt(entrants[0]!.id, now - 30 * DAY);
    expect(await refusal(await vote(contest.id, ids[0]!, entrants[0]!.cookie))).toEqual([403, "contest_own_entry"]);
    expect(await refusal(await vote(contest.id, crypto.randomUUID(), fan.cookie))).toEqual([404, "contest_entry_not_found"]);
    expect(await rows("SELECT entry_id FROM contest_votes WHERE user_id = ? ORDER BY entry_id", fan.id)).toEqual(
      [ids[1], ids[2], ids[3]].sort().map((entry_id) => ({ entry_id })),
    );
  });

  it("refuses accounts made after the opening, unverified, banned, and visitors, storing nothing", async () => {
    const now = Date.now();
    const { contest, ids } = await votingContest(now, 1);
    clockAt(now + 2 * HOUR);
    const young = await createUser("user");
    await setCreatedAt(young.id, now + HOUR);
    const unverified = await voter({ unverified: true });
    const banned = await voter({}, "banned");
    const cases: [string | undefined, number, string][] = [
      [young.cookie, 403, "contest_vote_not_allowed"],
      [unverified.cookie, 403, "contest_vote_not_allowed"],
      [banned.cookie, 401, "unauthorized"],
      [undefined, 401, "unauthorized"],
    ];
    for (const [cookie, status, code] of cases) {
      const res = await vote(contest.id, ids[0]!, cookie);
      expect([res.status, (await errorOf(res)).code]).toEqual([status, code]);
    }
    expect(await votesOf(contest.id)).toBe(0);
    const rights = (await (await call(`${API}/${contest.id}`, { cookie: young.cookie })).json<PublicContestResponse>()).contest.rights;
    expect(rights).toMatchObject({ canVote: false, votesLeft: 0 });
  });

  it("shows no counts while voting, only the member's own votes", async () => {
    const now = Date.now();
    const { contest, ids } = await votingContest(now, 2);
    clockAt(now + 2 * HOUR);
    const fan = await voter();
    await vote(contest.id, ids[0]!, fan.cookie);
    const { entries, votesLeft } = await (await call(`${API}/${contest.id}/entries`, { cookie: fan.cookie })).json<ContestEntriesResponse>();
    expect(votesLeft).toBe(2);
    expect(entries.find((e) => e.id === ids[0])?.votedByMe).toBe(true);
    expect(JSON.stringify(entries)).not.toMatch(/"(votes|voteCount|fanVotes|score)"/);
  });
});

describe("racing votes", () => {
  it("takes each of 200 members' 3 votes at once, exactly", async () => {
    const now = Date.now();
    const { contest, ids } = await votingContest(now, 4);
    const members = await Promise.all(Array.from({ length: 200 }, () => voter()));
    clockAt(now + 2 * HOUR);
    const started = performance.now();
    // Each member sends four votes at once (one per entry); three may land.
    const answers = await Promise.all(members.flatMap((m) => ids.map((id) => vote(contest.id, id, m.cookie))));
    const ms = Math.round(performance.now() - started);
    const taken = answers.filter((r) => r.status === 201).length;
    const refused = answers.filter((r) => r.status === 409);
    expect(taken).toBe(600);
    expect(refused).toHaveLength(200);
    for (const res of refused) expect((await errorOf(res)).code).toBe("contest_votes_used_up");
    expect(await votesOf(contest.id)).toBe(600);
    expect(await rows("SELECT user_id, count(*) AS n FROM contest_votes WHERE contest_id = ? GROUP BY user_id HAVING n <> 3", contest.id)).toEqual([]);
    console.info(`contests: 800 votes from 200 members at once: ${taken} taken, ${refused.length} refused in ${ms} ms`);
  }, 120_000);

  it("takes one member's votes from 10 tabs exactly: 3 of 10 entries, 1 of 10 on one entry", async () => {
    const now = Date.now();
    const { contest, ids } = await votingContest(now, 10);
    clockAt(now + 2 * HOUR);
    const fan = await voter();
    const spread = await Promise.all(ids.map((id) => vote(contest.id, id, fan.cookie)));
    expect(spread.filter((r) => r.status === 201)).toHaveLength(3);
    expect(await votesOf(contest.id)).toBe(3);
    const other = await voter();
    const same = await Promise.all(ids.map(() => vote(contest.id, ids[0]!, other.cookie)));
    expect(same.map((r) => r.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(await count("SELECT count(*) AS n FROM contest_votes WHERE user_id = ?", other.id)).toBe(1);
  }, 60_000);
});
