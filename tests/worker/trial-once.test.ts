// One free trial per member and tier, taken when the provider reports the trialing subscription
// (decision 149): two checkouts of a tier with a trial, both opened before either was paid, give
// one trial; the other subscription is charged its full price from the first day, whether paid
// after the first trial ended or at the same moment, however often its events arrive. Locally the
// test checkout's events do it; live, Stripe is asked to end that trial now (a fake on 127.0.0.1).
// Rows are read with raw SQL, never with the code under test.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { call, callLocal, createUser, ORIGIN, type TestUser } from "./helpers";
import { row } from "./check-in-fixtures";
import { deliver, event, newCustomerId, newSubscriptionId, signatureFor } from "./payments-fixtures";
import { subscriptionObject, type LocalSubscription } from "../../worker/services/membership/local-events";

const TT = "trial-once-tier";
const DAY = 24 * 60 * 60 * 1000;

beforeEach(async () => {
  await env.DB.prepare(
    `INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents, yearly_usd_cents, monthly_brl_cents, trial_days)
     VALUES (?1, 5, 'Trial once', 'Teste uma vez', '#7c3aed', 2499, 24900, 12900, 14)`,
  )
    .bind(TT)
    .run();
  forgetTiers();
});
afterEach(() => vi.restoreAllMocks());

type Sub = { id: string; status: string; tier_id: string };
const subsOf = async (userId: string) =>
  (await env.DB.prepare("SELECT id, status, tier_id FROM subscriptions WHERE user_id = ?1 ORDER BY rowid").bind(userId).all<Sub>()).results;
const takesOf = async (userId: string) =>
  (
    await env.DB.prepare("SELECT subscription_id AS id, granted FROM trial_takes WHERE user_id = ?1 ORDER BY taken_at, rowid")
      .bind(userId)
      .all<{ id: string; granted: number }>()
  ).results;
const revenue = async (userId: string) =>
  (
    await env.DB.prepare("SELECT amount_cents FROM revenue_entries WHERE user_id = ?1 ORDER BY occurred_at").bind(userId).all<{ amount_cents: number }>()
  ).results.map((r) => r.amount_cents);
const memberOf = async (userId: string) => (await row<{ tier_id: string | null; is_vip: number }>("SELECT tier_id, is_vip FROM users WHERE id = ?1", userId))!;

