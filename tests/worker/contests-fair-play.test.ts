// Remix contests' fair play (decision 196): members report entries as they report posts; the admin
// hides an entry with a reason (out of the list, its audio, the voting and the results), reads the
// suspicious patterns (new accounts, one network) and voids votes with a reason, each audited once.
import { describe, expect, it } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
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
  setCreatedAt,
  submittedEntry,
  validContest,
} from "./contests-fixtures";
import type {
  AdminContest,
  ContestEntriesResponse,
  ContestEntryResponse,
  ContestResultsResponse,
  ContestVoteResponse,
} from "../../worker/contracts/contests/contests";
import type { AdminFairPlayResponse, VoidVotesResponse } from "../../worker/contracts/contests/fair-play";
import { networkPrefix } from "../../worker/services/contests/network-hash";

let admin: TestUser;
let trackId: string;
contestsFileSetUp((made) => ({ admin, trackId } = made));

/** A contest opened `now - HOUR` whose voting opens an hour from `now` for a day, with `entries` submitted entries. */
async function votingContest(now: number, entries: number) {
  const contest: AdminContest = await createContest(
    admin,
    validContest(trackId, { entriesCloseAt: iso(now + HOUR), votingOpensAt: iso(now + HOUR), votingClosesAt: iso(now + DAY) }, now),
  );
  const entrants = await Promise.all(Array.from({ length: entries }, () => createUser("user")));
  const ids: string[] = [];
  for (const [i, entrant] of entrants.entries()) ids.push(await submittedEntry(contest.id, entrant, `Remix ${i}`));
  return { contest, entrants, ids, opensAt: now - HOUR };
}

/** A member whose account was made `age` before `at` (by default a month before now). */
async function voter(at = Date.now(), age = 30 * DAY) {
  const user = await createUser("user");
  await setCreatedAt(user.id, at - age);
  return user;
}

const vote = (contestId: string, entryId: string, cookie: string | undefined, ip = "192.0.2.10") =>
  call(`${API}/${contestId}/votes`, { method: "POST", json: { entryId }, cookie, headers: { "cf-connecting-ip": ip } });
const report = (contestId: string, entryId: string, cookie: string | undefined, json: unknown = { reason: "spam" }) =>
  call(`${API}/${contestId}/entries/${entryId}/reports`, { method: "POST", json, cookie });
const adminPost = (path: string, json: unknown, cookie = admin.cookie) => call(`${ADMIN_API}${path}`, { method: "POST", json, cookie });
const fairPlay = async (contestId: string) => (await call(`${ADMIN_API}/${contestId}/fair-play`, { cookie: admin.cookie })).json<AdminFairPlayResponse>();
const refusal = async (res: Response) => [res.status, (await errorOf(res)).code];
const reportsOf = (entryId: string) => count("SELECT count(*) AS n FROM contest_entry_reports WHERE entry_id = ?", entryId);
const auditsOf = (action: string, contestId: string) =>
  count("SELECT count(*) AS n FROM audit_log WHERE action = ? AND json_extract(summary, '$.after.contestId') = ?", action, contestId);

