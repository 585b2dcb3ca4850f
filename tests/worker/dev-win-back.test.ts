// The local-only win-back offer for the signed-in member (POST /api/dev/offers/win-back, decision
// 170): the hourly run's own rules for one member (the tier they left, once ever), nobody else
// offered anything; 401 for a visitor, 409 win_back_unavailable for a member who never left a paid
// tier or has had theirs, and absent (404) outside local mode.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { call, callLocal, createUser, errorOf, type TestUser } from "./helpers";

const D1 = (env as unknown as { DB: D1Database }).DB;
const PATH = "/api/dev/offers/win-back";

/** A member who left Inner Circle a week ago. */
async function lapsed(): Promise<TestUser> {
  const member = await createUser("user");
  await D1.prepare("INSERT INTO membership_tier_changes (user_id, from_tier_id, to_tier_id, changed_at) VALUES (?1, 'inner-circle', NULL, ?2)")
    .bind(member.id, Date.now() - 7 * 86_400_000)
    .run();
  return member;
}
const offersOf = async (userId: string) =>
  (await D1.prepare("SELECT kind, tier_id AS tierId, percent_off AS percentOff FROM tier_offers WHERE user_id = ?1").bind(userId).all()).results;

beforeAll(async () => {
  await D1.prepare(
    "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents) VALUES ('inner-circle', 2, 'Inner Circle', 'Círculo Íntimo', '#7c3aed', 2499)",
  ).run();
  forgetTiers();
});

describe("POST /api/dev/offers/win-back", () => {
  it("offers the member the tier they left at the percent asked, once, and nobody else anything", async () => {
    const member = await lapsed();
    const bystander = await lapsed();
    const res = await callLocal(PATH, { method: "POST", json: { percentOff: 40 }, cookie: member.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json<{ offer: unknown }>()).offer).toMatchObject({ userId: member.id, kind: "win_back", tierId: "inner-circle", percentOff: 40 });
    const again = await callLocal(PATH, { method: "POST", json: { percentOff: 40 }, cookie: member.cookie });
    expect([again.status, (await errorOf(again)).code]).toEqual([409, "win_back_unavailable"]);
    expect(await offersOf(member.id)).toEqual([{ kind: "win_back", tierId: "inner-circle", percentOff: 40 }]);
    expect(await offersOf(bystander.id)).toEqual([]);
  });

  it("refuses a member who never left a paid tier, a visitor, and a bad percent, storing nothing", async () => {
    const fresh = await createUser("user");
    const res = await callLocal(PATH, { method: "POST", json: { percentOff: 40 }, cookie: fresh.cookie });
    expect([res.status, (await errorOf(res)).code]).toEqual([409, "win_back_unavailable"]);
    expect((await callLocal(PATH, { method: "POST", json: { percentOff: 40 } })).status).toBe(401);
    const member = await lapsed();
    for (const percentOff of [0, 91, 12.5]) {
      expect((await callLocal(PATH, { method: "POST", json: { percentOff }, cookie: member.cookie })).status, String(percentOff)).toBe(400);
    }
    expect(await offersOf(fresh.id)).toEqual([]);
    expect(await offersOf(member.id)).toEqual([]);
  });

  it("does not exist outside local mode", async () => {
    const member = await lapsed();
    expect((await call(PATH, { method: "POST", json: { percentOff: 40 }, cookie: member.cookie })).status).toBe(404);
    expect(await offersOf(member.id)).toEqual([]);
  });
});
