// /api/store: the public store and the members' cart. Live and sold-out products are public, in the
// back office's order; draft and archived ones do not exist for anyone (404 product_not_found).
// Prices: a VIP's answer carries the VIP price as theirs, everyone else's shows it as a teaser, and
// an admin, door staff or a banned session is not a VIP for prices. Stock is said as a state, the
// count only when few are left. The cart is a member's own (visitor and banned: 401), refused with
// the line's code and left as it was on bad input, and merged with the browser's on sign-in.
//
// Expectations come from raw SQL against D1, never from the query functions under test.
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { createDoorStaff, DOOR_ROLES, type DoorRole } from "./check-in-fixtures";
import { D1, seedImage, seedProduct, seedVariant, storeCartRow, storedCart } from "./store-fixtures";
import type {
  PublicProduct,
  ReleaseProductsResponse,
  StoreCartResponse,
  StoreProductResponse,
  StoreProductsResponse,
} from "../../worker/contracts/store/store";

let accounts: Record<Exclude<DoorRole, "visitor">, TestUser>;
beforeAll(async () => {
  const [user, vip, admin, banned, door] = await Promise.all([
    createUser("user"),
    createUser("vip"),
    createUser("admin"),
    createUser("banned"),
    createDoorStaff(),
  ]);
  accounts = { user, vip, admin, banned, door };
});
const cookieOf = (role: DoorRole) => (role === "visitor" ? undefined : accounts[role].cookie);

async function products(role: DoorRole = "visitor", query = "") {
  const res = await call(`/api/store/products${query}`, { cookie: cookieOf(role) });
  expect(res.status, role).toBe(200);
  return { res, body: await res.json<StoreProductsResponse>() };
}
const find = (body: { products: PublicProduct[] }, id: string) => body.products.find((p) => p.id === id);

const putCart = (lines: unknown, cookie?: string) => call("/api/store/cart", { method: "PUT", json: { lines }, cookie });
const line = (productId: string, quantity = 1, variantId: string | null = null, amountCents: number | null = null) => ({
  productId,
  variantId,
  quantity,
  amountCents,
});

