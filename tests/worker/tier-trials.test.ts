// Free trials (decision 102) through the Worker in local payments mode and through verified
// webhook events shaped as live Stripe sends them: a tier's trial_days start a trial once per
// member per tier (the Worker decides, nothing paid, no revenue), the trial's end charges the
// tier's price or, cancelled, leaves the member on the free tier; replayed and out-of-order events
// leave the right tier; the trialing member passes the tier's gates.
// Rows are read with raw SQL, never with the code under test.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MembershipResponse } from "../../worker/contracts/payments";
import type { PostResponse } from "../../worker/contracts/feed";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { sendRenewalReminders } from "../../worker/services/notifications/membership";
import type { AppEnv } from "../../worker/env";
import { call, callLocal, createUser, db, SESSION_COOKIE, type TestUser } from "./helpers";
import { createSession } from "../../worker/db/auth";
import { randomToken, sha256Hex } from "../../worker/lib/crypto";
import { freezeClock, row, setClock } from "./check-in-fixtures";
import { deliver, event, newCustomerId, newSubscriptionId } from "./payments-fixtures";
import { checkoutSessionObject, invoiceObject, subscriptionObject, type LocalSubscription } from "../../worker/services/membership/local-events";

/** Saturday 21 November 2026, 17:00:30 UTC. */
const NOW = Date.UTC(2026, 10, 21, 17, 0, 30);
const DAY = 24 * 60 * 60 * 1000;
/** A tier with a 14-day trial; `no-trial` is sold without one. */
const TT = "trial-tier";
const TRIAL_END = NOW + 14 * DAY;

async function ensureTier(id: string, rank: number, trialDays: number) {
  await env.DB.prepare(
    `INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents, yearly_usd_cents, monthly_brl_cents, trial_days)
     VALUES (?, ?, ?, ?, '#7c3aed', 2499, 24900, 12900, ?)`,
  )
    .bind(id, rank, `Tier ${id}`, `Nível ${id}`, trialDays)
    .run();
  forgetTiers();
}

beforeEach(async () => {
  freezeClock(NOW);
  await ensureTier(TT, 3, 14);
  await ensureTier("no-trial", 4, 0);
});
afterEach(() => vi.useRealTimers());

type SubRow = { id: string; status: string; tier_id: string; current_period_end: number; price_cents: number; cancel_at_period_end: number };
const subOf = (userId: string) => row<SubRow>("SELECT * FROM subscriptions WHERE user_id = ?1 ORDER BY updated_at DESC, created_at DESC LIMIT 1", userId);
const memberOf = async (userId: string) => (await row<{ tier_id: string | null; is_vip: number }>("SELECT tier_id, is_vip FROM users WHERE id = ?1", userId))!;
const revenue = async (userId: string) =>
  (
    await env.DB.prepare("SELECT amount_cents FROM revenue_entries WHERE user_id = ?1 ORDER BY occurred_at").bind(userId).all<{ amount_cents: number }>()
  ).results.map((r) => r.amount_cents);
const trialDaysOf = async (sessionId: string) =>
  (await row<{ trial_days: number }>("SELECT trial_days FROM checkout_sessions WHERE id = ?1", sessionId))!.trial_days;

const checkout = (user: TestUser | undefined, json: unknown) => call("/api/payments/checkout", { json, cookie: user?.cookie });
const renew = (user: TestUser) => callLocal("/api/payments/local/subscription/renew", { method: "POST", cookie: user.cookie });
const membership = async (user: TestUser) => (await call("/api/payments/membership", { cookie: user.cookie })).json<MembershipResponse>();

/** The trial's end comes: the clock moves there and the member signs in again (the old session has lapsed). */
async function atTrialEnd(user: TestUser): Promise<TestUser> {
  setClock(TRIAL_END);
  const token = randomToken(32);
  await createSession(db(), user.id, await sha256Hex(token));
  return { ...user, cookie: `${SESSION_COOKIE}=${token}` };
}

