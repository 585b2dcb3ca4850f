// /api/payments/*: checkout, the result page's status, membership, portal, and the local test
// checkout (pay / decline / cancel, manage membership). The test env runs in local mode.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import type { CheckoutStatusResponse, LocalCheckoutResultResponse, MembershipResponse } from "../../worker/contracts/payments";
import { call, callLocal, createUser, errorOf, LOCAL_ORIGIN, type TestUser } from "./helpers";
import {
  DAY_MS,
  checkoutRow,
  customerOf,
  deliver,
  invoiceEvent,
  isVip,
  paymentStateOf,
  subscribeViaEvents,
  subscriptionEvent,
  subscriptionRow,
} from "./payments-fixtures";

/** Checkout is also limited per IP: give each test member its own address. */
const ipOf = (user: TestUser) => `10.0.${user.id.charCodeAt(0)}.${user.id.charCodeAt(1)}`;

async function startCheckout(user: TestUser, json: unknown = {}) {
  const res = await call("/api/payments/checkout", { json, cookie: user.cookie, headers: { "cf-connecting-ip": ipOf(user) } });
  expect(res.status).toBe(200);
  const { url } = await res.json<{ url: string }>();
  const parsed = new URL(url, "https://fans.test");
  expect(parsed.pathname).toBe("/vip-checkout/test");
  return parsed.searchParams.get("session")!;
}

const local = (user: TestUser, sessionId: string, action: string) =>
  callLocal(`/api/payments/local/checkout/${sessionId}/${action}`, { method: "POST", cookie: user.cookie });
const status = (user: TestUser, sessionId: string) => call(`/api/payments/checkout/${sessionId}/status`, { cookie: user.cookie });
const membership = async (user: TestUser) => (await call("/api/payments/membership", { cookie: user.cookie })).json<MembershipResponse>();
const manage = (user: TestUser, action: string) => callLocal(`/api/payments/local/subscription/${action}`, { method: "POST", cookie: user.cookie });

async function payLocally(user: TestUser) {
  const sessionId = await startCheckout(user);
  const res = await local(user, sessionId, "pay");
  expect(res.status).toBe(200);
  return { sessionId, body: await res.json<LocalCheckoutResultResponse>() };
}