/** Opens a checkout of the tier (a new attempt each time); its local session id and the trial days it was opened with. */
async function openCheckout(user: TestUser) {
  const res = await call("/api/payments/checkout", { json: { tierId: TT, attemptId: crypto.randomUUID() }, cookie: user.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  const session = new URL((await res.json<{ url: string }>()).url, ORIGIN).searchParams.get("session")!;
  const opened = await row<{ trial_days: number }>("SELECT trial_days FROM checkout_sessions WHERE id = ?1", session);
  return { session, trialDays: opened!.trial_days };
}

/** A trialing subscription of the tier as Stripe describes it. */
const trialingSub = (userId: string): LocalSubscription => ({
  id: newSubscriptionId(),
  customerId: newCustomerId(),
  userId,
  status: "trialing",
  periodStart: Date.now(),
  periodEnd: Date.now() + 14 * DAY,
  cancelAtPeriodEnd: false,
  priceCents: 2499,
  currency: "usd",
  plan: "monthly",
  tierId: TT,
});

const pay = (user: TestUser, session: string) => callLocal(`/api/payments/local/checkout/${session}/pay`, { method: "POST", cookie: user.cookie });

describe("two checkouts opened before the first trial, in local payments mode", () => {
  it("the second, paid after the first trial was ended, is charged the full price from day one", async () => {
    const member = await createUser("user");
    const first = await openCheckout(member);
    const second = await openCheckout(member);
    expect([first.trialDays, second.trialDays]).toEqual([14, 14]);
    expect((await pay(member, first.session)).status).toBe(200);
    const [trial] = await subsOf(member.id);
    expect(trial).toMatchObject({ status: "trialing", tier_id: TT });
    expect((await callLocal("/api/payments/local/subscription/end-now", { method: "POST", cookie: member.cookie })).status).toBe(200);
    expect(await memberOf(member.id)).toEqual({ tier_id: null, is_vip: 0 });

    expect((await pay(member, second.session)).status).toBe(200);
    // The provider's trial is ended at once: active with its price paid, never trialing.
    await vi.waitFor(async () => expect((await subsOf(member.id))[1]).toMatchObject({ status: "active", tier_id: TT }), { timeout: 5000 });
    const paid = (await subsOf(member.id))[1]!;
    expect(await takesOf(member.id)).toEqual([
      { id: trial!.id, granted: 1 },
      { id: paid.id, granted: 0 },
    ]);
    expect(await revenue(member.id)).toEqual([2499]);
    expect(await memberOf(member.id)).toEqual({ tier_id: TT, is_vip: 1 });
    const period = await row<{ current_period_end: number }>("SELECT current_period_end FROM subscriptions WHERE id = ?1", paid.id);
    expect(period!.current_period_end).toBeGreaterThan(Date.now() + 27 * DAY);
    expect(period!.current_period_end).toBeLessThan(Date.now() + 32 * DAY);
  });

  it("both paid at once: one trial, one trialing subscription, nothing charged", async () => {
    const member = await createUser("user");
    const [a, b] = [await openCheckout(member), await openCheckout(member)];
    const answers = await Promise.all([pay(member, a.session), pay(member, b.session)]);
    // The second Pay may already find the member on the tier (409), or reach the provider too.
    for (const res of answers) expect([200, 409]).toContain(res.status);
    expect(await subsOf(member.id)).toEqual([expect.objectContaining({ status: "trialing", tier_id: TT })]);
    expect((await takesOf(member.id)).map((t) => t.granted)).toEqual([1]);
    expect(await revenue(member.id)).toEqual([]);
  });

  it("two more trialing subscriptions reported at once after the trial: one kept and charged from day one, the other refused", async () => {
    const member = await createUser("user");
    const first = trialingSub(member.id);
    await deliver(event("customer.subscription.created", subscriptionObject(first, Date.now())));
    await deliver(event("customer.subscription.deleted", subscriptionObject({ ...first, status: "canceled" }, Date.now())));
    const [b, c] = [trialingSub(member.id), trialingSub(member.id)];
    await Promise.all([b, c].map((s) => deliver(event("customer.subscription.created", subscriptionObject(s, Date.now())))));
    await vi.waitFor(async () => expect((await subsOf(member.id)).map((s) => s.status)).toEqual(["canceled", "active"]), { timeout: 5000 });
    expect((await takesOf(member.id)).map((t) => t.granted)).toEqual([1, 0]);
    expect(await revenue(member.id)).toEqual([2499]);
    expect(await memberOf(member.id)).toEqual({ tier_id: TT, is_vip: 1 });
  });
});

describe("two trialing subscriptions reported by live Stripe", { timeout: 30_000 }, () => {
  const LIVE = {
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_PRICE_ID: "price_vip",
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: "12111",
    STRIPE_API_PROTOCOL: "http",
  };
  type StripeCall = { path: string; form: Record<string, string>; key: string | null };

  function fakeStripe() {
    const calls: StripeCall[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = new URL(String(input));
      const form = Object.fromEntries(new URLSearchParams(typeof init?.body === "string" ? init.body : ""));
      calls.push({ path: url.pathname, form, key: new Headers(init?.headers).get("idempotency-key") });
      return Response.json({ id: url.pathname.split("/").pop(), object: "subscription" });
    });
    return calls;
  }

  /** A webhook delivery to the Worker in live mode, answered once its follow-ups are done. */
  async function liveWebhook(e: ReturnType<typeof event>) {
    const raw = JSON.stringify(e);
    const ctx = createExecutionContext();
    const headers = { "stripe-signature": await signatureFor(raw), "content-type": "application/json" };
    const res = await worker.fetch(new Request(`${ORIGIN}/api/stripe/webhook`, { method: "POST", headers, body: raw }), { ...env, ...LIVE }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json<{ outcome: string }>()).outcome;
  }

  it("the second trial is ended at Stripe once, however often its event comes; the member gets nothing until it is paid", async () => {
    const member = await createUser("user");
    const first = trialingSub(member.id);
    await deliver(event("customer.subscription.created", subscriptionObject(first, Date.now())));
    await deliver(event("customer.subscription.deleted", subscriptionObject({ ...first, status: "canceled" }, Date.now())));
    const calls = fakeStripe();
    const second = trialingSub(member.id);
    const created = event("customer.subscription.created", subscriptionObject(second, Date.now()));
    expect(await liveWebhook(created)).toBe("applied");
    expect(calls).toEqual([
      { path: `/v1/subscriptions/${second.id}`, form: { trial_end: "now", proration_behavior: "none" }, key: `trial-refused:${second.id}` },
    ]);
    expect((await subsOf(member.id))[1]).toMatchObject({ id: second.id, status: "incomplete" });
    expect(await memberOf(member.id)).toEqual({ tier_id: null, is_vip: 0 });
    // The same event again, and another trialing update of it: no second call, still nothing given.
    expect(await liveWebhook(created)).toBe("duplicate");
    expect(await liveWebhook({ ...created, id: `${created.id}_again` })).toBe("applied");
    expect(calls).toHaveLength(1);
    expect((await subsOf(member.id))[1]).toMatchObject({ status: "incomplete" });
    expect(await memberOf(member.id)).toEqual({ tier_id: null, is_vip: 0 });
  });
});
