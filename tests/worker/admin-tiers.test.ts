// /api/admin/tiers (decision 097): the ladder's tiers for administrators only. Every route answers
// visitor and banned 401, a free member, VIP, an Inner Circle member and door staff 403, writing
// nothing; an admin creates, edits, archives, brings back and moves tiers, each write audited; bad
// input is a 400 with its field and code that stores nothing; the free tier and VIP keep their
// places and prices; an archived tier keeps its members and leaves GET /api/tiers.
//
// Expectations come from raw SQL against D1, never from the query functions under test.
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call, createUser, errorOf, ruleError, type TestUser } from "./helpers";
import { auditCount, expectAdminOnly, userOf } from "./admin-gate-matrix";
import { createDoorStaff } from "./check-in-fixtures";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { TIER_FORM_MESSAGES as M, type AdminTierResponse, type AdminTiersResponse, type TierInput } from "../../worker/contracts/tiers/admin";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/tiers";

let admin: TestUser;
beforeAll(async () => {
  admin = await userOf("admin");
});
// The file shares one database: each test starts from the two built-in tiers, no member holding an admin's tier.
beforeEach(async () => {
  await D1.batch([
    D1.prepare("DELETE FROM membership_tiers WHERE rank >= 2"),
    D1.prepare("UPDATE users SET tier_id = NULL, is_vip = 0 WHERE tier_id NOT IN ('member', 'vip')"),
  ]);
  forgetTiers();
});

const valid = (overrides: Partial<TierInput> = {}): TierInput => ({
  nameEn: "Inner Circle",
  namePtBr: "Círculo Íntimo",
  descriptionEn: "Closest to the band.",
  descriptionPtBr: "Mais perto da banda.",
  benefitsEn: ["Everything VIP has", "Replays of live shows"],
  benefitsPtBr: ["Tudo do VIP", "Reprises dos shows ao vivo"],
  monthlyUsdCents: 2499,
  yearlyUsdCents: 24900,
  monthlyBrlCents: 12990,
  yearlyBrlCents: 129900,
  badgeColor: "#4C1D95",
  trialDays: 7,
  ...overrides,
});

const asAdmin = (path: string, options: { method?: string; json?: unknown } = {}) => call(path, { ...options, cookie: admin.cookie });
async function createTier(overrides: Partial<TierInput> = {}) {
  const res = await asAdmin(API, { method: "POST", json: valid(overrides) });
  expect(res.status).toBe(201);
  return (await res.json<AdminTierResponse>()).tier;
}
const tierRows = async () => (await D1.prepare("SELECT * FROM membership_tiers ORDER BY rank").all<Record<string, unknown>>()).results;
const tierRow = (id: string) => D1.prepare("SELECT * FROM membership_tiers WHERE id = ?").bind(id).first<Record<string, unknown>>();
const ranks = async () =>
  (await D1.prepare("SELECT id, rank FROM membership_tiers ORDER BY rank").all<{ id: string; rank: number }>()).results.map((r) => [r.id, r.rank]);
const lastAudit = () =>
  D1.prepare("SELECT action, target_id, summary FROM audit_log ORDER BY id DESC LIMIT 1").first<{ action: string; target_id: string; summary: string }>();
const publicTiers = async () => {
  forgetTiers();
  const res = await call("/api/tiers");
  expect(res.status).toBe(200);
  return (await res.json<AdminTiersResponse>()).tiers;
};

describe("the admin gate", () => {
  it("refuses every route to visitors, members, VIPs, Inner Circle members, door staff and banned members, changing nothing", async () => {
    const tier = await createTier();
    const snapshot = tierRows;
    const at = `${API}/${tier.id}`;
    const requests = [
      { method: "GET", path: API },
      { method: "POST", path: API, json: valid({ nameEn: "Another" }) },
      { method: "PUT", path: at, json: valid({ nameEn: "Changed" }) },
      { method: "POST", path: `${at}/archive` },
      { method: "POST", path: `${at}/unarchive` },
      { method: "POST", path: `${at}/move`, json: { direction: "down" } },
    ];
    for (const request of requests) await expectAdminOnly(request, snapshot);

    // The paid tier above VIP and door staff are members to the back office too.
    const innerCircle = await createUser("vip", { tierId: tier.id });
    const door = await createDoorStaff();
    const before = { audit: await auditCount(), rows: await snapshot() };
    for (const who of [innerCircle, door]) {
      for (const request of requests) {
        const res = await call(request.path, { method: request.method, json: request.json, cookie: who.cookie });
        expect(res.status, `${request.method} ${request.path}`).toBe(403);
        expect((await errorOf(res)).code).toBe("admin_required");
      }
    }
    expect({ audit: await auditCount(), rows: await snapshot() }).toEqual(before);
  });

  it("answers a banned member's ended session 401", async () => {
    const banned = await createUser("user");
    await D1.prepare("UPDATE users SET status = 'banned' WHERE id = ?").bind(banned.id).run();
    const res = await call(API, { cookie: banned.cookie });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("unauthorized");
  });
});

