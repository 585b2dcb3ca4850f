// The list of remix contests (decision 184): what has opened, the latest opening first, in the
// asker's language, the same for every role; a contest before its opening is left out even for
// admins (the back office lists those).
import { beforeAll, describe, expect, it } from "vitest";
import { call, type TestUser } from "./helpers";
import { API, CONTEST_ROLES, DAY, HOUR, addTrack, createContest, iso, userOfRole, validContest } from "./contests-fixtures";
import type { ContestsResponse } from "../../worker/contracts/contests/contests";

let opened: string;
let ended: string;
let upcoming: string;
const users = new Map<string, TestUser | null>();

beforeAll(async () => {
  const admin = await userOfRole("admin");
  const trackId = await addTrack();
  const now = Date.now();
  opened = (await createContest(admin, validContest(trackId, { titleEn: "Open one", titlePtBr: "Aberto" }, now))).id;
  ended = (
    await createContest(
      admin,
      validContest(
        trackId,
        {
          titleEn: "Past one",
          titlePtBr: "Passado",
          opensAt: iso(now - 5 * DAY),
          entriesCloseAt: iso(now - 3 * DAY),
          votingOpensAt: iso(now - 3 * DAY),
          votingClosesAt: iso(now - HOUR),
        },
        now,
      ),
    )
  ).id;
  upcoming = (
    await createContest(
      admin,
      validContest(
        trackId,
        {
          titleEn: "Not yet",
          opensAt: iso(now + DAY),
          entriesCloseAt: iso(now + 2 * DAY),
          votingOpensAt: iso(now + 2 * DAY),
          votingClosesAt: iso(now + 3 * DAY),
        },
        now,
      ),
    )
  ).id;
  for (const role of CONTEST_ROLES) users.set(role, role === "visitor" ? null : await userOfRole(role));
});

describe("GET /api/contests", () => {
  it.each(CONTEST_ROLES)("lists the opened contests, the latest opening first, for a %s", async (role) => {
    const res = await call(API, { cookie: users.get(role)?.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const { contests } = await res.json<ContestsResponse>();
    expect(contests.map((c) => [c.id, c.phase, c.resultsOut])).toEqual([
      [opened, "entries", false],
      [ended, "ended", false],
    ]);
    expect(contests.some((c) => c.id === upcoming)).toBe(false);
    expect(Object.keys(contests[0]!).sort()).toEqual(
      ["coverUrl", "entriesCloseAt", "id", "opensAt", "phase", "resultsOut", "title", "votingClosesAt", "votingOpensAt"].sort(),
    );
  });

  it("answers in the asker's language", async () => {
    const { contests } = await (await call(`${API}?lang=pt-BR`)).json<ContestsResponse>();
    expect(contests.map((c) => c.title)).toEqual(["Aberto", "Passado"]);
    const english = await (await call(API)).json<ContestsResponse>();
    expect(english.contests.map((c) => c.title)).toEqual(["Open one", "Past one"]);
  });
});
