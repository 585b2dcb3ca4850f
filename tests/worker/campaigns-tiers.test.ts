// Campaign blocks and audiences by tier (decision 099): one campaign, members of each tier, and each
// mail carries exactly the blocks for its reader's tier (a contact without an account: none of the
// gated ones); audiences reach "tier at least X" or chosen tiers, beside the old vip and free; bad
// tier input is a 400 with its code and stores nothing.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import type { Campaign, CampaignInput } from "../../worker/contracts/newsletter";
import type { CampaignBlock } from "../../worker/contracts/newsletter-model";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/campaigns";

let admin: TestUser;
const asAdmin = (path: string, json?: unknown, method?: string) => call(path, { cookie: admin.cookie, json, method });

const BLOCKS = {
  everyone: "Tour dates for everyone",
  vipOnly: "Chosen tiers: VIP only",
  vipAndAbove: "VIP and above: presale Friday",
  circle: "Inner Circle: lossless stems inside",
} as const;

const body = (): CampaignBlock[] => [
  { type: "paragraph", text: BLOCKS.everyone },
  { type: "paragraph", text: BLOCKS.vipOnly, tiers: { tierIds: ["vip"] } },
  { type: "heading", text: BLOCKS.vipAndAbove, tiers: { minTier: "vip" } },
  { type: "button", label: BLOCKS.circle, href: "https://freestylelovers.example/circle", tiers: { minTier: "inner-circle" } },
];

const draft = (overrides: Partial<CampaignInput> = {}): CampaignInput => ({
  name: "Tiers news",
  topic: "news",
  subjectEn: "News by tier",
  subjectPtBr: null,
  bodyEn: body(),
  bodyPtBr: null,
  audience: { kind: "all" },
  ...overrides,
});

async function seedContact(email: string, tag: string, userId: string | null) {
  const id = crypto.randomUUID();
  await D1.prepare(
    "INSERT INTO marketing_contacts (id, email, status, source, locale, tags, topics, user_id, updated_at) VALUES (?1, ?2, 'subscribed', 'import', 'en', ?3, '[\"news\"]', ?4, 0)",
  )
    .bind(id, email, JSON.stringify([tag]), userId)
    .run();
  return id;
}

const statusOf = async (id: string) => (await D1.prepare("SELECT status FROM campaigns WHERE id = ?").bind(id).first<{ status: string }>())!.status;
const mailsOf = async (campaignId: string) =>
  (
    await D1.prepare('SELECT to_address AS "to", html_body AS html, text_body AS text FROM mail_outbox WHERE idempotency_key LIKE ? ORDER BY to_address')
      .bind(`campaign:${campaignId}:%`)
      .all<{ to: string; html: string; text: string }>()
  ).results;
const campaignCount = async () => (await D1.prepare("SELECT count(*) AS n FROM campaigns").first<{ n: number }>())!.n;

const tag = `tiers-${crypto.randomUUID().slice(0, 6)}`;
const members = {} as Record<"free" | "vip" | "ic" | "lapsed", TestUser>;

beforeAll(async () => {
  await D1.prepare(
    "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents) VALUES ('inner-circle', 2, 'Inner Circle', 'Círculo Íntimo', '#7c3aed', 2499)",
  ).run();
  forgetTiers();
  admin = await createUser("admin");
  members.free = await createUser("user", { email: `free.${tag}@example.com` });
  members.vip = await createUser("vip", { email: `vip.${tag}@example.com` });
  members.ic = await createUser("vip", { email: `ic.${tag}@example.com`, tierId: "inner-circle" });
  members.lapsed = await createUser("user", { email: `lapsed.${tag}@example.com` });
  // The free member's contact is tied by address only; the others by account.
  await seedContact(members.free.email, tag, null);
  for (const who of ["vip", "ic", "lapsed"] as const) await seedContact(members[who].email, tag, members[who].id);
  await seedContact(`nobody.${tag}@example.com`, tag, null);
});