describe("create, list, edit", () => {
  it("creates a tier above VIP, its id made from the English name, audited, and lists every tier with its members", async () => {
    const before = await auditCount();
    const tier = await createTier();
    expect(tier).toMatchObject({
      id: "inner-circle",
      rank: 2,
      name: { en: "Inner Circle", ptBR: "Círculo Íntimo" },
      benefits: { en: ["Everything VIP has", "Replays of live shows"], ptBR: ["Tudo do VIP", "Reprises dos shows ao vivo"] },
      prices: { monthlyUsd: 2499, yearlyUsd: 24900, monthlyBrl: 12990, yearlyBrl: 129900 },
      badgeColor: "#4c1d95",
      trialDays: 7,
      archived: false,
      builtIn: false,
      memberCount: 0,
    });
    expect(await tierRow("inner-circle")).toMatchObject({ rank: 2, benefits_en: '["Everything VIP has","Replays of live shows"]', yearly_brl_cents: 129900 });
    expect(await auditCount()).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({ action: "tier.create", target_id: "inner-circle" });

    const second = await createTier({
      nameEn: "Backstage Crew ",
      namePtBr: "Equipe",
      monthlyUsdCents: null,
      yearlyUsdCents: null,
      monthlyBrlCents: null,
      yearlyBrlCents: 50000,
    });
    expect([second.id, second.rank]).toEqual(["backstage-crew", 3]);

    await createUser("vip", { tierId: "inner-circle" });
    await createUser("vip", { tierId: "inner-circle" });
    await createUser("vip");
    const list = await (await asAdmin(API)).json<AdminTiersResponse>();
    expect(list.tiers.map((t) => [t.id, t.rank, t.builtIn])).toEqual([
      ["member", 0, true],
      ["vip", 1, true],
      ["inner-circle", 2, false],
      ["backstage-crew", 3, false],
    ]);
    const counts = Object.fromEntries(list.tiers.map((t) => [t.id, t.memberCount]));
    const holding = async (where: string) =>
      (await D1.prepare(`SELECT count(*) AS n FROM users WHERE status = 'active' AND ${where}`).first<{ n: number }>())!.n;
    expect(counts).toEqual({ member: await holding("tier_id IS NULL"), vip: await holding("tier_id = 'vip'"), "inner-circle": 2, "backstage-crew": 0 });
    expect(counts.vip).toBeGreaterThanOrEqual(1);
  });

  it("refuses a second tier whose English name makes the same id (409 tier_id_taken), and the built-in ids", async () => {
    await createTier();
    for (const nameEn of ["Inner Circle", "INNER  circle!", "VIP", "Member"]) {
      const before = await tierRows();
      const res = await asAdmin(API, { method: "POST", json: valid({ nameEn }) });
      expect(res.status, nameEn).toBe(409);
      expect(await errorOf(res)).toMatchObject({ code: "tier_id_taken", field: "nameEn" });
      expect(await tierRows()).toEqual(before);
    }
  });

  it("two racing creates both land, on the next two ranks", async () => {
    const [a, b] = await Promise.all([createTier({ nameEn: "Gold" }), createTier({ nameEn: "Platinum" })]);
    expect([a.rank, b.rank].sort()).toEqual([2, 3]);
  });

  it("edits every field of an admin tier, auditing what changed; the id stays", async () => {
    const tier = await createTier();
    const res = await asAdmin(`${API}/${tier.id}`, {
      method: "PUT",
      json: valid({ nameEn: "Inner Sanctum", monthlyUsdCents: 2999, trialDays: 0, benefitsEn: ["One"] }),
    });
    expect(res.status).toBe(200);
    const edited = (await res.json<AdminTierResponse>()).tier;
    expect(edited).toMatchObject({ id: "inner-circle", name: { en: "Inner Sanctum" }, prices: { monthlyUsd: 2999 }, trialDays: 0, benefits: { en: ["One"] } });
    expect(await tierRow("inner-circle")).toMatchObject({ name_en: "Inner Sanctum", monthly_usd_cents: 2999, trial_days: 0 });
    const audit = await lastAudit();
    expect(audit!.action).toBe("tier.update");
    expect(JSON.parse(audit!.summary)).toEqual({
      before: { nameEn: "Inner Circle", monthlyUsdCents: 2499, trialDays: 7, benefitsEn: ["Everything VIP has", "Replays of live shows"] },
      after: { nameEn: "Inner Sanctum", monthlyUsdCents: 2999, trialDays: 0, benefitsEn: ["One"] },
    });
  });

  it("edits VIP's and the free tier's texts, benefits and badge, never their prices or a trial", async () => {
    const vip = {
      ...valid({ nameEn: "VIP", namePtBr: "VIP", badgeColor: "#d4a017" }),
      monthlyUsdCents: null,
      yearlyUsdCents: null,
      monthlyBrlCents: null,
      yearlyBrlCents: null,
      trialDays: 0,
    };
    const res = await asAdmin(`${API}/vip`, { method: "PUT", json: { ...vip, descriptionEn: "The first paid tier." } });
    expect(res.status).toBe(200);
    expect(await tierRow("vip")).toMatchObject({
      rank: 1,
      description_en: "The first paid tier.",
      monthly_usd_cents: null,
      yearly_usd_cents: null,
      trial_days: 0,
    });

    for (const [field, body] of [
      ["monthlyUsdCents", { ...vip, monthlyUsdCents: 1999 }],
      ["yearlyBrlCents", { ...vip, yearlyBrlCents: 50000 }],
      ["trialDays", { ...vip, trialDays: 7 }],
    ] as const) {
      const before = await tierRows();
      const refused = await asAdmin(`${API}/member`, { method: "PUT", json: body });
      expect(refused.status, field).toBe(400);
      expect(await errorOf(refused)).toEqual(ruleError(M.pricesFixed, field));
      expect(await tierRows()).toEqual(before);
    }
  });

  it("answers 404 tier_not_found for a tier that does not exist", async () => {
    for (const [method, path, json] of [
      ["PUT", `${API}/nope`, valid()],
      ["PUT", `${API}/NOT A SLUG`, valid()],
      ["POST", `${API}/nope/archive`, undefined],
      ["POST", `${API}/nope/move`, { direction: "up" }],
    ] as const) {
      const res = await asAdmin(path, { method, json });
      expect(res.status, path).toBe(404);
      expect((await errorOf(res)).code).toBe("tier_not_found");
    }
  });
});

