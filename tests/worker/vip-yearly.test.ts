// The yearly VIP plan beside the monthly one (decision 055, part "yearly"): the checkout per plan
// and per role, the local test checkout selling the yearly plan end to end, renewals, switching
// plans in the (local) portal and through provider events (once, in order), cancelling, the
// admin's yearly price in the settings, the site's config, and the revenue the plans bring in.
// The Worker runs in local payments mode; rows are read with raw SQL, never with the code under test.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CheckoutStatusResponse, LocalCheckoutResultResponse, MembershipResponse } from "../../worker/contracts/payments";
import type { PublicConfig } from "../../worker/contracts/config";
import { SETTINGS_MESSAGES } from "../../worker/contracts/admin/settings-limits";
import { monthsFreeOf, planOfInterval } from "../../worker/contracts/vip-plans";
import { readRevenue } from "../../worker/db/admin-revenue";
import { createSession } from "../../worker/db/auth";
import { randomToken, sha256Hex } from "../../worker/lib/crypto";
import { call, callLocal, createUser, db, errorOf, ruleError, SESSION_COOKIE, type TestUser } from "./helpers";
import { DAY, D1, count, createRole, exec, freezeClock, row, rows, setClock, type DoorRole } from "./check-in-fixtures";
import { expectRefused, NON_ADMIN_ROLES } from "./admin-gate-matrix";
import {
  checkoutCompletedEvent,
  deliver,
  event,
  invoiceEvent,
  isVip,
  newCustomerId,
  newSubscriptionId,
  paymentStateOf,
  seconds,
  subscriptionObject,
  type TestEvent,
} from "./payments-fixtures";

/** Saturday 21 November 2026, 17:00:30 UTC. */
const NOW = Date.UTC(2026, 10, 21, 17, 0, 30);
const A_YEAR_LATER = Date.UTC(2027, 10, 21, 17, 0, 30);

// Each test starts with no saved setting (the yearly price at its default) and a frozen clock.
beforeEach(async () => {
  await D1.prepare("DELETE FROM site_settings").run();
  freezeClock(NOW);
});
afterEach(() => vi.useRealTimers());

type SubRow = {
  id: string;
  status: string;
  plan: string | null;
  price_cents: number | null;
  price_currency: string | null;
  current_period_end: number | null;
  cancel_at_period_end: number;
  last_event_at: number;
};
const subscriptionOf = (userId: string) => row<SubRow>("SELECT * FROM subscriptions WHERE user_id = ?1 ORDER BY updated_at DESC LIMIT 1", userId);
const subscriptionById = (id: string) => row<SubRow>("SELECT * FROM subscriptions WHERE id = ?1", id);
const revenueOf = (userId: string) =>
  rows<{ source: string; amount_cents: number; currency: string }>(
    "SELECT source, amount_cents, currency FROM revenue_entries WHERE user_id = ?1 ORDER BY occurred_at, ref",
    userId,
  );

const postCheckout = (user: TestUser | undefined, json: unknown) => call("/api/payments/checkout", { json, cookie: user?.cookie });

async function startCheckout(user: TestUser, json: unknown = {}) {
  const res = await postCheckout(user, json);
  expect(res.status, await res.clone().text()).toBe(200);
  const { url } = await res.json<{ url: string }>();
  const parsed = new URL(url, "https://fans.test");
  expect(parsed.pathname).toBe("/vip-checkout/test");
  return parsed.searchParams.get("session")!;
}

const localAction = (user: TestUser, sessionId: string, action: string) =>
  callLocal(`/api/payments/local/checkout/${sessionId}/${action}`, { method: "POST", cookie: user.cookie });
const manage = (user: TestUser, action: string) => callLocal(`/api/payments/local/subscription/${action}`, { method: "POST", cookie: user.cookie });

async function membershipOf(user: TestUser) {
  const res = await call("/api/payments/membership", { cookie: user.cookie });
  expect(res.status).toBe(200);
  return res.json<MembershipResponse>();
}

/** A member who paid the yearly plan at the local test checkout, at NOW. */
async function yearlyMember() {
  const user = await createUser("user");
  const sessionId = await startCheckout(user, { plan: "yearly" });
  const res = await localAction(user, sessionId, "pay");
  expect(res.status).toBe(200);
  expect(await res.json<LocalCheckoutResultResponse>()).toEqual({ redirectTo: `/vip-confirmation?session_id=${sessionId}` });
  const sub = (await subscriptionOf(user.id))!;
  return { user, sessionId, sub };
}

