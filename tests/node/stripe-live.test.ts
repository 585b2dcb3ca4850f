// The live payments adapter, through the REAL stripe SDK, against a fake Stripe API on
// 127.0.0.1 (the SDK's host/port/protocol options). Checks what the SDK actually sends, and
// webhook signature verification with the SDK's own signer.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLivePaymentsService, verifyStripeSignature } from "../../worker/services/payments/live";
import { PaymentProviderError, SignatureError, type OrderCheckoutInput } from "../../worker/services/payments/types";

type Seen = { method: string; path: string; headers: IncomingHttpHeaders; form: URLSearchParams };
type Reply = { status: number; body: unknown };

let server: Server;
let port: number;
let seen: Seen[] = [];
let nextReply: ((req: Seen) => Reply) | null = null;

const CHECKOUT_URL = "https://checkout.stripe.com/c/pay/cs_test_fake";
const PORTAL_URL = "https://billing.stripe.com/p/session/test_fake";

function defaultReply(req: Seen): Reply {
  if (req.path === "/v1/checkout/sessions") return { status: 200, body: { id: "cs_test_fake", object: "checkout.session", url: CHECKOUT_URL } };
  if (req.path === "/v1/billing_portal/sessions") return { status: 200, body: { id: "bps_fake", object: "billing_portal.session", url: PORTAL_URL } };
  return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${req.path})` } } };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const entry: Seen = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, form: new URLSearchParams(body) };
      seen.push(entry);
      const reply = (nextReply ?? defaultReply)(entry);
      res.writeHead(reply.status, { "content-type": "application/json", "request-id": "req_fake" });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  nextReply = null;
});

const service = () =>
  createLivePaymentsService({
    secretKey: "sk_test_fake_key",
    priceId: "price_vip_monthly",
    webhookSecret: "whsec_test_secret",
    api: { host: "127.0.0.1", port, protocol: "http" },
    timeoutMs: 5000,
  });

const member = { id: "3f1c2b4a-0000-4000-8000-000000000001", email: "fan@example.com" };
/** The monthly plan as the Worker sells it (the yearly one: tests/node/stripe-live-yearly.test.ts). */
const MONTHLY = { plan: "monthly", amount: { cents: 999, currency: "USD" }, taxBehavior: "exclusive" } as const;

describe("live checkout (stripe SDK → fake Stripe)", () => {
  it("creates a subscription-mode Checkout Session for the configured price, with the member and return URLs", async () => {
    const attemptId = "8d9a4c1e-1111-4222-8333-444455556666";
    const result = await service().createCheckout({
      user: member,
      customerId: null,
      origin: "https://fans.example",
      attemptId,
      buyerIp: "203.0.113.9",
      ...MONTHLY,
    });
    expect(result).toEqual({ id: "cs_test_fake", url: CHECKOUT_URL });

    expect(seen).toHaveLength(1);
    const req = seen[0]!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v1/checkout/sessions");
    expect(req.headers["authorization"]).toBe("Bearer sk_test_fake_key");
    expect(req.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(req.headers["idempotency-key"]).toBe(`vip-checkout:${member.id}:${attemptId}`);
    expect(req.form.get("mode")).toBe("subscription");
    expect(req.form.get("line_items[0][price]")).toBe("price_vip_monthly");
    expect(req.form.get("line_items[0][quantity]")).toBe("1");
    expect(req.form.get("client_reference_id")).toBe(member.id);
    expect(req.form.get("customer_email")).toBe(member.email);
    expect(req.form.has("customer")).toBe(false);
    expect(req.form.get("success_url")).toBe("https://fans.example/vip-confirmation?session_id={CHECKOUT_SESSION_ID}");
    expect(req.form.get("cancel_url")).toBe("https://fans.example/vip-signup");
    expect(req.form.get("subscription_data[metadata][user_id]")).toBe(member.id);
    expect(req.form.get("metadata[user_id]")).toBe(member.id);
    // The member's e-mail (above) and IP address for Radar's scoring (decision 094).
    expect(req.form.get("metadata[buyer_ip]")).toBe("203.0.113.9");
    // Stripe Tax (decision 093): on, from the billing address asked on Stripe's page, a business tax id optional.
    expect(req.form.get("automatic_tax[enabled]")).toBe("true");
    expect(req.form.get("billing_address_collection")).toBe("required");
    expect(req.form.get("tax_id_collection[enabled]")).toBe("true");
    expect(req.form.has("customer_update[address]")).toBe(false);
  });

  it("reuses the member's existing customer instead of the e-mail, keeping the address the buyer gives for tax", async () => {
    await service().createCheckout({ user: member, customerId: "cus_existing", origin: "https://fans.example", attemptId: "a", ...MONTHLY });
    const form = seen[0]!.form;
    expect(form.get("customer")).toBe("cus_existing");
    expect(form.has("customer_email")).toBe(false);
    expect(form.has("metadata[buyer_ip]")).toBe(false);
    expect(form.get("automatic_tax[enabled]")).toBe("true");
    expect(form.get("customer_update[address]")).toBe("auto");
    expect(form.get("customer_update[name]")).toBe("auto");
  });

  it("turns a Stripe API error into a PaymentProviderError carrying the cause", async () => {
    nextReply = () => ({ status: 400, body: { error: { type: "invalid_request_error", message: "No such price: 'price_vip_monthly'" } } });
    const attempt = service().createCheckout({ user: member, customerId: null, origin: "https://fans.example", attemptId: "b", ...MONTHLY });
    await expect(attempt).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(attempt).rejects.toThrow(/No such price/);
  });

  it("refuses an answer without a checkout URL", async () => {
    nextReply = () => ({ status: 200, body: { id: "cs_test_nourl", object: "checkout.session", url: null } });
    await expect(
      service().createCheckout({ user: member, customerId: null, origin: "https://fans.example", attemptId: "c", ...MONTHLY }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("opens a Customer Portal session for the member's customer, returning to their profile", async () => {
    const result = await service().createPortal({ userId: member.id, customerId: "cus_123", origin: "https://fans.example" });
    expect(result).toEqual({ url: PORTAL_URL });
    const req = seen[0]!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v1/billing_portal/sessions");
    expect(req.headers["authorization"]).toBe("Bearer sk_test_fake_key");
    expect(req.form.get("customer")).toBe("cus_123");
    expect(req.form.get("return_url")).toBe(`https://fans.example/social/profile/${member.id}`);
  });
});