describe("bad input", () => {
  const cases: [string, Partial<TierInput> | Record<string, unknown>, string, string][] = [
    ["no English name", { nameEn: "  " }, M.nameRequired, "nameEn"],
    ["no Portuguese name", { namePtBr: "" }, M.nameRequired, "namePtBr"],
    ["a name too long", { namePtBr: "x".repeat(61) }, M.nameTooLong, "namePtBr"],
    ["a name that makes no id", { nameEn: "★★★" }, M.idInvalid, "nameEn"],
    ["a description too long", { descriptionEn: "x".repeat(501) }, M.descriptionTooLong, "descriptionEn"],
    ["an empty benefit", { benefitsPtBr: ["Bom", " "] }, M.benefitRequired, "benefitsPtBr.1"],
    ["a benefit too long", { benefitsEn: ["x".repeat(161)] }, M.benefitTooLong, "benefitsEn.0"],
    ["too many benefits", { benefitsEn: Array.from({ length: 13 }, (_, i) => `B${i}`) }, M.benefitsTooMany, "benefitsEn"],
    ["a price under the floor", { monthlyUsdCents: 99 }, M.priceInvalid, "monthlyUsdCents"],
    ["a price over the ceiling", { yearlyBrlCents: 1_000_001 }, M.priceInvalid, "yearlyBrlCents"],
    ["a price in fractions of a cent", { monthlyBrlCents: 12.5 }, M.priceInvalid, "monthlyBrlCents"],
    ["a price as text", { yearlyUsdCents: "249" }, M.priceInvalid, "yearlyUsdCents"],
    ["no price at all", { monthlyUsdCents: null, yearlyUsdCents: null, monthlyBrlCents: null, yearlyBrlCents: null }, M.priceRequired, "monthlyUsdCents"],
    ["a colour name", { badgeColor: "purple" }, M.badgeColorInvalid, "badgeColor"],
    ["a short colour", { badgeColor: "#fff" }, M.badgeColorInvalid, "badgeColor"],
    ["a trial too long", { trialDays: 91 }, M.trialDaysInvalid, "trialDays"],
    ["a negative trial", { trialDays: -1 }, M.trialDaysInvalid, "trialDays"],
  ];

  it.each(cases)("refuses %s with its code and field, storing nothing (create and edit)", async (_label, overrides, message, field) => {
    const tier = await createTier({ nameEn: "Existing" });
    const before = { rows: await tierRows(), audit: await auditCount() };
    for (const [method, path] of [
      ["POST", API],
      ["PUT", `${API}/${tier.id}`],
    ] as const) {
      const res = await asAdmin(path, { method, json: { ...valid(), ...overrides } });
      expect(res.status, method).toBe(400);
      expect(await errorOf(res), method).toEqual(ruleError(message, field));
    }
    expect({ rows: await tierRows(), audit: await auditCount() }).toEqual(before);
  });

  it("refuses an unknown field, a changed id and a wrong move direction as invalid_input", async () => {
    const tier = await createTier();
    const before = await tierRows();
    const unknown = await asAdmin(API, { method: "POST", json: { ...valid({ nameEn: "Other" }), id: "chosen" } });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).code).toBe("invalid_input");
    const move = await asAdmin(`${API}/${tier.id}/move`, { method: "POST", json: { direction: "sideways" } });
    expect(move.status).toBe(400);
    expect(await errorOf(move)).toMatchObject({ code: "invalid_input", field: "direction" });
    expect(await tierRows()).toEqual(before);
  });
});

