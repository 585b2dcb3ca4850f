// The ladder's foundation (decision 096): the two tiers every site has, a member's tier derived
// from their paid sources in the same batch as the VIP flag (highest rank wins, archived tiers
// still count, history kept), and the session carrying the tier's current rank.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, db } from "./helpers";
import { runBatch } from "../../worker/db/d1";
import { syncUserMembership } from "../../worker/db/payments";
import { forgetTiers, readTiers } from "../../worker/db/tiers/tiers";
import type { SessionUser } from "#contracts/auth.ts";

async function addTier(id: string, rank: number, archived = false) {
  await env.DB.prepare(
    "INSERT INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents, archived_at) VALUES (?, ?, ?, ?, '#7c3aed', 2499, ?)",
  )
    .bind(id, rank, `Tier ${id}`, `Nível ${id}`, archived ? Date.now() : null)
    .run();
  forgetTiers();
}

const compFor = (userId: string, tierId: string, endsAt: number | null = null) =>
  env.DB.prepare("INSERT OR REPLACE INTO vip_comps (user_id, granted_at, ends_at, tier_id) VALUES (?, ?, ?, ?)").bind(userId, Date.now(), endsAt, tierId).run();

const subscriptionFor = (userId: string, tierId: string, status = "active") =>
  env.DB.prepare("INSERT INTO subscriptions (id, user_id, customer_id, status, last_event_at, updated_at, tier_id) VALUES (?, ?, 'cus_test', ?, 1, 1, ?)")
    .bind(`sub_${crypto.randomUUID()}`, userId, status, tierId)
    .run();

const stored = (userId: string) =>
  env.DB.prepare("SELECT is_vip, tier_id FROM users WHERE id = ?").bind(userId).first<{ is_vip: number; tier_id: string | null }>();
const history = async (userId: string) =>
  (
    await env.DB.prepare("SELECT from_tier_id, to_tier_id FROM membership_tier_changes WHERE user_id = ? ORDER BY id").bind(userId).all<{
      from_tier_id: string | null;
      to_tier_id: string | null;
    }>()
  ).results;

const sync = (userId: string, now = Date.now()) => runBatch(db(), syncUserMembership(db(), userId, now) as Parameters<typeof runBatch>[1]);

async function me(cookie: string) {
  const res = await call("/api/auth/me", { cookie });
  expect(res.status).toBe(200);
  return (await res.json<{ user: SessionUser }>()).user;
}

describe("the membership ladder", () => {
  it("starts with the free Member tier and VIP, the first paid tier", async () => {
    forgetTiers();
    const tiers = await readTiers(db());
    expect(tiers.map((t) => [t.id, t.rank, t.name.en, t.name.ptBR, t.archived])).toEqual([
      ["member", 0, "Member", "Membro", false],
      ["vip", 1, "VIP", "VIP", false],
    ]);
    expect(tiers[1]!.prices).toEqual({ monthlyUsd: null, yearlyUsd: null, monthlyBrl: null, yearlyBrl: null });
  });

  it("gives a member the highest tier their sources give, with the VIP flag and the history, in one batch", async () => {
    await addTier("inner-circle", 2);
    const member = await createUser("user");
    expect(await stored(member.id)).toEqual({ is_vip: 0, tier_id: null });

    await subscriptionFor(member.id, "vip");
    await sync(member.id);
    expect(await stored(member.id)).toEqual({ is_vip: 1, tier_id: "vip" });

    const ends = Date.now() + 60_000;
    await compFor(member.id, "inner-circle", ends);
    await sync(member.id);
    expect(await stored(member.id)).toEqual({ is_vip: 1, tier_id: "inner-circle" });
    expect((await me(member.cookie)).tier).toEqual({ id: "inner-circle", rank: 2 });

    // The comp runs out: back to what the subscription pays for.
    await sync(member.id, ends + 1);
    expect(await stored(member.id)).toEqual({ is_vip: 1, tier_id: "vip" });

    await env.DB.prepare("UPDATE subscriptions SET status = 'canceled' WHERE user_id = ?").bind(member.id).run();
    await sync(member.id, ends + 2);
    expect(await stored(member.id)).toEqual({ is_vip: 0, tier_id: null });
    expect((await me(member.cookie)).tier).toEqual({ id: "member", rank: 0 });

    // A sync that changes nothing records nothing.
    await sync(member.id, ends + 3);
    expect(await history(member.id)).toEqual([
      { from_tier_id: null, to_tier_id: "vip" },
      { from_tier_id: "vip", to_tier_id: "inner-circle" },
      { from_tier_id: "inner-circle", to_tier_id: "vip" },
      { from_tier_id: "vip", to_tier_id: null },
    ]);
  });

  it("keeps an archived tier for the members who hold it", async () => {
    await addTier("founders", 3, true);
    const member = await createUser("user");
    await subscriptionFor(member.id, "founders");
    await sync(member.id);
    expect(await stored(member.id)).toEqual({ is_vip: 1, tier_id: "founders" });
    expect((await readTiers(db())).find((t) => t.id === "founders")?.archived).toBe(true);
  });

  it("reads the tier's rank now: a reordered ladder moves the member's rank without touching their row", async () => {
    await addTier("patron", 4);
    const member = await createUser("vip", { tierId: "patron" });
    expect((await me(member.cookie)).tier).toEqual({ id: "patron", rank: 4 });
    await env.DB.prepare("UPDATE membership_tiers SET rank = 5 WHERE id = 'patron'").run();
    expect((await me(member.cookie)).tier).toEqual({ id: "patron", rank: 5 });
  });
});