describe("POST /api/payments/checkout", () => {
  it("refuses a visitor (401)", async () => {
    const res = await call("/api/payments/checkout", { json: {} });
    expect(res.status).toBe(401);
  });

  it("refuses a member who is already VIP (409 already_vip, clear message)", async () => {
    const vip = await createUser("vip");
    const res = await call("/api/payments/checkout", { json: {}, cookie: vip.cookie });
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.code).toBe("already_vip");
    expect(error.message).toMatch(/already a VIP member/);
  });

  it("opens a local test checkout for a member and remembers it as pending", async () => {
    const user = await createUser("user");
    const sessionId = await startCheckout(user);
    expect(sessionId).toMatch(/^cs_local_/);
    const row = await checkoutRow(sessionId);
    expect(row).toMatchObject({ userId: user.id, mode: "local", status: "pending" });
    expect(await isVip(user.id)).toBe(false);
    expect(await (await status(user, sessionId)).json()).toMatchObject({ tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } }, plan: "monthly" });
  });

  it("reuses the session when the same attempt is retried", async () => {
    const user = await createUser("user");
    const attemptId = crypto.randomUUID();
    const first = await startCheckout(user, { attemptId });
    const second = await startCheckout(user, { attemptId });
    expect(second).toBe(first);
    expect(await startCheckout(user, { attemptId: crypto.randomUUID() })).not.toBe(first);
  });

  it("refuses unknown fields and a malformed attempt id (400)", async () => {
    const user = await createUser("user");
    for (const json of [{ isVip: true }, { attemptId: "not-a-uuid" }, { price: 1 }]) {
      const res = await call("/api/payments/checkout", { json, cookie: user.cookie });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    }
  });

  it("refuses a cross-site request (CSRF)", async () => {
    const user = await createUser("user");
    const res = await call("/api/payments/checkout", { json: {}, cookie: user.cookie, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
  });

  it("is rate limited per account (429)", async () => {
    const user = await createUser("user");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call("/api/payments/checkout", { json: {}, cookie: user.cookie })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("lets a member whose earlier subscription ended subscribe again", async () => {
    const user = await createUser("user");
    const sub = await subscribeViaEvents(user.id, { createdMs: Date.now() - 40 * DAY_MS });
    await deliver(subscriptionEvent("deleted", { ...sub, status: "canceled" }));
    expect((await membership(user)).status).toBe("ended");
    await startCheckout(user);
  });

  it("lets a member whose grace period ran out subscribe again (VIP ended at read time)", async () => {
    const user = await createUser("user");
    const sub = await subscribeViaEvents(user.id, { createdMs: Date.now() - 40 * DAY_MS });
    await deliver(invoiceEvent("invoice.payment_failed", { subscriptionId: sub.id, customerId: sub.customerId }, Date.now() - 3 * DAY_MS + 60_000));
    expect(await isVip(user.id)).toBe(true); // still inside the grace period when applied
    // Three days after the first failure: simulated by moving the failure back in time.
    await env.DB.prepare("UPDATE subscriptions SET past_due_since = ? WHERE id = ?")
      .bind(Date.now() - 3 * DAY_MS - 1, sub.id)
      .run();
    await startCheckout(user);
    expect(await isVip(user.id)).toBe(false);
  });

  it("in live mode, a Stripe failure gives 502 payment_failed and writes nothing", async () => {
    const user = await createUser("user");
    const before = await paymentStateOf(user.id);
    const liveEnv = {
      ...env,
      STRIPE_SECRET_KEY: "sk_test_unreachable",
      STRIPE_PRICE_ID: "price_vip",
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: "9",
      STRIPE_API_PROTOCOL: "http",
    };
    // Stripe cannot be reached: every request to it fails as a refused connection does. Faked,
    // because a real refused connection makes workerd log a stack even when the error is handled.
    const unreachable = vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost."));
    try {
      const res = await worker.fetch(
        new Request("https://fans.test/api/payments/checkout", {
          method: "POST",
          body: "{}",
          headers: { "content-type": "application/json", origin: "https://fans.test", cookie: user.cookie },
        }),
        liveEnv,
        createExecutionContext(),
      );
      expect(res.status).toBe(502);
      expect(await errorOf(res)).toEqual({ code: "payment_failed", message: "Payment failed. Please try again." });
      // Both tries (the SDK retries once) went to the configured API address.
      expect(unreachable.mock.calls.map(([input]) => String(input))).toEqual([
        "http://127.0.0.1:9/v1/checkout/sessions",
        "http://127.0.0.1:9/v1/checkout/sessions",
      ]);
    } finally {
      unreachable.mockRestore();
    }
    const after = await paymentStateOf(user.id);
    expect(after).toEqual(before);
  });

  it("in production without a Stripe key, refuses to take payments (503) rather than using the test checkout", async () => {
    const user = await createUser("user");
    const res = await worker.fetch(
      new Request("https://fans.test/api/payments/checkout", {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json", origin: "https://fans.test", cookie: user.cookie },
      }),
      { ...env, APP_ENV: "production" },
      createExecutionContext(),
    );
    expect(res.status).toBe(503);
    expect((await errorOf(res)).code).toBe("payments_unavailable");
  });
});

describe("local test checkout", () => {
  it("pay: the member becomes VIP through signed events; the result page's status says so", async () => {
    const user = await createUser("user");
    const { sessionId, body } = await payLocally(user);
    expect(body.redirectTo).toBe(`/vip-confirmation?session_id=${sessionId}`);
    expect(await isVip(user.id)).toBe(true);
    expect(await (await status(user, sessionId)).json<CheckoutStatusResponse>()).toEqual({
      status: "complete",
      isVIP: true,
      tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
      plan: "monthly",
      amount: { cents: 999, currency: "USD" },
    });
    const m = await membership(user);
    expect(m.status).toBe("active");
    expect(m.isVIP).toBe(true);
    expect(m.cancelAtPeriodEnd).toBe(false);
    expect(new Date(m.currentPeriodEnd!).getTime()).toBeGreaterThan(Date.now() + 27 * DAY_MS);
    expect(m.canManage).toBe(true);
    expect((await customerOf(user.id))?.customerId).toMatch(/^cus_local_/);
  });

  it("decline: the checkout fails and nothing is granted", async () => {
    const user = await createUser("user");
    const sessionId = await startCheckout(user);
    const res = await local(user, sessionId, "decline");
    expect(res.status).toBe(200);
    expect((await res.json<LocalCheckoutResultResponse>()).redirectTo).toBe(`/vip-confirmation?session_id=${sessionId}&redirect_status=failed`);
    expect(await (await status(user, sessionId)).json<CheckoutStatusResponse>()).toEqual({
      status: "failed",
      isVIP: false,
      tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
      plan: "monthly",
      amount: { cents: 999, currency: "USD" },
    });
    expect((await membership(user)).status).toBe("none");
  });

  it("cancel: back to the sign-up page, the session canceled, nothing granted", async () => {
    const user = await createUser("user");
    const sessionId = await startCheckout(user);
    const res = await local(user, sessionId, "cancel");
    expect((await res.json<LocalCheckoutResultResponse>()).redirectTo).toBe("/vip-signup");
    expect((await checkoutRow(sessionId))?.status).toBe("canceled");
    expect(await isVip(user.id)).toBe(false);
  });

  it("a finished checkout cannot be paid again (409)", async () => {
    const user = await createUser("user");
    const sessionId = await startCheckout(user);
    expect((await local(user, sessionId, "decline")).status).toBe(200);
    expect((await checkoutRow(sessionId))?.status).toBe("failed");
    const res = await local(user, sessionId, "pay");
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("checkout_finished");
    expect(await isVip(user.id)).toBe(false);
  });

  it("a second open checkout cannot be paid once the member is VIP (no double subscription)", async () => {
    const user = await createUser("user");
    const spare = await startCheckout(user);
    await payLocally(user);
    const res = await local(user, spare, "pay");
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("already_vip");
  });

  it("someone else's checkout session is 404 for every action and for its status", async () => {
    const owner = await createUser("user");
    const other = await createUser("user");
    const sessionId = await startCheckout(owner);
    for (const action of ["pay", "decline", "cancel"]) expect((await local(other, sessionId, action)).status).toBe(404);
    expect((await status(other, sessionId)).status).toBe(404);
    expect((await checkoutRow(sessionId))?.status).toBe("pending");
    expect(await isVip(other.id)).toBe(false);
  });

  it("refuses visitors, unknown sessions, unknown actions and malformed ids", async () => {
    const user = await createUser("user");
    const sessionId = await startCheckout(user);
    expect((await callLocal(`/api/payments/local/checkout/${sessionId}/pay`, { method: "POST" })).status).toBe(401);
    expect((await local(user, "cs_local_doesnotexist", "pay")).status).toBe(404);
    expect((await local(user, sessionId, "refund")).status).toBe(400);
    expect((await status(user, "bad id!")).status).toBe(400);
    expect((await call(`/api/payments/checkout/${sessionId}/status`)).status).toBe(401);
  });

  it("the local endpoints do not exist outside local mode (404)", async () => {
    const user = await createUser("user");
    const sessionId = await startCheckout(user);
    const liveEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PRICE_ID: "price_vip" };
    for (const path of [`/api/payments/local/checkout/${sessionId}/pay`, "/api/payments/local/subscription/end-now"]) {
      const res = await worker.fetch(
        new Request(`${LOCAL_ORIGIN}${path}`, { method: "POST", headers: { origin: LOCAL_ORIGIN, cookie: user.cookie } }),
        liveEnv,
        createExecutionContext(),
      );
      expect(res.status).toBe(404);
    }
    expect(await isVip(user.id)).toBe(false);
  });

  it("the local endpoints do not exist on a public host, even in local payments mode (404, nothing paid)", async () => {
    const user = await createUser("user");
    const sessionId = await startCheckout(user);
    const res = await call(`/api/payments/local/checkout/${sessionId}/pay`, { method: "POST", cookie: user.cookie });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("not_found");
    expect((await call("/api/payments/local/subscription/end-now", { method: "POST", cookie: user.cookie })).status).toBe(404);
    expect((await checkoutRow(sessionId))?.status).toBe("pending");
    expect(await isVip(user.id)).toBe(false);
    // The same request from the developer's own machine goes through.
    expect((await local(user, sessionId, "pay")).status).toBe(200);
    expect(await isVip(user.id)).toBe(true);
  });
});

describe("membership and self-service", () => {
  it("a member who never subscribed has no membership and nothing to manage", async () => {
    const user = await createUser("user");
    expect(await membership(user)).toEqual({
      status: "none",
      isVIP: false,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      cancelsAt: null,
      graceEndsAt: null,
      canManage: false,
      plan: null,
      renewalAmount: null,
      tierId: null,
      pendingChange: null,
      trialEndsAt: null,
      hadTierIds: [],
    });
    const portal = await call("/api/payments/portal", { method: "POST", cookie: user.cookie });
    expect(portal.status).toBe(404);
    expect((await errorOf(portal)).code).toBe("no_membership");
    expect((await manage(user, "end-now")).status).toBe(404);
  });

  it("membership and portal need a signed-in member", async () => {
    expect((await call("/api/payments/membership")).status).toBe(401);
    expect((await call("/api/payments/portal", { method: "POST" })).status).toBe(401);
  });

  it("portal sends a local member to the local manage page", async () => {
    const user = await createUser("user");
    await payLocally(user);
    const res = await call("/api/payments/portal", { method: "POST", cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: "/vip-membership/manage" });
  });

  it("cancel at period end keeps VIP and says when it ends; resume undoes it", async () => {
    const user = await createUser("user");
    await payLocally(user);
    const periodEnd = (await membership(user)).currentPeriodEnd;

    const canceled = await manage(user, "cancel-at-period-end");
    expect(canceled.status).toBe(200);
    const m = await canceled.json<MembershipResponse>();
    expect(m.status).toBe("canceling");
    expect(m.cancelAtPeriodEnd).toBe(true);
    expect(m.cancelsAt).toBe(periodEnd);
    expect(m.isVIP).toBe(true);

    const resumed = await (await manage(user, "resume")).json<MembershipResponse>();
    expect(resumed.status).toBe("active");
    expect(resumed.cancelsAt).toBeNull();
    expect(await isVip(user.id)).toBe(true);
  });

  it("end now ends VIP; the member can subscribe again and becomes VIP again", async () => {
    const user = await createUser("user");
    await payLocally(user);
    const ended = await (await manage(user, "end-now")).json<MembershipResponse>();
    expect(ended.status).toBe("ended");
    expect(ended.isVIP).toBe(false);
    expect(await isVip(user.id)).toBe(false);
    expect((await manage(user, "resume")).status).toBe(404); // nothing left to manage

    await payLocally(user);
    expect(await isVip(user.id)).toBe(true);
    expect((await membership(user)).status).toBe("active");
  });

  it("local manage only touches the member's own subscription", async () => {
    const owner = await createUser("user");
    const other = await createUser("user");
    await payLocally(owner);
    await payLocally(other);
    expect((await manage(other, "end-now")).status).toBe(200);
    expect(await isVip(other.id)).toBe(false);
    expect(await isVip(owner.id)).toBe(true);
    expect((await membership(owner)).status).toBe("active");
  });

  it("a past-due membership shows when the grace period ends", async () => {
    const user = await createUser("user");
    const sub = await subscribeViaEvents(user.id, { createdMs: Date.now() - 31 * DAY_MS });
    await deliver(invoiceEvent("invoice.payment_failed", { subscriptionId: sub.id, customerId: sub.customerId }, Date.now() - DAY_MS));
    const m = await membership(user);
    expect(m.status).toBe("past_due");
    expect(m.isVIP).toBe(true);
    expect(Math.abs(new Date(m.graceEndsAt!).getTime() - (Math.floor((Date.now() - DAY_MS) / 1000) * 1000 + 3 * DAY_MS))).toBeLessThan(5000);
    expect((await subscriptionRow(sub.id))?.status).toBe("past_due");
  });
});

describe("the local test checkout under concurrent clicks", () => {
  const subscriptionsOf = async (userId: string) =>
    (await (env as unknown as { DB: D1Database }).DB.prepare(`SELECT id, status FROM subscriptions WHERE user_id = ?`).bind(userId).all<{ id: string }>())
      .results;

  it("20 concurrent pays on one session make one subscription; the others are 409 checkout_finished (or already VIP); ending it ends VIP", async () => {
    const user = await createUser("user");
    const sessionId = await startCheckout(user);
    const answers = await Promise.all(Array.from({ length: 20 }, () => local(user, sessionId, "pay")));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    for (const res of answers.filter((r) => r.status === 409)) expect(["checkout_finished", "already_vip"]).toContain((await errorOf(res)).code);
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
    expect((await checkoutRow(sessionId))?.status).toBe("complete");
    expect(await isVip(user.id)).toBe(true);

    expect((await manage(user, "end-now")).status).toBe(200);
    expect(await isVip(user.id)).toBe(false);
  });

  it("a pay racing a cancel on one session: one of them wins, never both", async () => {
    const user = await createUser("user");
    const sessionId = await startCheckout(user);
    const [pay, cancel] = await Promise.all([local(user, sessionId, "pay"), local(user, sessionId, "cancel")]);
    expect([pay.status, cancel.status].sort()).toEqual([200, 409]);
    const row = await checkoutRow(sessionId);
    expect(row?.status).toBe(pay.status === 200 ? "complete" : "canceled");
    expect(await subscriptionsOf(user.id)).toHaveLength(pay.status === 200 ? 1 : 0);
  });
});