describe("live store checkout (payment mode, decision 054)", () => {
  const expiresAt = Date.UTC(2026, 10, 25, 12, 31, 0, 500);
  const order = (overrides: Partial<OrderCheckoutInput> = {}): OrderCheckoutInput => ({
    checkoutId: "sc_0123456789abcdef0123456789abcdef",
    email: "fan@example.com",
    locale: "pt-BR",
    currency: "brl",
    lines: [
      { name: "Camiseta da Turnê (M / Black)", unitAmountCents: 10200, quantity: 2, taxKind: "physical_goods" },
      { name: "Freestyle Nights", unitAmountCents: 3500, quantity: 1, taxKind: "digital_audio" },
      { name: "Show — Pista", unitAmountCents: 8000, quantity: 1, taxKind: "event_admission" },
      { name: "VIP de presente", unitAmountCents: 2500, quantity: 1, taxKind: "membership" },
    ],
    taxBehavior: "inclusive",
    shipping: { country: "BR", amountCents: 2900, label: "Frete" },
    expiresAt,
    origin: "https://fans.example",
    ...overrides,
  });

  it("sends the Worker's own amounts as price_data with Stripe Tax's codes and behaviour, one shipping option for the chosen country, the expiry and the checkout id", async () => {
    const result = await service().createOrderCheckout(order());
    expect(result).toEqual({ id: "cs_test_fake", url: CHECKOUT_URL });
    expect(seen).toHaveLength(1);
    const req = seen[0]!;
    expect(`${req.method} ${req.path}`).toBe("POST /v1/checkout/sessions");
    expect(req.headers["idempotency-key"]).toBe("store-checkout:sc_0123456789abcdef0123456789abcdef");
    const form = Object.fromEntries(req.form);
    expect(form).toEqual({
      mode: "payment",
      "line_items[0][quantity]": "2",
      "line_items[0][price_data][currency]": "brl",
      "line_items[0][price_data][unit_amount]": "10200",
      "line_items[0][price_data][product_data][name]": "Camiseta da Turnê (M / Black)",
      "line_items[0][price_data][product_data][tax_code]": "txcd_99999999",
      "line_items[0][price_data][tax_behavior]": "inclusive",
      "line_items[1][quantity]": "1",
      "line_items[1][price_data][currency]": "brl",
      "line_items[1][price_data][unit_amount]": "3500",
      "line_items[1][price_data][product_data][name]": "Freestyle Nights",
      "line_items[1][price_data][product_data][tax_code]": "txcd_10401100",
      "line_items[1][price_data][tax_behavior]": "inclusive",
      "line_items[2][quantity]": "1",
      "line_items[2][price_data][currency]": "brl",
      "line_items[2][price_data][unit_amount]": "8000",
      "line_items[2][price_data][product_data][name]": "Show — Pista",
      "line_items[2][price_data][product_data][tax_code]": "txcd_20030000",
      "line_items[2][price_data][tax_behavior]": "inclusive",
      "line_items[3][quantity]": "1",
      "line_items[3][price_data][currency]": "brl",
      "line_items[3][price_data][unit_amount]": "2500",
      "line_items[3][price_data][product_data][name]": "VIP de presente",
      "line_items[3][price_data][product_data][tax_code]": "txcd_10000000",
      "line_items[3][price_data][tax_behavior]": "inclusive",
      "automatic_tax[enabled]": "true",
      billing_address_collection: "required",
      "tax_id_collection[enabled]": "true",
      customer_creation: "always",
      customer_email: "fan@example.com",
      client_reference_id: "sc_0123456789abcdef0123456789abcdef",
      "metadata[checkout_id]": "sc_0123456789abcdef0123456789abcdef",
      "payment_intent_data[metadata][checkout_id]": "sc_0123456789abcdef0123456789abcdef",
      expires_at: String(Math.floor(expiresAt / 1000)),
      locale: "pt-BR",
      success_url: "https://fans.example/store/thanks?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://fans.example/store/cart",
      "shipping_address_collection[allowed_countries][0]": "BR",
      "shipping_options[0][shipping_rate_data][type]": "fixed_amount",
      "shipping_options[0][shipping_rate_data][display_name]": "Frete",
      "shipping_options[0][shipping_rate_data][fixed_amount][amount]": "2900",
      "shipping_options[0][shipping_rate_data][fixed_amount][currency]": "brl",
      "shipping_options[0][shipping_rate_data][tax_behavior]": "inclusive",
      "shipping_options[0][shipping_rate_data][tax_code]": "txcd_92010001",
    });
    // Never a catalog price, a coupon or a discount the provider would compute.
    expect(Object.keys(form).filter((k) => /\[price\]$|discounts|coupon|allow_promotion_codes/.test(k))).toEqual([]);
  });

  it("asks for the billing address only and offers no shipping for a cart with nothing physical, exclusive in dollars", async () => {
    await service().createOrderCheckout(order({ shipping: null, currency: "usd", locale: "en", taxBehavior: "exclusive" }));
    const form = seen[0]!.form;
    expect([...form.keys()].filter((k) => k.startsWith("shipping"))).toEqual([]);
    expect(form.get("billing_address_collection")).toBe("required");
    expect(form.get("automatic_tax[enabled]")).toBe("true");
    expect(form.get("line_items[0][price_data][tax_behavior]")).toBe("exclusive");
    expect(form.get("line_items[0][price_data][currency]")).toBe("usd");
    expect(form.get("locale")).toBe("en");
  });

  it("turns a refusal into a PaymentProviderError (the route gives the stock back)", async () => {
    nextReply = () => ({ status: 400, body: { error: { type: "invalid_request_error", message: "expires_at must be at least 30 minutes away" } } });
    await expect(service().createOrderCheckout(order())).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe("live subscription cancel (account deletion, decision 041)", () => {
  it("cancels the subscription now with DELETE /v1/subscriptions/:id", async () => {
    nextReply = () => ({ status: 200, body: { id: "sub_123", object: "subscription", status: "canceled" } });
    await service().cancelSubscription("sub_123");
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(["DELETE /v1/subscriptions/sub_123"]);
    expect(seen[0]!.headers["authorization"]).toBe("Bearer sk_test_fake_key");
  });

  it("turns a refusal into a PaymentProviderError, so the account is not deleted", async () => {
    nextReply = () => ({ status: 404, body: { error: { type: "invalid_request_error", message: "No such subscription" } } });
    await expect(service().cancelSubscription("sub_gone")).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe("live lookup of an invoice's payment (an event of API version 2025-03-31 and later leaves it out)", () => {
  it("lists the invoice's paid payments and answers the payment intent", async () => {
    nextReply = () => ({
      status: 200,
      body: {
        object: "list",
        has_more: false,
        data: [{ id: "inpay_1", object: "invoice_payment", status: "paid", payment: { type: "payment_intent", payment_intent: "pi_paid_1" } }],
      },
    });
    expect(await service().invoicePaymentIntent("in_123")).toBe("pi_paid_1");
    const req = seen[0]!;
    expect(req.method).toBe("GET");
    const url = new URL(req.path, "http://x");
    expect(url.pathname).toBe("/v1/invoice_payments");
    expect(Object.fromEntries(url.searchParams)).toEqual({ invoice: "in_123", status: "paid", limit: "1" });
  });

  it("answers null when the invoice has no paid payment", async () => {
    nextReply = () => ({ status: 200, body: { object: "list", has_more: false, data: [] } });
    expect(await service().invoicePaymentIntent("in_123")).toBeNull();
  });
});

describe("live refund of a store order", () => {
  it("creates a refund for the payment intent and amount, with the idempotency key", async () => {
    nextReply = () => ({ status: 200, body: { id: "re_test_1", object: "refund", amount: 1500, status: "pending", payment_intent: "pi_123" } });
    const result = await service().refund({
      paymentIntentId: "pi_123",
      amountCents: 1500,
      idempotencyKey: "order-refund:ord-1:8d9a4c1e-1111-4222-8333-444455556666",
    });
    expect(result).toEqual({ id: "re_test_1", status: "pending" });
    expect(seen).toHaveLength(1);
    const req = seen[0]!;
    expect(`${req.method} ${req.path}`).toBe("POST /v1/refunds");
    expect(req.headers["authorization"]).toBe("Bearer sk_test_fake_key");
    expect(req.headers["idempotency-key"]).toBe("order-refund:ord-1:8d9a4c1e-1111-4222-8333-444455556666");
    expect(Object.fromEntries(req.form)).toEqual({ payment_intent: "pi_123", amount: "1500" });
  });

  it("turns a refusal (more than is left) into a PaymentProviderError", async () => {
    nextReply = () => ({
      status: 400,
      body: {
        error: {
          type: "invalid_request_error",
          code: "amount_too_large",
          message: "Refund amount ($50.00) is greater than unrefunded amount on charge ($20.00)",
        },
      },
    });
    const attempt = service().refund({ paymentIntentId: "pi_123", amountCents: 5000, idempotencyKey: "order-refund:ord-1:a" });
    await expect(attempt).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(attempt).rejects.toThrow(/greater than unrefunded/);
  });
});

describe("webhook verification (constructEventAsync)", () => {
  const cryptoProvider = Stripe.createSubtleCryptoProvider();
  const payload = JSON.stringify({ id: "evt_1", object: "event", type: "invoice.paid", created: 1_700_000_000, data: { object: { id: "in_1" } } });
  const sign = (body: string, secret: string, timestamp?: number) =>
    Stripe.webhooks.generateTestHeaderStringAsync({ payload: body, secret, cryptoProvider, timestamp });

  it("accepts a correctly signed payload and returns the event", async () => {
    const event = await service().verifyEvent(payload, await sign(payload, "whsec_test_secret"));
    expect(event.id).toBe("evt_1");
    expect(event.type).toBe("invoice.paid");
  });

  it("refuses a payload signed with another secret", async () => {
    await expect(service().verifyEvent(payload, await sign(payload, "whsec_attacker"))).rejects.toBeInstanceOf(SignatureError);
  });

  it("refuses a payload altered after signing", async () => {
    const header = await sign(payload, "whsec_test_secret");
    await expect(service().verifyEvent(payload.replace("invoice.paid", "invoice.payment_failed"), header)).rejects.toBeInstanceOf(SignatureError);
  });

  it("refuses a missing header, and refuses everything when no webhook secret is configured", async () => {
    await expect(service().verifyEvent(payload, undefined)).rejects.toBeInstanceOf(SignatureError);
    await expect(verifyStripeSignature(payload, await sign(payload, "whsec_test_secret"), undefined)).rejects.toBeInstanceOf(SignatureError);
  });

  it("refuses an old signature (replay)", async () => {
    const header = await sign(payload, "whsec_test_secret", Math.floor(Date.now() / 1000) - 3600);
    await expect(service().verifyEvent(payload, header)).rejects.toThrow(/tolerance/);
  });

  it("never calls the API to verify", async () => {
    await service().verifyEvent(payload, await sign(payload, "whsec_test_secret"));
    expect(seen).toHaveLength(0);
  });
});

describe("live disputes and fraud scoring (decision 094)", () => {
  const order: OrderCheckoutInput = {
    checkoutId: "sc_0123456789abcdef0123456789abcdef",
    email: "fan@example.com",
    locale: "en",
    currency: "usd",
    lines: [{ name: "Freestyle Nights", unitAmountCents: 900, quantity: 1, taxKind: "digital_audio" }],
    shipping: null,
    expiresAt: Date.UTC(2026, 10, 25, 12, 31),
    origin: "https://fans.example",
    buyerIp: "203.0.113.7",
    taxBehavior: "exclusive",
  };

  it("tells the checkout session the buyer's e-mail and IP for the provider's scoring", async () => {
    await service().createOrderCheckout(order);
    const form = Object.fromEntries(seen[0]!.form);
    expect(form).toMatchObject({
      customer_email: "fan@example.com",
      "metadata[buyer_ip]": "203.0.113.7",
      "payment_intent_data[metadata][buyer_ip]": "203.0.113.7",
    });
  });

  it("submits the evidence through Stripe's dispute API, once per dispute", async () => {
    nextReply = () => ({ status: 200, body: { id: "dp_1", object: "dispute", status: "under_review" } });
    await service().submitDisputeEvidence("dp_1", {
      access_activity_log: "2026-11-27T10:00:00.000Z download ip=203.0.113.7 format=mp3 bytes=1000",
      customer_email_address: "fan@example.com",
      customer_purchase_ip: "203.0.113.7",
      refund_policy_disclosure: "14-day refund",
      uncategorized_text: "The buyer downloaded it twice.",
    });
    const req = seen[0]!;
    expect(`${req.method} ${req.path}`).toBe("POST /v1/disputes/dp_1");
    expect(req.headers["idempotency-key"]).toBe("dispute-submit:dp_1");
    expect(Object.fromEntries(req.form)).toEqual({
      "evidence[access_activity_log]": "2026-11-27T10:00:00.000Z download ip=203.0.113.7 format=mp3 bytes=1000",
      "evidence[customer_email_address]": "fan@example.com",
      "evidence[customer_purchase_ip]": "203.0.113.7",
      "evidence[refund_policy_disclosure]": "14-day refund",
      "evidence[uncategorized_text]": "The buyer downloaded it twice.",
      submit: "true",
    });
  });

  it("turns a refusal into PaymentProviderError", async () => {
    nextReply = () => ({ status: 400, body: { error: { type: "invalid_request_error", message: "This dispute is already closed" } } });
    await expect(service().submitDisputeEvidence("dp_2", { customer_email_address: "fan@example.com" })).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
