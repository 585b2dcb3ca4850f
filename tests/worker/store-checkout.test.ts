// POST /api/store/checkout, the stock it holds, and the checkout's summary and status for its owner:
// per role, bad carts store nothing, stock and codes are taken in one conditional batch (20 buyers
// for the last 5 shirts: 5 reservations, 15 clean sold_out), a provider failure gives the stock
// back, and another person's checkout is a 404.
import { describe, expect, it } from "vitest";
import { call, callLocal, createUser, errorOf } from "./helpers";
import {
  buyerCookieOf,
  buyerFor,
  cart,
  checkoutRowBySession,
  cookies,
  D1,
  postCheckout,
  seedProduct,
  seedPromo,
  seedShirt,
  sessionOf,
  STORE_ROLES,
  stockOf,
  storeState,
  usesOf,
} from "./checkout-fixtures";
import { db } from "./helpers";
import { openStoreCheckout } from "../../worker/services/store/checkout";
import { PaymentProviderError, type PaymentsService } from "../../worker/services/payments";
import type { CheckoutSummaryResponse, StoreCheckoutStatusResponse } from "../../worker/contracts/store/checkout";
import type { OrderCheckoutInput } from "../../worker/services/payments/types";

const holdsOf = (variantId: string) =>
  D1.prepare("SELECT count(*) AS n, sum(quantity) AS quantity FROM stock_holds WHERE variant_id = ?1").bind(variantId).first<{ n: number; quantity: number }>();
const checkoutsWith = async (code: string) =>
  (await D1.prepare("SELECT count(*) AS n FROM store_checkouts WHERE promo_code = ?1").bind(code).first<{ n: number }>())!.n;

const guestEmail = () => `guest_${crypto.randomUUID().slice(0, 8)}@example.com`;

