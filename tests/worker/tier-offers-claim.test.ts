// A member's offers and claiming one (decision 101): the role matrix of GET /api/offers and
// POST /api/offers/:id/claim, someone else's offer 404, an expired one 410, a claimed one 409,
// claimed once however many requests race, bad input refused with nothing stored, and the local
// test checkout charging the discounted first invoice while the subscription keeps the full price.
// Offers are written with raw SQL; the clock is fake (Date only) for the 7-day window.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { call, callLocal, createUser, db, errorOf, type TestUser } from "./helpers";
import { claimOffer } from "../../worker/db/tiers/offers";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { D1, DAY, exec, freezeClock, row, rows, setClock } from "./check-in-fixtures";
import type { CheckoutStatusResponse, LocalCheckoutResultResponse, MembershipResponse } from "../../worker/contracts/payments";
import type { LocalTaxPreviewResponse } from "../../worker/contracts/tax";
import type { OffersResponse } from "../../worker/contracts/tiers/offers-model";

/** Friday 20 November 2026, 12:00 UTC. */
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

type Role = "visitor" | "user" | "vip" | "inner" | "admin" | "door" | "banned";
const ROLES: Role[] = ["visitor", "user", "vip", "inner", "admin", "door", "banned"];

async function member(role: Exclude<Role, "visitor">): Promise<TestUser> {
  if (role === "inner") return createUser("vip", { tierId: "inner-circle" });
  if (role === "door") {
    const user = await createUser("user");
    await exec("UPDATE users SET is_door_staff = 1 WHERE id = ?1", user.id);
    return user;
  }
  return createUser(role);
}

/** An offer as the hourly job stores it, issued at `issuedAt`. */
async function offerFor(userId: string, { percent = 20, issuedAt = NOW, kind = "upgrade", tierId = "vip" } = {}) {
  const id = crypto.randomUUID().replaceAll("-", "");
  await exec(
    "INSERT INTO tier_offers (id, user_id, kind, tier_id, percent_off, issued_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    id,
    userId,
    kind,
    tierId,
    percent,
    issuedAt,
    issuedAt + 7 * DAY,
  );
  return id;
}

type Stored = { claimed_at: number | null; checkout_session_id: string | null };
const stored = (id: string) => row<Stored>("SELECT claimed_at, checkout_session_id FROM tier_offers WHERE id = ?1", id);
const checkoutsOf = (userId: string) => rows<{ id: string; amount_cents: number }>("SELECT id, amount_cents FROM checkout_sessions WHERE user_id = ?1", userId);

const claim = (cookie: string | undefined, id: string, json: unknown = { plan: "monthly" }) =>
  call(`/api/offers/${id}/claim`, { method: "POST", json, cookie });

beforeEach(async () => {
  await D1.prepare(
    "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents) VALUES ('inner-circle', 2, 'Inner Circle', 'Círculo Íntimo', '#7c3aed', 2499)",
  ).run();
  // A test may archive it: every test starts with it on sale, and the ladder read again.
  await D1.prepare("UPDATE membership_tiers SET archived_at = NULL WHERE id = 'inner-circle'").run();
  forgetTiers();
  freezeClock(NOW);
});
afterEach(() => vi.useRealTimers());

describe("GET /api/offers", () => {
  const expected: Record<Role, number | "offer" | "none"> = {
    visitor: 401,
    banned: 401,
    user: "offer",
    door: "offer",
    vip: "none",
    inner: "none",
    admin: "none",
  };
  for (const role of ROLES) {
    it(`as ${role}: ${expected[role]}`, async () => {
      const user = role === "visitor" ? undefined : await member(role);
      if (user) await offerFor(user.id, { percent: 25 });
      const res = await call("/api/offers", { cookie: user?.cookie });
      const want = expected[role];
      if (typeof want === "number") {
        expect(res.status).toBe(want);
        expect((await errorOf(res)).code).toBe("unauthorized");
        return;
      }
      expect(res.status).toBe(200);
      const { offers } = await res.json<OffersResponse>();
      if (want === "none") return expect(offers).toEqual([]);
      expect(offers).toHaveLength(1);
      expect(offers[0]).toMatchObject({
        kind: "upgrade",
        tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
        percentOff: 25,
        expiresAt: new Date(NOW + 7 * DAY).toISOString(),
        // $9.99 less 25 % (249.75 cents, rounded half up to 250): 749; the yearly $99 less 2475.
        prices: { monthly: { fullCents: 999, firstPeriodCents: 749, currency: "USD" }, yearly: { fullCents: 9900, firstPeriodCents: 7425, currency: "USD" } },
      });
    });
  }

  it("leaves out expired and claimed offers (a fake clock past the 7 days)", async () => {
    const user = await member("user");
    await offerFor(user.id, { issuedAt: NOW - 8 * DAY });
    const claimed = await offerFor(user.id, { issuedAt: NOW - DAY });
    await exec("UPDATE tier_offers SET claimed_at = ?2 WHERE id = ?1", claimed, NOW);
    expect((await (await call("/api/offers", { cookie: user.cookie })).json<OffersResponse>()).offers).toEqual([]);
  });
});

