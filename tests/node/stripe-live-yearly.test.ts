// The yearly VIP plan's live checkout (decision 055), through the REAL stripe SDK against a fake
// Stripe API on 127.0.0.1: with STRIPE_YEARLY_PRICE_ID, that Price, only when it charges what the
// site shows; without it, price_data with the admin's amount, yearly, on the monthly Price's
// product (looked up once). And the plan read back from a subscription event's price.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLivePaymentsService } from "../../worker/services/payments/live";
import { createPaymentsService } from "../../worker/services/payments";
import { parseSubscription } from "../../worker/services/membership/events";
import { PaymentProviderError, type CheckoutInput } from "../../worker/services/payments/types";
import type { AppEnv } from "../../worker/env";

type Seen = { method: string; path: string; headers: IncomingHttpHeaders; form: URLSearchParams };
type Reply = { status: number; body: unknown };

let server: Server;
let port: number;
let seen: Seen[] = [];
/** Prices the fake Stripe knows, by id. */
let prices: Record<string, unknown> = {};

const CHECKOUT_URL = "https://checkout.stripe.com/c/pay/cs_test_yearly";

function reply(req: Seen): Reply {
  if (req.method === "POST" && req.path === "/v1/checkout/sessions")
    return { status: 200, body: { id: "cs_test_yearly", object: "checkout.session", url: CHECKOUT_URL } };
  const price = /^\/v1\/prices\/([^/?]+)/.exec(req.path)?.[1];
  if (req.method === "GET" && price && prices[price]) return { status: 200, body: prices[price] };
  return { status: 404, body: { error: { type: "invalid_request_error", message: `No such price: '${price ?? req.path}'` } } };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const entry: Seen = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, form: new URLSearchParams(body) };
      seen.push(entry);
      const answer = reply(entry);
      res.writeHead(answer.status, { "content-type": "application/json", "request-id": "req_fake" });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  prices = {};
});

/** Price lookups are remembered per isolate, so each test names prices of its own. */
let serial = 0;
const fresh = (name: string) => `${name}_${++serial}`;

const monthlyPrice = (id: string, product = "prod_vip") => ({
  id,
  object: "price",
  product,
  unit_amount: 999,
  currency: "usd",
  recurring: { interval: "month", interval_count: 1 },
});
const yearlyPrice = (id: string, unitAmount = 9900, interval = "year") => ({
  id,
  object: "price",
  product: "prod_vip",
  unit_amount: unitAmount,
  currency: "usd",
  recurring: { interval, interval_count: 1 },
});

const service = (priceId: string, yearlyPriceId?: string) =>
  createLivePaymentsService({
    secretKey: "sk_test_fake_key",
    priceId,
    yearlyPriceId,
    webhookSecret: "whsec_test_secret",
    api: { host: "127.0.0.1", port, protocol: "http" },
    timeoutMs: 5000,
  });

const member = { id: "3f1c2b4a-0000-4000-8000-000000000001", email: "fan@example.com" };
const yearly = (attemptId: string, cents = 9900): CheckoutInput => ({
  user: member,
  customerId: null,
  origin: "https://fans.example",
  attemptId,
  plan: "yearly",
  amount: { cents, currency: "USD" },
  taxBehavior: "exclusive",
});

describe("the live yearly checkout without STRIPE_YEARLY_PRICE_ID: price_data on the monthly price's product", () => {
  it("looks the monthly price's product up once and sells the admin's amount every year", async () => {
    const monthly = fresh("price_vip_monthly");
    prices[monthly] = monthlyPrice(monthly, "prod_vip_membership");
    const live = service(monthly);
    expect(await live.createCheckout(yearly("8d9a4c1e-1111-4222-8333-444455556666"))).toEqual({ id: "cs_test_yearly", url: CHECKOUT_URL });

    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/prices/${monthly}`, "POST /v1/checkout/sessions"]);
    const req = seen[1]!;
    expect(req.headers["idempotency-key"]).toBe(`vip-checkout:${member.id}:8d9a4c1e-1111-4222-8333-444455556666:yearly:9900`);
    const form = Object.fromEntries(req.form);
    expect(form).toMatchObject({
      mode: "subscription",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "9900",
      "line_items[0][price_data][product]": "prod_vip_membership",
      "line_items[0][price_data][recurring][interval]": "year",
      "line_items[0][price_data][tax_behavior]": "exclusive",
      "automatic_tax[enabled]": "true",
      client_reference_id: member.id,
      customer_email: member.email,
      "subscription_data[metadata][user_id]": member.id,
      "metadata[user_id]": member.id,
      success_url: "https://fans.example/vip-confirmation?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://fans.example/vip-signup",
    });
    expect(req.form.has("line_items[0][price]")).toBe(false);

    // A later checkout (another request, another service object) asks for the product no more.
    seen = [];
    await service(monthly).createCheckout(yearly("b", 12900));
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/checkout/sessions"]);
    expect(seen[0]!.form.get("line_items[0][price_data][unit_amount]")).toBe("12900");
    expect(seen[0]!.headers["idempotency-key"]).toBe(`vip-checkout:${member.id}:b:yearly:12900`);
  });

  it("fails the checkout when the monthly price cannot be read, and asks again next time", async () => {
    const monthly = fresh("price_vip_missing");
    const attempt = service(monthly).createCheckout(yearly("c"));
    await expect(attempt).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(attempt).rejects.toThrow(/No such price/);
    expect(seen.filter((r) => r.path === "/v1/checkout/sessions")).toEqual([]);
    prices[monthly] = monthlyPrice(monthly);
    seen = [];
    await service(monthly).createCheckout(yearly("d"));
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/prices/${monthly}`, "POST /v1/checkout/sessions"]);
  });

  it("leaves the monthly checkout as it was: the configured Price, no lookup, the same idempotency key", async () => {
    const monthly = fresh("price_vip_monthly");
    await service(monthly).createCheckout({ ...yearly("e"), plan: "monthly", amount: { cents: 999, currency: "USD" } });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/checkout/sessions"]);
    expect(seen[0]!.form.get("line_items[0][price]")).toBe(monthly);
    expect(seen[0]!.headers["idempotency-key"]).toBe(`vip-checkout:${member.id}:e`);
  });
});