describe("GET /api/store/products", () => {
  it("lists live and sold-out products in the back office's order, never a draft or archived one, for every role", async () => {
    const second = await seedProduct({ title: "Second", position: 2000 });
    const first = await seedProduct({ title: "First", position: 1000 });
    const soldOut = await seedProduct({ title: "Gone", state: "sold_out", position: 3000 });
    const draft = await seedProduct({ title: "Secret draft", state: "draft", position: 500 });
    const archived = await seedProduct({ title: "Old archive", state: "archived", position: 500 });
    for (const role of DOOR_ROLES) {
      const { body } = await products(role);
      const ids = body.products.map((p) => p.id);
      expect(ids.indexOf(first.id), role).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(first.id), role).toBeLessThan(ids.indexOf(second.id));
      expect(ids.indexOf(second.id), role).toBeLessThan(ids.indexOf(soldOut.id));
      expect(ids, role).not.toContain(draft.id);
      expect(ids, role).not.toContain(archived.id);
      expect(JSON.stringify(body), role).not.toMatch(/Secret draft|Old archive/);
      expect(find(body, soldOut.id)?.state, role).toBe("sold_out");
      expect(find(body, soldOut.id)?.stock, role).toEqual({ state: "sold_out", left: null });
    }
  });

  it("is public for a minute to visitors (per language) and private to members", async () => {
    const { res } = await products("visitor");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(res.headers.get("vary")).toContain("Accept-Language");
    for (const role of ["user", "vip", "admin", "door"] as const) {
      expect((await products(role)).res.headers.get("cache-control"), role).toBe("private, no-cache");
    }
  });

  it("gives a VIP the VIP price as theirs and shows it to everyone else as a teaser", async () => {
    const own = await seedProduct({ priceUsdCents: 2500, priceBrlCents: 12500, vipPriceUsdCents: 2000, vipPriceBrlCents: 10000 });
    const discount = await seedProduct({ priceUsdCents: 999, priceBrlCents: 4999, vipDiscountPct: 20 });
    const none = await seedProduct({ priceUsdCents: 700, priceBrlCents: null });
    for (const role of DOOR_ROLES) {
      const { body } = await products(role);
      const vip = role === "vip";
      expect(find(body, own.id), role).toMatchObject({
        price: vip ? { usd: 2000, brl: 10000 } : { usd: 2500, brl: 12500 },
        regularPrice: { usd: 2500, brl: 12500 },
        vipPrice: { usd: 2000, brl: 10000 },
        vipApplied: vip,
      });
      // 20 % off, to the cent: 999 → 799.2 → 799; 4999 → 3999.2 → 3999.
      expect(find(body, discount.id), role).toMatchObject({
        price: vip ? { usd: 799, brl: 3999 } : { usd: 999, brl: 4999 },
        vipPrice: { usd: 799, brl: 3999 },
        vipApplied: vip,
      });
      expect(find(body, none.id), role).toMatchObject({ price: { usd: 700, brl: null }, vipPrice: null, vipApplied: false });
    }
  });

  it("says stock as a state, and how many only when few are left", async () => {
    const shirt = await seedProduct({ kind: "merch", perOrderLimit: 4 });
    const small = await seedVariant(shirt.id, { size: "S", stock: 0, position: 0 });
    const medium = await seedVariant(shirt.id, { size: "M", stock: 3, position: 1 });
    const large = await seedVariant(shirt.id, { size: "L", stock: 40, position: 2 });
    const fewLeft = await seedProduct({ kind: "merch" });
    await seedVariant(fewLeft.id, { size: "M", stock: 2 });
    const allGone = await seedProduct({ kind: "merch" });
    await seedVariant(allGone.id, { stock: 0 });
    const album = await seedProduct({ kind: "digital", albumId: "moonlight-boulevard" });
    const { body } = await products();
    expect(find(body, shirt.id)).toMatchObject({
      physical: true,
      stock: { state: "in_stock", left: null },
      maxQuantity: 4,
      variants: [
        { id: small, size: "S", colour: null, stock: { state: "sold_out", left: null }, maxQuantity: 0 },
        { id: medium, size: "M", stock: { state: "low", left: 3 }, maxQuantity: 3 },
        { id: large, size: "L", stock: { state: "in_stock", left: null }, maxQuantity: 4 },
      ],
    });
    expect(find(body, fewLeft.id)?.stock).toEqual({ state: "low", left: 2 });
    expect(find(body, allGone.id)?.stock).toEqual({ state: "sold_out", left: null });
    expect(find(body, album.id)).toMatchObject({ physical: false, variants: [], stock: { state: "in_stock", left: null }, maxQuantity: 10 });
    // No stock count over the threshold, and nothing of the variants' own bookkeeping.
    expect(JSON.stringify(find(body, shirt.id))).not.toMatch(/"40"|:40\b|SKU-/);
  });

  it("answers in the asked language, English where there is no Portuguese", async () => {
    const both = await seedProduct({ title: "Tour shirt", titlePtBr: "Camiseta da turnê", description: "Cotton.", descriptionPtBr: "Algodão." });
    const english = await seedProduct({ title: "Poster", description: "Paper." });
    const pt = (await products("visitor", "?lang=pt-BR")).body;
    expect(find(pt, both.id)).toMatchObject({ title: "Camiseta da turnê", description: "Algodão." });
    expect(find(pt, english.id)).toMatchObject({ title: "Poster", description: "Paper." });
    const en = (await products("visitor", "?lang=en")).body;
    expect(find(en, both.id)).toMatchObject({ title: "Tour shirt", description: "Cotton." });
  });

  it("names the release a download sells, its pictures in order, and a name-your-price suggestion (0 for a free one)", async () => {
    const single = await seedProduct({ trackId: "spring-love", pricing: "name_your_price", priceUsdCents: 100, priceBrlCents: 500 });
    const free = await seedProduct({ albumId: "moonlight-boulevard", pricing: "name_your_price", priceUsdCents: 0, priceBrlCents: 0 });
    const vinyl = await seedProduct({ kind: "merch", bundledAlbumId: "moonlight-boulevard", priceUsdCents: 3000 });
    await seedImage(vinyl.id, "store/vinyl-back.jpg", 2);
    await seedImage(vinyl.id, "store/vinyl-front.jpg", 1, "The sleeve");
    const { body } = await products();
    expect(find(body, single.id)).toMatchObject({
      pricing: "name_your_price",
      price: { usd: 100, brl: 500 },
      suggested: { usd: 200, brl: 700 },
      release: { kind: "track", id: "spring-love", title: "Spring Love" },
    });
    expect(find(body, free.id)).toMatchObject({
      suggested: { usd: 0, brl: 0 },
      release: { kind: "album", id: "moonlight-boulevard", coverUrl: "/media/covers/moonlight-boulevard.png" },
    });
    expect(find(body, vinyl.id)).toMatchObject({
      suggested: null,
      bundledRelease: { kind: "album", id: "moonlight-boulevard", title: "Moonlight Boulevard" },
      images: [
        { url: "/media/store/vinyl-front.jpg", alt: "The sleeve" },
        { url: "/media/store/vinyl-back.jpg", alt: null },
      ],
    });
  });
});