describe("POST /api/offers/:id/claim: who may claim", () => {
  for (const role of ["visitor", "banned"] as const) {
    it(`as ${role}: 401, the offer untouched`, async () => {
      const owner = await member("user");
      const id = await offerFor(owner.id);
      const user = role === "visitor" ? undefined : await member(role);
      const res = await claim(user?.cookie, id);
      expect([res.status, (await errorOf(res)).code]).toEqual([401, "unauthorized"]);
      expect(await stored(id)).toEqual({ claimed_at: null, checkout_session_id: null });
    });
  }

  for (const role of ["user", "vip", "inner", "admin", "door"] as const) {
    it(`someone else's offer as ${role}: 404, as one that does not exist, the offer untouched`, async () => {
      const owner = await member("user");
      const id = await offerFor(owner.id);
      const other = await member(role);
      const res = await claim(other.cookie, id);
      expect([res.status, (await errorOf(res)).code]).toEqual([404, "not_found"]);
      expect(await stored(id)).toEqual({ claimed_at: null, checkout_session_id: null });
      expect(await checkoutsOf(other.id)).toEqual([]);
      const missing = await claim(other.cookie, "0".repeat(32));
      expect(missing.status).toBe(404);
    });
  }

  for (const role of ["user", "door"] as const) {
    it(`a free member's own offer as ${role}: claimed, and the VIP test checkout opened at the full price`, async () => {
      const user = await member(role);
      const id = await offerFor(user.id);
      const res = await claim(user.cookie, id);
      expect(res.status, await res.clone().text()).toBe(200);
      const url = new URL((await res.json<{ url: string }>()).url, "https://fans.test");
      expect(url.pathname).toBe("/vip-checkout/test");
      const sessionId = url.searchParams.get("session");
      expect(await stored(id)).toEqual({ claimed_at: NOW, checkout_session_id: sessionId });
      expect(await checkoutsOf(user.id)).toEqual([{ id: sessionId, amount_cents: 999 }]);
    });
  }

  it("a member whose e-mail address is unverified: 403 email_unverified, nothing claimed", async () => {
    const user = await createUser("user", { unverified: true });
    const id = await offerFor(user.id);
    const res = await claim(user.cookie, id);
    expect([res.status, (await errorOf(res)).code]).toEqual([403, "email_unverified"]);
    expect(await stored(id)).toEqual({ claimed_at: null, checkout_session_id: null });
  });

  for (const role of ["vip", "inner"] as const) {
    it(`an offer of a member who pays now (${role}): 409 already_vip, nothing claimed`, async () => {
      const user = await member(role);
      const id = await offerFor(user.id);
      const res = await claim(user.cookie, id);
      expect([res.status, (await errorOf(res)).code]).toEqual([409, "already_vip"]);
      expect(await stored(id)).toEqual({ claimed_at: null, checkout_session_id: null });
    });
  }
});

