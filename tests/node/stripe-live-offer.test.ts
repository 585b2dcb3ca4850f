// An upgrade or win-back offer's live checkout (decision 101), through the REAL stripe SDK against a
// fake Stripe API on 127.0.0.1: a coupon of the offer's percent, duration once (the first invoice
// only), redeemable once and made once per offer (its idempotency key), given to the Checkout
// Session in `discounts`; the line item stays the plan's full price, and a checkout without an
// offer sends no coupon at all.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLivePaymentsService } from "../../worker/services/payments/live";
import { PaymentProviderError, type CheckoutInput } from "../../worker/services/payments/types";

type Seen = { method: string; path: string; headers: IncomingHttpHeaders; form: URLSearchParams };

let server: Server;
let port: number;
let seen: Seen[] = [];
let couponsFail = false;

const CHECKOUT_URL = "https://checkout.stripe.com/c/pay/cs_test_offer";

function reply(req: Seen): { status: number; body: unknown } {
  if (req.method === "POST" && req.path === "/v1/coupons") {
    if (couponsFail) return { status: 400, body: { error: { type: "invalid_request_error", message: "Invalid percent_off" } } };
    return {
      status: 200,
      body: { id: `coupon_${req.form.get("metadata[offer_id]")}`, object: "coupon", percent_off: Number(req.form.get("percent_off")), duration: "once" },
    };
  }
  if (req.method === "POST" && req.path === "/v1/checkout/sessions")
    return { status: 200, body: { id: "cs_test_offer", object: "checkout.session", url: CHECKOUT_URL } };
  return { status: 404, body: { error: { type: "invalid_request_error", message: `Unexpected ${req.method} ${req.path}` } } };
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
  couponsFail = false;
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
const OFFER = "5b1e0c0d9a4f4e6b8c7d6e5f4a3b2c1d";
const monthly = (extra: Partial<CheckoutInput> = {}): CheckoutInput => ({
  user: member,
  customerId: null,
  origin: "https://fans.example",
  attemptId: OFFER,
  plan: "monthly",
  amount: { cents: 999, currency: "USD" },
  taxBehavior: "exclusive",
  ...extra,
});

describe("the live checkout of an offer", () => {
  it("makes the offer's once-only coupon and gives it to the session, the plan's price unchanged", async () => {
    expect(await service().createCheckout(monthly({ firstPeriodDiscount: { percentOff: 30, offerId: OFFER } }))).toEqual({
      id: "cs_test_offer",
      url: CHECKOUT_URL,
    });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/coupons", "POST /v1/checkout/sessions"]);

    const [coupon, session] = seen as [Seen, Seen];
    expect(Object.fromEntries(coupon.form)).toEqual({
      percent_off: "30",
      duration: "once",
      max_redemptions: "1",
      name: "30% off the first period",
      "metadata[offer_id]": OFFER,
    });
    expect(coupon.headers["idempotency-key"]).toBe(`tier-offer-coupon:${OFFER}`);

    const form = Object.fromEntries(session.form);
    expect(form).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_vip_monthly",
      "line_items[0][quantity]": "1",
      "discounts[0][coupon]": `coupon_${OFFER}`,
      "metadata[offer_id]": OFFER,
      "metadata[user_id]": member.id,
      "subscription_data[metadata][user_id]": member.id,
      client_reference_id: member.id,
    });
    // A coupon and promotion codes cannot go together at Stripe; none is asked for.
    expect(session.form.has("allow_promotion_codes")).toBe(false);
    expect(session.headers["idempotency-key"]).toBe(`vip-checkout:${member.id}:${OFFER}:offer:${OFFER}`);
  });

  it("sends no coupon and no discounts for a checkout without an offer (the key as it always was)", async () => {
    await service().createCheckout(monthly({ attemptId: "8d9a4c1e-1111-4222-8333-444455556666" }));
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/checkout/sessions"]);
    expect([...seen[0]!.form.keys()].filter((k) => k.startsWith("discounts") || k.includes("offer_id"))).toEqual([]);
    expect(seen[0]!.headers["idempotency-key"]).toBe(`vip-checkout:${member.id}:8d9a4c1e-1111-4222-8333-444455556666`);
  });

  it("opens no session when Stripe refuses the coupon", async () => {
    couponsFail = true;
    const attempt = service().createCheckout(monthly({ firstPeriodDiscount: { percentOff: 30, offerId: OFFER } }));
    await expect(attempt).rejects.toBeInstanceOf(PaymentProviderError);
    expect(seen.filter((r) => r.path === "/v1/checkout/sessions")).toEqual([]);
  });
});
