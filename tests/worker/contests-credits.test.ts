// Co-authors of a remix contest's entry (decision 192): the entrant names members by username when
// making or editing an entry; each is invited and notified, then confirms or declines (only they
// may); the entry credits confirmed co-authors only; a named co-author reads the draft, another
// member still gets 404; a confirmed co-author cannot vote for the entry (the vote's own statement
// refuses it). Naming yourself, an unknown or banned member, or too many: 400, nothing stored.
import { describe, expect, it } from "vitest";
import { call, createUser, errorOf, ruleError, type TestUser } from "./helpers";
import {
  API,
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
  type EntryInput,
} from "./contests-fixtures";
import {
  CONTEST_ENTRY_MESSAGES,
  ENTRY_CO_AUTHORS_MAX,
  type ContestCreditResponse,
  type ContestEntriesResponse,
  type ContestEntryResponse,
} from "../../worker/contracts/contests/contests";

let admin: TestUser;
let trackId: string;
contestsFileSetUp((made) => ({ admin, trackId } = made));

const ENTRY: EntryInput = {
  title: "Midnight Mix",
  note: "",
  acceptLicence: true,
};
const enter = (contestId: string, cookie: string | undefined, json: unknown) => call(`${API}/${contestId}/entries`, { method: "POST", json, cookie });
const answer = (entryId: string, how: "confirm" | "decline", cookie: string | undefined) =>
  call(`${API}/entries/${entryId}/credits/${how}`, { method: "POST", cookie });
const readEntry = (contestId: string, entryId: string, cookie: string | undefined) => call(`${API}/${contestId}/entries/${entryId}`, { cookie });
const creditsOf = (entryId: string) =>
  rows<{ user_id: string; status: string }>("SELECT user_id, status FROM contest_entry_credits WHERE entry_id = ? ORDER BY user_id", entryId);
const stored = async () => ({
  entries: await count("SELECT count(*) AS n FROM contest_entries"),
  credits: await count("SELECT count(*) AS n FROM contest_entry_credits"),
  invitations: await count("SELECT count(*) AS n FROM notification_events WHERE kind = 'contest_credit'"),
});

/** A contest taking entries, an entrant and two members they may name. */
async function setting(overrides: Parameters<typeof validContest>[1] = {}) {
  const contest = await createContest(admin, validContest(trackId, overrides));
  const [entrant, ana, bea] = await Promise.all([createUser("user"), createUser("user"), createUser("user")]);
  return { contest, entrant: entrant!, ana: ana!, bea: bea! };
}