describe("POST /api/offers/:id/claim: once, within 7 days", () => {
  it("refuses an expired offer 410 offer_expired (a fake clock), claiming nothing", async () => {
    const user = await member("user");
    const id = await offerFor(user.id);
    setClock(NOW + 7 * DAY);
    const res = await claim(user.cookie, id);
    expect([res.status, (await errorOf(res)).code]).toEqual([410, "offer_expired"]);
    expect(await stored(id)).toEqual({ claimed_at: null, checkout_session_id: null });
    expect(await checkoutsOf(user.id)).toEqual([]);
  });

  it("claims an offer a moment before it expires", async () => {
    const user = await member("user");
    const id = await offerFor(user.id);
    setClock(NOW + 7 * DAY - 1);
    expect((await claim(user.cookie, id)).status).toBe(200);
  });

  it("refuses a claimed offer 409 offer_claimed", async () => {
    const user = await member("user");
    const id = await offerFor(user.id);
    expect((await claim(user.cookie, id)).status).toBe(200);
    const again = await claim(user.cookie, id, { plan: "yearly" });
    expect([again.status, (await errorOf(again)).code]).toEqual([409, "offer_claimed"]);
    expect(await checkoutsOf(user.id)).toHaveLength(1);
  });

  it("of racing claims, one opens a checkout and the others are 409 offer_claimed", async () => {
    const user = await member("user");
    const id = await offerFor(user.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(user.cookie, id)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of answers.filter((a) => a.status === 409)) expect((await errorOf(r)).code).toBe("offer_claimed");
    expect(await checkoutsOf(user.id)).toHaveLength(1);
  });

  it("the claim itself is one conditional update: of racing claims of the row, exactly one changes it", async () => {
    const user = await member("user");
    const id = await offerFor(user.id);
    const claimed = await Promise.all(Array.from({ length: 5 }, (_, i) => claimOffer(db(), id, user.id, NOW + i)));
    expect(claimed.filter(Boolean)).toHaveLength(1);
    expect((await stored(id))!.claimed_at).toBe(NOW + claimed.indexOf(true));
    // Nor can someone else's session claim it.
    const other = await member("user");
    const mine = await offerFor(user.id);
    expect(await claimOffer(db(), mine, other.id, NOW)).toBe(false);
  });

  for (const [label, json] of [
    ["an unknown plan", { plan: "weekly" }],
    ["a price of the browser's own", { plan: "monthly", amountCents: 1 }],
    ["a percent of the browser's own", { plan: "monthly", percentOff: 90 }],
  ] as const) {
    it(`refuses ${label}: 400 invalid_input, nothing claimed`, async () => {
      const user = await member("user");
      const id = await offerFor(user.id);
      const res = await claim(user.cookie, id, json);
      expect([res.status, (await errorOf(res)).code]).toEqual([400, "invalid_input"]);
      expect(await stored(id)).toEqual({ claimed_at: null, checkout_session_id: null });
      expect(await checkoutsOf(user.id)).toEqual([]);
    });
  }

  it("an offer whose tier is not sold on the plan, or archived since: 409 offer_tier_unavailable, nothing claimed", async () => {
    const user = await member("user");
    const id = await offerFor(user.id, { tierId: "inner-circle" });
    // Inner Circle has a monthly price only here.
    const yearly = await claim(user.cookie, id, { plan: "yearly" });
    expect([yearly.status, (await errorOf(yearly)).code]).toEqual([409, "offer_tier_unavailable"]);
    await exec("UPDATE membership_tiers SET archived_at = ?1 WHERE id = 'inner-circle'", NOW);
    forgetTiers();
    const archived = await claim(user.cookie, id, { plan: "monthly" });
    expect([archived.status, (await errorOf(archived)).code]).toEqual([409, "offer_tier_unavailable"]);
    expect(await stored(id)).toEqual({ claimed_at: null, checkout_session_id: null });
    expect(await checkoutsOf(user.id)).toEqual([]);
    // Nor is it listed any more.
    expect((await (await call("/api/offers", { cookie: user.cookie })).json<OffersResponse>()).offers).toEqual([]);
  });
});

