// A contest's results told to its entrants (decision 198): the winners and their confirmed
// co-authors get `contest_won`, pushed and mailed at once in each one's language; the others
// credited with an entry get `contest_results`; a named co-author who never confirmed, and members
// with no entry, get nothing. Two runs of the five-minute job, one after the other or at once, tell
// each member once.
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { createUser, type TestUser } from "./helpers";
import { D1, DAY, HOUR, contestsFileSetUp, count, createContest, iso, rows, submittedEntry, validContest } from "./contests-fixtures";

let admin: TestUser;
let trackId: string;
contestsFileSetUp((made) => ({ admin, trackId } = made));

const runJob = (at: number) => worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), env, createExecutionContext());

const kindsOf = (userId: string) =>
  rows<{ kind: string; id: string }>(
    "SELECT e.kind, e.id FROM notifications n JOIN notification_events e ON e.id = n.event_id WHERE n.user_id = ? AND e.kind LIKE 'contest_%' ORDER BY e.kind",
    userId,
  );

const mailsTo = (to: string) => rows<{ subject: string; text: string }>("SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = ?", to);

const credit = (entryId: string, user: TestUser, status: "invited" | "confirmed") =>
  D1.prepare("INSERT INTO contest_entry_credits (entry_id, user_id, status, invited_at, answered_at) VALUES (?, ?, ?, 0, 0)")
    .bind(entryId, user.id, status)
    .run();

/** A contest past its voting whose first entry has two votes and the second one: the first wins. */
async function endedContest() {
  const now = Date.now();
  const contest = await createContest(
    admin,
    validContest(trackId, { entriesCloseAt: iso(now + HOUR), votingOpensAt: iso(now + HOUR), votingClosesAt: iso(now + DAY) }, now),
  );
  const [winner, coAuthor, invitedOnly, loser, bystander] = await Promise.all([0, 1, 2, 3, 4].map(() => createUser("user")));
  await D1.prepare("UPDATE users SET locale = 'pt-BR' WHERE id = ?").bind(coAuthor!.id).run();
  const won = await submittedEntry(contest.id, winner!, "The winner");
  const lost = await submittedEntry(contest.id, loser!, "The other");
  await credit(won, coAuthor!, "confirmed");
  await credit(won, invitedOnly!, "invited");
  for (const [entry, n] of [
    [won, 2],
    [lost, 1],
  ] as const) {
    for (let i = 0; i < n; i++) {
      const fan = await createUser("user");
      await D1.prepare("INSERT INTO contest_votes (contest_id, entry_id, user_id, cast_at) VALUES (?, ?, ?, 0)").bind(contest.id, entry, fan.id).run();
    }
  }
  return { contest, ended: now + DAY + HOUR, winner: winner!, coAuthor: coAuthor!, invitedOnly: invitedOnly!, loser: loser!, bystander: bystander! };
}

describe("announcing a contest's results", () => {
  it("tells the winners and confirmed co-authors they won, by mail in their language, and the others that results are out, once over two job runs", async () => {
    const { contest, ended, winner, coAuthor, invitedOnly, loser, bystander } = await endedContest();
    await runJob(ended);
    await runJob(ended + 5 * 60_000);

    const won = [{ kind: "contest_won", id: `contest_won:${contest.id}` }];
    await vi.waitFor(async () => expect(await kindsOf(coAuthor.id)).toEqual(won), { timeout: 5000, interval: 50 });
    await vi.waitFor(async () => expect(await kindsOf(loser.id)).toEqual([{ kind: "contest_results", id: `contest_results:${contest.id}` }]), {
      timeout: 5000,
      interval: 50,
    });
    expect(await kindsOf(winner.id)).toEqual(won);
    expect(await kindsOf(invitedOnly.id)).toEqual([]);
    expect(await kindsOf(bystander.id)).toEqual([]);

    // contest_won is urgent: mailed once, in each one's language; the others' kind is not mailed.
    await vi.waitFor(async () => expect(await mailsTo(coAuthor.email)).toHaveLength(1), { timeout: 5000, interval: 50 });
    await vi.waitFor(async () => expect(await mailsTo(winner.email)).toHaveLength(1), { timeout: 5000, interval: 50 });
    expect((await mailsTo(coAuthor.email))[0]!.subject).toBe("Você venceu Remixe-me");
    expect((await mailsTo(winner.email))[0]!.subject).toBe("You won Remix Me");
    expect((await mailsTo(winner.email))[0]!.text).toContain(`/contests/${contest.id}`);
    expect(await mailsTo(loser.email)).toEqual([]);
    expect(await count("SELECT count(*) AS n FROM notification_events WHERE id IN (?, ?)", `contest_won:${contest.id}`, `contest_results:${contest.id}`)).toBe(
      2,
    );
  });

  it("tells each member once when two job runs find the results unstored at the same time", async () => {
    const { contest, ended, winner, loser } = await endedContest();
    await Promise.all([runJob(ended), runJob(ended)]);
    await vi.waitFor(async () => expect(await kindsOf(loser.id)).toHaveLength(1), { timeout: 5000, interval: 50 });
    await vi.waitFor(async () => expect(await mailsTo(winner.email)).toHaveLength(1), { timeout: 5000, interval: 50 });
    expect(await kindsOf(winner.id)).toEqual([{ kind: "contest_won", id: `contest_won:${contest.id}` }]);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE event_id = ?", `contest_won:${contest.id}`)).toBe(2);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE event_id = ?", `contest_results:${contest.id}`)).toBe(1);
  });
});