describe("GET /api/store/products/:slug", () => {
  it("answers a live or sold-out product to every role, and 404 product_not_found for a draft, an archived or an unknown one", async () => {
    const live = await seedProduct({ title: "Live one" });
    const soldOut = await seedProduct({ state: "sold_out" });
    const draft = await seedProduct({ state: "draft" });
    const archived = await seedProduct({ state: "archived" });
    for (const role of DOOR_ROLES) {
      const res = await call(`/api/store/products/${live.slug}`, { cookie: cookieOf(role) });
      expect(res.status, role).toBe(200);
      expect((await res.json<StoreProductResponse>()).product).toMatchObject({ id: live.id, title: "Live one", state: "live" });
      const gone = await call(`/api/store/products/${soldOut.slug}`, { cookie: cookieOf(role) });
      expect((await gone.json<StoreProductResponse>()).product.state, role).toBe("sold_out");
      for (const slug of [draft.slug, archived.slug, "no-such-product"]) {
        const res = await call(`/api/store/products/${slug}`, { cookie: cookieOf(role) });
        expect(res.status, `${role} ${slug}`).toBe(404);
        expect((await errorOf(res)).code).toBe("product_not_found");
      }
    }
  });

  it("refuses a slug that is not one with 400", async () => {
    const res = await call("/api/store/products/Not_A_Slug");
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
  });

  it("gives only a VIP the VIP price", async () => {
    const { slug } = await seedProduct({ priceUsdCents: 2500, vipPriceUsdCents: 1800, priceBrlCents: null });
    for (const role of DOOR_ROLES) {
      const { product } = await (await call(`/api/store/products/${slug}`, { cookie: cookieOf(role) })).json<StoreProductResponse>();
      expect(product.price.usd, role).toBe(role === "vip" ? 1800 : 2500);
      expect(product.vipApplied, role).toBe(role === "vip");
    }
  });
});

describe("GET /api/store/releases/:kind/:id", () => {
  it("lists the live products that sell an album: its download first, then the merch that comes with it", async () => {
    const album = "city-lights-calling";
    const bundle = await seedProduct({ kind: "merch", bundledAlbumId: album, position: 1 });
    const download = await seedProduct({ albumId: album, pricing: "name_your_price", priceUsdCents: 700, position: 2 });
    await seedProduct({ albumId: album, state: "draft" });
    await seedProduct({ albumId: album, state: "sold_out" });
    await seedProduct({ albumId: album, state: "archived" });
    for (const role of DOOR_ROLES) {
      const res = await call(`/api/store/releases/album/${album}`, { cookie: cookieOf(role) });
      expect(res.status, role).toBe(200);
      expect(
        (await res.json<ReleaseProductsResponse>()).products.map((p) => p.id),
        role,
      ).toEqual([download.id, bundle.id]);
    }
  });

  it("lists a track's own download, then its album's", async () => {
    const albumDownload = await seedProduct({ albumId: "freestyle-nights", position: 1 });
    const trackDownload = await seedProduct({ trackId: "waiting-for-your-love", priceUsdCents: 100, position: 2 });
    const res = await call("/api/store/releases/track/waiting-for-your-love");
    expect((await res.json<ReleaseProductsResponse>()).products.map((p) => p.id)).toEqual([trackDownload.id, albumDownload.id]);
  });

  it("answers an empty list for a release nothing sells, and 400 for an id that is not one", async () => {
    expect(await (await call("/api/store/releases/album/no-such-album")).json()).toEqual({ products: [] });
    expect(await (await call("/api/store/releases/track/no-such-track")).json()).toEqual({ products: [] });
    expect((await call("/api/store/releases/album/Bad_Id")).status).toBe(400);
    expect((await call("/api/store/releases/single/spring-love")).status).toBe(404);
  });
});

