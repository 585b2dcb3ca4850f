// Remix contests on profiles and in the feed (decision 192): a member's profile lists their
// submitted entries and the ones they confirmed co-authoring, once the contest's entry phase is
// over (never drafts, withdrawn or declined ones), with the place once the results are out; the
// five-minute job posts as the artist when a contest opens and when its results are stored, each
// once however often (or however many at once) it runs, tier-gated as the contest's entries are.
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { API, D1, DAY, HOUR, clockAt, contestsFileSetUp, createContest, iso, rows, submittedEntry, validContest } from "./contests-fixtures";
import type { ProfileContestEntriesResponse } from "../../worker/contracts/contests/contests";

let admin: TestUser;
let trackId: string;
contestsFileSetUp((made) => ({ admin, trackId } = made));

const profileEntries = (userId: string, cookie: string | undefined) => call(`${API}/by-member/${userId}`, { cookie });
const credit = (entryId: string, userId: string, status: string) =>
  D1.prepare("INSERT INTO contest_entry_credits (entry_id, user_id, status, invited_at) VALUES (?, ?, ?, 0)").bind(entryId, userId, status).run();
const entryWithStatus = async (contestId: string, user: TestUser, status: "draft" | "withdrawn", title: string) => {
  const id = await submittedEntry(contestId, user, title);
  await D1.prepare("UPDATE contest_entries SET status = ? WHERE id = ?").bind(status, id).run();
  return id;
};

describe("a member's profile", () => {
  it("lists their entries and confirmed co-authored ones of contests past their entry phase, with the winner's place", async () => {
    const now = Date.now();
    const past = await createContest(admin, validContest(trackId, { titleEn: "Past Contest", titlePtBr: "Concurso Passado" }, now));
    const open = await createContest(
      admin,
      validContest(
        trackId,
        {
          titleEn: "Open Contest",
          entriesCloseAt: iso(now + 3 * DAY),
          votingOpensAt: iso(now + 3 * DAY),
          votingClosesAt: iso(now + 4 * DAY),
        },
        now,
      ),
    );
    const [remixer, friend, stranger] = await Promise.all([createUser("user"), createUser("user"), createUser("user")]);
    const own = await submittedEntry(past.id, remixer, "Own Remix");
    await entryWithStatus(past.id, remixer, "draft", "Draft Remix");
    await entryWithStatus(past.id, remixer, "withdrawn", "Withdrawn Remix");
    const withFriend = await submittedEntry(past.id, friend, "Friend's Remix");
    await credit(withFriend, remixer.id, "confirmed");
    const declined = await submittedEntry(past.id, stranger, "Declined Remix");
    await credit(declined, remixer.id, "declined");
    const invited = await submittedEntry(past.id, stranger, "Invited Remix");
    await credit(invited, remixer.id, "invited");
    await submittedEntry(open.id, remixer, "Still Open");

    // While the past contest takes entries, nothing shows.
    const early = await profileEntries(remixer.id, stranger.cookie);
    expect([early.status, (await early.json<ProfileContestEntriesResponse>()).entries]).toEqual([200, []]);

    clockAt(now + DAY + HOUR);
    const voting = await (await profileEntries(remixer.id, stranger.cookie)).json<ProfileContestEntriesResponse>();
    expect(voting.entries.map((e) => [e.entryTitle, e.coAuthored, e.phase, e.place]).sort()).toEqual([
      ["Friend's Remix", true, "voting", null],
      ["Own Remix", false, "voting", null],
    ]);
    expect(voting.entries.find((e) => e.entryId === withFriend)).toMatchObject({
      contestId: past.id,
      contestTitle: "Past Contest",
      remixer: { username: friend.username },
    });
    const inPortuguese = await call(`${API}/by-member/${remixer.id}`, {
      cookie: stranger.cookie,
      headers: { "accept-language": "pt-BR" },
    });
    expect((await inPortuguese.json<ProfileContestEntriesResponse>()).entries[0]!.contestTitle).toBe("Concurso Passado");

    await D1.prepare("INSERT INTO contest_votes (contest_id, entry_id, user_id, cast_at) VALUES (?, ?, ?, 0)").bind(past.id, own, stranger.id).run();
    clockAt(now + 2 * DAY + HOUR);
    expect((await call(`${API}/${past.id}/results`, { cookie: stranger.cookie })).status).toBe(200);
    const ended = await (await profileEntries(remixer.id, remixer.cookie)).json<ProfileContestEntriesResponse>();
    expect(ended.entries.map((e) => [e.entryTitle, e.phase, e.place]).sort()).toEqual([
      ["Friend's Remix", "ended", 2],
      ["Own Remix", "ended", 1],
    ]);
  });

  it("is for signed-in members, as profiles are; a banned member's is 404", async () => {
    const remixer = await createUser("user");
    const [member, banned, bannedRemixer] = await Promise.all([createUser("user"), createUser("banned"), createUser("banned")]);
    const cases: [string, string | undefined, string, number, string | null][] = [
      ["visitor", undefined, remixer.id, 401, "unauthorized"],
      ["banned viewer", banned.cookie, remixer.id, 401, "unauthorized"],
      ["member", member.cookie, remixer.id, 200, null],
      ["the member", remixer.cookie, remixer.id, 200, null],
      ["admin", admin.cookie, remixer.id, 200, null],
      ["a banned member's", member.cookie, bannedRemixer.id, 404, "not_found"],
      ["no such member", member.cookie, "00000000-0000-4000-8000-000000000000", 404, "not_found"],
      ["not an id", member.cookie, "not-an-id", 404, "not_found"],
    ];
    for (const [who, cookie, id, status, code] of cases) {
      const res = await profileEntries(id, cookie);
      expect(res.status, who).toBe(status);
      if (code) expect((await errorOf(res)).code, who).toBe(code);
    }
  });
});