async function checkoutOk(json: unknown, cookie?: string) {
  const res = await postCheckout(json, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  const { url } = await res.json<{ url: string }>();
  return { url, session: sessionOf(url), buyerCookie: buyerCookieOf(res) };
}

describe("POST /api/store/checkout, per role", () => {
  it.each(STORE_ROLES.filter((r) => r !== "banned" && r !== "visitor"))("a %s pays with their account's address and their own prices", async (role) => {
    const album = await seedProduct({ usd: 900, vipUsd: 700 });
    const buyer = (await buyerFor(role))!;
    const { url, session } = await checkoutOk(cart([{ productId: album }], { email: "someone-else@example.com" }), buyer.cookie);
    expect(url).toMatch(/^\/store\/checkout\/test\?session=cs_local_[0-9a-f]{32}$/);
    const row = (await checkoutRowBySession(session))!;
    expect(row).toMatchObject({
      user_id: buyer.id,
      email: buyer.email,
      status: "open",
      mode: "local",
      currency: "usd",
      total_cents: role === "vip" ? 700 : 900,
    });
  });

  it("a visitor checks out as a guest with their e-mail, and gets the buyer cookie", async () => {
    const album = await seedProduct({ usd: 900 });
    const email = guestEmail();
    const { session, buyerCookie } = await checkoutOk(cart([{ productId: album }], { email: ` ${email.toUpperCase()} ` }));
    expect(buyerCookie).toMatch(/^__Host-store_buyer=/);
    expect(await checkoutRowBySession(session)).toMatchObject({ user_id: null, email, total_cents: 900 });
  });

  it.each([
    ["a visitor without an e-mail", "visitor"],
    ["a banned member (no session)", "banned"],
  ] as const)("refuses %s: 401, nothing stored", async (_label, role) => {
    const album = await seedProduct();
    const buyer = await buyerFor(role);
    const before = await storeState();
    const res = await postCheckout(cart([{ productId: album }]), buyer?.cookie);
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("unauthorized");
    expect(await storeState()).toEqual(before);
  });

  it("refuses a member whose e-mail is not verified: 403 email_unverified, nothing stored", async () => {
    const album = await seedProduct();
    const member = await createUser("user", { unverified: true });
    const before = await storeState();
    const res = await postCheckout(cart([{ productId: album }]), member.cookie);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("email_unverified");
    expect(await storeState()).toEqual(before);
  });

  it("stores the Worker's own lines and totals, with the stock held", async () => {
    const { productId, variantId } = await seedShirt(10, { usd: 999 });
    const album = await seedProduct({ usd: 900 });
    const code = await seedPromo({ percentOff: 15, scope: "merch" });
    const { session } = await checkoutOk(
      cart(
        [
          { productId, variantId, quantity: 3 },
          { productId: album, amountCents: 1 },
        ],
        { email: guestEmail(), promoCode: code, shippingCountry: "US" },
      ),
    );
    const row = (await checkoutRowBySession(session))!;
    expect(row).toMatchObject({ subtotal_cents: 3897, discount_cents: 450, shipping_cents: 1000, total_cents: 4447, promo_code: code, shipping_country: "US" });
    const lines = await D1.prepare("SELECT line_no, unit_cents, total_cents, discount_cents FROM store_checkout_lines WHERE checkout_id = ?1 ORDER BY line_no")
      .bind(row.id)
      .all();
    expect(lines.results).toEqual([
      { line_no: 1, unit_cents: 999, total_cents: 2997, discount_cents: 450 },
      { line_no: 2, unit_cents: 900, total_cents: 900, discount_cents: 0 },
    ]);
    expect(await stockOf(variantId)).toBe(7);
    const holds = await D1.prepare("SELECT variant_id, quantity, state FROM stock_holds WHERE checkout_id = ?1").bind(row.id).all();
    expect(holds.results).toEqual([{ variant_id: variantId, quantity: 3, state: "held" }]);
    expect(await usesOf(code)).toBe(0); // unlimited: no use to take
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(31 * 60 * 1000);
  });

  it("a retried request of the same attempt finds the same checkout and takes the stock once", async () => {
    const { productId, variantId } = await seedShirt(5);
    const member = await createUser("user");
    const body = cart([{ productId, variantId, quantity: 2 }], { shippingCountry: "BR", attemptId: crypto.randomUUID() });
    const before = (await storeState()).checkouts;
    const first = await checkoutOk(body, member.cookie);
    const second = await checkoutOk(body, member.cookie);
    expect(second.url).toBe(first.url);
    expect(await stockOf(variantId)).toBe(3);
    expect((await storeState()).checkouts).toBe(before + 1);
  });
});

describe("bad checkouts: a 4xx with its code, nothing stored", () => {
  it.each([
    ["a physical cart without a country", async () => cart([{ ...(await seedShirt()) }]), 400, "shipping_country_required"],
    ["an invalid e-mail", async () => ({ ...cart([{ productId: await seedProduct() }]), email: "not-an-address" }), 400, "email_invalid"],
    ["an attempt id that is not a UUID", async () => ({ ...cart([{ productId: await seedProduct() }]), attemptId: "again" }), 400, "invalid_input"],
    ["an empty cart", async () => cart([]), 400, "cart_empty"],
    [
      "a price under the minimum",
      async () => cart([{ productId: await seedProduct({ pricing: "name_your_price", usd: 700 }), amountCents: 1 }]),
      400,
      "price_below_minimum",
    ],
    ["a foreign currency", async () => ({ ...cart([{ productId: await seedProduct({ brl: null }) }]), currency: "brl" }), 400, "currency_not_offered"],
    [
      "a variant of another product",
      async () => cart([{ productId: (await seedShirt()).productId, variantId: (await seedShirt()).variantId }], { shippingCountry: "US" }),
      400,
      "variant_mismatch",
    ],
    ["a quantity over the limit", async () => cart([{ productId: await seedProduct({ limit: 2 }), quantity: 3 }]), 400, "quantity_over_limit"],
    ["a quantity over stock", async () => cart([{ ...(await seedShirt(2)), quantity: 3 }], { shippingCountry: "US" }), 409, "sold_out"],
    ["an unknown code", async () => cart([{ productId: await seedProduct() }], { promoCode: "NOT-A-CODE" }), 400, "promo_code_invalid"],
  ])("%s", async (_label, body, status, code) => {
    const json = { email: guestEmail(), ...(await body()) };
    const before = await storeState();
    const res = await postCheckout(json);
    expect(res.status, await res.clone().text()).toBe(status);
    expect((await errorOf(res)).code).toBe(code);
    expect(await storeState()).toEqual(before);
  });
});

describe("racing buyers", () => {
  it("20 buyers for the last 5 shirts: exactly 5 reservations and 15 clean sold_out, stock 0 never below", async () => {
    const { productId, variantId } = await seedShirt(5);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postCheckout(cart([{ productId, variantId }], { email: guestEmail(), shippingCountry: "US" }))),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const res of answers.filter((r) => r.status === 409)) expect((await errorOf(res)).code).toBe("sold_out");
    expect(await stockOf(variantId)).toBe(0);
    expect(await holdsOf(variantId)).toEqual({ n: 5, quantity: 5 });
  });

  it("a promotion code with one use raced by 5 buyers is taken once", async () => {
    const album = await seedProduct({ usd: 1000 });
    const code = await seedPromo({ maxUses: 1 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => postCheckout(cart([{ productId: album }], { email: guestEmail(), promoCode: code }))));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(4);
    for (const res of refused) expect((await errorOf(res)).code).toBe("promo_code_used_up");
    expect(await usesOf(code)).toBe(1);
    expect(await checkoutsWith(code)).toBe(1);
  });

  it("a sold-out variant in a cart with a limited code takes neither", async () => {
    const { productId, variantId } = await seedShirt(1);
    const code = await seedPromo({ maxUses: 5 });
    await D1.prepare("UPDATE product_variants SET stock = 0 WHERE id = ?1").bind(variantId).run();
    const res = await postCheckout(cart([{ productId, variantId }], { email: guestEmail(), promoCode: code, shippingCountry: "US" }));
    expect(res.status).toBe(409);
    expect(await usesOf(code)).toBe(0);
    expect(await checkoutsWith(code)).toBe(0);
  });
});

