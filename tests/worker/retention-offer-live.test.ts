// The retention offer accepted in live payments mode (decision 103): a Stripe coupon of the admin's
// percent, repeating for N months on a monthly plan (12 N on a yearly one) or "once" for one
// renewal, then the subscription's discounts set to it. Stripe is a fake answering on 127.0.0.1; a
// refusal there gives 502 payment_failed and gives the member's answer back.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { call, createUser, errorOf, ORIGIN, type TestUser } from "./helpers";
import { exec, row } from "./check-in-fixtures";
import { subscribeViaEvents } from "./payments-fixtures";

const LIVE = {
  STRIPE_SECRET_KEY: "sk_test_fake",
  STRIPE_PRICE_ID: "price_vip",
  STRIPE_API_HOST: "127.0.0.1",
  STRIPE_API_PORT: "12111",
  STRIPE_API_PROTOCOL: "http",
};

type StripeCall = { method: string; path: string; form: URLSearchParams; idempotencyKey: string | null };

/** The fake Stripe: records every call and answers the two this flow makes (or refuses all with 402). */
function fakeStripe({ refuse = false } = {}) {
  const calls: StripeCall[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const form = new URLSearchParams(typeof init?.body === "string" ? init.body : "");
    const idempotencyKey = new Headers(init?.headers).get("idempotency-key");
    calls.push({ method: init?.method ?? "GET", path: url.pathname, form, idempotencyKey });
    if (url.host !== "127.0.0.1:12111") return new Response("not the fake", { status: 599 });
    if (refuse) return Response.json({ error: { type: "card_error", code: "card_declined", message: "declined" } }, { status: 402 });
    if (url.pathname === "/v1/coupons") return Response.json({ id: "coupon_retention_1", object: "coupon" });
    if (url.pathname.startsWith("/v1/subscriptions/")) return Response.json({ id: url.pathname.split("/").pop(), object: "subscription" });
    return Response.json({ error: { type: "invalid_request_error", message: "unexpected" } }, { status: 404 });
  });
  return calls;
}

async function liveCall(path: string, user: TestUser, method = "POST") {
  const ctx = createExecutionContext();
  const headers = { origin: ORIGIN, cookie: user.cookie, "content-type": "application/json", "cf-connecting-ip": "203.0.113.77" };
  const res = await worker.fetch(new Request(ORIGIN + path, { method, headers, body: method === "POST" ? "{}" : undefined }), { ...env, ...LIVE }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A member with a live subscription on `plan` at 2499 cents, and the retention offer on. */
async function liveSubscriber(plan: "monthly" | "yearly", periods: number) {
  const admin = await createUser("admin");
  const put = await call("/api/admin/offers/retention", { method: "PUT", json: { enabled: true, percentOff: 30, periods }, cookie: admin.cookie });
  expect(put.status).toBe(200);
  const member = await createUser("user");
  const sub = await subscribeViaEvents(member.id);
  await exec("UPDATE subscriptions SET plan = ?1, price_cents = 2499, price_currency = 'usd' WHERE id = ?2", plan, sub.id);
  return { member, sub };
}

const answerOf = (userId: string) =>
  row<{ response: string; periods_left: number }>("SELECT response, periods_left FROM retention_offers WHERE user_id = ?1", userId);

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM site_settings WHERE key = 'offers.retention'").run();
});
afterEach(() => vi.restoreAllMocks());

describe("accepting the retention offer with live Stripe", { timeout: 30_000 }, () => {
  it("makes a repeating coupon for 3 monthly renewals and puts it on the subscription", async () => {
    const { member, sub } = await liveSubscriber("monthly", 3);
    const calls = fakeStripe();
    const res = await liveCall("/api/payments/subscription/retention-offer/accept", member);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /v1/coupons", `POST /v1/subscriptions/${sub.id}`]);
    const [coupon, update] = calls;
    expect(Object.fromEntries(coupon!.form)).toMatchObject({ percent_off: "30", duration: "repeating", duration_in_months: "3", max_redemptions: "1" });
    expect(coupon!.idempotencyKey).toBe(`retention-coupon:${member.id}`);
    expect(Object.fromEntries(update!.form)).toEqual({ "discounts[0][coupon]": "coupon_retention_1" });
    expect(await answerOf(member.id)).toEqual({ response: "accepted", periods_left: 3 });
  });

  it("counts a yearly plan's renewals in years, and one renewal is Stripe's once", async () => {
    const yearly = await liveSubscriber("yearly", 2);
    let calls = fakeStripe();
    expect((await liveCall("/api/payments/subscription/retention-offer/accept", yearly.member)).status).toBe(200);
    expect(Object.fromEntries(calls[0]!.form)).toMatchObject({ duration: "repeating", duration_in_months: "24" });
    vi.restoreAllMocks();

    const once = await liveSubscriber("monthly", 1);
    calls = fakeStripe();
    expect((await liveCall("/api/payments/subscription/retention-offer/accept", once.member)).status).toBe(200);
    expect(Object.fromEntries(calls[0]!.form)).toMatchObject({ percent_off: "30", duration: "once" });
    expect(calls[0]!.form.has("duration_in_months")).toBe(false);
  });

  it("says where each discounted renewal is taxed, without an amount: Stripe Tax computes it at the renewal", async () => {
    const { member, sub } = await liveSubscriber("monthly", 2);
    const admin = await createUser("admin");
    const registered = await call("/api/admin/tax/settings", {
      method: "PUT",
      cookie: admin.cookie,
      json: { registrations: ["DE"], behavior: { usd: "exclusive", brl: "inclusive" } },
    });
    expect(registered.status).toBe(200);
    await exec("UPDATE subscriptions SET tax_country = 'DE' WHERE id = ?1", sub.id);
    fakeStripe();
    const res = await liveCall("/api/payments/subscription/retention-offer", member, "GET");
    expect(res.status).toBe(200);
    expect((await res.json<{ offer: { tax: unknown } }>()).offer.tax).toEqual({ jurisdiction: "DE", behavior: "exclusive", cents: null });
  });

  it("a Stripe refusal is 502 payment_failed and the member may try again", async () => {
    const { member } = await liveSubscriber("monthly", 2);
    const calls = fakeStripe({ refuse: true });
    const res = await liveCall("/api/payments/subscription/retention-offer/accept", member);
    expect([res.status, (await errorOf(res)).code]).toEqual([502, "payment_failed"]);
    expect(calls.length).toBeGreaterThan(0);
    expect(await answerOf(member.id)).toBeNull();
    expect((await (await call("/api/payments/subscription/retention-offer", { cookie: member.cookie })).json<{ offer: unknown }>()).offer).not.toBeNull();
  });
});
