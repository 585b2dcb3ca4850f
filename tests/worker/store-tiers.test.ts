// The store's member prices by tier (decision 099): a tier's percentage off a scope applies to that
// tier and those above it, the best price a buyer may have wins, in exact cents (half-up on the unit
// price); a promotion code for a tier and above; the back office's list with bad input refused and
// nothing stored; and racing buyers of the last shirts each paying their own tier's price.
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import type { QuoteResponse } from "../../worker/contracts/store/cart";
import { cart, D1, postCheckout, postQuote, seedProduct, seedPromo, seedShirt, stockOf } from "./checkout-fixtures";

const who = {} as Record<"free" | "vip" | "ic" | "lapsed" | "admin" | "banned", TestUser>;
const DISCOUNTS = "/api/admin/store/tier-discounts";

async function unitFor(user: TestUser | null, lines: Parameters<typeof cart>[0], extra: Record<string, unknown> = {}) {
  const res = await postQuote(cart(lines, { shippingCountry: "US", ...extra }), user?.cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json<QuoteResponse>()).lines.map((l) => l.unitCents);
}

const storedDiscounts = async () => (await D1.prepare("SELECT tier_id, scope, percent_off FROM store_tier_discounts ORDER BY tier_id, scope").all()).results;

beforeAll(async () => {
  await D1.prepare(
    "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents) VALUES ('inner-circle', 2, 'Inner Circle', 'Círculo Íntimo', '#7c3aed', 2499)",
  ).run();
  forgetTiers();
  who.free = await createUser("user");
  who.vip = await createUser("vip");
  who.ic = await createUser("vip", { tierId: "inner-circle" });
  who.lapsed = await createUser("user");
  await D1.prepare(
    "INSERT INTO subscriptions (id, user_id, customer_id, status, last_event_at, updated_at, tier_id) VALUES (?, ?, 'cus_t', 'canceled', 1, 1, 'inner-circle')",
  )
    .bind(`sub_${crypto.randomUUID()}`, who.lapsed.id)
    .run();
  who.admin = await createUser("admin");
  who.banned = await createUser("banned");
  // The demo's Inner Circle: 20 % off merch, set through the back office.
  const res = await call(DISCOUNTS, {
    method: "PUT",
    cookie: who.admin.cookie,
    json: { discounts: [{ tierId: "inner-circle", scope: "merch", percentOff: 20 }] },
  });
  expect(res.status).toBe(200);
});

describe("member prices by tier", () => {
  it("Inner Circle pays 20 % off merch; the best price each buyer may have wins; nobody else gets the tier's price", async () => {
    const plain = await seedShirt(50); // $25.00, no VIP price
    const vipCheaper = await seedShirt(50, { vipUsd: 1800 }); // VIP $18.00 beats 20 % off
    const vipDearer = await seedShirt(50, { vipPct: 10 }); // VIP 10 % off: $22.50, 20 % off beats it
    const album = await seedProduct({ usd: 999 }); // digital: merch's discount does not reach it
    const lines = [plain, vipCheaper, vipDearer].map(({ productId, variantId }) => ({ productId, variantId }));
    const expected: Record<keyof typeof who | "visitor", number[]> = {
      visitor: [2500, 2500, 2500, 999],
      free: [2500, 2500, 2500, 999],
      lapsed: [2500, 2500, 2500, 999],
      banned: [2500, 2500, 2500, 999],
      vip: [2500, 1800, 2250, 999],
      ic: [2000, 1800, 2000, 999],
      // Admins buy at the store's public prices (their own tier is the free one).
      admin: [2500, 2500, 2500, 999],
    };
    for (const [role, units] of Object.entries(expected)) {
      const user = role === "visitor" ? null : who[role as keyof typeof who];
      expect(await unitFor(user, [...lines, { productId: album }]), role).toEqual(units);
    }
  });

  it("rounds half-up on the unit price, exact in cents, and reaches digital items through an all-scope discount of a lower tier", async () => {
    const odd = await seedShirt(5, { usd: 999 });
    // 20 % of 999 = 199.8 → 200: 799.
    expect(await unitFor(who.ic, [{ productId: odd.productId, variantId: odd.variantId }])).toEqual([799]);
    const put = await call(DISCOUNTS, {
      method: "PUT",
      cookie: who.admin.cookie,
      json: {
        discounts: [
          { tierId: "inner-circle", scope: "merch", percentOff: 20 },
          { tierId: "vip", scope: "all", percentOff: 5 },
        ],
      },
    });
    expect(put.status).toBe(200);
    const album = await seedProduct({ usd: 1010 }); // 5 % of 1010 = 50.5 → 51: 959
    expect(await unitFor(who.vip, [{ productId: album }])).toEqual([959]);
    // Inner Circle is above VIP: VIP's discount reaches it too; on merch its own 20 % is the better one.
    expect(await unitFor(who.ic, [{ productId: album }, { productId: odd.productId, variantId: odd.variantId }])).toEqual([959, 799]);
    expect(await unitFor(who.free, [{ productId: album }])).toEqual([1010]);
    const gift = await seedProduct({ kind: "gift_vip", usd: 2997, albumId: null });
    expect(await unitFor(who.ic, [{ productId: gift }])).toEqual([2997]);
  });

  it("a promotion code for Inner Circle and above: 403 tier_required below it, taken above it", async () => {
    const code = await seedPromo({ percentOff: 10 });
    await D1.prepare("UPDATE promo_codes SET min_tier_id = 'inner-circle' WHERE code = ?").bind(code).run();
    const album = await seedProduct({ usd: 1000 });
    for (const user of [null, who.free, who.vip, who.lapsed]) {
      const res = await postQuote(cart([{ productId: album }], { promoCode: code }), user?.cookie);
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe("tier_required");
    }
    const ok = await postQuote(cart([{ productId: album }], { promoCode: code }), who.ic.cookie);
    expect(ok.status).toBe(200);
    // The code's 10 % is taken off the member's price (VIP's 5 % off all, set above: 950): 95.
    expect((await ok.json<QuoteResponse>()).discountCents).toBe(95);
  });
});