/** The member signed in again at the clock's time (a session opened at NOW has ended by days later). */
async function signInAgain(user: TestUser): Promise<TestUser> {
  const token = randomToken(32);
  await createSession(db(), user.id, await sha256Hex(token));
  return { ...user, cookie: `${SESSION_COOKIE}=${token}` };
}

async function setYearlyPrice(cents: number) {
  const admin = await createUser("admin");
  const res = await call("/api/admin/settings", { method: "PUT", json: { vipYearlyPriceCents: cents }, cookie: admin.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** A Stripe-shaped subscription whose item carries the price of `plan` (as every real event does). */
function planSubscription(
  fields: { id: string; customerId: string; userId?: string; status?: string; periodEndMs?: number; cancelAtPeriodEnd?: boolean },
  plan: "monthly" | "yearly",
  cents = plan === "yearly" ? 9900 : 999,
) {
  const end = seconds(fields.periodEndMs ?? NOW + 30 * DAY);
  const price = {
    id: `price_${plan}`,
    object: "price",
    unit_amount: cents,
    currency: "usd",
    recurring: { interval: plan === "yearly" ? "year" : "month", interval_count: 1 },
  };
  return { ...subscriptionObject(fields), items: { object: "list", data: [{ id: `si_${fields.id}`, current_period_end: end, price }] } };
}
const planEvent = (type: "created" | "updated" | "deleted", ...args: [...Parameters<typeof planSubscription>, number?]): TestEvent => {
  const [fields, plan, cents, createdMs] = args;
  return event(`customer.subscription.${type}`, planSubscription(fields, plan, cents), createdMs ?? Date.now());
};

// ---- the checkout, per plan and per role --------------------------------------------------------

describe("POST /api/payments/checkout with a plan", () => {
  const ROLES: DoorRole[] = ["visitor", "user", "vip", "admin", "door", "banned"];
  // Today's rules stand: a visitor or banned member (no session) 401, a VIP 409; anyone else signed in may pay.
  const EXPECTED: Record<DoorRole, [number, string | null]> = {
    visitor: [401, "unauthorized"],
    user: [200, null],
    vip: [409, "already_vip"],
    admin: [200, null],
    door: [200, null],
    banned: [401, "unauthorized"],
  };
  for (const role of ROLES) {
    for (const plan of ["monthly", "yearly"] as const) {
      it(`${plan} as ${role} → ${EXPECTED[role][0]}${EXPECTED[role][1] ? ` ${EXPECTED[role][1]}` : ""}`, async () => {
        const user = role === "visitor" ? undefined : await createRole(role);
        const res = await postCheckout(user, { plan });
        const [status, code] = EXPECTED[role];
        expect(res.status).toBe(status);
        if (code) {
          expect((await errorOf(res)).code).toBe(code);
          if (user) expect(await count("SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ?1", user.id)).toBe(0);
          return;
        }
        const sessionId = new URL((await res.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
        const stored = await row<{ plan: string; amount_cents: number; status: string }>(
          "SELECT plan, amount_cents, status FROM checkout_sessions WHERE id = ?1",
          sessionId,
        );
        expect(stored).toEqual({ plan, amount_cents: plan === "yearly" ? 9900 : 999, status: "pending" });
      });
    }
  }

  it("sells the monthly plan when no plan is sent (older clients), at the spec's $9.99", async () => {
    const user = await createUser("user");
    const sessionId = await startCheckout(user, {});
    const status = await call(`/api/payments/checkout/${sessionId}/status`, { cookie: user.cookie });
    expect(await status.json<CheckoutStatusResponse>()).toEqual({
      status: "pending",
      isVIP: false,
      tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
      plan: "monthly",
      amount: { cents: 999, currency: "USD" },
    });
  });

  it("opens a session of its own per plan for one attempt, and the same one again for a retried attempt", async () => {
    const user = await createUser("user");
    const attemptId = crypto.randomUUID();
    const monthly = await startCheckout(user, { attemptId });
    const yearly = await startCheckout(user, { attemptId, plan: "yearly" });
    expect(yearly).not.toBe(monthly);
    expect(await startCheckout(user, { attemptId, plan: "yearly" })).toBe(yearly);
    expect(await startCheckout(user, { attemptId, plan: "monthly" })).toBe(monthly);
  });

  for (const plan of ["weekly", "YEARLY", null, 12, ["yearly"], ""]) {
    it(`refuses the plan ${JSON.stringify(plan)} (400 invalid_input on plan), storing nothing`, async () => {
      const user = await createUser("user");
      const before = await paymentStateOf(user.id);
      const res = await postCheckout(user, { plan, attemptId: crypto.randomUUID() });
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error).toMatchObject({ code: "invalid_input", field: "plan" });
      expect(await paymentStateOf(user.id)).toEqual(before);
    });
  }

  it("opens the yearly checkout at the admin's price of the moment, and the checkout keeps the amount it was opened with", async () => {
    const user = await createUser("user");
    const before = await startCheckout(user, { plan: "yearly" });
    await setYearlyPrice(12900);
    const after = await startCheckout(user, { plan: "yearly" });
    const statusOf = async (id: string) => (await call(`/api/payments/checkout/${id}/status`, { cookie: user.cookie })).json<CheckoutStatusResponse>();
    expect((await statusOf(before)).amount).toEqual({ cents: 9900, currency: "USD" });
    expect((await statusOf(after)).amount).toEqual({ cents: 12900, currency: "USD" });
    // Paying the one opened first charges what it showed.
    expect((await localAction(user, before, "pay")).status).toBe(200);
    expect(await subscriptionOf(user.id)).toMatchObject({ plan: "yearly", price_cents: 9900 });
    expect(await revenueOf(user.id)).toEqual([{ source: "vip", amount_cents: 9900, currency: "usd" }]);
  });
});

// ---- the local test checkout, end to end ------------------------------------------------------

describe("the yearly plan at the local test checkout", () => {
  it("makes the member VIP on the yearly plan, renewing a year later at $99, with one $99 revenue row", async () => {
    const { user, sessionId, sub } = await yearlyMember();
    expect(await isVip(user.id)).toBe(true);
    expect(sub).toMatchObject({ status: "active", plan: "yearly", price_cents: 9900, price_currency: "usd", current_period_end: A_YEAR_LATER });
    expect(await membershipOf(user)).toEqual({
      status: "active",
      isVIP: true,
      currentPeriodEnd: new Date(A_YEAR_LATER).toISOString(),
      cancelAtPeriodEnd: false,
      cancelsAt: null,
      graceEndsAt: null,
      canManage: true,
      plan: "yearly",
      renewalAmount: { cents: 9900, currency: "USD" },
      tierId: "vip",
      pendingChange: null,
      tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" }, benefits: { en: [], ptBR: [] } },
      moves: expect.arrayContaining([{ id: "vip", name: { en: "VIP", ptBR: "VIP" }, plan: "monthly", kind: "downgrade" }]),
      trialEndsAt: null,
      hadTierIds: ["vip"],
    } satisfies MembershipResponse);
    expect(await revenueOf(user.id)).toEqual([{ source: "vip", amount_cents: 9900, currency: "usd" }]);
    const status = await call(`/api/payments/checkout/${sessionId}/status`, { cookie: user.cookie });
    expect(await status.json<CheckoutStatusResponse>()).toEqual({
      status: "complete",
      isVIP: true,
      tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
      plan: "yearly",
      amount: { cents: 9900, currency: "USD" },
    });
  });

  it("keeps the monthly plan as it was: a month, $9.99", async () => {
    const user = await createUser("user");
    const sessionId = await startCheckout(user);
    expect((await localAction(user, sessionId, "pay")).status).toBe(200);
    expect(await subscriptionOf(user.id)).toMatchObject({ plan: "monthly", price_cents: 999, current_period_end: Date.UTC(2026, 11, 21, 17, 0, 30) });
    expect(await membershipOf(user)).toMatchObject({ plan: "monthly", renewalAmount: { cents: 999, currency: "USD" } });
  });

  it("renews: a year later the paid invoice extends the period, records $99 again, and the plan stays yearly", async () => {
    const { user, sub } = await yearlyMember();
    setClock(A_YEAR_LATER);
    const nextEnd = Date.UTC(2028, 10, 21, 17, 0, 30);
    const paid = invoiceEvent("invoice.paid", {
      subscriptionId: sub.id,
      customerId: (await row<{ customer_id: string }>("SELECT customer_id FROM subscriptions WHERE id = ?1", sub.id))!.customer_id,
      periodEndMs: nextEnd,
      amountPaid: 9900,
      currency: "usd",
    });
    expect(await deliver(paid)).toEqual(["applied"]);
    expect(await deliver(paid)).toEqual(["duplicate"]);
    expect(await subscriptionById(sub.id)).toMatchObject({ status: "active", plan: "yearly", current_period_end: nextEnd });
    expect(await revenueOf(user.id)).toEqual([
      { source: "vip", amount_cents: 9900, currency: "usd" },
      { source: "vip", amount_cents: 9900, currency: "usd" },
    ]);
    expect((await membershipOf(await signInAgain(user))).currentPeriodEnd).toBe(new Date(nextEnd).toISOString());
  });
});

// ---- switching plans --------------------------------------------------------------------------

describe("switching plans in the local portal", () => {
  it("yearly → monthly: the plan, price and renewal change once; the unused year covers the first month (nothing charged)", async () => {
    const { user: payer, sub } = await yearlyMember();
    setClock(NOW + 10 * DAY);
    const user = await signInAgain(payer);
    const res = await manage(user, "switch-to-monthly");
    expect(res.status).toBe(200);
    const renewal = Date.UTC(2027, 0, 1, 17, 0, 30); // a month from the switch on 1 December
    expect(await res.json<MembershipResponse>()).toMatchObject({ status: "active", plan: "monthly", renewalAmount: { cents: 999, currency: "USD" } });
    expect(await subscriptionById(sub.id)).toMatchObject({ status: "active", plan: "monthly", price_cents: 999, current_period_end: renewal });
    expect(await revenueOf(user.id)).toEqual([{ source: "vip", amount_cents: 9900, currency: "usd" }]);
    expect(await isVip(user.id)).toBe(true);
    // Only one subscription, switched: no second one.
    expect(await count("SELECT count(*) AS n FROM subscriptions WHERE user_id = ?1", user.id)).toBe(1);
  });

  it("monthly → yearly: charged $99 less the unused part of the month, renewing a year from the switch", async () => {
    const payer = await createUser("user");
    const sessionId = await startCheckout(payer);
    expect((await localAction(payer, sessionId, "pay")).status).toBe(200);
    // Half of November's 30-day period used up: 15 of 30 days left, a credit of $5.00 (rounded from 499.5).
    setClock(NOW + 15 * DAY);
    const user = await signInAgain(payer);
    const res = await manage(user, "switch-to-yearly");
    expect(res.status).toBe(200);
    const sub = (await subscriptionOf(user.id))!;
    expect(sub).toMatchObject({ plan: "yearly", price_cents: 9900, current_period_end: Date.UTC(2027, 11, 6, 17, 0, 30) });
    expect((await revenueOf(user.id)).map((r) => r.amount_cents)).toEqual([999, 9900 - 500]);
    expect(await membershipOf(user)).toMatchObject({ plan: "yearly", renewalAmount: { cents: 9900, currency: "USD" } });
  });

  it("refuses a switch to the plan the member is on (409 vip_plan_unchanged), changing nothing", async () => {
    const { user } = await yearlyMember();
    const before = await paymentStateOf(user.id);
    const res = await manage(user, "switch-to-yearly");
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("vip_plan_unchanged");
    expect(await paymentStateOf(user.id)).toEqual(before);
  });

  it("refuses a switch while the membership is set to cancel (409 vip_plan_switch_unavailable); resumed, it switches", async () => {
    const { user } = await yearlyMember();
    expect((await manage(user, "cancel-at-period-end")).status).toBe(200);
    const before = await paymentStateOf(user.id);
    const res = await manage(user, "switch-to-monthly");
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("vip_plan_switch_unavailable");
    expect(await paymentStateOf(user.id)).toEqual(before);
    expect((await manage(user, "resume")).status).toBe(200);
    expect((await manage(user, "switch-to-monthly")).status).toBe(200);
    expect((await subscriptionOf(user.id))!.plan).toBe("monthly");
  });

  it("has nothing to switch for a member without a membership, a visitor or over the public address", async () => {
    const user = await createUser("user");
    const none = await manage(user, "switch-to-yearly");
    expect(none.status).toBe(404);
    expect((await errorOf(none)).code).toBe("no_membership");
    expect((await callLocal("/api/payments/local/subscription/switch-to-yearly", { method: "POST" })).status).toBe(401);
    const { user: member } = await yearlyMember();
    const remote = await call("/api/payments/local/subscription/switch-to-monthly", { method: "POST", cookie: member.cookie });
    expect(remote.status).toBe(404);
    expect((await subscriptionOf(member.id))!.plan).toBe("yearly");
    const unknown = await manage(member, "switch-to-weekly");
    expect(unknown.status).toBe(400);
  });
});

describe("switching plans through provider events (the live portal)", () => {
  async function monthlyViaEvents(createdMs: number) {
    const user = await createUser("user");
    const fields = { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id, periodEndMs: createdMs + 30 * DAY };
    await deliver(planEvent("created", fields, "monthly", 999, createdMs));
    return { user, fields };
  }

  it("a customer.subscription.updated with the yearly price switches the member once; its replay and an older event change nothing", async () => {
    const { user, fields } = await monthlyViaEvents(NOW - 5 * DAY);
    const switched = planEvent("updated", { ...fields, periodEndMs: A_YEAR_LATER }, "yearly", 9900, NOW);
    expect(await deliver(switched)).toEqual(["applied"]);
    const after = await subscriptionById(fields.id);
    expect(after).toMatchObject({ plan: "yearly", price_cents: 9900, current_period_end: A_YEAR_LATER, last_event_at: seconds(NOW) * 1000 });
    // The same delivery again: recorded once, nothing changes.
    expect(await deliver(switched)).toEqual(["duplicate"]);
    // An update from before the switch arriving late: acknowledged, the row keeps the newer plan.
    expect(await deliver(planEvent("updated", { ...fields, periodEndMs: NOW + 25 * DAY }, "monthly", 999, NOW - DAY))).toEqual(["applied"]);
    expect(await subscriptionById(fields.id)).toEqual(after);
    expect(await membershipOf(user)).toMatchObject({
      plan: "yearly",
      renewalAmount: { cents: 9900, currency: "USD" },
      currentPeriodEnd: new Date(A_YEAR_LATER).toISOString(),
    });
    // And back to monthly, by a newer event.
    expect(await deliver(planEvent("updated", fields, "monthly", 999, NOW + DAY))).toEqual(["applied"]);
    expect(await subscriptionById(fields.id)).toMatchObject({ plan: "monthly", price_cents: 999 });
  });

  it("learns the plan from the subscription's event when the checkout's own event came first", async () => {
    const user = await createUser("user");
    const fields = { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id, periodEndMs: A_YEAR_LATER };
    await deliver(checkoutCompletedEvent({ sessionId: "cs_test_first", userId: user.id, customerId: fields.customerId, subscriptionId: fields.id }, NOW));
    expect(await subscriptionById(fields.id)).toMatchObject({ status: "active", plan: null });
    expect((await membershipOf(user)).plan).toBeNull();
    // Older than the row's last event: it changes nothing else, but the plan was still unknown.
    await deliver(planEvent("created", fields, "yearly", 9900, NOW - 2000));
    expect(await subscriptionById(fields.id)).toMatchObject({ status: "active", plan: "yearly", price_cents: 9900, current_period_end: A_YEAR_LATER });
  });

  it("keeps the plan when an event carries no readable price", async () => {
    const { fields } = await monthlyViaEvents(NOW - DAY);
    await deliver(event("customer.subscription.updated", subscriptionObject({ ...fields, cancelAtPeriodEnd: true }), NOW));
    expect(await subscriptionById(fields.id)).toMatchObject({ plan: "monthly", price_cents: 999, cancel_at_period_end: 1 });
  });

  it("reads no plan from a price of another interval", () => {
    expect(planOfInterval("month")).toBe("monthly");
    expect(planOfInterval("year", 1)).toBe("yearly");
    expect(planOfInterval("month", 3)).toBeNull();
    expect(planOfInterval("week")).toBeNull();
    expect(planOfInterval(undefined)).toBeNull();
  });
});

// ---- cancelling -------------------------------------------------------------------------------

describe("cancelling the yearly plan", () => {
  it("at the period's end: VIP until then, no renewal amount; ended now: not VIP, the plan still named", async () => {
    const { user } = await yearlyMember();
    const canceling = await manage(user, "cancel-at-period-end");
    expect(await canceling.json<MembershipResponse>()).toMatchObject({
      status: "canceling",
      isVIP: true,
      plan: "yearly",
      renewalAmount: null,
      cancelsAt: new Date(A_YEAR_LATER).toISOString(),
    });
    const ended = await manage(user, "end-now");
    expect(await ended.json<MembershipResponse>()).toMatchObject({
      status: "ended",
      isVIP: false,
      plan: "yearly",
      renewalAmount: null,
      currentPeriodEnd: null,
    });
    expect(await isVip(user.id)).toBe(false);
  });

  it("a customer.subscription.deleted ends a yearly subscription for good; a late switch cannot revive it", async () => {
    const user = await createUser("user");
    const fields = { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id, periodEndMs: A_YEAR_LATER };
    await deliver(planEvent("created", fields, "yearly", 9900, NOW - DAY));
    expect(await isVip(user.id)).toBe(true);
    await deliver(planEvent("deleted", { ...fields, status: "canceled" }, "yearly", 9900, NOW));
    await deliver(planEvent("updated", fields, "monthly", 999, NOW + 1000));
    expect(await subscriptionById(fields.id)).toMatchObject({ status: "canceled", plan: "yearly" });
    expect(await isVip(user.id)).toBe(false);
  });
});

// ---- the admin's yearly price -----------------------------------------------------------------

describe("the yearly price in the settings", () => {
  const storedPrice = () => row<{ value: string }>("SELECT value FROM site_settings WHERE key = 'vipYearlyPriceCents'");

  it.each(NON_ADMIN_ROLES)("is refused as %s (%i %s), storing nothing", async (role) => {
    const user = role === "visitor" ? undefined : await createUser(role);
    const res = await call("/api/admin/settings", { method: "PUT", json: { vipYearlyPriceCents: 100 }, cookie: user?.cookie });
    await expectRefused(res, role);
    expect(await storedPrice()).toBeNull();
  });

  it("is $99.00 until an admin saves one; saved, the site's config and the next checkout carry it", async () => {
    const config = async () => (await call("/api/config")).json<PublicConfig>();
    expect((await config()).vipYearlyPrice).toEqual({ amountCents: 9900, currency: "USD" });
    expect((await config()).vipPrice).toEqual({ amountCents: 999, currency: "USD" });
    const admin = await createUser("admin");
    const get = await call("/api/admin/settings", { cookie: admin.cookie });
    expect((await get.json<{ settings: { vipYearlyPriceCents: number } }>()).settings.vipYearlyPriceCents).toBe(9900);
    await setYearlyPrice(8900);
    expect(await storedPrice()).toEqual({ value: "8900" });
    expect((await config()).vipYearlyPrice).toEqual({ amountCents: 8900, currency: "USD" });
    const user = await createUser("user");
    const sessionId = await startCheckout(user, { plan: "yearly" });
    expect(await row("SELECT amount_cents FROM checkout_sessions WHERE id = ?1", sessionId)).toEqual({ amount_cents: 8900 });
  });

  it("takes the bounds themselves: $1.00 and $1,000.00", async () => {
    await setYearlyPrice(100);
    await setYearlyPrice(100_000);
    expect(await storedPrice()).toEqual({ value: "100000" });
  });

  for (const value of [99, 100_001, 0, -9900, 9900.5, "9900", null, true]) {
    it(`refuses ${JSON.stringify(value)} (400 vip_yearly_price_invalid), storing and auditing nothing`, async () => {
      const admin = await createUser("admin");
      const audits = await count("SELECT count(*) AS n FROM audit_log");
      const res = await call("/api/admin/settings", { method: "PUT", json: { vipYearlyPriceCents: value, sessionTimeoutHours: 48 }, cookie: admin.cookie });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual(ruleError(SETTINGS_MESSAGES.vipYearlyPriceInvalid, "vipYearlyPriceCents"));
      expect((await errorOf(await call("/api/admin/settings", { method: "PUT", json: { vipYearlyPriceCents: value }, cookie: admin.cookie }))).code).toBe(
        "vip_yearly_price_invalid",
      );
      expect(await storedPrice()).toBeNull();
      expect(await count("SELECT count(*) AS n FROM site_settings WHERE key = 'sessionTimeoutHours'")).toBe(0);
      expect(await count("SELECT count(*) AS n FROM audit_log")).toBe(audits);
    });
  }

  it("names its limits in whole dollars", () => {
    expect(ruleError(SETTINGS_MESSAGES.vipYearlyPriceInvalid)).toMatchObject({ code: "vip_yearly_price_invalid", params: { min: 1, max: 1000 } });
  });

  it("reads a stored value out of bounds as the default", async () => {
    await exec("INSERT INTO site_settings (key, value, updated_at) VALUES ('vipYearlyPriceCents', '5', ?1)", NOW);
    expect((await (await call("/api/config")).json<PublicConfig>()).vipYearlyPrice.amountCents).toBe(9900);
  });
});

// ---- "2 months free" and the revenue ----------------------------------------------------------

describe("what the plans are worth", () => {
  it("says 2 months free for $99 against 12 × $9.99, and nothing when the yearly plan saves less than a month", () => {
    expect(monthsFreeOf(9900, 999)).toBe(2);
    expect(monthsFreeOf(9990, 999)).toBe(2);
    expect(monthsFreeOf(9991, 999)).toBe(1);
    expect(monthsFreeOf(10989, 999)).toBe(1);
    expect(monthsFreeOf(10990, 999)).toBe(0);
    expect(monthsFreeOf(11988, 999)).toBe(0);
    expect(monthsFreeOf(20000, 999)).toBe(0);
  });

  it("counts a yearly subscription in the MRR as a twelfth of the yearly price", async () => {
    await D1.prepare("DELETE FROM subscriptions").run();
    const owner = (await createUser("user")).id;
    const insert = (plan: string | null, created: number) =>
      exec(
        "INSERT INTO subscriptions (id, user_id, customer_id, status, plan, cancel_at_period_end, last_event_at, created_at, updated_at) VALUES (?1, ?2, ?3, 'active', ?4, 0, ?5, ?5, ?5)",
        newSubscriptionId(),
        owner,
        newCustomerId(),
        plan,
        created,
      );
    await insert("monthly", Date.UTC(2026, 8, 1, 12));
    await insert(null, Date.UTC(2026, 8, 2)); // no event told its plan yet: monthly, as every older one
    await insert("yearly", Date.UTC(2026, 8, 3));
    await insert("yearly", Date.UTC(2026, 9, 15));
    const body = await readRevenue(db(), { from: "2026-09-01", to: "2026-11-21", timeZone: "UTC" }, { cents: 999, currency: "USD", yearlyCents: 9900 }, NOW);
    expect(body.mrr).toEqual({
      currency: "usd",
      priceCents: 999,
      yearlyPriceCents: 9900,
      subscriptions: 4,
      yearlySubscriptions: 2,
      cents: { value: 2 * 999 + 1650, changePct: null }, // 2 × 9900 / 12 = 1650
      atStart: { subscriptions: 0, cents: 0 },
      monthEnds: [
        { month: "2026-09", subscriptions: 3, cents: 2 * 999 + 825 },
        { month: "2026-10", subscriptions: 4, cents: 2 * 999 + 1650 },
      ],
    });
  });

  it("serves the MRR on /api/admin/revenue with the admin's yearly price", async () => {
    await D1.prepare("DELETE FROM subscriptions").run();
    await yearlyMember();
    await setYearlyPrice(12000);
    const admin = await createUser("admin");
    const res = await call("/api/admin/revenue?from=2026-11-01&to=2026-11-21&tz=UTC", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const { mrr } = await res.json<{ mrr: { subscriptions: number; yearlySubscriptions: number; yearlyPriceCents: number; cents: { value: number } } }>();
    expect(mrr).toMatchObject({ subscriptions: 1, yearlySubscriptions: 1, yearlyPriceCents: 12000, cents: { value: 1000 } });
  });
});