describe("the live yearly checkout with STRIPE_YEARLY_PRICE_ID", () => {
  it("sells that Price when it charges the admin's amount every year", async () => {
    const yearlyId = fresh("price_vip_yearly");
    prices[yearlyId] = yearlyPrice(yearlyId);
    await service(fresh("price_vip_monthly"), yearlyId).createCheckout(yearly("f"));
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/prices/${yearlyId}`, "POST /v1/checkout/sessions"]);
    const form = seen[1]!.form;
    expect(form.get("line_items[0][price]")).toBe(yearlyId);
    expect(form.get("line_items[0][quantity]")).toBe("1");
    expect([...form.keys()].filter((k) => k.includes("price_data"))).toEqual([]);
  });

  it.each([
    ["another amount", yearlyPrice("x", 10900)],
    ["a monthly interval", yearlyPrice("x", 9900, "month")],
  ])("refuses a Price with %s: no session is opened (the site never charges what it does not show)", async (_what, price) => {
    const yearlyId = fresh("price_vip_yearly");
    prices[yearlyId] = { ...price, id: yearlyId };
    const attempt = service(fresh("price_vip_monthly"), yearlyId).createCheckout(yearly("g"));
    await expect(attempt).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(attempt).rejects.toThrow(/STRIPE_YEARLY_PRICE_ID/);
    expect(seen.filter((r) => r.path === "/v1/checkout/sessions")).toEqual([]);
  });

  it("is read from the environment by the payments factory", async () => {
    const yearlyId = fresh("price_vip_yearly");
    prices[yearlyId] = yearlyPrice(yearlyId);
    const env = {
      STRIPE_SECRET_KEY: "sk_test_fake_key",
      STRIPE_PRICE_ID: fresh("price_vip_monthly"),
      STRIPE_YEARLY_PRICE_ID: yearlyId,
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: "http",
    } as unknown as AppEnv;
    await createPaymentsService(env).createCheckout(yearly("h"));
    expect(seen.at(-1)!.form.get("line_items[0][price]")).toBe(yearlyId);
  });
});

describe("the plan read from a subscription event", () => {
  const subscription = (price: unknown) => ({
    id: "sub_1",
    object: "subscription",
    customer: "cus_1",
    status: "active",
    items: { object: "list", data: [{ id: "si_1", current_period_end: 1_800_000_000, price }] },
    metadata: { user_id: "u1" },
  });

  it("is the price's recurring interval, with its amount and currency", () => {
    expect(parseSubscription(subscription(yearlyPrice("price_y")))).toMatchObject({
      plan: "yearly",
      priceCents: 9900,
      priceCurrency: "usd",
      currentPeriodEnd: 1_800_000_000_000,
    });
    expect(parseSubscription(subscription(monthlyPrice("price_m")))).toMatchObject({ plan: "monthly", priceCents: 999, priceCurrency: "usd" });
  });

  it("is unknown for another interval or an unreadable price, and the subscription is still read", () => {
    expect(parseSubscription(subscription({ ...monthlyPrice("price_q"), recurring: { interval: "month", interval_count: 3 } }))).toMatchObject({
      id: "sub_1",
      plan: null,
      priceCents: null,
    });
    expect(parseSubscription(subscription("price_as_a_string"))).toMatchObject({ id: "sub_1", plan: null });
    expect(parseSubscription(subscription(undefined))).toMatchObject({ id: "sub_1", plan: null });
  });
});