describe("racing buyers of the last shirts", () => {
  it("6 members of three tiers for the last 3 shirts: exactly 3 reserved, each at its buyer's price, stock 0", async () => {
    const { productId, variantId } = await seedShirt(3, { vipUsd: 2300 });
    const buyers = [
      ...(await Promise.all([0, 1].map(() => createUser("vip", { tierId: "inner-circle" })))),
      ...(await Promise.all([0, 1].map(() => createUser("vip")))),
      ...(await Promise.all([0, 1].map(() => createUser("user")))),
    ];
    const price = [2000, 2000, 2300, 2300, 2500, 2500];
    const answers = await Promise.all(buyers.map((b) => postCheckout(cart([{ productId, variantId }], { shippingCountry: "US" }), b.cookie)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    for (const res of answers.filter((r) => r.status === 409)) expect((await errorOf(res)).code).toBe("sold_out");
    expect(await stockOf(variantId)).toBe(0);
    const { results } = await D1.prepare(
      "SELECT c.user_id AS userId, l.unit_cents AS unit FROM store_checkout_lines l JOIN store_checkouts c ON c.id = l.checkout_id WHERE l.variant_id = ?",
    )
      .bind(variantId)
      .all<{ userId: string; unit: number }>();
    expect(results).toHaveLength(3);
    for (const row of results) expect(row.unit).toBe(price[buyers.findIndex((b) => b.id === row.userId)]);
  });
});

describe("the back office's list", () => {
  it("is for admins; bad input is a 400 with its code and stores nothing", async () => {
    const before = await storedDiscounts();
    for (const user of [null, who.free, who.vip, who.ic]) {
      const res = await call(DISCOUNTS, { method: "PUT", cookie: user?.cookie, json: { discounts: [] } });
      expect(res.status).toBe(user ? 403 : 401);
    }
    const bad: [unknown, string][] = [
      [{ discounts: [{ tierId: "ghost", scope: "merch", percentOff: 20 }] }, "tier_gate_unknown"],
      [{ discounts: [{ tierId: "vip", scope: "merch", percentOff: 0 }] }, "invalid_input"],
      [{ discounts: [{ tierId: "vip", scope: "merch", percentOff: 91 }] }, "invalid_input"],
      [{ discounts: [{ tierId: "vip", scope: "merch", percentOff: 12.5 }] }, "invalid_input"],
      [{ discounts: [{ tierId: "vip", scope: "tickets", percentOff: 10 }] }, "invalid_input"],
      [
        {
          discounts: [
            { tierId: "vip", scope: "merch", percentOff: 10 },
            { tierId: "vip", scope: "merch", percentOff: 15 },
          ],
        },
        "invalid_input",
      ],
      [{ discounts: [{ tierId: "VIP'", scope: "merch", percentOff: 10 }] }, "invalid_input"],
    ];
    for (const [json, code] of bad) {
      const res = await call(DISCOUNTS, { method: "PUT", cookie: who.admin.cookie, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await errorOf(res)).code).toBe(code);
    }
    expect(await storedDiscounts()).toEqual(before);
    const promo = await call("/api/admin/store/promo-codes", { cookie: who.admin.cookie, json: { code: "CIRCLE10", percentOff: 10, minTierId: "ghost" } });
    expect(promo.status).toBe(400);
    expect((await errorOf(promo)).code).toBe("tier_gate_unknown");
    expect(await D1.prepare("SELECT count(*) AS n FROM promo_codes WHERE code = 'CIRCLE10'").first<{ n: number }>()).toEqual({ n: 0 });
    const made = await call("/api/admin/store/promo-codes", {
      cookie: who.admin.cookie,
      json: { code: "CIRCLE10", percentOff: 10, minTierId: "inner-circle" },
    });
    expect(made.status).toBe(201);
    expect(await D1.prepare("SELECT min_tier_id FROM promo_codes WHERE code = 'CIRCLE10'").first()).toEqual({ min_tier_id: "inner-circle" });
  });
});
