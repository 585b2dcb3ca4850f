// Moving between tiers (decision 098) in local payments mode: the checkout of any paid tier, an
// upgrade now paying the prorated difference, a downgrade kept for the period's end and applied by
// the renewal, cancelling it; per role, with bad input refused and nothing stored, racing changes
// charging once, and the tier following replayed and out-of-order events.
// Rows are read with raw SQL, never with the code under test.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MembershipResponse } from "../../worker/contracts/payments";
import type { TierChangePreviewResponse } from "../../worker/contracts/tiers/moves";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { prorate } from "../../worker/services/membership/proration";
import { applyTierChange, planTierChange } from "../../worker/services/membership/tier-changes";
import { vipPlanPrices } from "../../worker/services/membership/plans";
import { createPaymentsService } from "../../worker/services/payments";
import { createSession } from "../../worker/db/auth";
import { randomToken, sha256Hex } from "../../worker/lib/crypto";
import { call, callLocal, createUser, db, errorOf, SESSION_COOKIE, type TestUser } from "./helpers";
import { count, createDoorStaff, exec, freezeClock, row, setClock } from "./check-in-fixtures";
import { deliver, event, LOCAL_SECRET, newCustomerId, newSubscriptionId, seconds } from "./payments-fixtures";

/** Saturday 21 November 2026, 17:00:30 UTC. */
const NOW = Date.UTC(2026, 10, 21, 17, 0, 30);
const DAY = 24 * 60 * 60 * 1000;
const IC = "inner-circle";

async function ensureTier(id: string, rank: number, { archived = false, yearlyUsd = 24900 as number | null } = {}) {
  await env.DB.prepare(
    `INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents, yearly_usd_cents, monthly_brl_cents, archived_at)
     VALUES (?, ?, ?, ?, '#7c3aed', 2499, ?, 12900, ?)`,
  )
    .bind(id, rank, `Tier ${id}`, `Nível ${id}`, yearlyUsd, archived ? NOW : null)
    .run();
  forgetTiers();
}

beforeEach(async () => {
  freezeClock(NOW);
  await ensureTier(IC, 2);
});
afterEach(() => vi.useRealTimers());

type SubRow = {
  id: string;
  tier_id: string;
  plan: string;
  price_cents: number;
  price_currency: string;
  current_period_end: number;
  pending_tier_id: string | null;
  pending_plan: string | null;
};
const subOf = (userId: string) => row<SubRow>("SELECT * FROM subscriptions WHERE user_id = ?1 ORDER BY updated_at DESC LIMIT 1", userId);
const tierOf = async (userId: string) => (await row<{ tier_id: string | null; is_vip: number }>("SELECT tier_id, is_vip FROM users WHERE id = ?1", userId))!;
const revenue = async (userId: string) =>
  (
    await env.DB.prepare("SELECT amount_cents FROM revenue_entries WHERE user_id = ?1 ORDER BY occurred_at, ref").bind(userId).all<{ amount_cents: number }>()
  ).results.map((r) => r.amount_cents);

const checkout = (user: TestUser | undefined, json: unknown) => call("/api/payments/checkout", { json, cookie: user?.cookie });
const preview = (user: TestUser | undefined, json: unknown) => call("/api/payments/subscription/change/preview", { json, cookie: user?.cookie });
const change = (user: TestUser | undefined, json: unknown) => call("/api/payments/subscription/change", { json, cookie: user?.cookie });
const renew = (user: TestUser) => callLocal("/api/payments/local/subscription/renew", { method: "POST", cookie: user.cookie });