describe("a campaign's blocks by tier", () => {
  it("each mail carries exactly the blocks for its reader's tier", async () => {
    const created = await asAdmin(API, draft({ audience: { kind: "all", tag } }));
    expect(created.status).toBe(201);
    const campaign = await created.json<Campaign>();
    expect(campaign.bodyEn[3]).toMatchObject({ tiers: { minTier: "inner-circle" } });
    expect((await asAdmin(`${API}/${campaign.id}/send`, { scheduledAt: null, timeZone: "UTC" })).status).toBe(200);
    await vi.waitFor(async () => expect(await statusOf(campaign.id)).toBe("sent"), { timeout: 15_000, interval: 50 });

    const expected: Record<string, (keyof typeof BLOCKS)[]> = {
      [`free.${tag}@example.com`]: ["everyone"],
      [`ic.${tag}@example.com`]: ["everyone", "vipAndAbove", "circle"],
      [`lapsed.${tag}@example.com`]: ["everyone"],
      [`nobody.${tag}@example.com`]: ["everyone"],
      [`vip.${tag}@example.com`]: ["everyone", "vipOnly", "vipAndAbove"],
    };
    const mails = await mailsOf(campaign.id);
    expect(mails.map((m) => m.to)).toEqual(Object.keys(expected).sort());
    for (const mail of mails) {
      const shown = (Object.keys(BLOCKS) as (keyof typeof BLOCKS)[]).filter((key) => mail.html.includes(BLOCKS[key]));
      expect(shown, mail.to).toEqual(expected[mail.to]);
      const inText = (Object.keys(BLOCKS) as (keyof typeof BLOCKS)[]).filter((key) => mail.text.toLowerCase().includes(BLOCKS[key].toLowerCase()));
      expect(inText, mail.to).toEqual(expected[mail.to]);
    }
  });
});

describe("audiences by tier", () => {
  it("counts the members a tier audience reaches, beside the old vip and free", async () => {
    const count = async (audience: Record<string, unknown>) => {
      const res = await asAdmin(`${API}/audience`, { topic: "news", audience: { ...audience, tag } });
      expect(res.status, JSON.stringify(audience)).toBe(200);
      return (await res.json<{ count: number }>()).count;
    };
    expect(await count({ kind: "all" })).toBe(5);
    expect(await count({ kind: "vip" })).toBe(2);
    expect(await count({ kind: "free" })).toBe(2);
    expect(await count({ kind: "tiers", tiers: { minTier: "inner-circle" } })).toBe(1);
    expect(await count({ kind: "tiers", tiers: { minTier: "vip" } })).toBe(2);
    expect(await count({ kind: "tiers", tiers: { tierIds: ["member"] } })).toBe(2);
    expect(await count({ kind: "tiers", tiers: { tierIds: ["vip", "member"] } })).toBe(3);
  });
});

describe("bad tier input", () => {
  it("answers 400 with its code and stores nothing", async () => {
    const before = await campaignCount();
    const bad: [unknown, string][] = [
      [draft({ audience: { kind: "tiers", tiers: { minTier: "ghost" } } }), "tier_gate_unknown"],
      [draft({ bodyEn: [{ type: "paragraph", text: "x", tiers: { tierIds: ["ghost"] } }] }), "tier_gate_unknown"],
      [draft({ audience: { kind: "tiers" } }), "invalid_input"],
      [draft({ audience: { kind: "all", tiers: { minTier: "vip" } } }), "invalid_input"],
      [draft({ bodyEn: [{ type: "paragraph", text: "x", tiers: { tierIds: [] } }] } as never), "invalid_input"],
      [draft({ bodyEn: [{ type: "paragraph", text: "x", tiers: { minTier: "Bad Id" } }] }), "invalid_input"],
    ];
    for (const [input, code] of bad) {
      const res = await asAdmin(API, input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect((await errorOf(res)).code).toBe(code);
    }
    expect(await campaignCount()).toBe(before);
    const audience = await asAdmin(`${API}/audience`, { topic: "news", audience: { kind: "tiers", tiers: { minTier: "ghost" } } });
    expect(audience.status).toBe(400);
    expect((await errorOf(audience)).code).toBe("tier_gate_unknown");
  });
});
