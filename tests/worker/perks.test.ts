// /api/perks: the members' special perks. The list never carries a code, nor a VIP-only perk's
// link or whole description to someone who may not reveal it, and is never cached publicly; a
// reveal is 401 for visitors and banned members, 403 vip_required for members on a VIP-only perk,
// recorded once per member, and hands each member one unique code of the pool (409
// perk_codes_gone when none is left); a perk outside its window cannot be revealed.
//
// Expectations come from raw SQL against D1, never from the query functions under test.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, errorOf, type Role, type TestUser } from "./helpers";
import { OFFER_CODE_MAX } from "../../worker/contracts/offer-codes";
import { PERK_CODE_MAX, PERK_TEASER_MAX, type PerkRevealResponse, type PerksResponse, type PublicPerk } from "../../worker/contracts/perks";

const D1 = (env as unknown as { DB: D1Database }).DB;
const HOUR = 3600_000;

type Seed = {
  title?: string;
  description?: string;
  audience?: "vip" | "members";
  codeMode?: "none" | "shared" | "unique";
  sharedCode?: string | null;
  link?: string | null;
  startsAt?: number;
  endsAt?: number;
  codes?: string[];
};

let serial = 0;
async function seedPerk(seed: Seed = {}): Promise<string> {
  const id = crypto.randomUUID();
  serial++;
  const now = Date.now();
  await D1.prepare(
    "INSERT INTO perks (id, title, description, image_key, link, code_mode, shared_code, audience, starts_at, ends_at, created_at, updated_at) VALUES (?1, ?2, ?3, NULL, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)",
  )
    .bind(
      id,
      seed.title ?? `Perk ${serial}`,
      seed.description ?? `Description of perk ${serial}`,
      seed.link === undefined ? `https://shop.example.com/perk-${serial}` : seed.link,
      seed.codeMode ?? "shared",
      seed.codeMode && seed.codeMode !== "shared" ? null : (seed.sharedCode ?? `SHARED-${serial}`),
      seed.audience ?? "vip",
      seed.startsAt ?? now - HOUR,
      seed.endsAt ?? now + 24 * HOUR,
      now + serial, // created_at: later perks are newer
    )
    .run();
  for (const code of seed.codes ?? []) {
    await D1.prepare("INSERT INTO offer_codes (pool_kind, pool_id, code, created_at) VALUES ('perk', ?1, ?2, ?3)").bind(id, code, now).run();
  }
  return id;
}

const revealRows = async (perkId: string) =>
  (
    await D1.prepare("SELECT user_id, revealed_at FROM perk_reveals WHERE perk_id = ? ORDER BY user_id")
      .bind(perkId)
      .all<{ user_id: string; revealed_at: number }>()
  ).results;

const reveal = (perkId: string, cookie?: string) => call(`/api/perks/${perkId}/reveal`, { method: "POST", cookie });
const list = async (cookie?: string) => {
  const res = await call("/api/perks", { cookie });
  expect(res.status).toBe(200);
  return { res, body: await res.json<PerksResponse>() };
};

let accounts: Record<Exclude<Role, "visitor">, TestUser>;
beforeAll(async () => {
  const [user, vip, admin, banned] = await Promise.all([createUser("user"), createUser("vip"), createUser("admin"), createUser("banned")]);
  accounts = { user, vip, admin, banned };
});
const cookieOf = (role: Role) => (role === "visitor" ? undefined : accounts[role].cookie);

describe("the perk code limit", () => {
  it("is the code pool's", () => {
    expect(PERK_CODE_MAX).toBe(OFFER_CODE_MAX);
  });
});