describe("the provider fails", () => {
  it("gives the stock and the code's use back, marks the checkout failed, and answers payment_failed", async () => {
    const { productId, variantId } = await seedShirt(4);
    const code = await seedPromo({ maxUses: 3 });
    const failing: PaymentsService = {
      mode: "live",
      createCheckout: () => Promise.reject(new Error("unused")),
      createOrderCheckout: () => Promise.reject(new PaymentProviderError("Stripe is down")),
      createPortal: () => Promise.reject(new Error("unused")),
      cancelSubscription: () => Promise.reject(new Error("unused")),
      refund: () => Promise.reject(new Error("unused")),
      invoicePaymentIntent: () => Promise.reject(new Error("unused")),
      submitDisputeEvidence: () => Promise.reject(new Error("unused")),
      verifyEvent: () => Promise.reject(new Error("unused")),
    };
    const body = { ...cart([{ productId, variantId, quantity: 2 }], { shippingCountry: "US", promoCode: code }), email: guestEmail() } as never;
    const attempt = openStoreCheckout(db(), failing, {
      body,
      buyer: { userId: null, isVip: false, email: "a@example.com", buyerKeyHash: "h" },
      locale: "en",
      origin: "https://fans.test",
    });
    await expect(attempt).rejects.toMatchObject({ code: "payment_failed", status: 502 });
    expect(await stockOf(variantId)).toBe(4);
    expect(await usesOf(code)).toBe(0);
    const rows = await D1.prepare("SELECT c.status, h.state FROM store_checkouts c JOIN stock_holds h ON h.checkout_id = c.id WHERE h.variant_id = ?1")
      .bind(variantId)
      .all();
    expect(rows.results).toEqual([{ status: "failed", state: "released" }]);
  });
});

