// The local demo's tier above VIP (scripts/lib/demo-tiers.mjs): Inner Circle at rank 2 with its
// prices in both currencies and texts in both languages, one demo member in it through a grant,
// idempotent, keeping the back office's edits; and never in what the production migrations make.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { migratedDb } from "./migrated-db";
import { buildSeedSql, DEMO_ACCOUNTS } from "../../scripts/lib/demo-seed.mjs";
import { DEMO_TIER, DEMO_TIER_MEMBER_KEY, demoTiersSql } from "../../scripts/lib/demo-tiers.mjs";

const PEPPER = "demo-seed-test-pepper-0123456789";
const NOW = Date.UTC(2026, 10, 27);

async function seeded() {
  const database = migratedDb();
  database.exec(await buildSeedSql(PEPPER, NOW));
  database.exec(demoTiersSql(NOW).join("\n"));
  return database;
}
const member = DEMO_ACCOUNTS.find((a) => a.key === DEMO_TIER_MEMBER_KEY)!;

describe("the demo's Inner Circle tier", () => {
  it("sits above VIP with its prices, badge and both languages' texts, and one demo member holds it", async () => {
    const database = await seeded();
    expect(
      database
        .prepare("SELECT id, rank FROM membership_tiers ORDER BY rank")
        .all()
        .map((r) => ({ ...r })),
    ).toEqual([
      { id: "member", rank: 0 },
      { id: "vip", rank: 1 },
      { id: "inner-circle", rank: 2 },
    ]);
    const row = { ...database.prepare("SELECT * FROM membership_tiers WHERE id = 'inner-circle'").get() };
    expect(row).toMatchObject({
      name_en: "Inner Circle",
      name_pt_br: "Círculo Íntimo",
      monthly_usd_cents: 2499,
      yearly_usd_cents: 24900,
      monthly_brl_cents: 12990,
      yearly_brl_cents: 129900,
      badge_color: "#4c1d95",
      archived_at: null,
      lossless: 1,
    });
    // Lossless listening is Inner Circle's, not VIP's (decision 105).
    expect({ ...database.prepare("SELECT lossless FROM membership_tiers WHERE id = 'vip'").get() }).toEqual({ lossless: 0 });
    expect(JSON.parse(row.benefits_en as string)).toEqual(DEMO_TIER.benefitsEn);
    expect(JSON.parse(row.benefits_pt_br as string)).toHaveLength(DEMO_TIER.benefitsEn.length);
    expect({ ...database.prepare("SELECT is_vip, tier_id FROM users WHERE id = ?").get(member.id) }).toEqual({ is_vip: 1, tier_id: "inner-circle" });
    expect({ ...database.prepare("SELECT tier_id, ends_at FROM vip_comps WHERE user_id = ?").get(member.id) }).toEqual({
      tier_id: "inner-circle",
      ends_at: null,
    });
    // The demo VIP stays in VIP.
    const vip = DEMO_ACCOUNTS.find((a) => a.role === "vip")!;
    expect({ ...database.prepare("SELECT tier_id FROM users WHERE id = ?").get(vip.id) }).toEqual({ tier_id: "vip" });
  });

  it("runs again without duplicating, keeping the back office's edits and the member's history once", async () => {
    const database = await seeded();
    database.exec("UPDATE membership_tiers SET name_en = 'Inner Sanctum', monthly_usd_cents = 2999 WHERE id = 'inner-circle'");
    database.exec(await buildSeedSql(PEPPER, NOW + 1000));
    database.exec(demoTiersSql(NOW + 1000).join("\n"));
    expect({ ...database.prepare("SELECT name_en, monthly_usd_cents FROM membership_tiers WHERE id = 'inner-circle'").get() }).toEqual({
      name_en: "Inner Sanctum",
      monthly_usd_cents: 2999,
    });
    expect((database.prepare("SELECT count(*) AS n FROM membership_tiers").get() as { n: number }).n).toBe(3);
    expect({ ...database.prepare("SELECT is_vip, tier_id FROM users WHERE id = ?").get(member.id) }).toEqual({ is_vip: 1, tier_id: "inner-circle" });
    expect(
      database
        .prepare("SELECT to_tier_id FROM membership_tier_changes WHERE user_id = ?")
        .all(member.id)
        .map((r) => r.to_tier_id),
    ).toEqual(["inner-circle"]);
  });

  it("keeps the back office's lossless choice when it runs again", async () => {
    const database = await seeded();
    database.exec(`UPDATE membership_tiers SET lossless = 0, updated_at = ${NOW + 500} WHERE id = 'inner-circle'`);
    database.exec(demoTiersSql(NOW + 1000).join("\n"));
    expect({ ...database.prepare("SELECT lossless FROM membership_tiers WHERE id = 'inner-circle'").get() }).toEqual({ lossless: 0 });
  });

  it("is demo content: no migration makes it", () => {
    const dir = new URL("../../migrations/", import.meta.url);
    const named = readdirSync(dir).filter((file) => /inner.circle|Inner Circle/i.test(readFileSync(new URL(file, dir), "utf8")));
    expect(named).toEqual([]);
    const fresh = migratedDb();
    expect(
      fresh
        .prepare("SELECT id FROM membership_tiers ORDER BY rank")
        .all()
        .map((r) => r.id),
    ).toEqual(["member", "vip"]);
  });
});