describe("GET /api/perks", () => {
  it("lists only live perks, newest first, without codes or links; a member's answer is never cached publicly", async () => {
    const now = Date.now();
    const older = await seedPerk({ title: "Older live", startsAt: now - 5 * HOUR, sharedCode: "OLDER-CODE", link: "https://shop.example.com/older" });
    const newer = await seedPerk({ title: "Newer live", startsAt: now - HOUR, audience: "members", sharedCode: "NEWER-CODE" });
    await seedPerk({ title: "Scheduled", startsAt: now + HOUR, endsAt: now + 2 * HOUR });
    await seedPerk({ title: "Ended", startsAt: now - 3 * HOUR, endsAt: now - HOUR });

    for (const role of ["visitor", "user", "vip", "admin"] as const) {
      const { res, body } = await list(cookieOf(role));
      if (role === "visitor") expect(res.headers.get("cache-control"), role).toMatch(/^public, max-age=\d+$/);
      else expect(res.headers.get("cache-control"), role).toBe("private, no-store");
      const ids = body.perks.map((p) => p.id);
      expect(ids.indexOf(newer), role).toBeLessThan(ids.indexOf(older));
      expect(body.perks.map((p) => p.title)).not.toContain("Scheduled");
      expect(body.perks.map((p) => p.title)).not.toContain("Ended");
      const text = JSON.stringify(body);
      expect(text, role).not.toContain("OLDER-CODE");
      expect(text, role).not.toContain("NEWER-CODE");
      expect(text, role).not.toContain("https://shop.example.com/older");
      for (const perk of body.perks) expect(Object.keys(perk).sort(), role).not.toContain("link");
    }
  });

  it("shows a VIP-only perk as a locked teaser to visitors and members, whole to VIPs and admins", async () => {
    const long = `${"Signed vinyl from the studio sessions ".repeat(10)}END-OF-SECRET-DETAILS`;
    const id = await seedPerk({ description: long });
    const members = await seedPerk({ audience: "members" });
    const find = (body: PerksResponse, perkId: string) => body.perks.find((p) => p.id === perkId)!;

    for (const role of ["visitor", "user"] as const) {
      const { body } = await list(cookieOf(role));
      const perk = find(body, id);
      expect(perk, role).toMatchObject({ locked: true, audience: "vip", hasCode: true, revealedAt: null });
      expect(perk.description.length, role).toBeLessThanOrEqual(PERK_TEASER_MAX + 1);
      expect(perk.description, role).not.toContain("END-OF-SECRET-DETAILS");
    }
    expect(find((await list()).body, members).locked).toBe(true); // a visitor must sign in first
    expect(find((await list(cookieOf("user"))).body, members).locked).toBe(false);
    for (const role of ["vip", "admin"] as const) {
      const perk = find((await list(cookieOf(role))).body, id);
      expect(perk, role).toMatchObject({ locked: false, description: long });
    }
  });

  it("tells a member which perks they revealed", async () => {
    const id = await seedPerk();
    const vip = await createUser("vip");
    const before = (await list(vip.cookie)).body.perks.find((p) => p.id === id)!;
    expect(before.revealedAt).toBeNull();
    const revealed = await (await reveal(id, vip.cookie)).json<PerkRevealResponse>();
    const after = (await list(vip.cookie)).body.perks.find((p) => p.id === id)!;
    expect(after.revealedAt).toBe(revealed.revealedAt);
    // Someone else's reveal is not theirs.
    expect((await list(accounts.user.cookie)).body.perks.find((p) => p.id === id)!.revealedAt).toBeNull();
  });
});