describe("archive, unarchive, move", () => {
  it("archives a tier: its members keep it, it leaves /api/tiers, and comes back when unarchived", async () => {
    const tier = await createTier();
    const member = await createUser("vip", { tierId: tier.id });
    expect((await publicTiers()).map((t) => t.id)).toEqual(["member", "vip", "inner-circle"]);

    const res = await asAdmin(`${API}/${tier.id}/archive`, { method: "POST" });
    expect(res.status).toBe(200);
    expect((await res.json<AdminTierResponse>()).tier).toMatchObject({ archived: true, memberCount: 1 });
    expect((await tierRow(tier.id))!.archived_at).not.toBeNull();
    expect(await lastAudit()).toMatchObject({ action: "tier.archive", target_id: tier.id });
    expect(await D1.prepare("SELECT tier_id, is_vip FROM users WHERE id = ?").bind(member.id).first()).toEqual({ tier_id: "inner-circle", is_vip: 1 });
    const me = await (await call("/api/auth/me", { cookie: member.cookie })).json<{ user: { tier: unknown } }>();
    expect(me.user.tier).toEqual({ id: "inner-circle", rank: 2 });
    expect((await publicTiers()).map((t) => t.id)).toEqual(["member", "vip"]);
    // The admin's list keeps it.
    expect((await (await asAdmin(API)).json<AdminTiersResponse>()).tiers.map((t) => [t.id, t.archived])).toContainEqual(["inner-circle", true]);

    // Archiving again changes nothing and writes no audit row.
    const audits = await auditCount();
    expect((await asAdmin(`${API}/${tier.id}/archive`, { method: "POST" })).status).toBe(200);
    expect(await auditCount()).toBe(audits);

    const back = await asAdmin(`${API}/${tier.id}/unarchive`, { method: "POST" });
    expect((await back.json<AdminTierResponse>()).tier.archived).toBe(false);
    expect((await tierRow(tier.id))!.archived_at).toBeNull();
    expect((await publicTiers()).map((t) => t.id)).toEqual(["member", "vip", "inner-circle"]);
  });

  it("never archives or moves the free tier or VIP (409 tier_built_in), changing nothing", async () => {
    await createTier();
    const before = { rows: await tierRows(), audit: await auditCount() };
    for (const id of ["member", "vip"]) {
      for (const [path, json] of [
        [`${API}/${id}/archive`, undefined],
        [`${API}/${id}/unarchive`, undefined],
        [`${API}/${id}/move`, { direction: "up" }],
        [`${API}/${id}/move`, { direction: "down" }],
      ] as const) {
        const res = await asAdmin(path, { method: "POST", json });
        expect(res.status, path).toBe(409);
        expect((await errorOf(res)).code).toBe("tier_built_in");
      }
    }
    expect({ rows: await tierRows(), audit: await auditCount() }).toEqual(before);
  });

  it("moves an admin tier up and down among ranks 2 and above, never below VIP or past the top", async () => {
    await createTier({ nameEn: "Gold" });
    await createTier({ nameEn: "Platinum" });
    await createTier({ nameEn: "Diamond" });
    const move = (id: string, direction: "up" | "down") => asAdmin(`${API}/${id}/move`, { method: "POST", json: { direction } });

    const up = await move("gold", "up");
    expect(up.status).toBe(200);
    expect((await up.json<AdminTiersResponse>()).tiers.map((t) => t.id)).toEqual(["member", "vip", "platinum", "gold", "diamond"]);
    expect(await ranks()).toEqual([
      ["member", 0],
      ["vip", 1],
      ["platinum", 2],
      ["gold", 3],
      ["diamond", 4],
    ]);
    expect(await lastAudit()).toMatchObject({ action: "tier.move", target_id: "gold" });

    expect((await move("gold", "down")).status).toBe(200);
    expect(await ranks()).toEqual([
      ["member", 0],
      ["vip", 1],
      ["gold", 2],
      ["platinum", 3],
      ["diamond", 4],
    ]);

    const before = { rows: await tierRows(), audit: await auditCount() };
    for (const [id, direction] of [
      ["gold", "down"],
      ["diamond", "up"],
    ] as const) {
      const res = await move(id, direction);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).code).toBe("tier_cannot_move");
    }
    expect({ rows: await tierRows(), audit: await auditCount() }).toEqual(before);
  });

  it("racing moves leave the ranks a permutation of what they were", async () => {
    await createTier({ nameEn: "Gold" });
    await createTier({ nameEn: "Platinum" });
    await createTier({ nameEn: "Diamond" });
    const results = await Promise.all(
      (["gold", "platinum", "diamond", "platinum"] as const).map((id, i) =>
        asAdmin(`${API}/${id}/move`, { method: "POST", json: { direction: i % 2 ? "down" : "up" } }),
      ),
    );
    for (const res of results) expect([200, 409]).toContain(res.status);
    expect((await ranks()).map(([, rank]) => rank)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("GET /api/tiers", () => {
  it("gives everyone the offered tiers, lowest rank first, with VIP's configured prices, cacheable", async () => {
    await createTier();
    await createTier({ nameEn: "Gone" });
    await asAdmin(`${API}/gone/archive`, { method: "POST" });
    forgetTiers();
    const res = await call("/api/tiers");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const { tiers } = await res.json<AdminTiersResponse>();
    expect(tiers.map((t) => t.id)).toEqual(["member", "vip", "inner-circle"]);
    const vip = tiers[1]!;
    const config = await (await call("/api/config")).json<{ vipPrice: { amountCents: number }; vipYearlyPrice: { amountCents: number } }>();
    expect(config.vipPrice.amountCents).toBe(999);
    expect(vip.prices).toEqual({ monthlyUsd: 999, yearlyUsd: config.vipYearlyPrice.amountCents, monthlyBrl: null, yearlyBrl: null });
    expect(tiers[0]!.prices).toEqual({ monthlyUsd: null, yearlyUsd: null, monthlyBrl: null, yearlyBrl: null });
    expect(tiers[2]).toMatchObject({ name: { en: "Inner Circle", ptBR: "Círculo Íntimo" }, trialDays: 7, badgeColor: "#4c1d95" });
    expect(tiers[2]).not.toHaveProperty("memberCount");
  });
});