// The first Pay loads the stripe SDK (it signs the local events), which takes a few seconds on a busy machine.
describe("the local test checkout of a claimed offer", { timeout: 30_000 }, () => {
  const pay = (user: TestUser, sessionId: string) => callLocal(`/api/payments/local/checkout/${sessionId}/pay`, { method: "POST", cookie: user.cookie });
  const revenueOf = (userId: string) =>
    rows<{ amount_cents: number; currency: string }>("SELECT amount_cents, currency FROM revenue_entries WHERE user_id = ?1 ORDER BY occurred_at", userId);

  async function claimAndPay(plan: "monthly" | "yearly", percent: number) {
    const user = await member("user");
    const id = await offerFor(user.id, { percent });
    const res = await claim(user.cookie, id, { plan });
    expect(res.status).toBe(200);
    const sessionId = new URL((await res.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
    const paid = await pay(user, sessionId);
    expect(paid.status, await paid.clone().text()).toBe(200);
    expect(await paid.json<LocalCheckoutResultResponse>()).toEqual({ redirectTo: `/vip-confirmation?session_id=${sessionId}` });
    return user;
  }

  it("charges the first month with the offer's percent off, and the full price at renewal", async () => {
    const user = await claimAndPay("monthly", 30);
    // $9.99 less 30 % (299.7 cents, rounded to 300): 699.
    expect(await revenueOf(user.id)).toEqual([{ amount_cents: 699, currency: "usd" }]);
    expect(await row("SELECT plan, price_cents FROM subscriptions WHERE user_id = ?1", user.id)).toEqual({ plan: "monthly", price_cents: 999 });
    const membership = await (await call("/api/payments/membership", { cookie: user.cookie })).json<MembershipResponse>();
    expect(membership).toMatchObject({ isVIP: true, status: "active", renewalAmount: { cents: 999, currency: "USD" } });
  });

  it("shows the offer's price on the test checkout, and its tax preview and Pay charge and book exactly that", async () => {
    const user = await member("user");
    const id = await offerFor(user.id, { percent: 40 });
    const [listed] = (await (await call("/api/offers", { cookie: user.cookie })).json<OffersResponse>()).offers;
    // $9.99 less 40 % (399.6 cents, rounded to 400): 599, as the card says.
    expect(listed?.prices.monthly).toEqual({ fullCents: 999, firstPeriodCents: 599, currency: "USD" });
    const res = await claim(user.cookie, id);
    const sessionId = new URL((await res.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
    const status = await call(`/api/payments/checkout/${sessionId}/status`, { cookie: user.cookie });
    expect(await status.json<CheckoutStatusResponse>()).toEqual({
      status: "pending",
      isVIP: false,
      tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
      plan: "monthly",
      amount: { cents: 999, currency: "USD" },
      firstPeriodCents: 599,
    });
    const billing = { country: "DE", state: null };
    const preview = await callLocal(`/api/payments/local/checkout/${sessionId}/tax`, { method: "POST", json: billing, cookie: user.cookie });
    expect(preview.status).toBe(200);
    const tax = await preview.json<LocalTaxPreviewResponse>();
    expect([tax.amountCents, tax.totalCents - tax.taxCents]).toEqual([599, 599]);
    const paid = await callLocal(`/api/payments/local/checkout/${sessionId}/pay`, { method: "POST", json: { billing }, cookie: user.cookie });
    expect(paid.status).toBe(200);
    expect(await revenueOf(user.id)).toEqual([{ amount_cents: 599, currency: "usd" }]);
    expect(await row("SELECT SUM(tax_cents) AS tax FROM revenue_entries WHERE user_id = ?1", user.id)).toEqual({ tax: tax.taxCents });
  });

  it("discounts the first year the same way", async () => {
    const user = await claimAndPay("yearly", 50);
    expect(await revenueOf(user.id)).toEqual([{ amount_cents: 4950, currency: "usd" }]);
    expect(await row("SELECT plan, price_cents FROM subscriptions WHERE user_id = ?1", user.id)).toEqual({ plan: "yearly", price_cents: 9900 });
  });

  it("an Inner Circle offer opens that tier's checkout, listed and charged with its percent off the first month", async () => {
    const user = await member("user");
    const id = await offerFor(user.id, { tierId: "inner-circle", percent: 20 });
    const listed = (await (await call("/api/offers", { cookie: user.cookie })).json<OffersResponse>()).offers;
    // Sold monthly only: no yearly terms. $24.99 less 20 % (499.8 cents, rounded to 500): 1999.
    expect(listed.map((o) => [o.tier.id, o.prices])).toEqual([["inner-circle", { monthly: { fullCents: 2499, firstPeriodCents: 1999, currency: "usd" } }]]);
    const res = await claim(user.cookie, id);
    expect(res.status).toBe(200);
    const sessionId = new URL((await res.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
    expect(await row("SELECT tier_id, amount_cents, currency FROM checkout_sessions WHERE id = ?1", sessionId)).toEqual({
      tier_id: "inner-circle",
      amount_cents: 2499,
      currency: "usd",
    });
    expect((await pay(user, sessionId)).status).toBe(200);
    expect(await revenueOf(user.id)).toEqual([{ amount_cents: 1999, currency: "usd" }]);
    expect(await row("SELECT tier_id, price_cents FROM subscriptions WHERE user_id = ?1", user.id)).toEqual({ tier_id: "inner-circle", price_cents: 2499 });
    expect(await row("SELECT tier_id, is_vip FROM users WHERE id = ?1", user.id)).toEqual({ tier_id: "inner-circle", is_vip: 1 });
  });

  it("an ordinary checkout (no offer) still charges the full price", async () => {
    const user = await member("user");
    const res = await call("/api/payments/checkout", { method: "POST", json: { plan: "monthly" }, cookie: user.cookie });
    const sessionId = new URL((await res.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
    expect((await pay(user, sessionId)).status).toBe(200);
    expect(await revenueOf(user.id)).toEqual([{ amount_cents: 999, currency: "usd" }]);
  });
});