describe("POST /api/perks/:id/reveal: who may", () => {
  const cases: [Role, "vip" | "members", number, string | null][] = [
    ["visitor", "vip", 401, "unauthorized"],
    ["user", "vip", 403, "vip_required"],
    ["vip", "vip", 200, null],
    ["admin", "vip", 200, null],
    ["banned", "vip", 401, "unauthorized"],
    ["visitor", "members", 401, "unauthorized"],
    ["user", "members", 200, null],
    ["vip", "members", 200, null],
    ["admin", "members", 200, null],
    ["banned", "members", 401, "unauthorized"],
  ];
  for (const [role, audience, status, code] of cases) {
    it(`${role} on a ${audience} perk: ${status}${code ? ` ${code}` : ""}`, async () => {
      const id = await seedPerk({ audience, sharedCode: "WHO-MAY" });
      const res = await reveal(id, cookieOf(role));
      expect(res.status).toBe(status);
      if (code) {
        expect((await errorOf(res)).code).toBe(code);
        expect(await revealRows(id)).toEqual([]);
      } else {
        expect(await res.json<PerkRevealResponse>()).toMatchObject({ code: "WHO-MAY", link: expect.stringMatching(/^https:\/\//) });
        expect(await revealRows(id)).toHaveLength(1);
      }
    });
  }
});

describe("POST /api/perks/:id/reveal: what it gives", () => {
  it("records a reveal once: a second reveal gives the same code and time, and no new row", async () => {
    const id = await seedPerk({ sharedCode: "MERCH-20" });
    const vip = await createUser("vip");
    const first = await (await reveal(id, vip.cookie)).json<PerkRevealResponse>();
    const second = await (await reveal(id, vip.cookie)).json<PerkRevealResponse>();
    expect(first).toMatchObject({ code: "MERCH-20" });
    expect(second).toEqual(first);
    const rows = await revealRows(id);
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]!.revealed_at).toISOString()).toBe(first.revealedAt);
  });

  it("gives the link and no code for a perk without one", async () => {
    const id = await seedPerk({ codeMode: "none", link: "https://example.com/surprise", audience: "members" });
    const res = await reveal(id, accounts.user.cookie);
    expect(await res.json<PerkRevealResponse>()).toMatchObject({ code: null, link: "https://example.com/surprise" });
  });

  it("hands racing VIPs distinct unique codes, keeps each to one, then answers 409 perk_codes_gone", async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `VINYL-${String(i + 1).padStart(3, "0")}`);
    const id = await seedPerk({ codeMode: "unique", codes });
    const vips = await Promise.all(Array.from({ length: 14 }, () => createUser("vip")));
    const answers = await Promise.all(vips.map((v) => reveal(id, v.cookie)));
    const ok = answers.filter((r) => r.status === 200);
    const gone = answers.filter((r) => r.status === 409);
    expect(ok).toHaveLength(10);
    expect(gone).toHaveLength(4);
    for (const res of gone) expect(await errorOf(res)).toMatchObject({ code: "perk_codes_gone", message: "All codes for this perk have been handed out" });
    const got = await Promise.all(ok.map((r) => r.json<PerkRevealResponse>()));
    expect(new Set(got.map((g) => g.code)).size).toBe(10);
    expect(got.map((g) => g.code).sort()).toEqual(codes);
    expect(await revealRows(id)).toHaveLength(10);

    // A holder gets their own code again; the list marks the pool gone only for the others.
    const holderIndex = answers.findIndex((r) => r.status === 200);
    const holder = vips[holderIndex]!;
    const again = await (await reveal(id, holder.cookie)).json<PerkRevealResponse>();
    expect(got).toContainEqual(again);
    const loser = vips[answers.findIndex((r) => r.status === 409)]!;
    expect((await list(loser.cookie)).body.perks.find((p: PublicPerk) => p.id === id)).toMatchObject({ codesGone: true, revealedAt: null });
    expect((await list(holder.cookie)).body.perks.find((p: PublicPerk) => p.id === id)).toMatchObject({ codesGone: false });
    const claimed = await D1.prepare("SELECT count(DISTINCT claimed_by) AS n FROM offer_codes WHERE pool_kind = 'perk' AND pool_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(claimed!.n).toBe(10);
  });

  it("keeps one member to one unique code when their own reveals race", async () => {
    const id = await seedPerk({ codeMode: "unique", codes: ["ONE-1", "ONE-2", "ONE-3"] });
    const vip = await createUser("vip");
    const answers = await Promise.all(Array.from({ length: 4 }, () => reveal(id, vip.cookie)));
    const got = await Promise.all(answers.map((r) => r.json<PerkRevealResponse>()));
    expect(new Set(got.map((g) => g.code)).size).toBe(1);
    expect(await revealRows(id)).toHaveLength(1);
  });

  it("refuses a perk before its start and after its end with 409 perk_not_live, storing nothing", async () => {
    const now = Date.now();
    const scheduled = await seedPerk({ startsAt: now + HOUR, endsAt: now + 2 * HOUR, codeMode: "unique", codes: ["SOON-1"] });
    const ended = await seedPerk({ startsAt: now - 2 * HOUR, endsAt: now - 1000 });
    for (const id of [scheduled, ended]) {
      const res = await reveal(id, accounts.vip.cookie);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).code).toBe("perk_not_live");
      expect(await revealRows(id)).toEqual([]);
    }
    const free = await D1.prepare("SELECT count(*) AS n FROM offer_codes WHERE pool_id = ? AND claimed_at IS NULL").bind(scheduled).first<{ n: number }>();
    expect(free!.n).toBe(1);
  });

  it("answers 404 perk_not_found for an unknown or malformed id", async () => {
    for (const id of [crypto.randomUUID(), "not-a-uuid"]) {
      const res = await reveal(id, accounts.vip.cookie);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe("perk_not_found");
    }
  });
});

describe("GET /api/perks for visitors, kept by caches", () => {
  const maxAge = (res: Response) => Number(/^public, max-age=(\d+)$/.exec(res.headers.get("cache-control") ?? "")?.[1] ?? Number.NaN);

  it("is the same for every visitor, kept a minute at most and never past a live perk's end", async () => {
    const endsSoon = await seedPerk({ title: "Ends soon", startsAt: Date.now() - HOUR, endsAt: Date.now() + 20_000 });
    const { res, body } = await list(undefined);
    expect(body.perks.map((p) => p.id)).toContain(endsSoon);
    expect(maxAge(res)).toBeGreaterThanOrEqual(0);
    expect(maxAge(res)).toBeLessThanOrEqual(20);
    // A banned member has no session: they read what every visitor reads.
    expect((await list(cookieOf("banned"))).res.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
  });

  it("is never kept past a scheduled perk's start", async () => {
    await seedPerk({ title: "Starts soon", startsAt: Date.now() + 10_000, endsAt: Date.now() + HOUR });
    const { res, body } = await list(undefined);
    expect(body.perks.map((p) => p.title)).not.toContain("Starts soon");
    expect(maxAge(res)).toBeLessThanOrEqual(10);
  });
});