async function draftNaming(contestId: string, entrant: TestUser, names: string[]) {
  const res = await enter(contestId, entrant.cookie, {
    ...ENTRY,
    coAuthors: names,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<ContestEntryResponse>()).entry;
}

describe("naming co-authors", () => {
  it("invites each named member once, whatever the case, and tells them", async () => {
    const { contest, entrant, ana, bea } = await setting();
    const entry = await draftNaming(contest.id, entrant, [ana.username.toUpperCase(), bea.username, ana.username]);
    expect(await creditsOf(entry.id)).toEqual(
      [
        { user_id: ana.id, status: "invited" },
        { user_id: bea.id, status: "invited" },
      ].sort((a, b) => a.user_id.localeCompare(b.user_id)),
    );
    // Nobody is credited before they confirm; the entrant sees whom they named.
    expect(entry.coAuthors).toEqual([]);
    expect(entry.credits?.map((k) => k.status)).toEqual(["invited", "invited"]);
    const events = await rows<{ kind: string; actor_id: string; link: string }>(
      "SELECT kind, actor_id, link FROM notification_events WHERE kind = 'contest_credit' AND instr(id, ?) = 1",
      `contest_credit:${entry.id}:`,
    );
    expect(events).toEqual([
      {
        kind: "contest_credit",
        actor_id: entrant.id,
        link: `/contests/${contest.id}`,
      },
    ]);
  });

  it("refuses the entrant themselves, an unknown or banned member, a bad name or too many, storing nothing", async () => {
    const { contest, entrant, ana } = await setting();
    const banned = await createUser("banned");
    const many = await Promise.all(Array.from({ length: ENTRY_CO_AUTHORS_MAX + 1 }, () => createUser("user")));
    const cases: [string[] | unknown, number, Record<string, unknown>][] = [
      [[entrant.username], 400, { code: "contest_co_author_self" }],
      [[ana.username, "nobody_by_that_name"], 400, { code: "contest_co_author_unknown" }],
      [[banned.username], 400, { code: "contest_co_author_unknown" }],
      [["not a name!"], 400, ruleError(CONTEST_ENTRY_MESSAGES.coAuthorInvalid)],
      ["ana", 400, ruleError(CONTEST_ENTRY_MESSAGES.coAuthorInvalid, "coAuthors")],
      [many.map((m) => m.username), 400, ruleError(CONTEST_ENTRY_MESSAGES.coAuthorsTooMany, "coAuthors")],
    ];
    const before = await stored();
    for (const [names, status, error] of cases) {
      const res = await enter(contest.id, entrant.cookie, {
        ...ENTRY,
        coAuthors: names,
      });
      expect(res.status, JSON.stringify(names)).toBe(status);
      expect(await errorOf(res), JSON.stringify(names)).toMatchObject(error);
    }
    expect(await stored()).toEqual(before);
  });

  it("replaces who is named on an edit: the kept keep their answer, the dropped go, the new are told", async () => {
    const { contest, entrant, ana, bea } = await setting();
    const entry = await draftNaming(contest.id, entrant, [ana.username]);
    expect((await answer(entry.id, "confirm", ana.cookie)).status).toBe(200);
    const cara = await createUser("user");
    const edit = (coAuthors: string[] | undefined) =>
      call(`${API}/${contest.id}/entries/${entry.id}`, {
        method: "PATCH",
        json: { title: "Renamed", note: "", coAuthors },
        cookie: entrant.cookie,
      });
    const res = await edit([ana.username, bea.username]);
    expect(res.status).toBe(200);
    expect((await res.json<ContestEntryResponse>()).entry.coAuthors).toEqual([{ username: ana.username }]);
    expect(await creditsOf(entry.id)).toEqual(
      [
        { user_id: ana.id, status: "confirmed" },
        { user_id: bea.id, status: "invited" },
      ].sort((a, b) => a.user_id.localeCompare(b.user_id)),
    );
    expect(await count("SELECT count(*) AS n FROM notification_events WHERE kind = 'contest_credit' AND instr(id, ?) = 1", `contest_credit:${entry.id}:`)).toBe(
      2,
    );
    // Without coAuthors the names stay; a refused name changes nothing, the title included.
    expect((await edit(undefined)).status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM contest_entry_credits WHERE entry_id = ?", entry.id)).toBe(2);
    const refused = await edit([entrant.username]);
    expect([refused.status, (await errorOf(refused)).code]).toEqual([400, "contest_co_author_self"]);
    expect((await edit([cara.username])).status).toBe(200);
    expect(await creditsOf(entry.id)).toEqual([{ user_id: cara.id, status: "invited" }]);
  });

  it("changes nobody after the entry deadline, by the clock", async () => {
    const now = Date.now();
    const { contest, entrant, ana, bea } = await setting();
    const entry = await draftNaming(contest.id, entrant, [ana.username]);
    clockAt(now + DAY + HOUR);
    const res = await call(`${API}/${contest.id}/entries/${entry.id}`, {
      method: "PATCH",
      json: { title: "Late", note: "", coAuthors: [bea.username] },
      cookie: entrant.cookie,
    });
    expect([res.status, (await errorOf(res)).code]).toEqual([409, "contest_entries_closed"]);
    expect(await creditsOf(entry.id)).toEqual([{ user_id: ana.id, status: "invited" }]);
  });
});

describe("confirming and declining", () => {
  it("is for the named member only: everyone else gets 401 or 404 and nothing changes", async () => {
    const { contest, entrant, ana } = await setting();
    const entry = await draftNaming(contest.id, entrant, [ana.username]);
    const other = await createUser("user");
    const banned = await createUser("banned");
    const refusals: [string, string | undefined, number, string][] = [
      ["visitor", undefined, 401, "unauthorized"],
      ["banned", banned.cookie, 401, "unauthorized"],
      ["another member", other.cookie, 404, "contest_credit_not_found"],
      ["the entrant", entrant.cookie, 404, "contest_credit_not_found"],
      ["admin", admin.cookie, 404, "contest_credit_not_found"],
    ];
    for (const [who, cookie, status, code] of refusals) {
      for (const how of ["confirm", "decline"] as const) {
        const res = await answer(entry.id, how, cookie);
        expect([res.status, (await errorOf(res)).code], `${who} ${how}`).toEqual([status, code]);
      }
    }
    const unknown = await answer("not-an-id", "confirm", ana.cookie);
    expect([unknown.status, (await errorOf(unknown)).code]).toEqual([404, "contest_credit_not_found"]);
    expect(await creditsOf(entry.id)).toEqual([{ user_id: ana.id, status: "invited" }]);

    const confirmed = await answer(entry.id, "confirm", ana.cookie);
    expect([confirmed.status, await confirmed.json<ContestCreditResponse>()]).toEqual([200, { credit: { entryId: entry.id, status: "confirmed" } }]);
    expect(await rows("SELECT status, answered_at IS NOT NULL AS answered FROM contest_entry_credits WHERE entry_id = ?", entry.id)).toEqual([
      { status: "confirmed", answered: 1 },
    ]);
    const declined = await answer(entry.id, "decline", ana.cookie);
    expect([declined.status, (await declined.json<ContestCreditResponse>()).credit.status]).toEqual([200, "declined"]);
  });

  it("closes with the voting, by the clock, and with the entry's withdrawal", async () => {
    const now = Date.now();
    const { contest, entrant, ana, bea } = await setting();
    const entry = await draftNaming(contest.id, entrant, [ana.username, bea.username]);
    expect(
      (
        await call(`${API}/${contest.id}/entries/${entry.id}`, {
          method: "DELETE",
          cookie: entrant.cookie,
        })
      ).status,
    ).toBe(204);
    const withdrawn = await answer(entry.id, "confirm", ana.cookie);
    expect([withdrawn.status, (await errorOf(withdrawn)).code]).toEqual([404, "contest_entry_not_found"]);

    const live = await submittedEntry(contest.id, entrant, "Live");
    await call(`${API}/${contest.id}/entries/${live}`, {
      method: "PATCH",
      json: { title: "Live", note: "", coAuthors: [bea.username] },
      cookie: entrant.cookie,
    });
    clockAt(now + 2 * DAY);
    const late = await answer(live, "confirm", bea.cookie);
    expect([late.status, (await errorOf(late)).code]).toEqual([409, "contest_voting_closed"]);
    expect(await creditsOf(live)).toEqual([{ user_id: bea.id, status: "invited" }]);
  });
});

describe("what the entry shows", () => {
  it("credits confirmed co-authors only, and tells a named member their own answer", async () => {
    const { contest, entrant, ana, bea } = await setting();
    const entryId = await submittedEntry(contest.id, entrant, "Credited");
    await call(`${API}/${contest.id}/entries/${entryId}`, {
      method: "PATCH",
      json: {
        title: "Credited",
        note: "",
        coAuthors: [ana.username, bea.username],
      },
      cookie: entrant.cookie,
    });
    await answer(entryId, "confirm", ana.cookie);
    await answer(entryId, "decline", bea.cookie);
    const other = await createUser("user");
    const seen = async (cookie: string | undefined) => (await (await readEntry(contest.id, entryId, cookie)).json<ContestEntryResponse>()).entry;
    const byVisitor = await seen(undefined);
    expect([byVisitor.coAuthors, byVisitor.credits, byVisitor.myCredit]).toEqual([[{ username: ana.username }], null, null]);
    expect((await seen(other.cookie)).credits).toBeNull();
    expect((await seen(bea.cookie)).myCredit).toBe("declined");
    expect((await seen(ana.cookie)).myCredit).toBe("confirmed");
    expect((await seen(entrant.cookie)).credits).toHaveLength(2);
    const list = await (await call(`${API}/${contest.id}/entries`, { cookie: ana.cookie })).json<ContestEntriesResponse>();
    expect(list.entries.find((e) => e.id === entryId)?.coAuthors).toEqual([{ username: ana.username }]);
  });

  it("lets a named co-author read the draft (not change it); another member, a visitor and one who declined get 404", async () => {
    const { contest, entrant, ana, bea } = await setting();
    const draft = await draftNaming(contest.id, entrant, [ana.username, bea.username]);
    const other = await createUser("user");
    expect((await readEntry(contest.id, draft.id, ana.cookie)).status).toBe(200);
    const listed = await (await call(`${API}/${contest.id}/entries`, { cookie: ana.cookie })).json<ContestEntriesResponse>();
    expect(listed.entries.map((e) => e.id)).toContain(draft.id);
    for (const cookie of [other.cookie, undefined, admin.cookie]) {
      const res = await readEntry(contest.id, draft.id, cookie);
      expect([res.status, (await errorOf(res)).code]).toEqual([404, "contest_entry_not_found"]);
    }
    const otherList = await (await call(`${API}/${contest.id}/entries`, { cookie: other.cookie })).json<ContestEntriesResponse>();
    expect(otherList.entries.map((e) => e.id)).not.toContain(draft.id);
    const edit = await call(`${API}/${contest.id}/entries/${draft.id}`, {
      method: "PATCH",
      json: { title: "Mine now", note: "" },
      cookie: ana.cookie,
    });
    expect([edit.status, (await errorOf(edit)).code]).toEqual([404, "contest_entry_not_found"]);
    await answer(draft.id, "decline", bea.cookie);
    expect((await readEntry(contest.id, draft.id, bea.cookie)).status).toBe(404);
    expect(await rows("SELECT title FROM contest_entries WHERE id = ?", draft.id)).toEqual([{ title: "Midnight Mix" }]);
  });
});

describe("voting by a co-author", () => {
  it("is refused once they confirmed, in the vote's own statement; confirming takes back a vote cast before", async () => {
    const now = Date.now();
    const contest = await createContest(
      admin,
      validContest(
        trackId,
        {
          entriesCloseAt: iso(now + HOUR),
          votingOpensAt: iso(now + HOUR),
          votingClosesAt: iso(now + DAY),
        },
        now,
      ),
    );
    const entrant = await createUser("user");
    const [ana, bea] = await Promise.all([createUser("user"), createUser("user")]);
    for (const m of [ana, bea]) await setCreatedAt(m.id, now - 30 * DAY);
    const entryId = await submittedEntry(contest.id, entrant, "Ours");
    await call(`${API}/${contest.id}/entries/${entryId}`, {
      method: "PATCH",
      json: {
        title: "Ours",
        note: "",
        coAuthors: [ana.username, bea.username],
      },
      cookie: entrant.cookie,
    });
    await answer(entryId, "confirm", ana.cookie);
    clockAt(now + 2 * HOUR);
    const vote = (cookie: string) =>
      call(`${API}/${contest.id}/votes`, {
        method: "POST",
        json: { entryId },
        cookie,
      });
    const refused = await vote(ana.cookie);
    expect([refused.status, (await errorOf(refused)).code]).toEqual([403, "contest_co_authored"]);
    // Only invited (not yet confirmed): the vote counts until they confirm, which takes it back.
    expect((await vote(bea.cookie)).status).toBe(201);
    const votes = () => count("SELECT count(*) AS n FROM contest_votes WHERE entry_id = ?", entryId);
    expect(await votes()).toBe(1);
    expect((await answer(entryId, "confirm", bea.cookie)).status).toBe(200);
    expect(await votes()).toBe(0);
    const again = await vote(bea.cookie);
    expect([again.status, (await errorOf(again)).code]).toEqual([403, "contest_co_authored"]);
    expect(await votes()).toBe(0);
  });
});