describe("what the provider is told", () => {
  it("the Worker's stored amounts and titles in the buyer's language, never an amount the browser sent for a fixed price", async () => {
    const { productId, variantId } = await seedShirt(10, { usd: 2500, brl: 12000 });
    const nyp = await seedProduct({ pricing: "name_your_price", usd: 700, brl: 3500, title: "Single", titlePtBr: "Compacto" });
    const code = await seedPromo({ percentOff: 15, scope: "merch" });
    const seenInputs: OrderCheckoutInput[] = [];
    const capturing: PaymentsService = {
      mode: "live",
      createCheckout: () => Promise.reject(new Error("unused")),
      createOrderCheckout: async (input) => {
        seenInputs.push(input);
        return { id: "cs_test_captured", url: "https://checkout.stripe.test/c/pay/cs_test_captured" };
      },
      createPortal: () => Promise.reject(new Error("unused")),
      cancelSubscription: () => Promise.reject(new Error("unused")),
      refund: () => Promise.reject(new Error("unused")),
      invoicePaymentIntent: () => Promise.reject(new Error("unused")),
      submitDisputeEvidence: () => Promise.reject(new Error("unused")),
      verifyEvent: () => Promise.reject(new Error("unused")),
    };
    const body = {
      ...cart(
        [
          { productId, variantId, quantity: 2, amountCents: 1 },
          { productId: nyp, amountCents: 4000 },
        ],
        { shippingCountry: "BR", promoCode: code },
      ),
      currency: "brl",
    } as never;
    const now = Date.now();
    const result = await openStoreCheckout(
      db(),
      capturing,
      {
        body,
        buyer: { userId: null, isVip: false, email: "fan@example.com", buyerKeyHash: "h", ip: "203.0.113.7" },
        locale: "pt-BR",
        origin: "https://fans.test",
      },
      now,
    );
    expect(result).toEqual({ url: "https://checkout.stripe.test/c/pay/cs_test_captured" });
    const [input] = seenInputs;
    expect(input).toEqual({
      // The buyer's address for the provider's scoring, as the checkout keeps it (decision 094).
      buyerIp: "203.0.113.7",
      checkoutId: expect.stringMatching(/^sc_[0-9a-f]{32}$/),
      email: "fan@example.com",
      locale: "pt-BR",
      currency: "brl",
      // 15% off R$ 120,00 is R$ 18,00 a shirt; the single is the buyer's own R$ 40,00, not discounted.
      lines: [
        { name: "Camiseta da Turnê (M / Black)", unitAmountCents: 10200, quantity: 2, taxKind: "physical_goods" },
        { name: "Compacto", unitAmountCents: 4000, quantity: 1, taxKind: "digital_audio" },
      ],
      // The admin's setting for reais (decision 093; inclusive by default), kept on the checkout.
      taxBehavior: "inclusive",
      shipping: { country: "BR", amountCents: 2900, label: "Frete" },
      expiresAt: now + 31 * 60 * 1000,
      origin: "https://fans.test",
    });
    const row = (await checkoutRowBySession("cs_test_captured"))!;
    const provided = input!.lines.reduce((sum, l) => sum + l.unitAmountCents * l.quantity, 0) + input!.shipping!.amountCents;
    expect(provided).toBe(row.total_cents);
    expect(row).toMatchObject({ mode: "live", id: input!.checkoutId, tax_behavior: "inclusive" });
  });
});

