// Live tier moves (decision 098) through the REAL stripe SDK against a fake Stripe API on
// 127.0.0.1: a tier's checkout (its own product, the Worker's amount, tier_id in the metadata), an
// upgrade's preview and update (always_invoice, the same proration date), a downgrade as a
// subscription schedule whose next phase names the lower tier, and its release; the preview taxed
// by Stripe Tax, and a move removing the retention coupon made for the tier left.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLivePaymentsService } from "../../worker/services/payments/live";
import { parseSubscription } from "../../worker/services/membership/events";
import type { SubscriptionChangeInput } from "../../worker/services/payments/types";

type Seen = { method: string; path: string; key: string | undefined; form: URLSearchParams };
let server: Server;
let port: number;
let seen: Seen[] = [];
/** Products the fake Stripe knows. */
let products = new Set<string>();

const missing = (what: string) => ({ status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` } } });

function reply(req: Seen): { status: number; body: unknown } {
  const product = /^\/v1\/products\/([^/?]+)/.exec(req.path)?.[1];
  if (req.method === "GET" && product) return products.has(product) ? { status: 200, body: { id: product, object: "product" } } : missing("product");
  if (req.method === "POST" && req.path === "/v1/products") {
    products.add(req.form.get("id")!);
    return { status: 200, body: { id: req.form.get("id"), object: "product" } };
  }
  if (req.method === "POST" && req.path === "/v1/checkout/sessions")
    return { status: 200, body: { id: "cs_test_tier", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_tier" } };
  if (req.method === "GET" && req.path.startsWith("/v1/subscriptions/sub_1"))
    return { status: 200, body: { id: "sub_1", object: "subscription", items: { object: "list", data: [{ id: "si_1", object: "subscription_item" }] } } };
  if (req.method === "POST" && req.path === "/v1/subscriptions/sub_1") return { status: 200, body: { id: "sub_1", object: "subscription" } };
  // With prorations: the upgrade's prorated invoice; without: the invoice of the new price alone.
  if (req.method === "POST" && req.path === "/v1/invoices/create_preview")
    return req.form.get("subscription_details[proration_behavior]") === "none"
      ? { status: 200, body: { object: "invoice", amount_due: 1189, total_taxes: [{ amount: 190 }], customer_address: { country: "de", state: null } } }
      : { status: 200, body: { object: "invoice", amount_due: 1190, total_taxes: [{ amount: 190 }], customer_address: null } };
  if (req.method === "POST" && req.path === "/v1/subscription_schedules")
    return {
      status: 200,
      body: {
        id: "sub_sched_1",
        object: "subscription_schedule",
        phases: [{ start_date: 1_790_000_000, end_date: 1_792_592_000, items: [{ price: "price_ic_old" }] }],
      },
    };
  if (req.method === "POST" && req.path.startsWith("/v1/subscription_schedules/sub_sched_1"))
    return { status: 200, body: { id: "sub_sched_1", object: "subscription_schedule" } };
  return missing(req.path);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const entry: Seen = {
        method: req.method ?? "",
        path: req.url ?? "",
        key: req.headers["idempotency-key"] as string | undefined,
        form: new URLSearchParams(body),
      };
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
  products = new Set();
});

const live = () =>
  createLivePaymentsService({
    secretKey: "sk_test_fake_key",
    priceId: "price_vip_monthly",
    webhookSecret: "whsec_test_secret",
    api: { host: "127.0.0.1", port, protocol: "http" },
    timeoutMs: 5000,
  });
const member = { id: "3f1c2b4a-0000-4000-8000-000000000001", email: "fan@example.com" };
const change = (over: Partial<SubscriptionChangeInput> = {}): SubscriptionChangeInput => ({
  subscriptionId: "sub_1",
  customerId: "cus_1",
  userId: member.id,
  tier: { id: "inner-circle", name: "Inner Circle" },
  tierId: "inner-circle",
  plan: "monthly",
  amount: { cents: 2499, currency: "usd" },
  taxBehavior: "exclusive",
  prorationDate: 1_790_864_000,
  idempotencyKey: "tier-change:sub_1:vip:monthly:inner-circle:monthly:1790864000:up",
  ...over,
});
const formOf = (path: string, method = "POST") => Object.fromEntries(seen.find((r) => r.path === path && r.method === method)!.form);

describe("a tier's live checkout", () => {
  it("makes the tier's product once and sells the Worker's amount with tier_id in both metadata", async () => {
    await live().createCheckout({
      user: member,
      customerId: null,
      origin: "https://fans.example",
      attemptId: "8d9a4c1e-1111-4222-8333-444455556666",
      plan: "monthly",
      amount: { cents: 2499, currency: "USD" },
      taxBehavior: "exclusive",
      tier: { id: "inner-circle", name: "Inner Circle" },
    });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v1/products/fansite_tier_inner-circle", "POST /v1/products", "POST /v1/checkout/sessions"]);
    expect(formOf("/v1/products")).toEqual({ id: "fansite_tier_inner-circle", name: "Inner Circle", "metadata[tier_id]": "inner-circle" });
    const session = seen[2]!;
    expect(session.key).toBe(`tier-checkout:${member.id}:8d9a4c1e-1111-4222-8333-444455556666:inner-circle:monthly:USD:2499`);
    expect(Object.fromEntries(session.form)).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "2499",
      "line_items[0][price_data][product]": "fansite_tier_inner-circle",
      "line_items[0][price_data][recurring][interval]": "month",
      "subscription_data[metadata][user_id]": member.id,
      "subscription_data[metadata][tier_id]": "inner-circle",
      "metadata[tier_id]": "inner-circle",
    });
    // The next checkout finds the product.
    seen = [];
    await live().createCheckout({
      user: member,
      customerId: "cus_1",
      origin: "https://x",
      attemptId: "b",
      plan: "yearly",
      amount: { cents: 24900, currency: "usd" },
      taxBehavior: "exclusive",
      tier: { id: "inner-circle", name: "Inner Circle" },
    });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v1/products/fansite_tier_inner-circle", "POST /v1/checkout/sessions"]);
  });

  it("a free trial (decision 102): trial_period_days on the subscription, the card always taken, its own idempotency key", async () => {
    await live().createCheckout({
      user: member,
      customerId: null,
      origin: "https://fans.example",
      attemptId: "a",
      plan: "monthly",
      amount: { cents: 2499, currency: "usd" },
      taxBehavior: "exclusive",
      tier: { id: "inner-circle", name: "Inner Circle" },
      trialDays: 14,
    });
    const session = seen.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(session.key).toBe(`tier-checkout:${member.id}:a:inner-circle:monthly:usd:2499:trial:14`);
    expect(Object.fromEntries(session.form)).toMatchObject({
      "subscription_data[trial_period_days]": "14",
      payment_method_collection: "always",
      "subscription_data[metadata][tier_id]": "inner-circle",
      "line_items[0][price_data][unit_amount]": "2499",
    });
    // Without a trial neither is sent.
    seen = [];
    await live().createCheckout({
      user: member,
      customerId: null,
      origin: "https://fans.example",
      attemptId: "b",
      plan: "monthly",
      amount: { cents: 2499, currency: "usd" },
      taxBehavior: "exclusive",
      tier: { id: "inner-circle", name: "Inner Circle" },
    });
    const plain = Object.fromEntries(seen.find((r) => r.path === "/v1/checkout/sessions")!.form);
    expect(plain["subscription_data[trial_period_days]"]).toBeUndefined();
    expect(plain.payment_method_collection).toBeUndefined();
  });

  it("reads the tier back from a subscription event's metadata", () => {
    const sub = { id: "sub_1", customer: "cus_1", status: "active", metadata: { user_id: member.id, tier_id: "inner-circle" } };
    expect(parseSubscription(sub)?.tierId).toBe("inner-circle");
    expect(parseSubscription({ ...sub, metadata: { user_id: member.id } })?.tierId).toBeNull();
  });
});

describe("live upgrades and downgrades", () => {
  it("previews and updates with always_invoice at the same proration date, the item's price swapped to the tier's", async () => {
    products.add("fansite_tier_inner-circle");
    // Stripe Tax's tax on the prorated invoice comes back with its total (decision 147).
    expect(await live().previewSubscriptionChange!(change())).toEqual({ amountDueCents: 1190, taxCents: 190, place: null });
    expect(formOf("/v1/invoices/create_preview")).toMatchObject({
      customer: "cus_1",
      subscription: "sub_1",
      "subscription_details[items][0][id]": "si_1",
      "subscription_details[items][0][price_data][unit_amount]": "2499",
      "subscription_details[items][0][price_data][product]": "fansite_tier_inner-circle",
      "subscription_details[proration_behavior]": "always_invoice",
      "subscription_details[proration_date]": "1790864000",
      "automatic_tax[enabled]": "true",
      // Priced without the retention coupon the move removes (decision 148).
      discounts: "",
    });
    seen = [];
    await live().changeSubscriptionNow!(change());
    const update = seen.find((r) => r.path === "/v1/subscriptions/sub_1" && r.method === "POST")!;
    expect(update.key).toBe("tier-change:sub_1:vip:monthly:inner-circle:monthly:1790864000:up");
    expect(Object.fromEntries(update.form)).toMatchObject({
      "items[0][id]": "si_1",
      "items[0][price_data][unit_amount]": "2499",
      "items[0][price_data][currency]": "usd",
      "items[0][price_data][recurring][interval]": "month",
      proration_behavior: "always_invoice",
      proration_date: "1790864000",
      "metadata[tier_id]": "inner-circle",
      "metadata[user_id]": member.id,
      discounts: "",
    });
  });

  it("moves VIP's item to the configured monthly Price", async () => {
    await live().changeSubscriptionNow!(change({ tier: null, tierId: "vip", amount: { cents: 999, currency: "usd" } }));
    expect(formOf("/v1/subscriptions/sub_1")).toMatchObject({ "items[0][id]": "si_1", "items[0][price]": "price_vip_monthly", "metadata[tier_id]": "vip" });
  });

  it("previews the new price's renewal without prorations, taxed by Stripe Tax and without the retention coupon", async () => {
    const input = change({ tier: null, tierId: "vip", amount: { cents: 999, currency: "usd" } });
    expect(await live().previewRenewalAfterChange!(input)).toEqual({ amountDueCents: 1189, taxCents: 190, place: { country: "DE", state: null } });
    const form = formOf("/v1/invoices/create_preview");
    expect(form).toMatchObject({
      customer: "cus_1",
      subscription: "sub_1",
      "subscription_details[items][0][id]": "si_1",
      "subscription_details[items][0][price]": "price_vip_monthly",
      "subscription_details[proration_behavior]": "none",
      "automatic_tax[enabled]": "true",
      discounts: "",
    });
    expect(form["subscription_details[proration_date]"]).toBeUndefined();
  });

  it("downgrades with a schedule: the current phase to the period's end, then the lower tier's price and metadata; released to cancel", async () => {
    const input = change({ tier: null, tierId: "vip", amount: { cents: 999, currency: "usd" }, idempotencyKey: "k:down" });
    expect(await live().scheduleSubscriptionChange!(input)).toEqual({ scheduleId: "sub_sched_1" });
    expect(formOf("/v1/subscription_schedules")).toEqual({ from_subscription: "sub_1" });
    expect(formOf("/v1/subscription_schedules/sub_sched_1")).toEqual({
      end_behavior: "release",
      proration_behavior: "none",
      "phases[0][items][0][price]": "price_ic_old",
      "phases[0][items][0][quantity]": "1",
      "phases[0][start_date]": "1790000000",
      "phases[0][end_date]": "1792592000",
      "phases[1][items][0][price]": "price_vip_monthly",
      "phases[1][items][0][quantity]": "1",
      "phases[1][metadata][user_id]": member.id,
      "phases[1][metadata][tier_id]": "vip",
      "phases[1][duration][interval]": "month",
      "phases[1][discounts]": "",
    });
    seen = [];
    await live().cancelScheduledChange!("sub_sched_1");
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/subscription_schedules/sub_sched_1/release"]);
  });

  it("cancels at the period's end with the flag alone", async () => {
    await live().cancelAtPeriodEnd!("sub_1");
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/subscriptions/sub_1"]);
    expect(formOf("/v1/subscriptions/sub_1")).toEqual({ cancel_at_period_end: "true" });
  });
});
