// VIP perks for "tier at least X" (decision 104): a perk set to Inner Circle is revealed only by
// Inner Circle members and admins (403 tier_required for a VIP), one left at VIP (min_tier_id null)
// keeps its "VIP and above" (403 vip_required); the list locks it for the rest and names the tier.
// The back office stores `minTierId` on a VIP perk; an unknown tier is 400 tier_gate_unknown, an
// archived one not already the perk's 400 tier_gate_archived, the free tier a 400; nothing stored.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, errorOf } from "./helpers";
import { addInnerCircle } from "./tier-fixtures";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import type { AdminPerkResponse, PerkInput, PerksResponse } from "../../worker/contracts/perks";

const D1 = (env as unknown as { DB: D1Database }).DB;
const HOUR = 3600_000;
const API = "/api/admin/perks";

async function seedPerk(minTierId: string | null): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  await D1.prepare(
    `INSERT INTO perks (id, title, description, link, code_mode, shared_code, audience, min_tier_id, starts_at, ends_at, created_at, updated_at)
     VALUES (?1, 'Backstage', 'Meet the band', 'https://shop.example.com/b', 'shared', 'BACK-1', 'vip', ?2, ?3, ?4, ?5, ?5)`,
  )
    .bind(id, minTierId, now - HOUR, now + HOUR, now)
    .run();
  return id;
}

const ROLES = ["visitor", "member", "vip", "inner circle", "admin", "banned"] as const;
type Who = (typeof ROLES)[number];

async function cookieOf(role: Who): Promise<string | undefined> {
  if (role === "visitor") return undefined;
  if (role === "member") return (await createUser("user")).cookie;
  if (role === "inner circle") return (await createUser("vip", { tierId: "inner-circle" })).cookie;
  return (await createUser(role)).cookie;
}

/** What a reveal answers each role: [status, code] for a perk at Inner Circle and one at VIP. */
const EXPECTED: Record<Who, { circle: [number, string | null]; vip: [number, string | null] }> = {
  visitor: { circle: [401, "unauthorized"], vip: [401, "unauthorized"] },
  member: { circle: [403, "tier_required"], vip: [403, "vip_required"] },
  vip: { circle: [403, "tier_required"], vip: [200, null] },
  "inner circle": { circle: [200, null], vip: [200, null] },
  admin: { circle: [200, null], vip: [200, null] },
  banned: { circle: [401, "unauthorized"], vip: [401, "unauthorized"] },
};

const revealCount = async (perkId: string) =>
  (await D1.prepare("SELECT count(*) AS n FROM perk_reveals WHERE perk_id = ?1").bind(perkId).first<{ n: number }>())!.n;

beforeAll(addInnerCircle);

describe("revealing a perk for Inner Circle and above", () => {
  it.each(ROLES)("%s: the perk at Inner Circle and the one at VIP", async (role) => {
    const [circle, vip] = [await seedPerk("inner-circle"), await seedPerk(null)];
    const cookie = await cookieOf(role);
    for (const [perkId, [status, code]] of [
      [circle, EXPECTED[role].circle],
      [vip, EXPECTED[role].vip],
    ] as const) {
      const res = await call(`/api/perks/${perkId}/reveal`, { method: "POST", cookie });
      expect(res.status, perkId === circle ? "circle" : "vip").toBe(status);
      if (code) expect((await errorOf(res)).code).toBe(code);
      else expect((await res.json<{ code: string }>()).code).toBe("BACK-1");
      expect(await revealCount(perkId)).toBe(status === 200 ? 1 : 0);
    }
  });

  it("the list locks the Inner Circle perk for a VIP, opens it for Inner Circle, and names its tier", async () => {
    const circle = await seedPerk("inner-circle");
    const find = async (cookie: string) => (await (await call("/api/perks", { cookie })).json<PerksResponse>()).perks.find((p) => p.id === circle)!;
    const asVip = await find((await createUser("vip")).cookie);
    expect(asVip).toMatchObject({ locked: true, minTier: { id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } } });
    expect(asVip.description).toBe("Meet the band");
    expect((await find((await createUser("vip", { tierId: "inner-circle" })).cookie)).locked).toBe(false);
  });

  it("a tier the ladder no longer has admits only admins (fails closed)", async () => {
    const gone = await seedPerk("gone-tier");
    const res = await call(`/api/perks/${gone}/reveal`, { method: "POST", cookie: (await createUser("vip", { tierId: "inner-circle" })).cookie });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("tier_required");
    expect((await call(`/api/perks/${gone}/reveal`, { method: "POST", cookie: (await createUser("admin")).cookie })).status).toBe(200);
  });
});

