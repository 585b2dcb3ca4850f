// The retention offer at cancel (decision 103) in local payments mode: the back office's settings
// (administrators only, off by default, bad input 400 with its code and nothing stored), the offer a
// paying member sees between the reason and the confirm, once per member ever; accepting discounts
// exactly N renewals of the local test clock by the Worker's cents; cancelling is the "no"; racing
// accepts apply it once; and who may not ask. Rows are read with raw SQL.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MembershipResponse } from "../../worker/contracts/payments";
import { DEFAULT_RETENTION_SETTINGS, type RetentionOfferResponse, type RetentionSettings } from "../../worker/contracts/tiers/retention-offer-model";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { createSession } from "../../worker/db/auth";
import { randomToken, sha256Hex } from "../../worker/lib/crypto";
import { call, callLocal, createUser, db, errorOf, SESSION_COOKIE, type TestUser } from "./helpers";
import { exec, freezeClock, row, setClock } from "./check-in-fixtures";
import { auditCount, expectAdminOnly } from "./admin-gate-matrix";

/** Saturday 21 November 2026, 17:00:30 UTC. */
const NOW = Date.UTC(2026, 10, 21, 17, 0, 30);
const IC = "inner-circle";
const SETTINGS_API = "/api/admin/offers/retention";
const OFFER_API = "/api/payments/subscription/retention-offer";

beforeEach(async () => {
  freezeClock(NOW);
  await env.DB.prepare("DELETE FROM site_settings WHERE key = 'offers.retention'").run();
  await exec(
    "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents) VALUES ('inner-circle', 2, 'Inner Circle', 'Círculo Íntimo', '#7c3aed', 2499)",
  );
  forgetTiers();
});
afterEach(() => vi.useRealTimers());

const storedSettings = async () => (await row<{ value: string }>("SELECT value FROM site_settings WHERE key = 'offers.retention'"))?.value ?? null;
const putSettings = (user: TestUser | undefined, json: unknown) => call(SETTINGS_API, { method: "PUT", json, cookie: user?.cookie });
const offerOf = (user: TestUser | undefined) => call(OFFER_API, { cookie: user?.cookie });
const accept = (user: TestUser | undefined) => call(`${OFFER_API}/accept`, { method: "POST", cookie: user?.cookie });
const cancel = (user: TestUser, json: unknown = { reason: "too_expensive" }) => call("/api/payments/subscription/cancel", { json, cookie: user.cookie });
const renew = (user: TestUser) => callLocal("/api/payments/local/subscription/renew", { method: "POST", cookie: user.cookie });
const answerOf = (userId: string) =>
  row<{ response: string; percent_off: number; periods: number; periods_left: number }>(
    "SELECT response, percent_off, periods, periods_left FROM retention_offers WHERE user_id = ?1",
    userId,
  );
const revenue = async (userId: string) =>
  (
    await env.DB.prepare("SELECT amount_cents FROM revenue_entries WHERE user_id = ?1 ORDER BY occurred_at, ref").bind(userId).all<{ amount_cents: number }>()
  ).results.map((r) => r.amount_cents);
const subOf = (userId: string) =>
  row<{ current_period_end: number; cancel_at_period_end: number; tier_id: string }>(
    "SELECT current_period_end, cancel_at_period_end, tier_id FROM subscriptions WHERE user_id = ?1",
    userId,
  );

async function expectError(res: Response, status: number, code: string) {
  expect(res.status, await res.clone().text()).toBe(status);
  expect((await errorOf(res)).code).toBe(code);
}