describe("reporting an entry", () => {
  it("takes one report per member and entry, none from its entrant, a visitor or a banned member, nor bad input", async () => {
    const { contest, entrants, ids } = await votingContest(Date.now(), 2);
    const fan = await createUser("user");
    const banned = await createUser("banned");
    expect(await refusal(await report(contest.id, ids[0]!, undefined))).toEqual([401, "unauthorized"]);
    expect(await refusal(await report(contest.id, ids[0]!, banned.cookie))).toEqual([401, "unauthorized"]);
    expect(await refusal(await report(contest.id, ids[0]!, entrants[0]!.cookie))).toEqual([403, "contest_report_own_entry"]);
    expect((await report(contest.id, ids[0]!, fan.cookie, { reason: "boring" })).status).toBe(400);
    expect((await report(contest.id, ids[0]!, fan.cookie, { reason: "spam", extra: 1 })).status).toBe(400);
    expect(await refusal(await report(contest.id, crypto.randomUUID(), fan.cookie))).toEqual([404, "contest_entry_not_found"]);
    expect(await reportsOf(ids[0]!)).toBe(0);

    const first = await report(contest.id, ids[0]!, fan.cookie, { reason: "hate", details: "Samples a slur" });
    expect(first.status).toBe(201);
    expect(await refusal(await report(contest.id, ids[0]!, fan.cookie))).toEqual([409, "already_reported"]);
    expect(await rows("SELECT reporter_id, reason, details, resolved_at FROM contest_entry_reports WHERE entry_id = ?", ids[0])).toEqual([
      { reporter_id: fan.id, reason: "hate", details: "Samples a slur", resolved_at: null },
    ]);
    // An administrator reports as any member does.
    expect((await report(contest.id, ids[1]!, admin.cookie)).status).toBe(201);
    expect(await reportsOf(ids[1]!)).toBe(1);
  });

  it("stores one row when a member's reports race", async () => {
    const { contest, ids } = await votingContest(Date.now(), 1);
    const fan = await createUser("user");
    const answers = await Promise.all(Array.from({ length: 5 }, () => report(contest.id, ids[0]!, fan.cookie)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await reportsOf(ids[0]!)).toBe(1);
  });

  it("refuses a draft entry's report as unknown", async () => {
    const { contest, ids } = await votingContest(Date.now(), 1);
    await D1Exec("UPDATE contest_entries SET status = 'draft' WHERE id = ?", ids[0]);
    expect(await refusal(await report(contest.id, ids[0]!, (await createUser("user")).cookie))).toEqual([404, "contest_entry_not_found"]);
  });
});

describe("the admin's fair-play routes", () => {
  it("answer administrators only", async () => {
    const { contest, ids } = await votingContest(Date.now(), 1);
    const member = await createUser("user");
    const banned = await createUser("banned");
    const paths: [string, string, unknown][] = [
      ["GET", `/${contest.id}/fair-play`, undefined],
      ["POST", `/${contest.id}/entries/${ids[0]}/hide`, { reason: "Stolen samples" }],
      ["POST", `/${contest.id}/entries/${ids[0]}/unhide`, {}],
      ["POST", `/${contest.id}/entries/${ids[0]}/dismiss-reports`, {}],
      ["POST", `/${contest.id}/votes/void`, { reason: "x", votes: [{ entryId: ids[0], userId: member.id }] }],
    ];
    for (const [method, path, json] of paths) {
      for (const [cookie, status] of [
        [undefined, 401],
        [member.cookie, 403],
        [banned.cookie, 401],
      ] as const) {
        expect([path, (await call(`${ADMIN_API}${path}`, { method, json, cookie })).status]).toEqual([path, status]);
      }
    }
    expect(await count("SELECT count(*) AS n FROM contest_entries WHERE id = ? AND hidden_at IS NOT NULL", ids[0])).toBe(0);
    const answer = await call(`${ADMIN_API}/${contest.id}/fair-play`, { cookie: admin.cookie });
    expect(answer.status).toBe(200);
    expect(await refusal(await call(`${ADMIN_API}/${crypto.randomUUID()}/fair-play`, { cookie: admin.cookie }))).toEqual([404, "contest_not_found"]);
  });
});

describe("hiding an entry", () => {
  it("wants a reason, then takes it out of the list, its audio and the voting, resolves its reports and tells its entrant", async () => {
    const now = Date.now();
    const { contest, entrants, ids } = await votingContest(now, 2);
    const fan = await voter(now);
    const reporter = await createUser("user");
    await report(contest.id, ids[0]!, reporter.cookie, { reason: "spam" });
    clockAt(now + 2 * HOUR);
    expect((await vote(contest.id, ids[0]!, fan.cookie)).status).toBe(201);

    expect(await refusal(await adminPost(`/${contest.id}/entries/${ids[0]}/hide`, { reason: "  " }))).toEqual([400, "contest_reason_required"]);
    expect(await refusal(await adminPost(`/${contest.id}/entries/${ids[0]}/hide`, {}))).toEqual([400, "contest_reason_required"]);
    expect(await refusal(await adminPost(`/${contest.id}/entries/${ids[0]}/hide`, { reason: "x".repeat(501) }))).toEqual([400, "contest_reason_too_long"]);
    expect(await refusal(await adminPost(`/${contest.id}/entries/${crypto.randomUUID()}/hide`, { reason: "Stolen" }))).toEqual([
      404,
      "contest_entry_not_found",
    ]);
    expect(await count("SELECT count(*) AS n FROM contest_entries WHERE hidden_at IS NOT NULL AND contest_id = ?", contest.id)).toBe(0);

    const hidden = await adminPost(`/${contest.id}/entries/${ids[0]}/hide`, { reason: "Stolen samples" });
    expect(await hidden.json()).toEqual({ hidden: true, resolvedReports: 1 });
    expect(await refusal(await adminPost(`/${contest.id}/entries/${ids[0]}/hide`, { reason: "Again" }))).toEqual([409, "contest_entry_hidden"]);
    expect(await auditsOf("contest.entry_hide", contest.id)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM contest_entry_reports WHERE entry_id = ? AND resolved_at IS NULL", ids[0])).toBe(0);

    const listed = await (await call(`${API}/${contest.id}/entries`, { cookie: reporter.cookie })).json<ContestEntriesResponse>();
    expect(listed.entries.map((e) => e.id)).toEqual([ids[1]]);
    expect(await refusal(await call(`${API}/${contest.id}/entries/${ids[0]}`, { cookie: reporter.cookie }))).toEqual([404, "contest_entry_not_found"]);
    expect(await refusal(await call(`${API}/${contest.id}/entries/${ids[0]}/audio`, { cookie: reporter.cookie }))).toEqual([404, "contest_entry_not_found"]);
    expect(await refusal(await vote(contest.id, ids[0]!, reporter.cookie))).toEqual([409, "contest_entry_hidden"]);
    expect(await refusal(await report(contest.id, ids[0]!, fan.cookie))).toEqual([404, "contest_entry_not_found"]);

    const own = await (await call(`${API}/${contest.id}/entries/${ids[0]}`, { cookie: entrants[0]!.cookie })).json<ContestEntryResponse>();
    expect(own.entry.hidden).toMatchObject({ reason: "Stolen samples" });
    const theirs = await (await call(`${API}/${contest.id}/entries`, { cookie: entrants[0]!.cookie })).json<ContestEntriesResponse>();
    expect(theirs.entries.find((e) => e.id === ids[0])?.hidden?.reason).toBe("Stolen samples");
    expect(theirs.entries.find((e) => e.id === ids[1])?.hidden).toBeNull();

    // The fan's vote stays (an unhide brings it back) and still counts against their votes.
    expect(await count("SELECT count(*) AS n FROM contest_votes WHERE entry_id = ?", ids[0])).toBe(1);
    const play = await fairPlay(contest.id);
    expect(play.entries).toMatchObject([{ id: ids[0], openReports: 0, hiddenReason: "Stolen samples" }]);

    const shown = await adminPost(`/${contest.id}/entries/${ids[0]}/unhide`, {});
    expect(shown.status).toBe(200);
    expect(await refusal(await adminPost(`/${contest.id}/entries/${ids[0]}/unhide`, {}))).toEqual([409, "contest_entry_not_hidden"]);
    expect(await auditsOf("contest.entry_unhide", contest.id)).toBe(1);
    expect((await call(`${API}/${contest.id}/entries/${ids[0]}`, { cookie: reporter.cookie })).status).toBe(200);
  });

  it("names the hidden entries that hold a member's live vote, which they can take back; a voided one stays", async () => {
    const now = Date.now();
    const { contest, ids } = await votingContest(now, 3);
    const [fan, other] = await Promise.all([voter(now), voter(now)]);
    clockAt(now + 2 * HOUR);
    for (const id of ids) expect((await vote(contest.id, id, fan.cookie)).status).toBe(201);
    expect((await vote(contest.id, ids[0]!, other.cookie)).status).toBe(201);
    await adminPost(`/${contest.id}/votes/void`, { reason: "Bought", votes: [{ entryId: ids[1]!, userId: fan.id }] });
    for (const id of [ids[0], ids[1]]) expect((await adminPost(`/${contest.id}/entries/${id}/hide`, { reason: "Stolen" })).status).toBe(200);
    const entriesOf = async (cookie?: string) => (await call(`${API}/${contest.id}/entries`, { cookie })).json<ContestEntriesResponse>();

    // The voided vote on the hidden entry 1 is not offered back: only entry 0's live vote.
    expect(await entriesOf(fan.cookie)).toMatchObject({ votesLeft: 0, votesOnHidden: [ids[0]] });
    expect((await entriesOf(other.cookie)).votesOnHidden).toEqual([ids[0]]);
    expect((await entriesOf()).votesOnHidden).toEqual([]);
    const back = await call(`${API}/${contest.id}/votes/${ids[0]}`, { method: "DELETE", cookie: fan.cookie });
    expect(await back.json<ContestVoteResponse>()).toEqual({ votesLeft: 1 });
    expect(await entriesOf(fan.cookie)).toMatchObject({ votesLeft: 1, votesOnHidden: [] });
    expect(await count("SELECT count(*) AS n FROM contest_votes WHERE user_id = ?", fan.id)).toBe(2);
    expect(await refusal(await call(`${API}/${contest.id}/votes/${ids[1]}`, { method: "DELETE", cookie: fan.cookie }))).toEqual([
      404,
      "contest_vote_not_found",
    ]);
  });

  it("dismisses an entry's reports without hiding it", async () => {
    const { contest, ids } = await votingContest(Date.now(), 1);
    await report(contest.id, ids[0]!, (await createUser("user")).cookie, { reason: "spam" });
    await report(contest.id, ids[0]!, (await createUser("user")).cookie, { reason: "other" });
    expect((await fairPlay(contest.id)).entries).toMatchObject([{ id: ids[0], openReports: 2, hiddenAt: null }]);
    expect(await (await adminPost(`/${contest.id}/entries/${ids[0]}/dismiss-reports`, {})).json()).toEqual({ hidden: false, resolvedReports: 2 });
    expect((await fairPlay(contest.id)).entries).toEqual([]);
    expect(await auditsOf("contest.reports_dismiss", contest.id)).toBe(1);
  });
});

describe("the suspicious patterns", () => {
  it("keeps a keyed hash of the voter's network, never the address, and groups an entry's votes by it and by new accounts", async () => {
    const now = Date.now();
    const { contest, ids, opensAt } = await votingContest(now, 2);
    const farm = await Promise.all([0, 1, 2].map(() => voter(opensAt, 2 * DAY)));
    const old = await voter(now);
    clockAt(now + 2 * HOUR);
    for (const [i, member] of farm.entries()) expect((await vote(contest.id, ids[0]!, member.cookie, `203.0.113.${10 + i}`)).status).toBe(201);
    expect((await vote(contest.id, ids[0]!, old.cookie, "198.51.100.7")).status).toBe(201);
    expect((await vote(contest.id, ids[1]!, old.cookie, "2001:db8:abcd:12::1")).status).toBe(201);

    const stored = await rows<{ user_id: string; network_hash: string }>("SELECT user_id, network_hash FROM contest_votes WHERE contest_id = ?", contest.id);
    expect(stored.every((v) => /^[0-9a-f]{64}$/.test(v.network_hash))).toBe(true);
    expect(JSON.stringify(stored)).not.toMatch(/203\.0\.113|198\.51\.100|2001:db8/);
    const farmHashes = new Set(stored.filter((v) => farm.some((f) => f.id === v.user_id)).map((v) => v.network_hash));
    expect(farmHashes.size).toBe(1);

    const play = await fairPlay(contest.id);
    expect(play.thresholds).toEqual({ newAccountDays: 7, newAccountVotesMin: 3, networkVotesMin: 3 });
    expect(play.networkGroups).toHaveLength(1);
    expect(play.networkGroups[0]!.entry.id).toBe(ids[0]);
    expect(play.networkGroups[0]!.network).toMatch(/^[0-9a-f]{8}$/);
    expect(play.networkGroups[0]!.votes.map((v) => v.userId).sort()).toEqual(farm.map((f) => f.id).sort());
    expect(play.newAccountGroups).toHaveLength(1);
    expect(play.newAccountGroups[0]!.votes[0]).toMatchObject({ verified: true, accountAgeDays: 2, voidedAt: null });
  });

  it("reads the /24 and the /48 of an address", () => {
    expect(networkPrefix("203.0.113.200")).toBe("203.0.113.0/24");
    expect(networkPrefix("2001:db8:abcd:12::1")).toBe("2001:db8:abcd::/48");
    expect(networkPrefix("2001:0db8:00ab::")).toBe("2001:db8:ab::/48");
    expect(networkPrefix("::1")).toBe("0:0:0::/48");
    expect(networkPrefix("300.1.1.1")).toBeNull();
    expect(networkPrefix("unknown")).toBeNull();
  });
});

describe("voiding votes", () => {
  it("wants a reason and the contest's votes, voids each once however often it is asked, audited with the reason", async () => {
    const now = Date.now();
    const { contest, ids } = await votingContest(now, 2);
    const fans = await Promise.all([0, 1, 2].map(() => voter(now)));
    clockAt(now + 2 * HOUR);
    for (const fan of fans) expect((await vote(contest.id, ids[0]!, fan.cookie)).status).toBe(201);
    const votes = fans.map((f) => ({ entryId: ids[0]!, userId: f.id }));
    const voidedCount = () => count("SELECT count(*) AS n FROM contest_votes WHERE contest_id = ? AND voided_at IS NOT NULL", contest.id);

    expect(await refusal(await adminPost(`/${contest.id}/votes/void`, { votes }))).toEqual([400, "contest_reason_required"]);
    expect(await refusal(await adminPost(`/${contest.id}/votes/void`, { reason: "Farm", votes: [] }))).toEqual([400, "contest_void_votes_invalid"]);
    const stranger = { entryId: ids[1]!, userId: fans[0]!.id };
    expect(await refusal(await adminPost(`/${contest.id}/votes/void`, { reason: "Farm", votes: [...votes, stranger] }))).toEqual([
      404,
      "contest_vote_not_found",
    ]);
    expect(await voidedCount()).toBe(0);

    const answers = await Promise.all(
      Array.from({ length: 4 }, () => adminPost(`/${contest.id}/votes/void`, { reason: "One network, made the day before", votes })),
    );
    const voided = await Promise.all(answers.map((r) => r.json<VoidVotesResponse>()));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(voided.reduce((n, v) => n + v.voided, 0)).toBe(3);
    expect(await voidedCount()).toBe(3);
    expect(await auditsOf("contest.vote_void", contest.id)).toBe(3);
    expect(
      await rows(
        "SELECT DISTINCT json_extract(summary, '$.after.reason') AS reason FROM audit_log WHERE action = 'contest.vote_void' AND target_id LIKE ?",
        `${ids[0]}:%`,
      ),
    ).toEqual([{ reason: "One network, made the day before" }]);
    expect(await rows("SELECT DISTINCT void_reason, voided_by FROM contest_votes WHERE contest_id = ?", contest.id)).toEqual([
      { void_reason: "One network, made the day before", voided_by: admin.id },
    ]);

    // A voided vote gives no vote back: it still counts, and cannot be taken back.
    expect(await refusal(await call(`${API}/${contest.id}/votes/${ids[0]}`, { method: "DELETE", cookie: fans[0]!.cookie }))).toEqual([
      404,
      "contest_vote_not_found",
    ]);
    expect(await (await vote(contest.id, ids[1]!, fans[0]!.cookie)).json<ContestVoteResponse>()).toEqual({ votesLeft: 1 });
    const play = await fairPlay(contest.id);
    expect(play.voided).toHaveLength(3);
    expect(play.voided[0]).toMatchObject({ entryTitle: "Remix 0", voidReason: "One network, made the day before" });
  });

  it("counts only live votes of visible entries in the results, and voids nothing once they are stored", async () => {
    const now = Date.now();
    const { contest, ids } = await votingContest(now, 3);
    const fans = await Promise.all([0, 1, 2, 3].map(() => voter(now)));
    clockAt(now + 2 * HOUR);
    // Entry 0: 3 votes, 2 voided; entry 1: 2 votes; entry 2: 4 votes, hidden.
    for (const fan of fans.slice(0, 3)) await vote(contest.id, ids[0]!, fan.cookie);
    for (const fan of fans.slice(0, 2)) await vote(contest.id, ids[1]!, fan.cookie);
    for (const fan of fans) await vote(contest.id, ids[2]!, fan.cookie);
    await adminPost(`/${contest.id}/votes/void`, { reason: "Bought", votes: fans.slice(0, 2).map((f) => ({ entryId: ids[0]!, userId: f.id })) });
    await adminPost(`/${contest.id}/entries/${ids[2]}/hide`, { reason: "Not a remix of the track" });

    clockAt(now + DAY + HOUR);
    const results = await (await call(`${API}/${contest.id}/results`)).json<ContestResultsResponse>();
    expect(results.results.map((r) => [r.entryId, r.fanVotes, r.place])).toEqual([
      [ids[1], 2, 1],
      [ids[0], 1, 2],
    ]);
    const late = await adminPost(`/${contest.id}/votes/void`, { reason: "Late", votes: [{ entryId: ids[1]!, userId: fans[0]!.id }] });
    expect(await refusal(late)).toEqual([409, "contest_closed"]);
    expect(await count("SELECT count(*) AS n FROM contest_votes WHERE contest_id = ? AND voided_at IS NOT NULL", contest.id)).toBe(2);
  });
});

const D1Exec = (sql: string, ...binds: unknown[]) =>
  D1.prepare(sql)
    .bind(...binds)
    .run();
