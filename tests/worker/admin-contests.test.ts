// /api/admin/contests: the remix contests in the back office (decision 184). Every route refuses
// a visitor and a banned member 401, a member, each tier and door staff 403, writing nothing; an
// admin's writes are audited; bad input is a 400 with its field and code, nothing stored; the
// times keep their order; a tier, track or event that does not exist is refused.
import { describe, expect, it } from "vitest";
import { call, errorOf, ruleError, type TestUser } from "./helpers";
import { PNG_1X1 } from "./image-fixtures";
import {
  ADMIN_API,
  CONTEST_ROLES,
  D1,
  DAY,
  MEDIA,
  addEvent,
  contestsFileSetUp,
  count,
  createContest,
  iso,
  rows,
  userOfRole,
  validContest,
  type ContestRole,
} from "./contests-fixtures";
import { CONTEST_FORM_MESSAGES, DEFAULT_CONTEST_RULES, type AdminContestResponse, type AdminContestsResponse } from "../../worker/contracts/contests/contests";

let admin: TestUser;
let trackId: string;
contestsFileSetUp((made) => ({ admin, trackId } = made));

const asAdmin = (path: string, options: { method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {}) =>
  call(path, { ...options, cookie: admin.cookie });
const snapshot = async () => ({
  contests: await rows("SELECT * FROM contests ORDER BY id"),
  audit: await count("SELECT count(*) AS n FROM audit_log"),
  covers: (await MEDIA.list({ prefix: "contests/" })).objects.map((o) => o.key),
});

const REFUSED: Record<Exclude<ContestRole, "admin">, [number, string]> = {
  visitor: [401, "unauthorized"],
  member: [403, "admin_required"],
  vip: [403, "admin_required"],
  "inner circle": [403, "admin_required"],
  "door staff": [403, "admin_required"],
  banned: [401, "unauthorized"],
};

describe("the admin gate", () => {
  it("refuses every route to every role but the admin, changing nothing", async () => {
    const contest = await createContest(admin, validContest(trackId));
    const cookies = new Map<string, string | undefined>();
    for (const role of CONTEST_ROLES) if (role !== "admin") cookies.set(role, role === "visitor" ? undefined : (await userOfRole(role)).cookie);
    const before = await snapshot();
    const at = `${ADMIN_API}/${contest.id}`;
    const requests = [
      { method: "GET", path: ADMIN_API },
      { method: "POST", path: ADMIN_API, json: validContest(trackId) },
      { method: "GET", path: at },
      { method: "PUT", path: at, json: validContest(trackId, { titleEn: "Changed" }) },
      { method: "PUT", path: `${at}/cover`, body: PNG_1X1, headers: { "content-type": "image/png" } },
    ];
    for (const request of requests)
      for (const [role, cookie] of cookies) {
        const res = await call(request.path, { ...request, cookie });
        const [status, code] = REFUSED[role as keyof typeof REFUSED];
        expect([res.status, (await errorOf(res)).code], `${request.method} ${request.path} as ${role}`).toEqual([status, code]);
      }
    expect(await snapshot()).toEqual(before);
  });
});

describe("create, edit, list", () => {
  it("creates a contest with the default rules in both languages, an audit row, and lists it", async () => {
    const auditBefore = await count("SELECT count(*) AS n FROM audit_log");
    const contest = await createContest(admin, validContest(trackId));
    expect(contest).toMatchObject({
      trackId,
      trackTitle: "Remix Me",
      titleEn: "Remix Me",
      titlePtBr: "Remixe-me",
      briefPtBr: "Make it move.",
      rulesEn: DEFAULT_CONTEST_RULES.en,
      rulesPtBr: DEFAULT_CONTEST_RULES["pt-BR"],
      stems: { access: "members", tierId: null, eventId: null },
      winnerBy: "fans",
      fanWeightPercent: 100,
      votesPerMember: 3,
      entriesPerMember: 1,
      maxUploadMb: 50,
      phase: "entries",
      entries: 0,
      resultsAt: null,
    });
    expect(await count("SELECT count(*) AS n FROM audit_log")).toBe(auditBefore + 1);
    expect(await rows("SELECT action, target_id FROM audit_log ORDER BY id DESC LIMIT 1")).toEqual([{ action: "contest.create", target_id: contest.id }]);
    const list = await (await asAdmin(ADMIN_API)).json<AdminContestsResponse>();
    expect(list.contests.map((c) => c.id)).toContain(contest.id);
  });

  it("gates stems by a tier and entering by an event's tickets, and weighs fans and jury", async () => {
    const eventId = await addEvent();
    const contest = await createContest(
      admin,
      validContest(trackId, { stems: { access: "tier", tierId: "vip" }, enter: { access: "ticket", eventId }, winnerBy: "both", fanWeightPercent: 70 }),
    );
    expect(contest).toMatchObject({
      stems: { access: "tier", tierId: "vip", eventId: null },
      enter: { access: "ticket", tierId: null, eventId },
      fanWeightPercent: 70,
    });
    const stored = await rows(
      "SELECT stems_access, stems_tier_id, enter_access, enter_event_id, winner_by, fan_weight_percent FROM contests WHERE id = ?",
      contest.id,
    );
    expect(stored).toEqual([
      { stems_access: "tier", stems_tier_id: "vip", enter_access: "ticket", enter_event_id: eventId, winner_by: "both", fan_weight_percent: 70 },
    ]);
  });

  it("replaces every field on PUT, audited", async () => {
    const contest = await createContest(admin, validContest(trackId));
    const res = await asAdmin(`${ADMIN_API}/${contest.id}`, { method: "PUT", json: validContest(trackId, { titleEn: "Remix Me Again", votesPerMember: 5 }) });
    expect(res.status).toBe(200);
    expect((await res.json<AdminContestResponse>()).contest).toMatchObject({ titleEn: "Remix Me Again", votesPerMember: 5 });
    expect(await rows("SELECT action FROM audit_log ORDER BY id DESC LIMIT 1")).toEqual([{ action: "contest.update" }]);
  });

  it("refuses an edit once the results are out, changing nothing", async () => {
    const contest = await createContest(admin, validContest(trackId));
    await D1.prepare("UPDATE contests SET results_at = 1 WHERE id = ?").bind(contest.id).run();
    const before = await snapshot();
    const res = await asAdmin(`${ADMIN_API}/${contest.id}`, { method: "PUT", json: validContest(trackId, { titleEn: "Late" }) });
    expect([res.status, (await errorOf(res)).code]).toEqual([409, "contest_closed"]);
    expect(await snapshot()).toEqual(before);
  });

  it("stores a cover under contests/ and answers its public address", async () => {
    const contest = await createContest(admin, validContest(trackId));
    const res = await asAdmin(`${ADMIN_API}/${contest.id}/cover`, { method: "PUT", body: PNG_1X1, headers: { "content-type": "image/png" } });
    expect(res.status).toBe(200);
    const { coverUrl } = (await res.json<AdminContestResponse>()).contest;
    expect(coverUrl).toMatch(new RegExp(`^/media/contests/${contest.id}-[0-9a-f]{16}\\.png$`));
    expect((await call(coverUrl!)).status).toBe(200);
  });

  it("answers an unknown contest 404", async () => {
    for (const id of [crypto.randomUUID(), "not-an-id"]) {
      const res = await asAdmin(`${ADMIN_API}/${id}`);
      expect([res.status, (await errorOf(res)).code]).toEqual([404, "contest_not_found"]);
    }
  });
});

describe("bad input", () => {
  const now = Date.now();
  const cases: [string, Record<string, unknown>, ReturnType<typeof ruleError> | { code: string }][] = [
    ["no English title", { titleEn: "  " }, ruleError(CONTEST_FORM_MESSAGES.titleRequired, "titleEn")],
    ["no Portuguese title", { titlePtBr: "" }, ruleError(CONTEST_FORM_MESSAGES.titleRequired, "titlePtBr")],
    ["a tier gate without its tier", { stems: { access: "tier" } }, ruleError(CONTEST_FORM_MESSAGES.tierRequired, "stems.tierId")],
    ["a ticket gate without its event", { enter: { access: "ticket" } }, ruleError(CONTEST_FORM_MESSAGES.eventRequired, "enter.eventId")],
    ["a missing deadline", { entriesCloseAt: "" }, ruleError(CONTEST_FORM_MESSAGES.timesRequired, "entriesCloseAt")],
    ["a time that is no time", { opensAt: "tomorrow" }, ruleError(CONTEST_FORM_MESSAGES.timeInvalid, "opensAt")],
    [
      "voting before the deadline",
      { entriesCloseAt: iso(now + 2 * DAY), votingOpensAt: iso(now + DAY), votingClosesAt: iso(now + 3 * DAY) },
      ruleError(CONTEST_FORM_MESSAGES.timesOrder, "votingClosesAt"),
    ],
    ["a voting window that closes as it opens", { votingClosesAt: iso(now + DAY) }, ruleError(CONTEST_FORM_MESSAGES.timesOrder, "votingClosesAt")],
    ["no votes", { votesPerMember: 0 }, ruleError(CONTEST_FORM_MESSAGES.votesInvalid, "votesPerMember")],
    ["a weight over 100", { winnerBy: "both", fanWeightPercent: 101 }, ruleError(CONTEST_FORM_MESSAGES.weightInvalid, "fanWeightPercent")],
    ["a 501 MB upload", { maxUploadMb: 501 }, ruleError(CONTEST_FORM_MESSAGES.uploadInvalid, "maxUploadMb")],
    ["an unknown field", { price: 1 }, { code: "invalid_input" }],
    ["a tier the ladder lacks", { enter: { access: "tier", tierId: "platinum" } }, { code: "tier_gate_unknown" }],
    ["a track not in the catalog", { trackId: "no-such-track" }, { code: "contest_track_unknown" }],
    ["an event that does not exist", { enter: { access: "ticket", eventId: "no-such-event" } }, { code: "contest_event_unknown" }],
  ];

  it.each(cases)("refuses %s with a 400 and its code, storing nothing", async (_, overrides, error) => {
    const existing = await createContest(admin, validContest(trackId));
    const before = await snapshot();
    const body = { ...validContest(trackId, {}, now), ...overrides };
    for (const [method, path] of [
      ["POST", ADMIN_API],
      ["PUT", `${ADMIN_API}/${existing.id}`],
    ] as const) {
      const res = await asAdmin(path, { method, json: body });
      expect(res.status, method).toBe(400);
      expect(await errorOf(res), method).toMatchObject(error);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an archived tier newly chosen", async () => {
    await D1.prepare(
      "INSERT INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents, archived_at) VALUES ('old-tier', 5, 'Old', 'Antigo', '#000000', 999, 1)",
    ).run();
    const { forgetTiers } = await import("../../worker/db/tiers/tiers");
    forgetTiers();
    const before = await snapshot();
    const res = await asAdmin(ADMIN_API, { method: "POST", json: validContest(trackId, { stems: { access: "tier", tierId: "old-tier" } }) });
    expect([res.status, (await errorOf(res)).code]).toEqual([400, "tier_gate_archived"]);
    expect(await snapshot()).toEqual(before);
  });
});