async function turnOn(settings: Partial<RetentionSettings> = {}) {
  const admin = await createUser("admin");
  const res = await putSettings(admin, { enabled: true, percentOff: 15, periods: 2, ...settings });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** A member paying `tierId` monthly through the local test checkout, billed to `country` when given. */
async function subscriber(tierId = IC, country?: string) {
  const member = await createUser("user");
  const res = await call("/api/payments/checkout", { json: { tierId, plan: "monthly" }, cookie: member.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  const session = new URL((await res.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
  const billing = country ? { billing: { country, state: null } } : undefined;
  const paid = await callLocal(`/api/payments/local/checkout/${session}/pay`, { method: "POST", cookie: member.cookie, json: billing });
  expect(paid.status, await paid.clone().text()).toBe(200);
  return member;
}

/** The next renewal on the test clock: the clock at the period's end, and a session opened then. */
async function renewNow(member: TestUser): Promise<TestUser> {
  setClock((await subOf(member.id))!.current_period_end);
  const token = randomToken(32);
  await createSession(db(), member.id, await sha256Hex(token));
  const again = { ...member, cookie: `${SESSION_COOKIE}=${token}` };
  expect((await renew(again)).status).toBe(200);
  return again;
}

describe("the back office's retention offer settings", () => {
  const GOOD: RetentionSettings = { enabled: true, percentOff: 40, periods: 3 };

  it("is administrators' only, storing nothing for anyone else", async () => {
    await expectAdminOnly({ method: "GET", path: SETTINGS_API });
    await expectAdminOnly({ method: "PUT", path: SETTINGS_API, json: GOOD }, storedSettings);
  });

  it("reads off by default, then saves and audits the settings", async () => {
    const admin = await createUser("admin");
    expect(await (await call(SETTINGS_API, { cookie: admin.cookie })).json()).toEqual(DEFAULT_RETENTION_SETTINGS);
    expect(DEFAULT_RETENTION_SETTINGS.enabled).toBe(false);
    const audits = await auditCount();
    const res = await putSettings(admin, GOOD);
    expect([res.status, await res.json()]).toEqual([200, GOOD]);
    expect(JSON.parse((await storedSettings())!)).toEqual(GOOD);
    expect(await auditCount()).toBe(audits + 1);
    expect(await (await call(SETTINGS_API, { cookie: admin.cookie })).json()).toEqual(GOOD);
  });

  const bad: [string, unknown, string, string][] = [
    ["0 percent", { ...GOOD, percentOff: 0 }, "retention_percent_invalid", "percentOff"],
    ["101 percent", { ...GOOD, percentOff: 101 }, "retention_percent_invalid", "percentOff"],
    ["a fractional percent", { ...GOOD, percentOff: 12.5 }, "retention_percent_invalid", "percentOff"],
    ["0 periods", { ...GOOD, periods: 0 }, "retention_periods_invalid", "periods"],
    ["13 periods", { ...GOOD, periods: 13 }, "retention_periods_invalid", "periods"],
    ["periods as text", { ...GOOD, periods: "3" }, "retention_periods_invalid", "periods"],
    ["a missing switch", { percentOff: 10, periods: 1 }, "invalid_input", "enabled"],
    ["an unknown field", { ...GOOD, forEveryone: true }, "invalid_input", ""],
  ];
  for (const [label, json, code, field] of bad) {
    it(`refuses ${label}: 400 ${code}, nothing stored or audited`, async () => {
      const admin = await createUser("admin");
      const audits = await auditCount();
      const res = await putSettings(admin, json);
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe(code);
      if (field) expect(error.field).toBe(field);
      expect(await storedSettings()).toBeNull();
      expect(await auditCount()).toBe(audits);
    });
  }
});

describe("the offer a cancelling member sees", { timeout: 30_000 }, () => {
  it("is none while the admin has not turned it on, and accepting is refused", async () => {
    const member = await subscriber();
    expect(await (await offerOf(member)).json()).toEqual({ offer: null });
    await expectError(await accept(member), 409, "retention_offer_unavailable");
    expect(await answerOf(member.id)).toBeNull();
    // Cancelling with the offer off is not a "no": turned on later, it is offered (never for this subscription's cancel, which is done).
    expect((await cancel(member)).status).toBe(200);
    expect(await answerOf(member.id)).toBeNull();
  });

  it("prices the offer from the subscription's own price, rounded as the first-period offers round", async () => {
    await turnOn();
    const member = await subscriber();
    const res = await offerOf(member);
    expect(res.status).toBe(200);
    // 15% of 2499 is 374.85: 375 off, 2124 a renewal.
    expect(await res.json<RetentionOfferResponse>()).toEqual({
      offer: { percentOff: 15, periods: 2, currency: "usd", renewalCents: 2499, discountedCents: 2124, tax: null },
    });
  });

  it("says each discounted renewal's tax in the member's billing place, and the renewal charges and books exactly it", async () => {
    const admin = await createUser("admin");
    const registered = await call("/api/admin/tax/settings", {
      method: "PUT",
      cookie: admin.cookie,
      json: { registrations: ["DE"], behavior: { usd: "exclusive", brl: "inclusive" } },
    });
    expect(registered.status, await registered.clone().text()).toBe(200);
    await turnOn({ percentOff: 15, periods: 1 });
    let member = await subscriber(IC, "DE");
    // 19 % (the DEMO rate of Germany) of 2124 is 403.56: 404.
    const { offer } = await (await offerOf(member)).json<RetentionOfferResponse>();
    expect(offer).toEqual({
      percentOff: 15,
      periods: 1,
      currency: "usd",
      renewalCents: 2499,
      discountedCents: 2124,
      tax: { jurisdiction: "DE", behavior: "exclusive", cents: 404 },
    });
    expect((await accept(member)).status).toBe(200);
    member = await renewNow(member);
    expect((await revenue(member.id)).at(-1)).toBe(2124 + 404);
  });

  it("prices a scheduled downgrade's renewal, and the renewal charges that price less the percent", async () => {
    await turnOn({ percentOff: 15, periods: 1 });
    let member = await subscriber();
    expect((await call("/api/payments/subscription/change", { json: { tierId: "vip", plan: "monthly" }, cookie: member.cookie })).status).toBe(200);
    // 15% of VIP's 999 is 149.85: 150 off, 849 the renewal.
    expect((await (await offerOf(member)).json<RetentionOfferResponse>()).offer).toMatchObject({ renewalCents: 999, discountedCents: 849 });
    expect((await accept(member)).status).toBe(200);
    member = await renewNow(member);
    expect(await revenue(member.id)).toEqual([2499, 849]);
  });

  it("refuses visitors and banned members (401), free members and comps (404 no_membership)", async () => {
    await turnOn();
    await expectError(await offerOf(undefined), 401, "unauthorized");
    await expectError(await accept(undefined), 401, "unauthorized");
    const banned = await createUser("banned");
    await expectError(await offerOf(banned), 401, "unauthorized");
    await expectError(await accept(banned), 401, "unauthorized");
    for (const user of [await createUser("user"), await createUser("vip"), await createUser("admin")]) {
      await expectError(await offerOf(user), 404, "no_membership");
      await expectError(await accept(user), 404, "no_membership");
      expect(await answerOf(user.id)).toBeNull();
    }
  });

  it("is refused to a membership already set to cancel", async () => {
    await turnOn();
    const member = await subscriber();
    await callLocal("/api/payments/local/subscription/cancel-at-period-end", { method: "POST", cookie: member.cookie });
    await expectError(await offerOf(member), 409, "tier_change_unavailable");
    await expectError(await accept(member), 409, "tier_change_unavailable");
    expect(await answerOf(member.id)).toBeNull();
  });
});

describe("accepting", { timeout: 30_000 }, () => {
  it("keeps the subscription and discounts exactly the next 2 renewals by the Worker's cents", async () => {
    await turnOn({ percentOff: 15, periods: 2 });
    let member = await subscriber();
    const res = await accept(member);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json<MembershipResponse>()).status).toBe("active");
    expect(await subOf(member.id)).toMatchObject({ cancel_at_period_end: 0, tier_id: IC });
    expect(await answerOf(member.id)).toEqual({ response: "accepted", percent_off: 15, periods: 2, periods_left: 2 });

    member = await renewNow(member);
    member = await renewNow(member);
    member = await renewNow(member);
    expect(await revenue(member.id)).toEqual([2499, 2124, 2124, 2499]);
    expect(await answerOf(member.id)).toMatchObject({ periods_left: 0 });
  });

  it("is once per member ever: accepted, it is not offered or accepted again", async () => {
    await turnOn({ percentOff: 40, periods: 1 });
    let member = await subscriber("vip");
    expect((await accept(member)).status).toBe(200);
    expect(await (await offerOf(member)).json()).toEqual({ offer: null });
    await expectError(await accept(member), 409, "retention_offer_unavailable");
    member = await renewNow(member);
    member = await renewNow(member);
    // 40% of 999 is 399.6: 400 off one renewal, the next the full price.
    expect(await revenue(member.id)).toEqual([999, 599, 999]);
  });

  it("applies once however many accepts race", async () => {
    await turnOn({ percentOff: 50, periods: 1 });
    let member = await subscriber();
    const answers = await Promise.all(Array.from({ length: 5 }, () => accept(member)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of answers.filter((a) => a.status === 409)) expect((await errorOf(r)).code).toBe("retention_offer_unavailable");
    expect(await answerOf(member.id)).toEqual({ response: "accepted", percent_off: 50, periods: 1, periods_left: 1 });
    member = await renewNow(member);
    member = await renewNow(member);
    // 50% of 2499 is 1249.5: 1250 off (half a cent up), 1249 charged once.
    expect(await revenue(member.id)).toEqual([2499, 1249, 2499]);
  });
});

describe("a discount belongs to the tier and plan it was made for", { timeout: 30_000 }, () => {
  const move = (member: TestUser, json: unknown) => call("/api/payments/subscription/change", { json, cookie: member.cookie });

  it("accepted on VIP monthly, then a move to Inner Circle yearly: its renewal is charged and booked in full, the discount ended", async () => {
    await exec("UPDATE membership_tiers SET yearly_usd_cents = 24900 WHERE id = ?1", IC);
    forgetTiers();
    await turnOn({ percentOff: 30, periods: 3 });
    let member = await subscriber("vip");
    expect((await accept(member)).status).toBe(200);
    expect((await move(member, { tierId: IC, plan: "yearly" })).status).toBe(200);
    expect(await answerOf(member.id)).toMatchObject({ response: "accepted", periods_left: 0 });
    member = await renewNow(member);
    expect((await revenue(member.id)).at(-1)).toBe(24900);
    expect(await subOf(member.id)).toMatchObject({ tier_id: IC });
  });

  it("accepted on Inner Circle, then a downgrade to VIP: the renewal that starts VIP is charged VIP's full price", async () => {
    await turnOn({ percentOff: 30, periods: 2 });
    let member = await subscriber();
    expect((await accept(member)).status).toBe(200);
    expect((await move(member, { tierId: "vip", plan: "monthly" })).status).toBe(200);
    member = await renewNow(member);
    member = await renewNow(member);
    expect(await revenue(member.id)).toEqual([2499, 999, 999]);
    expect(await answerOf(member.id)).toMatchObject({ periods_left: 0 });
  });

  it("staying on the tier and plan keeps it: the next renewal is discounted", async () => {
    await turnOn({ percentOff: 30, periods: 2 });
    let member = await subscriber("vip");
    expect((await accept(member)).status).toBe(200);
    member = await renewNow(member);
    // 30 % of 999 is 299.7: 300 off.
    expect(await revenue(member.id)).toEqual([999, 699]);
    expect(await answerOf(member.id)).toMatchObject({ periods_left: 1 });
  });
});

describe("declining", { timeout: 30_000 }, () => {
  it("is the cancel itself: the membership ends at its period's end and the offer is never made again", async () => {
    await turnOn();
    let member = await subscriber();
    expect((await (await offerOf(member)).json<RetentionOfferResponse>()).offer).not.toBeNull();
    const res = await cancel(member, { reason: "too_expensive", offerDeclined: true });
    expect(res.status).toBe(200);
    expect((await res.json<MembershipResponse>()).status).toBe("canceling");
    expect(await answerOf(member.id)).toEqual({ response: "declined", percent_off: 15, periods: 2, periods_left: 0 });
    // Resumed (the provider's portal), the member is not offered it again, and their renewals are full.
    await exec("UPDATE subscriptions SET cancel_at_period_end = 0, cancel_at = NULL WHERE user_id = ?1", member.id);
    expect(await (await offerOf(member)).json()).toEqual({ offer: null });
    await expectError(await accept(member), 409, "retention_offer_unavailable");
    member = await renewNow(member);
    expect(await revenue(member.id)).toEqual([2499, 2499]);
  });
  it("a cancel whose offer the member never saw (its read failed or never came) uses nothing up", async () => {
    await turnOn();
    const member = await subscriber();
    const res = await cancel(member);
    expect(res.status).toBe(200);
    expect((await res.json<MembershipResponse>()).status).toBe("canceling");
    expect(await answerOf(member.id)).toBeNull();
    // Resumed, the member is still offered the discount.
    await exec("UPDATE subscriptions SET cancel_at_period_end = 0, cancel_at = NULL WHERE user_id = ?1", member.id);
    expect((await (await offerOf(member)).json<RetentionOfferResponse>()).offer).not.toBeNull();
  });

  it("refuses a declined flag that is not true: 400 invalid_input, the membership untouched", async () => {
    await turnOn();
    const member = await subscriber();
    await expectError(await cancel(member, { reason: "too_expensive", offerDeclined: "yes" }), 400, "invalid_input");
    expect(await answerOf(member.id)).toBeNull();
    expect(await row("SELECT cancel_at_period_end FROM subscriptions WHERE user_id = ?1", member.id)).toEqual({ cancel_at_period_end: 0 });
  });
});
