// POST /api/store/quote and the pricing behind it (worker/services/store/pricing.ts): every role
// gets the Worker's own prices (the VIP price only for a VIP), every bad cart is a clear 4xx with its
// code, and the amounts are exact in integer cents (percentages off the unit price, half-up).
import { describe, expect, it } from "vitest";
import { EDGE_RATE_LIMITS } from "../../worker/contracts/limits";
import type { QuoteResponse } from "../../worker/contracts/store/cart";
import { percentOf } from "../../worker/services/store/pricing";
import { call, createUser, EDGE_LIMIT_TEST_TIMEOUT_MS, errorOf, inOneEdgeLimitWindow, useFreshClientIp } from "./helpers";
import { buyerFor, cart, D1, postQuote, seedProduct, seedPromo, seedShirt, seedVariant, STORE_ROLES, storeState } from "./checkout-fixtures";

async function quoteOk(json: unknown, cookie?: string) {
  const res = await postQuote(json, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<QuoteResponse>();
}

async function refused(json: unknown, status: number, code: string, cookie?: string) {
  const before = await storeState();
  const res = await postQuote(json, cookie);
  expect(res.status, await res.clone().text()).toBe(status);
  const error = await errorOf(res);
  expect(error.code).toBe(code);
  expect(await storeState()).toEqual(before);
  return error;
}

describe("POST /api/store/quote, per role", () => {
  it.each(STORE_ROLES)("prices the cart for a %s (the VIP price only for a VIP)", async (role) => {
    const album = await seedProduct({ usd: 900, vipUsd: 700 });
    const { productId, variantId } = await seedShirt(5, { vipPct: 20 });
    const buyer = await buyerFor(role);
    const q = await quoteOk(cart([{ productId: album }, { productId, variantId, quantity: 2 }], { shippingCountry: "US" }), buyer?.cookie);
    const vip = role === "vip";
    // A member-priced line names the buyer's tier (decision 105).
    const tier = vip ? { priceTier: { en: "VIP", ptBR: "VIP" } } : {};
    expect(q.lines).toEqual([
      { productId: album, variantId: null, quantity: 1, unitCents: vip ? 700 : 900, totalCents: vip ? 700 : 900, vipPrice: vip, ...tier },
      { productId, variantId, quantity: 2, unitCents: vip ? 2000 : 2500, totalCents: vip ? 4000 : 5000, vipPrice: vip, ...tier },
    ]);
    const subtotal = vip ? 4700 : 5900;
    expect(q).toMatchObject({
      currency: "usd",
      subtotalCents: subtotal,
      discountCents: 0,
      shippingCents: 1000,
      totalCents: subtotal + 1000,
      needsShipping: true,
    });
  });

  it("answers a banned member's stale cookie as a visitor: the public price", async () => {
    const album = await seedProduct({ usd: 900, vipUsd: 700 });
    const banned = await createUser("banned");
    await D1.prepare("UPDATE users SET is_vip = 1 WHERE id = ?1").bind(banned.id).run();
    expect((await quoteOk(cart([{ productId: album }]), banned.cookie)).lines[0]!.unitCents).toBe(900);
  });
});

describe("prices", () => {
  it("ignores an amount sent for a fixed price", async () => {
    const id = await seedProduct({ usd: 1200 });
    const q = await quoteOk(cart([{ productId: id, amountCents: 1 }]));
    expect(q.lines[0]).toMatchObject({ unitCents: 1200, totalCents: 1200 });
  });

  it("takes the amount offered for name-your-price, the minimum when none is sent", async () => {
    const id = await seedProduct({ pricing: "name_your_price", usd: 700 });
    expect((await quoteOk(cart([{ productId: id, amountCents: 1500 }]))).totalCents).toBe(1500);
    expect((await quoteOk(cart([{ productId: id }]))).totalCents).toBe(700);
    const free = await seedProduct({ pricing: "name_your_price", usd: 0 });
    expect((await quoteOk(cart([{ productId: free, amountCents: 0 }]))).totalCents).toBe(0);
  });

  it("lowers the name-your-price minimum to the VIP price for a VIP only", async () => {
    const id = await seedProduct({ pricing: "name_your_price", usd: 700, vipUsd: 500 });
    const vip = await createUser("vip");
    const q = await quoteOk(cart([{ productId: id, amountCents: 600 }]), vip.cookie);
    expect(q.lines[0]).toMatchObject({ unitCents: 600, vipPrice: true });
    await refused(cart([{ productId: id, amountCents: 600 }]), 400, "price_below_minimum");
  });

  it("prices in reais from the BRL price, the VIP BRL price and the BRL shipping rate", async () => {
    const { productId, variantId } = await seedShirt(5, { brl: 12000, vipBrl: 9900 });
    const vip = await createUser("vip");
    const q = await quoteOk({ ...cart([{ productId, variantId }]), currency: "brl", shippingCountry: "BR" }, vip.cookie);
    expect(q).toMatchObject({ currency: "brl", subtotalCents: 9900, shippingCents: 2900, totalCents: 12800 });
  });

  it("takes a VIP discount off the unit price, rounded half-up to the cent", async () => {
    expect(percentOf(999, 15)).toBe(150); // 149.85
    expect(percentOf(990, 15)).toBe(149); // 148.5 rounds up
    expect(percentOf(333, 10)).toBe(33); // 33.3
    const id = await seedProduct({ usd: 999, vipPct: 15 });
    const vip = await createUser("vip");
    const q = await quoteOk(cart([{ productId: id, quantity: 3 }]), vip.cookie);
    expect(q.lines[0]).toMatchObject({ unitCents: 849, totalCents: 2547, vipPrice: true });
  });

  it("counts the same product and variant on two lines together", async () => {
    const { productId, variantId } = await seedShirt(3, { limit: 4 });
    await quoteOk(
      cart([
        { productId, variantId, quantity: 2 },
        { productId, variantId, quantity: 1 },
      ]),
    );
    await refused(
      cart([
        { productId, variantId, quantity: 2 },
        { productId, variantId, quantity: 2 },
      ]),
      400,
      "quantity_over_stock",
    );
    const other = await seedVariant(productId, { stock: 10, size: "L" });
    await refused(
      cart([
        { productId, variantId, quantity: 2 },
        { productId, variantId: other, quantity: 3 },
      ]),
      400,
      "quantity_over_limit",
    );
  });
});

describe("promotion codes", () => {
  it("takes the percentage off each unit of the lines in scope, half-up, case-insensitive", async () => {
    const code = await seedPromo({ percentOff: 15, scope: "merch" });
    const { productId, variantId } = await seedShirt(10, { usd: 999 });
    const album = await seedProduct({ usd: 900 });
    const q = await quoteOk(
      cart([{ productId, variantId, quantity: 3 }, { productId: album }], { promoCode: ` ${code.toLowerCase()} `, shippingCountry: "US" }),
    );
    expect(q).toMatchObject({ subtotalCents: 2997 + 900, discountCents: 450, promoCode: code, shippingCents: 1000, totalCents: 2997 + 900 - 450 + 1000 });
  });

  it("never discounts a name-your-price amount", async () => {
    const code = await seedPromo({ percentOff: 50 });
    const nyp = await seedProduct({ pricing: "name_your_price", usd: 500 });
    const fixed = await seedProduct({ usd: 1000 });
    expect((await quoteOk(cart([{ productId: nyp, amountCents: 800 }, { productId: fixed }], { promoCode: code }))).discountCents).toBe(500);
    await refused(cart([{ productId: nyp, amountCents: 800 }], { promoCode: code }), 400, "promo_code_not_applicable");
  });

  it("refuses a code with its reason: unknown, ended, future, out of scope, VIP-only (for a visitor and a member), used up", async () => {
    const album = await seedProduct();
    const line = [{ productId: album }];
    await refused(cart(line, { promoCode: "NOPE" }), 400, "promo_code_invalid");
    await refused(cart(line, { promoCode: await seedPromo({ endsAt: Date.now() - 1000 }) }), 400, "promo_code_expired");
    await refused(cart(line, { promoCode: await seedPromo({ startsAt: Date.now() + 60_000 }) }), 400, "promo_code_not_started");
    await refused(cart(line, { promoCode: await seedPromo({ scope: "merch" }) }), 400, "promo_code_not_applicable");
    const vipOnly = await seedPromo({ vipOnly: true });
    const member = await createUser("user");
    await refused(cart(line, { promoCode: vipOnly }), 400, "promo_code_vip_only");
    await refused(cart(line, { promoCode: vipOnly }), 400, "promo_code_vip_only", member.cookie);
    expect((await quoteOk(cart(line, { promoCode: vipOnly }), (await createUser("vip")).cookie)).discountCents).toBe(200);
    await refused(cart(line, { promoCode: await seedPromo({ maxUses: 2, uses: 2 }) }), 409, "promo_code_used_up");
  });

  it("a VIP-only code that has ended says it ended, not that it is for VIPs", async () => {
    const line = [{ productId: await seedProduct() }];
    await refused(cart(line, { promoCode: await seedPromo({ vipOnly: true, endsAt: Date.now() - 1000 }) }), 400, "promo_code_expired");
  });
});

describe("shipping", () => {
  it("charges the heaviest weight class of the cart's merch for the country's zone", async () => {
    const light = await seedShirt(5, { weightClass: "light" });
    const heavy = await seedShirt(5, { weightClass: "heavy" });
    const lines = [
      { productId: light.productId, variantId: light.variantId },
      { productId: heavy.productId, variantId: heavy.variantId },
    ];
    expect((await quoteOk(cart(lines.slice(0, 1), { shippingCountry: "DE" }))).shippingCents).toBe(1200);
    expect((await quoteOk(cart(lines, { shippingCountry: "DE" }))).shippingCents).toBe(3500);
    expect((await quoteOk(cart(lines, { shippingCountry: "BR" }))).shippingCents).toBe(1500);
  });

  it("is free once the merch subtotal after discounts reaches the threshold; digital lines do not count", async () => {
    const { productId, variantId } = await seedShirt(10, { usd: 2500 });
    const album = await seedProduct({ usd: 5000 });
    const three = { productId, variantId, quantity: 3 };
    // Three shirts are $75.00: the threshold reached.
    expect((await quoteOk(cart([three], { shippingCountry: "US" }))).shippingCents).toBe(0);
    // Two shirts and a $50 album: $100 in all, but only $50 of merch.
    expect((await quoteOk(cart([{ ...three, quantity: 2 }, { productId: album }], { shippingCountry: "US" }))).shippingCents).toBe(1000);
    // Three shirts less 10%: $67.50 after the discount.
    const code = await seedPromo({ percentOff: 10 });
    expect((await quoteOk(cart([three], { shippingCountry: "US", promoCode: code }))).shippingCents).toBe(1000);
  });

  it("answers without shipping until a country is chosen, and nothing to ship for digital and gift lines", async () => {
    const { productId, variantId } = await seedShirt();
    expect(await quoteOk(cart([{ productId, variantId }]))).toMatchObject({ needsShipping: true, shippingCents: null, totalCents: 2500 });
    const gift = await seedProduct({ kind: "gift_vip", usd: 2997 });
    expect(await quoteOk(cart([{ productId: gift, quantity: 2 }], { shippingCountry: "US" }))).toMatchObject({
      needsShipping: false,
      shippingCents: null,
      totalCents: 5994,
    });
  });

  it("refuses a country that does not exist", async () => {
    const { productId, variantId } = await seedShirt();
    const error = await refused(cart([{ productId, variantId }], { shippingCountry: "ZZ" }), 400, "invalid_input");
    expect(error.field).toBe("shippingCountry");
  });
});

describe("bad carts: a 4xx with its code, nothing stored", () => {
  it.each([
    ["an unknown product", async () => cart([{ productId: "no-such-product" }]), 404, "product_not_found"],
    ["a draft", async () => cart([{ productId: await seedProduct({ state: "draft" }) }]), 404, "product_not_found"],
    ["an archived product", async () => cart([{ productId: await seedProduct({ state: "archived" }) }]), 404, "product_not_found"],
    ["a sold-out product", async () => cart([{ productId: await seedProduct({ state: "sold_out" }) }]), 409, "product_not_for_sale"],
    ["merch without a variant", async () => cart([{ productId: (await seedShirt()).productId }]), 400, "variant_required"],
    [
      "a variant of another product",
      async () => cart([{ productId: (await seedShirt()).productId, variantId: (await seedShirt()).variantId }]),
      400,
      "variant_mismatch",
    ],
    ["a variant on a download", async () => cart([{ productId: await seedProduct(), variantId: (await seedShirt()).variantId }]), 400, "variant_mismatch"],
    [
      "a currency the product has no price in",
      async () => ({ ...cart([{ productId: await seedProduct({ brl: null }) }]), currency: "brl" }),
      400,
      "currency_not_offered",
    ],
    ["a foreign currency", async () => ({ ...cart([{ productId: await seedProduct() }]), currency: "eur" }), 400, "invalid_input"],
    [
      "a price under the minimum",
      async () => cart([{ productId: await seedProduct({ pricing: "name_your_price", usd: 700 }), amountCents: 699 }]),
      400,
      "price_below_minimum",
    ],
    ["a quantity over the product's limit", async () => cart([{ productId: await seedProduct({ limit: 1 }), quantity: 2 }]), 400, "quantity_over_limit"],
    ["a quantity over stock", async () => cart([{ ...(await seedShirt(2)), quantity: 3 }]), 400, "quantity_over_stock"],
    ["an empty cart", async () => cart([]), 400, "cart_empty"],
    ["a quantity of zero", async () => cart([{ productId: await seedProduct(), quantity: 0 }]), 400, "invalid_input"],
    ["a fractional amount", async () => cart([{ productId: await seedProduct({ pricing: "name_your_price" }), amountCents: 10.5 }]), 400, "invalid_input"],
    ["too many lines", async () => cart(Array.from({ length: 21 }, () => ({ productId: "p" }))), 400, "invalid_input"],
  ])("%s", async (_label, body, status, code) => {
    await refused(await body(), status, code);
  });

  it("answers a malformed body 400", async () => {
    const res = await call("/api/store/quote", { method: "POST", body: "{not json", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("bad_request");
  });
});

describe("the quote's rate limit", () => {
  it(
    "answers 429 past the per-address budget a minute, another address unaffected",
    async () => {
      const id = await seedProduct();
      const ip = useFreshClientIp();
      const { max } = EDGE_RATE_LIMITS.storeQuotesPerIp;
      await inOneEdgeLimitWindow();
      for (let i = 0; i < max; i++) expect((await postQuote(cart([{ productId: id }]), undefined, { "cf-connecting-ip": ip })).status).toBe(200);
      const over = await postQuote(cart([{ productId: id }]), undefined, { "cf-connecting-ip": ip });
      expect(over.status).toBe(429);
      expect((await errorOf(over)).code).toBe("rate_limited");
      expect((await postQuote(cart([{ productId: id }]), undefined, { "cf-connecting-ip": useFreshClientIp() })).status).toBe(200);
    },
    EDGE_LIMIT_TEST_TIMEOUT_MS,
  );
});