/** A member's cart answer: its lines and its choices (none made unless given). */
const withChoices = (lines: unknown[], choices: { shippingCountry?: string | null; promoCode?: string | null } = {}) => ({
  lines,
  shippingCountry: null,
  promoCode: null,
  ...choices,
});

describe("the member's cart", () => {
  it("is refused to visitors and banned members with 401, and nothing is stored", async () => {
    const { id } = await seedProduct();
    for (const role of ["visitor", "banned"] as const) {
      for (const res of [
        await call("/api/store/cart", { cookie: cookieOf(role) }),
        await putCart([line(id)], cookieOf(role)),
        await call("/api/store/cart/merge", { json: { lines: [line(id)] }, cookie: cookieOf(role) }),
      ]) {
        expect(res.status, role).toBe(401);
        expect((await errorOf(res)).code, role).toBe("unauthorized");
      }
    }
    expect(await storedCart(accounts.banned.id)).toBeNull();
  });

  it("keeps each member's own cart: members, VIPs, admins and door staff alike", async () => {
    const shirt = await seedProduct({ kind: "merch" });
    const medium = await seedVariant(shirt.id);
    const album = await seedProduct({ pricing: "name_your_price", priceUsdCents: 700 });
    for (const role of ["user", "vip", "admin", "door"] as const) {
      const cookie = cookieOf(role);
      expect(await (await call("/api/store/cart", { cookie })).json(), role).toEqual(withChoices([]));
      const lines = [line(shirt.id, 2, medium), line(album.id, 1, null, 1200)];
      const res = await putCart(lines, cookie);
      expect(res.status, role).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(await res.json(), role).toEqual(withChoices(lines));
      expect(JSON.parse((await storedCart(accounts[role].id))!), role).toEqual(lines);
      expect(await (await call("/api/store/cart", { cookie })).json<StoreCartResponse>(), role).toEqual(withChoices(lines));
    }
  });

  it("never shows or changes another member's cart", async () => {
    const [a, b] = await Promise.all([createUser("user"), createUser("user")]);
    const { id } = await seedProduct();
    expect((await putCart([line(id, 3)], a.cookie)).status).toBe(200);
    expect(await (await call("/api/store/cart", { cookie: b.cookie })).json()).toEqual(withChoices([]));
    expect((await putCart([], b.cookie)).status).toBe(200);
    expect(JSON.parse((await storedCart(a.id))!)).toEqual([line(id, 3)]);
    // The cart has no id to ask for: a path naming another member is no route at all.
    expect((await call(`/api/store/cart/${a.id}`, { cookie: b.cookie })).status).toBe(404);
  });

  it("joins lines of the same product and option, and forgets an amount a fixed price does not take", async () => {
    const member = await createUser("user");
    const { id } = await seedProduct();
    const res = await putCart([line(id, 1, null, 900), line(id, 2)], member.cookie);
    expect(await res.json()).toEqual(withChoices([line(id, 3)]));
  });

  it("refuses bad input with 400 and its code, and leaves the stored cart as it was", async () => {
    const member = await createUser("user");
    const shirt = await seedProduct({ kind: "merch", perOrderLimit: 3 });
    const medium = await seedVariant(shirt.id);
    const other = await seedProduct({ kind: "merch" });
    const otherVariant = await seedVariant(other.id);
    const album = await seedProduct();
    const draft = await seedProduct({ state: "draft" });
    const archived = await seedProduct({ state: "archived" });
    const kept = [line(album.id, 1)];
    await storeCartRow(member.id, kept);
    const before = await storedCart(member.id);

    const cases: [unknown, number, string, string?][] = [
      [[line(shirt.id, 1)], 400, "variant_required", "lines.0"],
      [[line(album.id), line(shirt.id, 1, otherVariant)], 400, "variant_mismatch", "lines.1"],
      [[line(album.id, 1, medium)], 400, "variant_mismatch", "lines.0"],
      [[line(shirt.id, 2, medium), line(shirt.id, 2, medium)], 400, "quantity_over_limit", "lines.1"],
      [[line(shirt.id, 4, medium)], 400, "quantity_over_limit", "lines.0"],
      [[line(draft.id)], 404, "product_not_found", "lines.0"],
      [[line(archived.id)], 404, "product_not_found", "lines.0"],
      [[line("no-such-product")], 404, "product_not_found", "lines.0"],
      [[line(album.id, 0)], 400, "invalid_input", "lines.0.quantity"],
      [[line(album.id, 100)], 400, "invalid_input", "lines.0.quantity"],
      [[line(album.id, 1.5)], 400, "invalid_input", "lines.0.quantity"],
      [[line(album.id, 1, null, -1)], 400, "invalid_input", "lines.0.amountCents"],
      [[line(album.id, 1, null, 100_001)], 400, "invalid_input", "lines.0.amountCents"],
      [Array.from({ length: 21 }, () => line(album.id)), 400, "invalid_input", "lines"],
      ["not a list", 400, "invalid_input", "lines"],
    ];
    for (const [lines, status, code, field] of cases) {
      const res = await putCart(lines, member.cookie);
      const label = JSON.stringify(lines).slice(0, 80);
      expect(res.status, label).toBe(status);
      const error = await errorOf(res);
      expect(error.code, label).toBe(code);
      if (field) expect(error.field, label).toBe(field);
      expect(await storedCart(member.id), label).toBe(before);
    }
    // An unknown field beside the lines is refused too.
    const extra = await call("/api/store/cart", { method: "PUT", json: { lines: kept, total: 0 }, cookie: member.cookie });
    expect(extra.status).toBe(400);
    expect(await storedCart(member.id)).toBe(before);
  });

  it("reads a stored cart that no longer reads as one as empty", async () => {
    const member = await createUser("user");
    await storeCartRow(member.id, [{ productId: 7 }]);
    expect(await (await call("/api/store/cart", { cookie: member.cookie })).json()).toEqual(withChoices([]));
  });
});

