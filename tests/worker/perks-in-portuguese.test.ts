// Perks in both site languages (migrations/0055): the back office writes an optional Portuguese
// title and description beside the English ones (stored as typed, blank as null, audited), and
// members read each in their language (?lang=, the locale cookie, Accept-Language), the English
// text standing in for a blank Portuguese one, field by field. The gate and the limits of every
// field are tests/worker/admin-perks.test.ts's; the reveal rules tests/worker/perks.test.ts's.
//
// Expectations come from raw SQL against D1, never from the query functions under test.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, type TestUser } from "./helpers";
import { auditCount, expectRefused, NON_ADMIN_ROLES, userOf } from "./admin-gate-matrix";
import { PERK_TEASER_MAX, type AdminPerkResponse, type PerkInput, type PerksResponse, type PublicPerk } from "../../worker/contracts/perks";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/perks";
const HOUR = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const input = (overrides: Partial<PerkInput> = {}): PerkInput => ({
  title: "Signed vinyl",
  description: "Hand-numbered pressings of the anniversary album.",
  titlePtBr: "Vinil autografado",
  descriptionPtBr: "Cópias numeradas à mão do álbum comemorativo.",
  link: "/store",
  codeMode: "none",
  sharedCode: null,
  audience: "members",
  startsAt: iso(Date.now() - HOUR),
  endsAt: iso(Date.now() + 24 * HOUR),
  ...overrides,
});

let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  admin = await userOf("admin");
  member = await createUser("user");
});

const textsOf = (id: string) =>
  D1.prepare("SELECT title, description, title_pt_br, description_pt_br FROM perks WHERE id = ?")
    .bind(id)
    .first<{ title: string; description: string; title_pt_br: string | null; description_pt_br: string | null }>();
const perkCount = async () => (await D1.prepare("SELECT count(*) AS n FROM perks").first<{ n: number }>())!.n;

async function create(overrides: Partial<PerkInput> = {}) {
  const res = await call(API, { method: "POST", json: input(overrides), cookie: admin.cookie });
  expect(res.status).toBe(201);
  return (await res.json<AdminPerkResponse>()).perk;
}

