// GET /api/admin/contests/:id/entries: the back office's list of a contest's entries. Only an
// administrator reads it (a visitor and a banned member 401, a member, each tier and door staff 403); it holds
// every entry, drafts and withdrawn ones too, each with its entrant, status, duration and jury
// score; the votes and place only once the results are stored; an unknown contest is 404.
import { describe, expect, it } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { ADMIN_API, D1, contestsFileSetUp, createContest, submittedEntry, userOfRole, validContest } from "./contests-fixtures";
import type { AdminContestEntriesResponse } from "../../worker/contracts/contests/contests";

let admin: TestUser;
let trackId: string;
contestsFileSetUp((made) => ({ admin, trackId } = made));

async function entryOfStatus(contestId: string, user: TestUser, status: "draft" | "withdrawn", title: string) {
  const id = crypto.randomUUID();
  await D1.prepare(
    `INSERT INTO contest_entries (id, contest_id, user_id, title, status, licence_accepted_at, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, 0, 1, 1)`,
  )
    .bind(id, contestId, user.id, title, status)
    .run();
  return id;
}

/** A contest with a submitted entry, another member's draft and a withdrawn entry. */
async function contestWithEntries() {
  const contest = await createContest(admin, validContest(trackId));
  const [ana, bia, caio] = await Promise.all([createUser("user"), createUser("user"), createUser("user")]);
  const submitted = await submittedEntry(contest.id, ana!, "Club Mix");
  const draft = await entryOfStatus(contest.id, bia!, "draft", "Unfinished");
  const withdrawn = await entryOfStatus(contest.id, caio!, "withdrawn", "Taken Back");
  return { contest, submitted, draft, withdrawn, users: { ana: ana!, bia: bia!, caio: caio! } };
}

const entriesOf = (contestId: string, cookie?: string) => call(`${ADMIN_API}/${contestId}/entries`, { cookie });

describe("GET /api/admin/contests/:id/entries", () => {
  it("refuses a visitor and a banned member 401, a member and each tier 403", async () => {
    const { contest } = await contestWithEntries();
    const cases: [string, string | undefined, number, string][] = [
      ["visitor", undefined, 401, "unauthorized"],
      ["banned", (await userOfRole("banned")).cookie, 401, "unauthorized"],
      ["member", (await userOfRole("member")).cookie, 403, "admin_required"],
      ["vip", (await userOfRole("vip")).cookie, 403, "admin_required"],
      ["inner circle", (await userOfRole("inner circle")).cookie, 403, "admin_required"],
      ["door staff", (await userOfRole("door staff")).cookie, 403, "admin_required"],
    ];
    for (const [role, cookie, status, code] of cases) {
      const res = await entriesOf(contest.id, cookie);
      expect([res.status, (await errorOf(res)).code], role).toEqual([status, code]);
    }
  });

  it("lists every entry to the admin, drafts and withdrawn ones too, with no votes before the results", async () => {
    const { contest, submitted, draft, withdrawn, users } = await contestWithEntries();
    await D1.prepare("UPDATE contest_entries SET jury_score = 70 WHERE id = ?").bind(submitted).run();
    const res = await entriesOf(contest.id, admin.cookie);
    expect(res.status).toBe(200);
    const { entries } = await res.json<AdminContestEntriesResponse>();
    const byId = new Map(entries.map((e) => [e.id, e]));
    expect(entries).toHaveLength(3);
    expect(byId.get(submitted)).toMatchObject({
      title: "Club Mix",
      remixer: { username: users.ana.username },
      status: "submitted",
      durationSeconds: 60,
      audioUrl: `/api/contests/${contest.id}/entries/${submitted}/audio`,
      juryScore: 70,
      votes: null,
      place: null,
    });
    expect(byId.get(draft)).toMatchObject({ title: "Unfinished", remixer: { username: users.bia.username }, status: "draft", audioUrl: null, votes: null });
    expect(byId.get(withdrawn)).toMatchObject({ status: "withdrawn", audioUrl: null });
  });

  it("gives each entry its votes and place once the results are stored", async () => {
    const { contest, submitted, draft } = await contestWithEntries();
    await D1.batch([
      D1.prepare("UPDATE contests SET results_at = 1 WHERE id = ?").bind(contest.id),
      D1.prepare(
        "INSERT INTO contest_results (contest_id, entry_id, place, fan_votes, fan_share_permille, jury_share_permille, score_permille) VALUES (?, ?, 1, 4, 1000, 0, 1000)",
      ).bind(contest.id, submitted),
    ]);
    const { entries } = await (await entriesOf(contest.id, admin.cookie)).json<AdminContestEntriesResponse>();
    expect(entries.find((e) => e.id === submitted)).toMatchObject({ votes: 4, place: 1 });
    expect(entries.find((e) => e.id === draft)).toMatchObject({ votes: null, place: null });
  });

  it("answers an unknown contest 404 and a contest with no entries an empty list", async () => {
    for (const id of [crypto.randomUUID(), "not-an-id"]) {
      const res = await entriesOf(id, admin.cookie);
      expect([res.status, (await errorOf(res)).code]).toEqual([404, "contest_not_found"]);
    }
    const empty = await createContest(admin, validContest(trackId));
    expect(await (await entriesOf(empty.id, admin.cookie)).json()).toEqual({ entries: [] });
  });
});