describe("the back office's perk form", () => {
  const input = (overrides: Partial<PerkInput> = {}): PerkInput => ({
    title: "Backstage",
    description: "Meet the band",
    audience: "vip",
    startsAt: new Date(Date.now() - HOUR).toISOString(),
    endsAt: new Date(Date.now() + HOUR).toISOString(),
    ...overrides,
  });
  const stored = (id: string) => D1.prepare("SELECT audience, min_tier_id FROM perks WHERE id = ?1").bind(id).first();
  const perkCount = async () => (await D1.prepare("SELECT count(*) AS n FROM perks").first<{ n: number }>())!.n;

  it("stores minTierId on create and edit, clears it with null, and drops it for a perk for every member", async () => {
    const admin = (await createUser("admin")).cookie;
    const created = await call(API, { method: "POST", cookie: admin, json: input({ minTierId: "inner-circle" }) });
    expect(created.status).toBe(201);
    const { perk } = await created.json<AdminPerkResponse>();
    expect(perk.minTierId).toBe("inner-circle");
    expect(await stored(perk.id)).toEqual({ audience: "vip", min_tier_id: "inner-circle" });
    expect((await call(`${API}/${perk.id}`, { method: "PUT", cookie: admin, json: input({ minTierId: null }) })).status).toBe(200);
    expect(await stored(perk.id)).toEqual({ audience: "vip", min_tier_id: null });
    expect((await call(`${API}/${perk.id}`, { method: "PUT", cookie: admin, json: input({ audience: "members", minTierId: "inner-circle" }) })).status).toBe(
      200,
    );
    expect(await stored(perk.id)).toEqual({ audience: "members", min_tier_id: null });
  });

  it("an unknown tier is 400 tier_gate_unknown, the free tier or a malformed id a 400; nothing is stored", async () => {
    const admin = (await createUser("admin")).cookie;
    const perkId = await seedPerk(null);
    const before = await perkCount();
    const unknown = await call(API, { method: "POST", cookie: admin, json: input({ minTierId: "ghost" }) });
    expect(unknown.status).toBe(400);
    expect(await errorOf(unknown)).toMatchObject({ code: "tier_gate_unknown", field: "minTierId" });
    const edit = await call(`${API}/${perkId}`, { method: "PUT", cookie: admin, json: input({ minTierId: "ghost" }) });
    expect(edit.status).toBe(400);
    expect((await errorOf(edit)).code).toBe("tier_gate_unknown");
    for (const minTierId of ["member", "Not An Id", 7]) {
      const res = await call(API, { method: "POST", cookie: admin, json: { ...input(), minTierId } });
      expect(res.status, String(minTierId)).toBe(400);
      expect(await errorOf(res), String(minTierId)).toMatchObject({ code: "invalid_input", field: "minTierId" });
    }
    expect(await perkCount()).toBe(before);
    expect(await stored(perkId)).toEqual({ audience: "vip", min_tier_id: null });
  });

  it("an archived tier stays on a perk that had it but is never newly chosen (400 tier_gate_archived)", async () => {
    const admin = (await createUser("admin")).cookie;
    await D1.prepare(
      "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, archived_at) VALUES ('old-gold', 3, 'Old Gold', 'Ouro Antigo', '#aa8800', 1)",
    ).run();
    forgetTiers();
    const had = await seedPerk("old-gold");
    const kept = await call(`${API}/${had}`, { method: "PUT", cookie: admin, json: input({ title: "Renamed", minTierId: "old-gold" }) });
    expect(kept.status).toBe(200);
    expect(await stored(had)).toEqual({ audience: "vip", min_tier_id: "old-gold" });
    const other = await seedPerk(null);
    const refused = await call(`${API}/${other}`, { method: "PUT", cookie: admin, json: input({ minTierId: "old-gold" }) });
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({ code: "tier_gate_archived", field: "minTierId" });
    expect(await stored(other)).toEqual({ audience: "vip", min_tier_id: null });
    const before = await perkCount();
    expect((await call(API, { method: "POST", cookie: admin, json: input({ minTierId: "old-gold" }) })).status).toBe(400);
    expect(await perkCount()).toBe(before);
  });
});
