// A member whose paid tier comes from a comp (or a gift, which is a comp with an end) may buy a
// higher tier beside it, on the checkout and through an upgrade offer: the paid tier wins while
// both run and the comp stays. The same or a lower tier is still 409 already_vip with nothing
// stored, and the local payment re-checks what the member holds when it is paid.
// Rows are read with raw SQL, never with the code under test.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { call, callLocal, createUser, errorOf, type TestUser } from "./helpers";
import { count, exec, freezeClock, row } from "./check-in-fixtures";

const NOW = Date.UTC(2026, 10, 21, 17, 0, 30);
const DAY = 24 * 60 * 60 * 1000;
const IC = "inner-circle";

beforeEach(async () => {
  freezeClock(NOW);
  await env.DB.prepare(
    `INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents, yearly_usd_cents)
     VALUES (?1, 2, 'Inner Circle', 'Círculo Íntimo', '#7c3aed', 2499, 24900)`,
  )
    .bind(IC)
    .run();
  forgetTiers();
});
afterEach(() => vi.useRealTimers());

/** A member holding `tierId` through a comp (ending in 30 days when `gift`, as a gift's does). */
async function compMember(tierId: string, { gift = false } = {}): Promise<TestUser> {
  const member = await createUser("vip", { tierId });
  await exec(
    "INSERT INTO vip_comps (user_id, granted_at, ends_at, tier_id) VALUES (?1, ?2, ?3, ?4)",
    member.id,
    NOW - DAY,
    gift ? NOW + 30 * DAY : null,
    tierId,
  );
  return member;
}

const checkout = (user: TestUser, json: unknown) => call("/api/payments/checkout", { json, cookie: user.cookie });
const sessionOf = async (res: Response) => new URL((await res.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
const pay = (user: TestUser, session: string) => callLocal(`/api/payments/local/checkout/${session}/pay`, { method: "POST", cookie: user.cookie });
const held = (userId: string) => row<{ tier_id: string | null; is_vip: number }>("SELECT tier_id, is_vip FROM users WHERE id = ?1", userId);
const sessions = (userId: string) => count("SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ?1", userId);

async function expectError(res: Response, status: number, code: string) {
  expect(res.status, await res.clone().text()).toBe(status);
  expect((await errorOf(res)).code).toBe(code);
}

// The first payment loads the payments core's modules (decision 078): seconds on a busy shared
// machine, so the cells get the time the node and app projects give theirs.
describe("buying a higher tier beside a comp", { timeout: 15_000 }, () => {
  for (const gift of [false, true]) {
    it(`a ${gift ? "gift" : "comp"} VIP buys Inner Circle: the paid tier wins, the comp stays`, async () => {
      const member = await compMember("vip", { gift });
      const res = await checkout(member, { tierId: IC, plan: "monthly" });
      expect(res.status, await res.clone().text()).toBe(200);
      const paid = await pay(member, await sessionOf(res));
      expect(paid.status, await paid.clone().text()).toBe(200);
      expect(await held(member.id)).toEqual({ tier_id: IC, is_vip: 1 });
      expect(await row("SELECT tier_id FROM subscriptions WHERE user_id = ?1", member.id)).toEqual({ tier_id: IC });
      expect(await count("SELECT count(*) AS n FROM vip_comps WHERE user_id = ?1 AND tier_id = 'vip'", member.id)).toBe(1);
    });
  }

  it.each([
    ["vip", "vip"],
    [IC, "vip"],
    [IC, IC],
  ])("a comp of %s buying %s: 409 already_vip, nothing stored", async (compTier, buying) => {
    const member = await compMember(compTier);
    await expectError(await checkout(member, { tierId: buying }), 409, "already_vip");
    expect(await sessions(member.id)).toBe(0);
    expect(await held(member.id)).toEqual({ tier_id: compTier, is_vip: 1 });
  });

  it("refuses the payment when the member came to hold the tier since the checkout opened (409, nothing paid)", async () => {
    const member = await compMember("vip");
    const res = await checkout(member, { tierId: IC });
    expect(res.status).toBe(200);
    const session = await sessionOf(res);
    await exec("UPDATE vip_comps SET tier_id = ?2 WHERE user_id = ?1", member.id, IC);
    await exec("UPDATE users SET tier_id = ?2 WHERE id = ?1", member.id, IC);
    await expectError(await pay(member, session), 409, "already_vip");
    expect(await row("SELECT status FROM checkout_sessions WHERE id = ?1", session)).toEqual({ status: "pending" });
    expect(await count("SELECT count(*) AS n FROM subscriptions WHERE user_id = ?1", member.id)).toBe(0);
  });

  it("a comp VIP claims an upgrade offer of Inner Circle; an offer of VIP stays refused", async () => {
    const member = await compMember("vip");
    const offer = async (tierId: string) => {
      const id = crypto.randomUUID().replaceAll("-", "");
      await exec(
        "INSERT INTO tier_offers (id, user_id, kind, tier_id, percent_off, issued_at, expires_at) VALUES (?1, ?2, 'upgrade', ?3, 20, ?4, ?5)",
        id,
        member.id,
        tierId,
        NOW,
        NOW + 7 * DAY,
      );
      return id;
    };
    const claim = (id: string) => call(`/api/offers/${id}/claim`, { method: "POST", json: { plan: "monthly" }, cookie: member.cookie });
    const same = await offer("vip");
    await expectError(await claim(same), 409, "already_vip");
    expect(await row("SELECT claimed_at FROM tier_offers WHERE id = ?1", same)).toEqual({ claimed_at: null });
    const higher = await offer(IC);
    const res = await claim(higher);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await row("SELECT tier_id, amount_cents FROM checkout_sessions WHERE user_id = ?1", member.id)).toEqual({ tier_id: IC, amount_cents: 2499 });
  });
});