describe("POST /api/store/cart/merge", () => {
  it("adds the browser's cart to the member's: quantities summed within each product's limit, stale lines left out", async () => {
    const member = await createUser("vip");
    const shirt = await seedProduct({ kind: "merch", perOrderLimit: 5 });
    const medium = await seedVariant(shirt.id, { size: "M" });
    const large = await seedVariant(shirt.id, { size: "L" });
    const album = await seedProduct({ pricing: "name_your_price", priceUsdCents: 700 });
    const single = await seedProduct();
    const archived = await seedProduct({ state: "archived" });
    await storeCartRow(member.id, [line(shirt.id, 3, medium), line(album.id, 1, null, 800)]);

    const res = await call("/api/store/cart/merge", {
      json: {
        lines: [
          line(shirt.id, 1, medium),
          line(shirt.id, 4, large),
          line(album.id, 1, null, 1500),
          line(single.id, 2),
          line(archived.id, 1),
          line(shirt.id, 1),
        ],
      },
      cookie: member.cookie,
    });
    expect(res.status).toBe(200);
    const merged = [
      // 3 + 1 of M, then only 1 of L fits the limit of 5 for the shirt.
      line(shirt.id, 4, medium),
      line(album.id, 2, null, 1500),
      line(shirt.id, 1, large),
      line(single.id, 2),
    ];
    expect(await res.json()).toEqual(withChoices(merged));
    expect(JSON.parse((await storedCart(member.id))!)).toEqual(merged);
  });

  it("starts a member with no cart from the browser's, and refuses a body that is no cart with 400", async () => {
    const member = await createUser("user");
    const { id } = await seedProduct();
    const res = await call("/api/store/cart/merge", { json: { lines: [line(id, 2)] }, cookie: member.cookie });
    expect(await res.json()).toEqual(withChoices([line(id, 2)]));
    const bad = await call("/api/store/cart/merge", { json: { lines: [line(id, 0)] }, cookie: member.cookie });
    expect(bad.status).toBe(400);
    expect(JSON.parse((await storedCart(member.id))!)).toEqual([line(id, 2)]);
  });
});