describe("the artist's feed posts", () => {
  const runJobs = (at: number) => worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), env, createExecutionContext());
  const postsOf = (contestId: string) =>
    rows<{
      moment: string;
      user_id: string;
      is_official: number;
      visibility: string;
      min_tier_id: string | null;
      content: string;
    }>(
      `SELECT f.moment, p.user_id, p.is_official, p.visibility, p.min_tier_id, p.content
         FROM contest_feed_posts f JOIN posts p ON p.id = f.post_id WHERE f.contest_id = ? ORDER BY f.posted_at`,
      contestId,
    );

  it("posts once when a contest opens by the clock and once when its results are stored, however often the job runs", async () => {
    const now = Date.now();
    const contest = await createContest(
      admin,
      validContest(
        trackId,
        {
          titleEn: "Feed Contest",
          titlePtBr: "Concurso do Feed",
          opensAt: iso(now + HOUR),
          entriesCloseAt: iso(now + DAY),
          votingOpensAt: iso(now + DAY),
          votingClosesAt: iso(now + 2 * DAY),
        },
        now,
      ),
    );
    await runJobs(now);
    expect(await postsOf(contest.id)).toEqual([]);

    await runJobs(now + HOUR + 60_000);
    await runJobs(now + HOUR + 6 * 60_000);
    const opened = await postsOf(contest.id);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      moment: "opened",
      is_official: 1,
      visibility: "public",
      min_tier_id: null,
    });
    expect(opened[0]!.content).toContain("Feed Contest");
    expect(opened[0]!.content).toContain("Concurso do Feed");
    expect(opened[0]!.content).toContain(`/contests/${contest.id}`);

    // Two runs at once after voting ends: the results and the post are made once.
    const after = now + 2 * DAY + 60_000;
    await Promise.all([runJobs(after), runJobs(after)]);
    await runJobs(after + 5 * 60_000);
    expect((await postsOf(contest.id)).map((p) => p.moment)).toEqual(["opened", "ended"]);
    expect(await rows("SELECT count(*) AS n FROM posts WHERE content LIKE '%Feed Contest%'")).toEqual([{ n: 2 }]);
  });

  it("gates the opening post to the tier the contest takes entries from", async () => {
    const now = Date.now();
    const contest = await createContest(admin, validContest(trackId, { titleEn: "Tier Contest", enter: { access: "tier", tierId: "vip" } }, now));
    await runJobs(now);
    expect(await postsOf(contest.id)).toMatchObject([{ moment: "opened", visibility: "vip", min_tier_id: "vip" }]);
    // A member outside the tier sees the feed's teaser, not the text.
    const member = await createUser("user");
    const feed = await (await call("/api/posts", { cookie: member.cookie })).json<{ posts: { content: string | null; locked: boolean }[] }>();
    expect(feed.posts.some((p) => p.content?.includes("Tier Contest"))).toBe(false);
  });
});