/** Opens a checkout of `json` and pays it on the local test checkout. */
async function subscribe(user: TestUser, json: unknown = {}) {
  const res = await checkout(user, json);
  expect(res.status, await res.clone().text()).toBe(200);
  const session = new URL((await res.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
  const paid = await callLocal(`/api/payments/local/checkout/${session}/pay`, { method: "POST", cookie: user.cookie });
  expect(paid.status, await paid.clone().text()).toBe(200);
  return session;
}

/** A session opened at the test clock's time (one opened before a jump of weeks has lapsed). */
async function signInAgain(user: TestUser): Promise<TestUser> {
  const token = randomToken(32);
  await createSession(db(), user.id, await sha256Hex(token));
  return { ...user, cookie: `${SESSION_COOKIE}=${token}` };
}

async function expectError(res: Response, status: number, code: string) {
  expect(res.status, await res.clone().text()).toBe(status);
  expect((await errorOf(res)).code).toBe(code);
}

describe("the checkout of any paid tier", () => {
  it("sells Inner Circle on the local checkout: the session, the subscription and the member carry the tier", async () => {
    const member = await createUser("user");
    const session = await subscribe(member, { tierId: IC, plan: "monthly" });
    expect(await row("SELECT tier_id, amount_cents, currency, plan FROM checkout_sessions WHERE id = ?1", session)).toEqual({
      tier_id: IC,
      amount_cents: 2499,
      currency: "usd",
      plan: "monthly",
    });
    expect(await subOf(member.id)).toMatchObject({ tier_id: IC, plan: "monthly", price_cents: 2499, price_currency: "usd" });
    expect(await tierOf(member.id)).toEqual({ tier_id: IC, is_vip: 1 });
    expect(await revenue(member.id)).toEqual([2499]);
  });

  it("prices a tier in BRL from its row, and VIP stays the configured price when no tier is named", async () => {
    const brl = await createUser("user");
    await subscribe(brl, { tierId: IC, currency: "brl" });
    expect(await subOf(brl.id)).toMatchObject({ tier_id: IC, price_cents: 12900, price_currency: "brl" });
    const vip = await createUser("user");
    await subscribe(vip);
    expect(await subOf(vip.id)).toMatchObject({ tier_id: "vip", plan: "monthly" });
    expect(await tierOf(vip.id)).toEqual({ tier_id: "vip", is_vip: 1 });
  });

  it("sells a tier the admin created, yearly in reais, at its row's price: shown on the test checkout, charged and recorded the same", async () => {
    const admin = await createUser("admin");
    const created = await call("/api/admin/tiers", {
      json: {
        nameEn: "Front Row",
        namePtBr: "Primeira Fila",
        descriptionEn: "",
        descriptionPtBr: "",
        benefitsEn: [],
        benefitsPtBr: [],
        monthlyUsdCents: 3999,
        yearlyUsdCents: 39900,
        monthlyBrlCents: 19990,
        yearlyBrlCents: 199900,
        badgeColor: "#0F766E",
        trialDays: 0,
      },
      cookie: admin.cookie,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const tierId = (await created.json<{ tier: { id: string } }>()).tier.id;
    // Out of the ranks the other tests' own tiers take (the file shares one database).
    await exec("UPDATE membership_tiers SET rank = 100 WHERE id = ?1", tierId);
    forgetTiers();
    const member = await createUser("user");
    const res = await checkout(member, { tierId, plan: "yearly", currency: "brl" });
    expect(res.status, await res.clone().text()).toBe(200);
    const session = new URL((await res.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
    // What the test checkout shows before Pay ...
    const shown = await call(`/api/payments/checkout/${session}/status`, { cookie: member.cookie });
    expect(await shown.json()).toMatchObject({ status: "pending", plan: "yearly", amount: { cents: 199900, currency: "BRL" } });
    const paid = await callLocal(`/api/payments/local/checkout/${session}/pay`, { method: "POST", cookie: member.cookie });
    expect(paid.status, await paid.clone().text()).toBe(200);
    // ... is what was charged and recorded.
    expect(await subOf(member.id)).toMatchObject({ tier_id: tierId, plan: "yearly", price_cents: 199900, price_currency: "brl" });
    expect(await tierOf(member.id)).toEqual({ tier_id: tierId, is_vip: 1 });
    expect(await revenue(member.id)).toEqual([199900]);
  });

  it.each([
    [{ tierId: "nope" }, 404, "tier_not_found"],
    [{ tierId: "member" }, 400, "tier_not_for_sale"],
    [{ tierId: "old-tier" }, 400, "tier_not_for_sale"],
    [{ tierId: "no-yearly", plan: "yearly" }, 400, "tier_not_for_sale"],
    [{ tierId: IC, currency: "brl", plan: "yearly" }, 400, "tier_not_for_sale"],
    [{ tierId: "vip", currency: "brl" }, 400, "tier_not_for_sale"],
    [{ tierId: "Bad Tier!" }, 400, "invalid_input"],
    [{ tierId: IC, currency: "eur" }, 400, "invalid_input"],
  ])("refuses %o with %i %s and stores nothing", async (json, status, code) => {
    await ensureTier("old-tier", 3, { archived: true });
    await ensureTier("no-yearly", 4, { yearlyUsd: null });
    const member = await createUser("user");
    await expectError(await checkout(member, json), status, code);
    expect(await count("SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ?1", member.id)).toBe(0);
  });

  it("refuses a visitor and a banned member (401), a paying or trialing member (409 subscription_exists), VIP given otherwise (409 already_vip)", async () => {
    await expectError(await checkout(undefined, { tierId: IC }), 401, "unauthorized");
    await expectError(await checkout(await createUser("banned"), { tierId: IC }), 401, "unauthorized");
    const paying = await createUser("user");
    await subscribe(paying);
    await expectError(await checkout(paying, { tierId: IC }), 409, "subscription_exists");
    const trialing = await createUser("user");
    await subscribe(trialing);
    await exec("UPDATE subscriptions SET status = 'trialing' WHERE user_id = ?1", trialing.id);
    await expectError(await checkout(trialing, { tierId: IC }), 409, "subscription_exists");
    await expectError(await checkout(await createUser("vip", { tierId: IC }), { tierId: IC }), 409, "already_vip");
  });

  it("opens a tier's checkout for an admin, door staff, a free member and a lapsed member", async () => {
    for (const buyer of [await createUser("admin"), await createDoorStaff(), await createUser("user")]) {
      expect((await checkout(buyer, { tierId: IC })).status).toBe(200);
    }
    // A lapsed member (their subscription ended) buys again.
    const lapsed = await createUser("user");
    await subscribe(lapsed);
    await callLocal("/api/payments/local/subscription/end-now", { method: "POST", cookie: lapsed.cookie });
    expect(await tierOf(lapsed.id)).toEqual({ tier_id: null, is_vip: 0 });
    await subscribe(lapsed, { tierId: IC });
    expect(await tierOf(lapsed.id)).toEqual({ tier_id: IC, is_vip: 1 });
  });

  it("sets the tier from the newest event however the events arrive, and once per event", async () => {
    const member = await createUser("user");
    const id = newSubscriptionId();
    const customer = newCustomerId();
    const sub = (tierId: string, createdMs: number) =>
      event(
        "customer.subscription.updated",
        {
          id,
          object: "subscription",
          customer,
          status: "active",
          current_period_end: seconds(NOW + 30 * DAY),
          metadata: { user_id: member.id, tier_id: tierId },
        },
        createdMs,
      );
    const newer = sub(IC, NOW);
    await deliver(newer);
    await deliver(sub("vip", NOW - 60_000)); // late, older: changes nothing
    await deliver(newer); // the same event again
    expect(await row("SELECT tier_id FROM subscriptions WHERE id = ?1", id)).toEqual({ tier_id: IC });
    expect(await tierOf(member.id)).toEqual({ tier_id: IC, is_vip: 1 });
    expect(await count("SELECT count(*) AS n FROM membership_tier_changes WHERE user_id = ?1", member.id)).toBe(1);
  });
});

describe("an upgrade now, paying the prorated difference", () => {
  it("previews and charges Inner Circle less the unused VIP time, keeping the renewal date", async () => {
    let member = await createUser("user");
    await subscribe(member);
    const before = (await subOf(member.id))!;
    setClock(NOW + 10 * DAY);
    member = await signInAgain(member);
    const expected = prorate({
      oldCents: before.price_cents,
      newCents: 2499,
      periodStartMs: NOW,
      periodEndMs: before.current_period_end,
      nowMs: NOW + 10 * DAY,
      resetsPeriod: false,
    });
    const res = await preview(member, { tierId: IC, plan: "monthly" });
    expect(res.status).toBe(200);
    expect(await res.json<TierChangePreviewResponse>()).toEqual({
      kind: "upgrade",
      tierId: IC,
      plan: "monthly",
      currency: "usd",
      amountNowCents: expected.amountNowCents,
      // No billing place was named at the join: nothing taxed (tax: membership-tax.test.ts).
      taxNowCents: 0,
      totalNowCents: expected.amountNowCents,
      tax: null,
      renewalCents: 2499,
      renewalTaxCents: 0,
      renewsAt: new Date(before.current_period_end).toISOString(),
      pricedAt: new Date(NOW + 10 * DAY).toISOString(),
    });
    expect(await tierOf(member.id)).toEqual({ tier_id: "vip", is_vip: 1 }); // a preview changes nothing
    expect((await change(member, { tierId: IC, plan: "monthly" })).status).toBe(200);
    expect(await subOf(member.id)).toMatchObject({ tier_id: IC, price_cents: 2499, current_period_end: before.current_period_end });
    expect(await tierOf(member.id)).toEqual({ tier_id: IC, is_vip: 1 });
    expect(await revenue(member.id)).toEqual([before.price_cents, expected.amountNowCents]);
  });

  it("charges once when two upgrades race", async () => {
    const member = await createUser("user");
    await subscribe(member);
    setClock(NOW + DAY);
    const answers = await Promise.all([change(member, { tierId: IC, plan: "monthly" }), change(member, { tierId: IC, plan: "monthly" })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await revenue(member.id)).toHaveLength(2);
    expect(await tierOf(member.id)).toEqual({ tier_id: IC, is_vip: 1 });
  });

  it("charges once when two changes were both priced from the same membership before either was made", async () => {
    const member = await createUser("user");
    await subscribe(member);
    setClock(NOW + DAY);
    const deps = { db: db(), service: createPaymentsService(env), secret: LOCAL_SECRET, prices: await vipPlanPrices(env, db()) };
    const to = { tierId: IC, plan: "monthly" as const };
    const planned = await Promise.all([planTierChange(env, db(), deps.service, member.id, to), planTierChange(env, db(), deps.service, member.id, to)]);
    const outcomes = await Promise.allSettled(planned.map((p) => applyTierChange(deps, p)));
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = outcomes.find((o) => o.status === "rejected")!;
    expect((refused.reason as { code?: string }).code).toBe("tier_change_in_progress");
    expect(await revenue(member.id)).toHaveLength(2);
    expect(await subOf(member.id)).toMatchObject({ tier_id: IC });
  });

  it("switches VIP monthly to yearly now: a new period, the yearly price less the credit", async () => {
    const member = await createUser("user");
    await subscribe(member);
    const res = await preview(member, { tierId: "vip", plan: "yearly" });
    const body = await res.json<TierChangePreviewResponse>();
    expect(body).toMatchObject({ kind: "upgrade", plan: "yearly", renewsAt: new Date(Date.UTC(2027, 10, 21, 17, 0, 30)).toISOString() });
    expect((await change(member, { tierId: "vip", plan: "yearly" })).status).toBe(200);
    expect(await subOf(member.id)).toMatchObject({ tier_id: "vip", plan: "yearly", price_cents: body.renewalCents });
  });

  it("refuses the roles without a changeable membership and bad input, storing nothing", async () => {
    await expectError(await preview(undefined, { tierId: IC, plan: "monthly" }), 401, "unauthorized");
    await expectError(await preview(await createUser("banned"), { tierId: IC, plan: "monthly" }), 401, "unauthorized");
    for (const who of [await createUser("user"), await createUser("vip"), await createUser("admin"), await createDoorStaff()]) {
      await expectError(await change(who, { tierId: IC, plan: "monthly" }), 404, "no_membership");
    }
    const canceling = await createUser("user");
    await subscribe(canceling);
    await callLocal("/api/payments/local/subscription/cancel-at-period-end", { method: "POST", cookie: canceling.cookie });
    await expectError(await change(canceling, { tierId: IC, plan: "monthly" }), 409, "tier_change_unavailable");
    const member = await createUser("user");
    await subscribe(member);
    await expectError(await change(member, { tierId: "vip", plan: "monthly" }), 409, "vip_plan_unchanged");
    await expectError(await change(member, { tierId: "nope", plan: "monthly" }), 404, "tier_not_found");
    await expectError(await change(member, { tierId: "member", plan: "monthly" }), 400, "tier_not_for_sale");
    await expectError(await change(member, { tierId: IC }), 400, "invalid_input");
    expect(await subOf(member.id)).toMatchObject({ tier_id: "vip", plan: "monthly", pending_tier_id: null });
    expect(await revenue(member.id)).toHaveLength(1);
  });
});

describe("a downgrade at the period's end", () => {
  it("keeps Inner Circle until the renewal, then VIP at VIP's price", async () => {
    let member = await createUser("user");
    await subscribe(member, { tierId: IC });
    const periodEnd = (await subOf(member.id))!.current_period_end;
    const res = await change(member, { tierId: "vip", plan: "monthly" });
    expect(res.status).toBe(200);
    const body = await res.json<TierChangePreviewResponse>();
    expect(body).toMatchObject({ kind: "downgrade", tierId: "vip", amountNowCents: 0, renewsAt: new Date(periodEnd).toISOString() });
    expect(await subOf(member.id)).toMatchObject({ tier_id: IC, pending_tier_id: "vip", pending_plan: "monthly" });
    expect(await tierOf(member.id)).toEqual({ tier_id: IC, is_vip: 1 });
    const membership = await (await call("/api/payments/membership", { cookie: member.cookie })).json<MembershipResponse>();
    expect(membership.pendingChange).toEqual({ tierId: "vip", plan: "monthly", renewalCents: body.renewalCents, startsAt: new Date(periodEnd).toISOString() });

    setClock(periodEnd);
    member = await signInAgain(member);
    expect((await renew(member)).status).toBe(200);
    expect(await subOf(member.id)).toMatchObject({ tier_id: "vip", pending_tier_id: null, pending_plan: null, price_cents: body.renewalCents });
    expect(await tierOf(member.id)).toEqual({ tier_id: "vip", is_vip: 1 });
    expect(await revenue(member.id)).toEqual([2499, body.renewalCents]);
  });

  it("cancels a pending downgrade: the renewal keeps the tier", async () => {
    let member = await createUser("user");
    await subscribe(member, { tierId: IC, plan: "yearly" });
    expect((await change(member, { tierId: IC, plan: "monthly" })).status).toBe(200);
    expect(await subOf(member.id)).toMatchObject({ pending_tier_id: IC, pending_plan: "monthly" });
    const cancel = () => call("/api/payments/subscription/change", { method: "DELETE", cookie: member.cookie });
    expect((await cancel()).status).toBe(200);
    await expectError(await cancel(), 404, "no_pending_change");
    setClock((await subOf(member.id))!.current_period_end);
    member = await signInAgain(member);
    expect((await renew(member)).status).toBe(200);
    expect(await subOf(member.id)).toMatchObject({ tier_id: IC, plan: "yearly", price_cents: 24900, pending_tier_id: null });
  });
});

describe("a comp names its tier", () => {
  const setComp = (target: string, json: unknown, cookie?: string) => call(`/api/admin/users/${target}/vip`, { method: "PUT", json, cookie });

  it("gives the named tier, moves it to another, audits the tier, and refuses unknown, free and archived tiers storing nothing", async () => {
    await ensureTier("old-tier", 3, { archived: true });
    const admin = await createUser("admin");
    const member = await createUser("user");
    expect((await setComp(member.id, { comp: true, tierId: IC }, admin.cookie)).status).toBe(200);
    expect(await row("SELECT tier_id FROM vip_comps WHERE user_id = ?1", member.id)).toEqual({ tier_id: IC });
    expect(await tierOf(member.id)).toEqual({ tier_id: IC, is_vip: 1 });
    const audit = (await row<{ summary: string }>("SELECT summary FROM audit_log WHERE target_id = ?1 ORDER BY id DESC LIMIT 1", member.id))!;
    expect(JSON.parse(audit.summary)).toMatchObject({ after: { compVip: true, compTier: IC } });
    // The same comp moved down to VIP (VIP being the default tier).
    expect((await setComp(member.id, { comp: true }, admin.cookie)).status).toBe(200);
    expect(await tierOf(member.id)).toEqual({ tier_id: "vip", is_vip: 1 });
    await expectError(await setComp(member.id, { comp: true, tierId: "nope" }, admin.cookie), 404, "tier_not_found");
    await expectError(await setComp(member.id, { comp: true, tierId: "member" }, admin.cookie), 400, "tier_not_for_sale");
    await expectError(await setComp(member.id, { comp: true, tierId: "old-tier" }, admin.cookie), 400, "tier_not_for_sale");
    await expectError(await setComp(member.id, { comp: true, tierId: "Bad!" }, admin.cookie), 400, "invalid_input");
    expect(await row("SELECT tier_id FROM vip_comps WHERE user_id = ?1", member.id)).toEqual({ tier_id: "vip" });
  });

  it("is the back office's alone: a member, VIP, door staff, banned member and visitor are refused", async () => {
    const target = await createUser("user");
    const refused: [TestUser | undefined, number][] = [
      [undefined, 401],
      [await createUser("banned"), 401],
      [await createUser("user"), 403],
      [await createUser("vip", { tierId: IC }), 403],
      [await createDoorStaff(), 403],
    ];
    for (const [who, status] of refused) expect((await setComp(target.id, { comp: true, tierId: IC }, who?.cookie)).status).toBe(status);
    expect(await count("SELECT count(*) AS n FROM vip_comps WHERE user_id = ?1", target.id)).toBe(0);
  });
});

describe("cancelling with a reason", () => {
  const cancel = (user: TestUser | undefined, json: unknown) => call("/api/payments/subscription/cancel", { json, cookie: user?.cookie });
  const reasons = async (userId: string) =>
    (await env.DB.prepare("SELECT tier_id, reason, other_text FROM membership_cancellations WHERE user_id = ?1").bind(userId).all()).results;

  it("keeps the reason for the back office and ends the membership at the period's end", async () => {
    const member = await createUser("user");
    await subscribe(member, { tierId: IC });
    const res = await cancel(member, { reason: "other", other: "  Moving abroad  " });
    expect(res.status).toBe(200);
    expect((await res.json<MembershipResponse>()).status).toBe("canceling");
    expect(await reasons(member.id)).toEqual([{ tier_id: IC, reason: "other", other_text: "Moving abroad" }]);
    expect(await tierOf(member.id)).toEqual({ tier_id: IC, is_vip: 1 }); // until the period ends
    await expectError(await cancel(member, { reason: "not_using" }), 409, "tier_change_unavailable");
    expect(await reasons(member.id)).toHaveLength(1);
  });

  it("refuses bad input and members without an active membership, storing nothing", async () => {
    const member = await createUser("user");
    await subscribe(member);
    await expectError(await cancel(member, { reason: "bored" }), 400, "invalid_input");
    await expectError(await cancel(member, { reason: "other", other: "x".repeat(501) }), 400, "invalid_input");
    await expectError(await cancel(undefined, { reason: "not_using" }), 401, "unauthorized");
    await expectError(await cancel(await createUser("vip"), { reason: "not_using" }), 404, "no_membership");
    expect(await reasons(member.id)).toEqual([]);
    expect(await row("SELECT tier_id, cancel_at_period_end FROM subscriptions WHERE user_id = ?1", member.id)).toEqual({
      tier_id: "vip",
      cancel_at_period_end: 0,
    });
  });
});