/** Opens a checkout of `json` (the browser saying nothing of a trial) and pays it on the local test checkout. */
async function subscribe(user: TestUser, json: Record<string, unknown>) {
  const res = await checkout(user, json);
  expect(res.status, await res.clone().text()).toBe(200);
  const session = new URL((await res.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
  const paid = await callLocal(`/api/payments/local/checkout/${session}/pay`, { method: "POST", cookie: user.cookie });
  expect(paid.status, await paid.clone().text()).toBe(200);
  return session;
}

describe("a trial in local payments mode", () => {
  it("starts from the tier's own trial days: trialing until its end, nothing charged, the tier given", async () => {
    const member = await createUser("user");
    // The browser has no say about a trial (the body's keys are fixed): the Worker reads the tier's row.
    expect((await checkout(member, { tierId: TT, trialDays: 90 })).status).toBe(400);
    const session = await subscribe(member, { tierId: TT });
    expect(await trialDaysOf(session)).toBe(14);
    expect(await subOf(member.id)).toMatchObject({ status: "trialing", tier_id: TT, current_period_end: TRIAL_END, price_cents: 2499 });
    expect(await memberOf(member.id)).toEqual({ tier_id: TT, is_vip: 1 });
    expect(await revenue(member.id)).toEqual([]);
    expect(await row("SELECT count(*) AS n FROM vip_payments WHERE user_id = ?1", member.id)).toEqual({ n: 0 });
    expect(await membership(member)).toMatchObject({
      status: "active",
      trialEndsAt: new Date(TRIAL_END).toISOString(),
      renewalAmount: { cents: 2499, currency: "USD" },
      tierId: TT,
    });
  });

  it("the trial's checkout says Pay charges nothing today: its days on the status, 0 and no tax in the preview", async () => {
    const member = await createUser("user");
    const res = await checkout(member, { tierId: TT });
    expect(res.status).toBe(200);
    const session = new URL((await res.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
    const status = await call(`/api/payments/checkout/${session}/status`, { cookie: member.cookie });
    // The tier it sells, named in both languages for the checkout's item line.
    expect(await status.json()).toMatchObject({
      tier: { id: TT, name: { en: `Tier ${TT}`, ptBR: `Nível ${TT}` } },
      plan: "monthly",
      amount: { cents: 2499, currency: "USD" },
      trialDays: 14,
    });
    const preview = await callLocal(`/api/payments/local/checkout/${session}/tax`, { json: { country: "DE", state: null }, cookie: member.cookie });
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({ amountCents: 0, taxCents: 0, totalCents: 0 });
    // A tier without a trial says nothing of one.
    const other = await createUser("user");
    const plain = await checkout(other, { tierId: "no-trial" });
    const plainSession = new URL((await plain.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
    const plainStatus = await (await call(`/api/payments/checkout/${plainSession}/status`, { cookie: other.cookie })).json<Record<string, unknown>>();
    expect(plainStatus).toMatchObject({ amount: { cents: 2499, currency: "USD" } });
    expect(plainStatus).not.toHaveProperty("trialDays");
  });

  it("a tier without trial days, and VIP, charge at once", async () => {
    const member = await createUser("user");
    const session = await subscribe(member, { tierId: "no-trial" });
    expect(await trialDaysOf(session)).toBe(0);
    expect(await subOf(member.id)).toMatchObject({ status: "active", tier_id: "no-trial" });
    expect(await revenue(member.id)).toEqual([2499]);
    expect((await membership(member)).trialEndsAt).toBeNull();
  });

  it("the trial's end charges the tier's price: active, a new period, one revenue row", async () => {
    const member = await createUser("user");
    await subscribe(member, { tierId: TT });
    const res = await renew(await atTrialEnd(member));
    expect(res.status).toBe(200);
    expect(await res.json<MembershipResponse>()).toMatchObject({ status: "active", trialEndsAt: null, tierId: TT });
    expect(await subOf(member.id)).toMatchObject({ status: "active", tier_id: TT, current_period_end: Date.UTC(2027, 0, 5, 17, 0, 30) });
    expect(await memberOf(member.id)).toEqual({ tier_id: TT, is_vip: 1 });
    expect(await revenue(member.id)).toEqual([2499]);
  });

  it("cancelled during the trial: nothing is charged at its end and the member is back on the free tier", async () => {
    const member = await createUser("user");
    await subscribe(member, { tierId: TT });
    const cancelled = await call("/api/payments/subscription/cancel", { json: { reason: "not_using" }, cookie: member.cookie });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json<MembershipResponse>()).toMatchObject({ status: "canceling", trialEndsAt: new Date(TRIAL_END).toISOString() });
    expect(await memberOf(member.id)).toEqual({ tier_id: TT, is_vip: 1 }); // the trial runs to its end
    expect((await renew(await atTrialEnd(member))).status).toBe(200);
    expect(await subOf(member.id)).toMatchObject({ status: "canceled", tier_id: TT });
    expect(await memberOf(member.id)).toEqual({ tier_id: null, is_vip: 0 });
    expect(await revenue(member.id)).toEqual([]);
  });

  it("a second checkout of the same tier pays at once; another tier's trial is still there", async () => {
    const member = await createUser("user");
    await subscribe(member, { tierId: TT });
    await call("/api/payments/subscription/cancel", { json: { reason: "not_using" }, cookie: member.cookie });
    const later = await atTrialEnd(member);
    await renew(later);
    const again = await subscribe(later, { tierId: TT });
    expect(await trialDaysOf(again)).toBe(0);
    expect(await subOf(member.id)).toMatchObject({ status: "active", tier_id: TT });
    expect(await revenue(member.id)).toEqual([2499]);
    // A member who paid for the tier without a trial gets none later either.
    const payer = await createUser("user");
    await env.DB.prepare(
      "INSERT INTO subscriptions (id, user_id, customer_id, status, last_event_at, updated_at, tier_id) VALUES (?, ?, 'cus_t', 'canceled', 1, 1, ?)",
    )
      .bind(newSubscriptionId(), payer.id, TT)
      .run();
    expect(await trialDaysOf(await subscribe(payer, { tierId: TT }))).toBe(0);
  });

  it("refuses a visitor, and a member already on the tier, storing nothing", async () => {
    expect((await checkout(undefined, { tierId: TT })).status).toBe(401);
    const member = await createUser("user");
    await subscribe(member, { tierId: TT });
    const res = await checkout(member, { tierId: TT });
    expect(res.status).toBe(409);
    expect(await row("SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ?1", member.id)).toEqual({ n: 1 });
  });

  it("the trialing member passes the tier's gate; back on the free tier, the post is locked", async () => {
    const author = await createUser("admin");
    const created = await call("/api/posts", { json: { content: "Trialfeather stems", visibility: "vip", tiers: { minTier: TT } }, cookie: author.cookie });
    expect(created.status).toBe(201);
    const postId = (await created.json<PostResponse>()).post.id;
    let member = await createUser("user");
    const read = async () => (await (await call(`/api/posts/${postId}`, { cookie: member.cookie })).json<PostResponse>()).post;
    expect(await read()).toMatchObject({ locked: true, content: "" });
    await subscribe(member, { tierId: TT });
    expect(await read()).toMatchObject({ locked: false, content: "Trialfeather stems" });
    await call("/api/payments/subscription/cancel", { json: { reason: "not_using" }, cookie: member.cookie });
    member = await atTrialEnd(member);
    await renew(member);
    expect(await read()).toMatchObject({ locked: true, content: "" });
  });
});

describe("a trial through live-shaped webhook events", () => {
  /** The subscription as Stripe describes it at each step; times in seconds as Stripe's `created`. */
  function trialOf(userId: string): LocalSubscription {
    return {
      id: newSubscriptionId(),
      customerId: newCustomerId(),
      userId,
      status: "trialing",
      periodStart: NOW,
      periodEnd: TRIAL_END,
      cancelAtPeriodEnd: false,
      priceCents: 2499,
      currency: "usd",
      plan: "monthly",
      tierId: TT,
    };
  }
  const started = (sub: LocalSubscription) => [
    event(
      "checkout.session.completed",
      {
        ...checkoutSessionObject({
          id: `cs_test_${crypto.randomUUID()}`,
          userId: sub.userId,
          status: "complete",
          paymentStatus: "paid",
          customerId: sub.customerId,
          subscriptionId: sub.id,
          tierId: TT,
        }),
        payment_status: "no_payment_required",
      },
      NOW,
    ),
    event("customer.subscription.created", subscriptionObject(sub, NOW), NOW),
    event("invoice.paid", invoiceObject(sub, { amountPaid: 0 }), NOW),
  ];

  it("trialing -> active, out of order and replayed: the tier stays, the first charge counted once", async () => {
    const member = await createUser("user");
    const sub = trialOf(member.id);
    const [done, created, trialInvoice] = started(sub);
    // The checkout's event first, then the subscription's, then the trial's zero invoice (which must not end the trial).
    await deliver(done!, created!, trialInvoice!);
    expect(await subOf(member.id)).toMatchObject({ status: "trialing", tier_id: TT });
    expect(await memberOf(member.id)).toEqual({ tier_id: TT, is_vip: 1 });
    const paid = { ...sub, status: "active", periodStart: TRIAL_END, periodEnd: Date.UTC(2027, 0, 5, 17, 0, 30) };
    const at = TRIAL_END + 1000;
    const invoice = event("invoice.paid", invoiceObject(paid, { reason: "subscription_cycle" }), at);
    const updated = event("customer.subscription.updated", subscriptionObject(paid, at), at);
    // The paid invoice before the subscription's update; then both again, and the trial's old events.
    await deliver(invoice, updated);
    expect(await deliver(invoice, updated)).toEqual(["duplicate", "duplicate"]);
    await deliver({ ...created!, id: `${created!.id}_late` }, { ...trialInvoice!, id: `${trialInvoice!.id}_late` });
    expect(await subOf(member.id)).toMatchObject({ status: "active", tier_id: TT, current_period_end: paid.periodEnd });
    expect(await memberOf(member.id)).toEqual({ tier_id: TT, is_vip: 1 });
    expect(await revenue(member.id)).toEqual([2499]);
  });

  it("trialing -> canceled: back to the free tier, whatever arrives late", async () => {
    const member = await createUser("user");
    const sub = trialOf(member.id);
    await deliver(...started(sub));
    const cancelAt = NOW + DAY;
    const cancelling = event("customer.subscription.updated", subscriptionObject({ ...sub, cancelAtPeriodEnd: true }, cancelAt), cancelAt);
    const deleted = event("customer.subscription.deleted", subscriptionObject({ ...sub, status: "canceled" }, TRIAL_END), TRIAL_END);
    // The end arrives before the cancellation; then the trial's start again.
    await deliver(deleted, cancelling);
    await deliver(...started(sub).map((e) => ({ ...e, id: `${e.id}_again` })));
    expect(await subOf(member.id)).toMatchObject({ status: "canceled", tier_id: TT });
    expect(await memberOf(member.id)).toEqual({ tier_id: null, is_vip: 0 });
    expect(await revenue(member.id)).toEqual([]);
  });
});

describe("the mail before the trial ends", () => {
  const appEnv = env as unknown as AppEnv;
  type Note = { id: string; kind: string; params: string };
  const notesOf = async (userId: string) =>
    (
      await env.DB.prepare(
        "SELECT e.id, e.kind, e.params FROM notifications n JOIN notification_events e ON e.id = n.event_id WHERE n.user_id = ?1 AND e.kind IN ('trial_ending', 'renewal_soon')",
      )
        .bind(userId)
        .all<Note>()
    ).results;
  const mailsTo = async (to: string) =>
    (await env.DB.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = ?1").bind(to).all<{ subject: string; text: string }>())
      .results;

  it("3 days before, once, with the date, the amount and how to cancel, in the member's language; not for a cancelled trial", async () => {
    const member = await createUser("user");
    const cancelled = await createUser("user");
    await env.DB.prepare("UPDATE users SET locale = 'pt-BR' WHERE id = ?1").bind(member.id).run();
    await subscribe(member, { tierId: TT });
    await subscribe(cancelled, { tierId: TT });
    await call("/api/payments/subscription/cancel", { json: { reason: "not_using" }, cookie: cancelled.cookie });

    // Four days before: not yet. (Other tests' trials share the database: only these members are read.)
    await sendRenewalReminders(appEnv, db(), TRIAL_END - 4 * DAY);
    expect(await notesOf(member.id)).toEqual([]);
    // Within three days: once, however often the hourly cron runs.
    await sendRenewalReminders(appEnv, db(), TRIAL_END - 3 * DAY + 1000);
    await sendRenewalReminders(appEnv, db(), TRIAL_END - 2 * DAY);
    const sub = (await subOf(member.id))!;
    const notes = await vi.waitFor(
      async () => {
        const rows = await notesOf(member.id);
        expect(rows).toHaveLength(1);
        return rows;
      },
      { timeout: 5000, interval: 50 },
    );
    expect(notes[0]).toMatchObject({ id: `trial_ending:${sub.id}:${TRIAL_END}`, kind: "trial_ending" });
    expect(JSON.parse(notes[0]!.params)).toEqual({
      at: new Date(TRIAL_END).toISOString(),
      title: `Tier ${TT}`,
      titlePtBr: `Nível ${TT}`,
      cents: 2499,
      currency: "USD",
    });
    const [mail] = await vi.waitFor(
      async () => {
        const mails = await mailsTo(member.email);
        expect(mails).toHaveLength(1);
        return mails;
      },
      { timeout: 5000, interval: 50 },
    );
    expect(mail!.subject).toContain("Seu teste grátis termina em 5 de dezembro de 2026");
    expect(mail!.text.replace(/\u00a0/g, " ")).toContain("US$ 24,99 será cobrado pelo Nível trial-tier");
    expect(mail!.text).toContain("cancele antes");
    expect(await notesOf(cancelled.id)).toEqual([]);
  });
});