describe("the cart's choices: the country to ship to and the code applied", () => {
  const putOptions = (json: unknown, cookie?: string) => call("/api/store/cart/options", { method: "PUT", json, cookie });
  const storedOptions = (userId: string) =>
    D1.prepare("SELECT shipping_country, promo_code FROM carts WHERE user_id = ?1")
      .bind(userId)
      .first<{ shipping_country: string | null; promo_code: string | null }>();

  it("keeps a member's choices beside their lines, read back with the cart: member, VIP, admin and door staff", async () => {
    const { id } = await seedProduct();
    for (const role of ["user", "vip", "admin", "door"] as const) {
      const cookie = cookieOf(role);
      await putCart([line(id, 1)], cookie);
      const res = await putOptions({ shippingCountry: "BR", promoCode: " freestyle20 " }, cookie);
      expect(res.status, role).toBe(200);
      expect(await res.json(), role).toEqual(withChoices([line(id, 1)], { shippingCountry: "BR", promoCode: "FREESTYLE20" }));
      expect(await (await call("/api/store/cart", { cookie })).json(), role).toEqual(
        withChoices([line(id, 1)], { shippingCountry: "BR", promoCode: "FREESTYLE20" }),
      );
      // Changing the lines keeps the choices.
      expect(await (await putCart([line(id, 2)], cookie)).json(), role).toEqual(
        withChoices([line(id, 2)], { shippingCountry: "BR", promoCode: "FREESTYLE20" }),
      );
      await putOptions({ shippingCountry: null, promoCode: null }, cookie);
    }
  });

  it("refuses visitors and banned members with 401, and bad choices with 400, storing nothing", async () => {
    for (const role of ["visitor", "banned"] as const) {
      const res = await putOptions({ shippingCountry: "US", promoCode: null }, cookieOf(role));
      expect(res.status, role).toBe(401);
    }
    const member = await createUser("user");
    for (const bad of [{ shippingCountry: "usa" }, { promoCode: "x".repeat(41) }, { promoCode: "" }, { shippingCountry: "US", total: 0 }]) {
      const res = await putOptions(bad, member.cookie);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    }
    expect(await storedOptions(member.id)).toBeNull();
  });

  it("another member's choices are neither shown nor changed", async () => {
    const [a, b] = await Promise.all([createUser("user"), createUser("user")]);
    await putOptions({ shippingCountry: "PT", promoCode: "SPRING" }, a.cookie);
    expect(await (await call("/api/store/cart", { cookie: b.cookie })).json()).toEqual(withChoices([]));
    await putOptions({ shippingCountry: null, promoCode: null }, b.cookie);
    expect(await storedOptions(a.id)).toEqual({ shipping_country: "PT", promo_code: "SPRING" });
  });

  it("the merge on sign-in brings the browser's choices where the member has made none", async () => {
    const { id } = await seedProduct();
    const fresh = await createUser("user");
    const res = await call("/api/store/cart/merge", {
      json: { lines: [line(id)], options: { shippingCountry: "US", promoCode: "SPRING" } },
      cookie: fresh.cookie,
    });
    expect(await res.json()).toEqual(withChoices([line(id)], { shippingCountry: "US", promoCode: "SPRING" }));
    const settled = await createUser("user");
    await putOptions({ shippingCountry: "BR", promoCode: null }, settled.cookie);
    const merged = await call("/api/store/cart/merge", {
      json: { lines: [line(id)], options: { shippingCountry: "US", promoCode: "SPRING" } },
      cookie: settled.cookie,
    });
    expect(await merged.json()).toEqual(withChoices([line(id)], { shippingCountry: "BR", promoCode: "SPRING" }));
    expect(await storedOptions(settled.id)).toEqual({ shipping_country: "BR", promo_code: "SPRING" });
  });
});