describe("GET /api/store/checkouts/:id and /status: the owner only", () => {
  it("shows a guest's checkout to the browser that opened it, and to nobody else", async () => {
    const album = await seedProduct({ usd: 900, title: "Album", titlePtBr: "Álbum" });
    const { session, buyerCookie } = await checkoutOk(cart([{ productId: album }], { email: guestEmail() }));
    const own = await call(`/api/store/checkouts/${session}`, { cookie: buyerCookie!, headers: { "accept-language": "pt-BR" } });
    expect(own.status).toBe(200);
    const summary = await own.json<CheckoutSummaryResponse>();
    expect(summary).toMatchObject({ id: session, status: "open", mode: "local", totalCents: 900, needsShipping: false });
    expect(summary.lines).toEqual([
      { productId: album, kind: "digital", title: "Álbum", variantLabel: null, quantity: 1, unitCents: 900, totalCents: 900, vipPrice: false },
    ]);
    const status = await call(`/api/store/checkouts/${session}/status`, { cookie: buyerCookie! });
    expect(await status.json<StoreCheckoutStatusResponse>()).toEqual({ status: "open", orderNumber: null });

    const strangers = [undefined, "__Host-store_buyer=someone-else", (await createUser("admin")).cookie];
    for (const cookie of strangers) {
      for (const path of [`/api/store/checkouts/${session}`, `/api/store/checkouts/${session}/status`]) {
        const res = await call(path, { cookie });
        expect(res.status, `${path} with ${cookie}`).toBe(404);
        expect((await errorOf(res)).code).toBe("store_checkout_not_found");
      }
    }
  });

  it.each(STORE_ROLES)("answers a %s who does not own the checkout 404, for both reads", async (role) => {
    const album = await seedProduct();
    const { session } = await checkoutOk(cart([{ productId: album }], { email: guestEmail() }));
    const stranger = await buyerFor(role);
    for (const path of [`/api/store/checkouts/${session}`, `/api/store/checkouts/${session}/status`]) {
      const res = await call(path, { cookie: stranger?.cookie });
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe("store_checkout_not_found");
    }
  });

  it("shows a member's checkout to the member, wherever they sign in, not to another member", async () => {
    const { productId, variantId } = await seedShirt();
    const member = await createUser("user");
    const { session } = await checkoutOk(cart([{ productId, variantId }], { shippingCountry: "DE" }), member.cookie);
    const own = await call(`/api/store/checkouts/${session}`, { cookie: member.cookie });
    expect(await own.json<CheckoutSummaryResponse>()).toMatchObject({ needsShipping: true, shippingCountry: "DE", shippingCents: 2000, totalCents: 4500 });
    expect((await call(`/api/store/checkouts/${session}`, { cookie: (await createUser("vip")).cookie })).status).toBe(404);
    expect((await call(`/api/store/checkouts/cs_local_${"0".repeat(32)}`, { cookie: member.cookie })).status).toBe(404);
  });
});

describe("the local test checkout's buttons", () => {
  const act = (session: string, action: string, cookie: string | null | undefined, json?: unknown) =>
    callLocal(`/api/store/local/checkouts/${session}/${action}`, { method: "POST", cookie: cookie ?? undefined, json });

  it("Pay asks a physical cart for a test address in the chosen country", async () => {
    const { productId, variantId } = await seedShirt();
    const { session, buyerCookie } = await checkoutOk(cart([{ productId, variantId }], { email: guestEmail(), shippingCountry: "BR" }));
    const none = await act(session, "pay", buyerCookie, {});
    expect(none.status).toBe(400);
    expect((await errorOf(none)).field).toBe("address");
    const elsewhere = await act(session, "pay", buyerCookie, { address: { line1: "1 Main St", city: "Miami", postalCode: "33101", country: "US" } });
    expect(elsewhere.status).toBe(400);
    const row = await checkoutRowBySession(session);
    expect(row!.status).toBe("open");
  });

  it("Decline fails the checkout and gives the stock back; Abandon expires it; a finished one is 409", async () => {
    const { productId, variantId } = await seedShirt(3);
    const buy = () => checkoutOk(cart([{ productId, variantId }], { email: guestEmail(), shippingCountry: "US" }));
    const a = await buy();
    const b = await buy();
    expect(await stockOf(variantId)).toBe(1);
    const declined = await act(a.session, "decline", a.buyerCookie);
    expect(await declined.json()).toEqual({ redirectTo: `/store/thanks?session_id=${a.session}` });
    const abandoned = await act(b.session, "abandon", b.buyerCookie);
    expect(await abandoned.json()).toEqual({ redirectTo: "/store/cart" });
    expect(await stockOf(variantId)).toBe(3);
    expect((await checkoutRowBySession(a.session))!.status).toBe("failed");
    expect((await checkoutRowBySession(b.session))!.status).toBe("expired");
    const again = await act(a.session, "pay", a.buyerCookie, {});
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("checkout_finished");
  });

  it("answers only its owner, and only on the developer's machine", async () => {
    const album = await seedProduct();
    const { session, buyerCookie } = await checkoutOk(cart([{ productId: album }], { email: guestEmail() }));
    expect((await act(session, "pay", "__Host-store_buyer=other", {})).status).toBe(404);
    const remote = await call(`/api/store/local/checkouts/${session}/pay`, { method: "POST", cookie: cookies(buyerCookie), json: {} });
    expect(remote.status).toBe(404);
    expect((await checkoutRowBySession(session))!.status).toBe("open");
  });
});