describe("the back office writes both languages", () => {
  it("stores the Portuguese title and description as typed (trimmed) and gives them back", async () => {
    const perk = await create({ titlePtBr: "  Vinil autografado ", descriptionPtBr: "Linha um\r\nLinha dois" });
    expect(perk).toMatchObject({ titlePtBr: "Vinil autografado", descriptionPtBr: "Linha um\nLinha dois" });
    expect(await textsOf(perk.id)).toEqual({
      title: "Signed vinyl",
      description: "Hand-numbered pressings of the anniversary album.",
      title_pt_br: "Vinil autografado",
      description_pt_br: "Linha um\nLinha dois",
    });
    const listed = await (await call(API, { cookie: admin.cookie })).json<{ perks: { id: string; titlePtBr: string | null }[] }>();
    expect(listed.perks.find((p) => p.id === perk.id)?.titlePtBr).toBe("Vinil autografado");
  });

  it("stores blank or missing Portuguese texts as null", async () => {
    const blank = await create({ titlePtBr: "   ", descriptionPtBr: "" });
    expect(await textsOf(blank.id)).toMatchObject({ title_pt_br: null, description_pt_br: null });
    const { titlePtBr: _t, descriptionPtBr: _d, ...english } = input();
    const res = await call(API, { method: "POST", json: english, cookie: admin.cookie });
    expect(res.status).toBe(201);
    const missing = (await res.json<AdminPerkResponse>()).perk;
    expect(missing).toMatchObject({ titlePtBr: null, descriptionPtBr: null });
  });

  it("replaces them on PUT and audits what changed, in both languages", async () => {
    const window = { startsAt: iso(Date.now() - HOUR), endsAt: iso(Date.now() + HOUR) };
    const perk = await create(window);
    const res = await call(`${API}/${perk.id}`, {
      method: "PUT",
      json: input({ ...window, titlePtBr: "Vinil assinado", descriptionPtBr: null }),
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(await textsOf(perk.id)).toMatchObject({ title_pt_br: "Vinil assinado", description_pt_br: null });
    const audit = await D1.prepare("SELECT action, summary FROM audit_log WHERE target_id = ? ORDER BY id DESC LIMIT 1")
      .bind(perk.id)
      .first<{ action: string; summary: string }>();
    expect(audit?.action).toBe("perk.update");
    expect(JSON.parse(audit!.summary)).toEqual({
      before: { titlePtBr: "Vinil autografado", descriptionPtBr: "Cópias numeradas à mão do álbum comemorativo." },
      after: { titlePtBr: "Vinil assinado", descriptionPtBr: null },
    });
  });

  it("refuses the Portuguese texts to everyone but an administrator, storing nothing", async () => {
    const perk = await create();
    const [perks, audit, stored] = [await perkCount(), await auditCount(), await textsOf(perk.id)];
    for (const [role] of NON_ADMIN_ROLES) {
      const cookie = role === "visitor" ? undefined : (await userOf(role)).cookie;
      await expectRefused(await call(API, { method: "POST", json: input({ titlePtBr: "Invasor" }), cookie }), role);
      await expectRefused(await call(`${API}/${perk.id}`, { method: "PUT", json: input({ titlePtBr: "Invasor" }), cookie }), role);
    }
    expect(await perkCount()).toBe(perks);
    expect(await auditCount()).toBe(audit);
    expect(await textsOf(perk.id)).toEqual(stored);
  });
});

describe("members read their language", () => {
  const find = (body: PerksResponse, id: string): PublicPerk => body.perks.find((p) => p.id === id)!;
  async function list(path: string, headers: Record<string, string> = {}, cookie?: string) {
    const res = await call(path, { headers, cookie });
    expect(res.status).toBe(200);
    return { language: res.headers.get("content-language"), body: await res.json<PerksResponse>() };
  }

  it("gives the Portuguese texts by ?lang=, the locale cookie or Accept-Language, and says so", async () => {
    const perk = await create();
    for (const [how, path, headers, cookie] of [
      ["?lang=", "/api/perks?lang=pt-BR", { "accept-language": "en" }, `${member.cookie}; locale=en`],
      ["the cookie", "/api/perks", { "accept-language": "en" }, `${member.cookie}; locale=pt-BR`],
      ["Accept-Language", "/api/perks", { "accept-language": "pt-BR,pt;q=0.9" }, member.cookie],
    ] as const) {
      const { language, body } = await list(path, headers, cookie);
      expect(language, how).toBe("pt-BR");
      expect(find(body, perk.id), how).toMatchObject({ title: "Vinil autografado", description: "Cópias numeradas à mão do álbum comemorativo." });
    }
    const { language, body } = await list("/api/perks?lang=en", {}, member.cookie);
    expect(language).toBe("en");
    expect(find(body, perk.id)).toMatchObject({ title: "Signed vinyl", description: "Hand-numbered pressings of the anniversary album." });
  });

  it("falls back to the English text, field by field, where the Portuguese one is blank", async () => {
    const noTitle = await create({ titlePtBr: null });
    const noDescription = await create({ descriptionPtBr: "" });
    // A row written before the form had the fields, or by hand, with blank text.
    await D1.prepare("UPDATE perks SET title_pt_br = '  ' WHERE id = ?").bind(noDescription.id).run();
    const { body } = await list("/api/perks?lang=pt-BR", {}, member.cookie);
    expect(find(body, noTitle.id)).toMatchObject({ title: "Signed vinyl", description: "Cópias numeradas à mão do álbum comemorativo." });
    expect(find(body, noDescription.id)).toMatchObject({ title: "Signed vinyl", description: "Hand-numbered pressings of the anniversary album." });
  });

  it("cuts a locked perk's teaser from the Portuguese description", async () => {
    const long = `${"Vinil autografado das sessões de estúdio ".repeat(10)}FIM-DOS-DETALHES`;
    const perk = await create({ audience: "vip", descriptionPtBr: long });
    const { body } = await list("/api/perks?lang=pt-BR");
    const teaser = find(body, perk.id);
    expect(teaser.locked).toBe(true);
    expect(teaser.description.startsWith("Vinil autografado das sessões")).toBe(true);
    expect(teaser.description.length).toBeLessThanOrEqual(PERK_TEASER_MAX + 1);
    expect(teaser.description).not.toContain("FIM-DOS-DETALHES");
  });
});
