// /api/admin/store: the back office's products, pictures, variants with stock, and promotion codes.
// Every route answers visitor and banned 401, member, VIP and door staff 403 (writing nothing); an
// admin's writes are audited in their batch; each form rule is a 400 with its field and code that
// stores nothing; a taken slug, SKU or code is a 409 with its code; stock never goes below zero,
// even with adjustments racing; a product or variant somebody ordered stays (409), an unsold one
// goes with its pictures.
//
// Expectations come from raw SQL against D1 and R2, never from the query functions under test.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, errorOf, type TestUser } from "./helpers";
import { auditCount, expectAdminOnly, userOf } from "./admin-gate-matrix";
import { createDoorStaff } from "./check-in-fixtures";
import { GIF_1X1, PNG_1X1 } from "./image-fixtures";
import { UPLOAD_ERROR_CODES } from "../../worker/contracts/music/admin-catalog-limits";
import type {
  AdminProduct,
  AdminProductResponse,
  AdminProductsResponse,
  AdminPromoCodeResponse,
  AdminPromoCodesResponse,
  AdminVariantResponse,
  ProductInput,
  StoreReleasesResponse,
} from "../../worker/contracts/store/admin";

const D1 = (env as unknown as { DB: D1Database }).DB;
const media = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const API = "/api/admin/store";
const PRODUCTS = `${API}/products`;
const PROMOS = `${API}/promo-codes`;

let admin: TestUser;
beforeAll(async () => {
  admin = await userOf("admin");
});

let serial = 0;
const shirt = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  kind: "merch",
  slug: `tour-shirt-${++serial}`,
  state: "live",
  title: "Tour shirt",
  titlePtBr: "Camiseta da turnê",
  description: "Black cotton, neon print.",
  descriptionPtBr: "Algodão preto, estampa neon.",
  pricing: "fixed",
  priceUsdCents: 2500,
  priceBrlCents: 12000,
  weightClass: "light",
  perOrderLimit: 5,
  ...overrides,
});
const album = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  kind: "digital",
  slug: `digital-album-${++serial}`,
  state: "live",
  title: "Freestyle Nights (digital album)",
  pricing: "fixed",
  priceUsdCents: 700,
  priceBrlCents: 3500,
  vipPriceUsdCents: 500,
  vipPriceBrlCents: 2500,
  albumId: "freestyle-nights",
  ...overrides,
});
const gift = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  kind: "gift_vip",
  slug: `gift-vip-${++serial}`,
  title: "Gift VIP: 3 months",
  priceUsdCents: 2700,
  giftMonths: 3,
  ...overrides,
});

const asAdmin = (path: string, options: { method?: string; json?: unknown; body?: BodyInit } = {}) => call(path, { ...options, cookie: admin.cookie });
async function create(input: ProductInput): Promise<AdminProduct> {
  const res = await asAdmin(PRODUCTS, { method: "POST", json: input });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await res.json<AdminProductResponse>()).product;
}
async function addVariant(productId: string, sku: string, stock: number, size: string | null = null) {
  const res = await asAdmin(`${PRODUCTS}/${productId}/variants`, { method: "POST", json: { sku, size, stock } });
  expect(res.status).toBe(201);
  return (await res.json<AdminVariantResponse>()).variant;
}

const count = async (table: string) => (await D1.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
const productRow = (id: string) => D1.prepare("SELECT * FROM products WHERE id = ?").bind(id).first<Record<string, unknown>>();
const stockOf = async (variantId: string) =>
  (await D1.prepare("SELECT stock FROM product_variants WHERE id = ?").bind(variantId).first<{ stock: number }>())?.stock;
const lastAudit = () =>
  D1.prepare("SELECT action, target_type, target_id, summary FROM audit_log ORDER BY id DESC LIMIT 1").first<{
    action: string;
    target_type: string;
    target_id: string;
    summary: string;
  }>();
const storeState = async () => ({
  products: (await D1.prepare("SELECT * FROM products ORDER BY id").all()).results,
  images: (await D1.prepare("SELECT * FROM product_images ORDER BY id").all()).results,
  variants: (await D1.prepare("SELECT * FROM product_variants ORDER BY id").all()).results,
  promos: (await D1.prepare("SELECT * FROM promo_codes ORDER BY code").all()).results,
  objects: (await media.list({ prefix: "store/" })).objects.map((o) => o.key),
});

/** An order of `productId` (and its variant) as the checkout's fulfilment would leave it. */
async function orderOf(productId: string, variantId: string | null = null, { paid = true } = {}) {
  const checkout = crypto.randomUUID();
  const now = Date.now();
  await D1.prepare(
    `INSERT INTO store_checkouts (id, mode, email, currency, subtotal_cents, total_cents, status, expires_at) VALUES (?1, 'local', 'buyer@example.com', 'usd', 2500, 2500, ?2, ?3)`,
  )
    .bind(checkout, paid ? "paid" : "open", now + 1_800_000)
    .run();
  await D1.prepare(
    "INSERT INTO store_checkout_lines (checkout_id, line_no, product_id, variant_id, quantity, unit_cents, total_cents) VALUES (?1, 1, ?2, ?3, 1, 2500, 2500)",
  )
    .bind(checkout, productId, variantId)
    .run();
  if (!paid) return;
  const order = crypto.randomUUID();
  await D1.prepare(
    `INSERT INTO orders (id, number, checkout_id, email, currency, subtotal_cents, total_cents, paid_at) VALUES (?1, (SELECT coalesce(max(number), 1000) + 1 FROM orders), ?2, 'buyer@example.com', 'usd', 2500, 2500, ?3)`,
  )
    .bind(order, checkout, now)
    .run();
  await D1.prepare(
    "INSERT INTO order_lines (order_id, line_no, product_id, variant_id, kind, title, quantity, unit_cents, total_cents) VALUES (?1, 1, ?2, ?3, 'merch', 'Tour shirt', 2, 2500, 5000)",
  )
    .bind(order, productId, variantId)
    .run();
}

async function perk() {
  const id = crypto.randomUUID();
  await D1.prepare(
    `INSERT INTO perks (id, title, description, link, code_mode, shared_code, audience, starts_at, ends_at, created_at, updated_at)
     VALUES (?1, '20% off the merch', 'For VIPs', NULL, 'shared', 'MERCH20', 'vip', 0, 9999999999999, 0, 0)`,
  )
    .bind(id)
    .run();
  return id;
}

describe("the admin gate", () => {
  // About a hundred requests, each with its state read: more than the default five seconds on a busy machine.
  it("refuses every route to visitors, members, VIPs, door staff and banned members, changing nothing", async () => {
    const product = await create(shirt());
    const variant = await addVariant(product.id, `GATE-${serial}`, 4, "M");
    await asAdmin(PROMOS, { method: "POST", json: { code: "GATE10", percentOff: 10 } });
    const at = `${PRODUCTS}/${product.id}`;
    const requests = [
      { method: "GET", path: PRODUCTS },
      { method: "POST", path: PRODUCTS, json: shirt() },
      { method: "GET", path: at },
      { method: "PUT", path: at, json: shirt({ title: "Changed" }) },
      { method: "DELETE", path: at },
      { method: "PUT", path: `${at}/images`, body: "not really an image", headers: { "content-type": "image/png" } },
      { method: "PUT", path: `${at}/images/order`, json: { ids: [] } },
      { method: "DELETE", path: `${at}/images/1` },
      { method: "POST", path: `${at}/variants`, json: { sku: "GATE-NEW", stock: 1 } },
      { method: "PUT", path: `${at}/variants/${variant.id}`, json: { sku: "GATE-X" } },
      { method: "DELETE", path: `${at}/variants/${variant.id}` },
      { method: "POST", path: `${at}/variants/${variant.id}/stock`, json: { delta: -1 } },
      { method: "GET", path: `${API}/releases` },
      { method: "GET", path: PROMOS },
      { method: "POST", path: PROMOS, json: { code: "GATE20", percentOff: 20 } },
      { method: "PUT", path: `${PROMOS}/GATE10`, json: { percentOff: 50 } },
      { method: "DELETE", path: `${PROMOS}/GATE10` },
    ];
    const door = await createDoorStaff();
    for (const request of requests) {
      await expectAdminOnly(request, storeState);
      const before = await storeState();
      const res = await call(request.path, { ...request, cookie: door.cookie });
      expect(res.status, `${request.method} ${request.path} as door staff`).toBe(403);
      expect((await errorOf(res)).code).toBe("admin_required");
      expect(await storeState()).toEqual(before);
    }
  }, 20_000);
});

describe("products: create, list, edit", () => {
  it("creates each kind with an audit row and lists them with release titles and stock", async () => {
    const before = await auditCount();
    const merch = await create(shirt({ bundledAlbumId: "freestyle-nights" }));
    const digital = await create(album());
    const track = await create(
      album({
        albumId: null,
        trackId: "spring-love",
        pricing: "name_your_price",
        priceUsdCents: 0,
        priceBrlCents: null,
        vipPriceUsdCents: null,
        vipPriceBrlCents: null,
      }),
    );
    const giftVip = await create(gift());
    expect(await auditCount()).toBe(before + 4);
    expect(await lastAudit()).toMatchObject({ action: "store.product.create", target_type: "product", target_id: giftVip.id });

    expect(merch).toMatchObject({
      kind: "merch",
      weightClass: "light",
      bundledAlbumId: "freestyle-nights",
      releaseTitle: "Freestyle Nights",
      stock: { total: 0, state: "sold_out" },
    });
    expect(digital).toMatchObject({ albumId: "freestyle-nights", vipPriceUsdCents: 500, vipPriceBrlCents: 2500, stock: null, sold: 0, deletable: true });
    expect(track).toMatchObject({ trackId: "spring-love", albumId: null, pricing: "name_your_price", priceUsdCents: 0, releaseTitle: "Spring Love" });
    expect(giftVip).toMatchObject({ giftMonths: 3, state: "draft", perOrderLimit: 10, position: 0 });

    const list = await (await asAdmin(PRODUCTS)).json<AdminProductsResponse>();
    expect(list.products.map((p) => p.id)).toEqual(expect.arrayContaining([merch.id, digital.id, track.id, giftVip.id]));
    expect(await productRow(merch.id)).toMatchObject({ title_pt_br: "Camiseta da turnê", price_brl_cents: 12000, weight_class: "light" });
  });

  it("keeps only the fields of the product's kind", async () => {
    const digital = await create(album({ weightClass: "heavy", giftMonths: 12, bundledAlbumId: "radio-heartline" }));
    expect(await productRow(digital.id)).toMatchObject({ weight_class: null, gift_months: null, bundled_album_id: null, album_id: "freestyle-nights" });
    const merch = await create(shirt({ albumId: "freestyle-nights", giftMonths: 1 }));
    expect(await productRow(merch.id)).toMatchObject({ album_id: null, gift_months: null });
  });

  it("replaces every field on PUT, auditing what changed, and keeps the kind", async () => {
    const product = await create(shirt());
    const res = await asAdmin(`${PRODUCTS}/${product.id}`, {
      method: "PUT",
      json: shirt({ slug: product.slug, title: "Neon hoodie", state: "sold_out", priceUsdCents: 4500 }),
    });
    expect(res.status).toBe(200);
    expect((await res.json<AdminProductResponse>()).product).toMatchObject({ title: "Neon hoodie", state: "sold_out", priceUsdCents: 4500 });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "store.product.update", target_id: product.id });
    expect(JSON.parse(audit!.summary)).toEqual({
      before: { title: "Tour shirt", state: "live", priceUsdCents: 2500 },
      after: { title: "Neon hoodie", state: "sold_out", priceUsdCents: 4500 },
    });

    const audits = await auditCount();
    const locked = await asAdmin(`${PRODUCTS}/${product.id}`, { method: "PUT", json: album({ slug: product.slug }) });
    expect(locked.status).toBe(409);
    expect((await errorOf(locked)).code).toBe("product_kind_locked");
    expect(await productRow(product.id)).toMatchObject({ kind: "merch", title: "Neon hoodie" });
    expect(await auditCount()).toBe(audits);
  });

  it("refuses a slug another product has with 409 product_slug_taken, on create and on edit", async () => {
    const first = await create(shirt());
    const second = await create(shirt());
    const [products, audits] = [await count("products"), await auditCount()];
    const created = await asAdmin(PRODUCTS, { method: "POST", json: shirt({ slug: first.slug }) });
    expect(created.status).toBe(409);
    expect(await errorOf(created)).toMatchObject({ code: "product_slug_taken" });
    const edited = await asAdmin(`${PRODUCTS}/${second.id}`, { method: "PUT", json: shirt({ slug: first.slug }) });
    expect(edited.status).toBe(409);
    expect((await errorOf(edited)).code).toBe("product_slug_taken");
    expect([await count("products"), await auditCount()]).toEqual([products, audits]);
    expect((await productRow(second.id))!.slug).toBe(second.slug);
  });

  it("answers 404 product_not_found for an unknown or malformed id", async () => {
    for (const id of [crypto.randomUUID(), "nope"]) {
      for (const [method, json] of [
        ["GET", undefined],
        ["PUT", shirt()],
        ["DELETE", undefined],
        ["POST", { sku: "X-1", stock: 1 }],
      ] as const) {
        const path = method === "POST" ? `${PRODUCTS}/${id}/variants` : `${PRODUCTS}/${id}`;
        const res = await asAdmin(path, { method, json });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect((await errorOf(res)).code).toBe("product_not_found");
      }
    }
  });

  it("lists the catalog's albums and tracks for the form", async () => {
    const releases = await (await asAdmin(`${API}/releases`)).json<StoreReleasesResponse>();
    expect(releases.albums).toContainEqual({ id: "freestyle-nights", title: "Freestyle Nights" });
    expect(releases.tracks).toContainEqual({ id: "spring-love", title: "Spring Love", albumTitle: "Spring Love" });
  });
});

describe("bad input: 400 with the field and its code, nothing stored", () => {
  const cases: [string, ProductInput, string, string][] = [
    ["title missing", shirt({ title: "  " }), "title", "title_required"],
    ["title too long", shirt({ title: "x".repeat(121) }), "title", "store_title_too_long"],
    ["Portuguese title too long", shirt({ titlePtBr: "x".repeat(121) }), "titlePtBr", "store_title_too_long"],
    ["description too long", shirt({ description: "x".repeat(5001) }), "description", "store_description_too_long"],
    ["slug with spaces", shirt({ slug: "Tour Shirt" }), "slug", "store_slug_invalid"],
    ["slug empty", shirt({ slug: "" }), "slug", "store_slug_invalid"],
    ["slug of the store's own cart page", shirt({ slug: "cart" }), "slug", "store_slug_reserved"],
    ["slug of the store's own thanks page", shirt({ slug: "thanks" }), "slug", "store_slug_reserved"],
    ["price negative", shirt({ priceUsdCents: -1 }), "priceUsdCents", "store_price_invalid"],
    ["price with cents' fractions", shirt({ priceUsdCents: 7.5 }), "priceUsdCents", "store_price_invalid"],
    ["price as text", shirt({ priceUsdCents: "7" as unknown as number }), "priceUsdCents", "store_price_invalid"],
    ["BRL price over the cap", shirt({ priceBrlCents: 1_000_001 }), "priceBrlCents", "store_price_invalid"],
    ["fixed price of zero", shirt({ priceUsdCents: 0 }), "priceUsdCents", "store_fixed_price_zero"],
    ["VIP price and discount", album({ vipDiscountPct: 10 }), "vipDiscountPct", "store_vip_price_and_discount"],
    ["VIP price not lower", album({ vipPriceUsdCents: 700 }), "vipPriceUsdCents", "store_vip_price_not_lower"],
    ["VIP price in reais not lower", album({ vipPriceBrlCents: 3500 }), "vipPriceBrlCents", "store_vip_price_not_lower"],
    ["VIP price missing in reais", album({ vipPriceBrlCents: null }), "vipPriceBrlCents", "store_vip_price_incomplete"],
    ["VIP price in reais only", album({ vipPriceUsdCents: null }), "vipPriceUsdCents", "store_vip_price_incomplete"],
    ["VIP discount over 90", album({ vipPriceUsdCents: null, vipPriceBrlCents: null, vipDiscountPct: 91 }), "vipDiscountPct", "store_vip_discount_invalid"],
    ["digital without a release", album({ albumId: null }), "albumId", "store_release_required"],
    ["digital with album and track", album({ trackId: "spring-love" }), "albumId", "store_release_required"],
    ["merch without weight class", shirt({ weightClass: null }), "weightClass", "store_weight_class_required"],
    ["merch with an unknown weight class", shirt({ weightClass: "feather" as "light" }), "weightClass", "store_weight_class_required"],
    ["gift without months", gift({ giftMonths: null }), "giftMonths", "store_gift_months_required"],
    ["gift of 2 months", gift({ giftMonths: 2 as 1 }), "giftMonths", "store_gift_months_required"],
    ["limit per order of 0", shirt({ perOrderLimit: 0 }), "perOrderLimit", "store_per_order_limit_invalid"],
    ["limit per order of 100", shirt({ perOrderLimit: 100 }), "perOrderLimit", "store_per_order_limit_invalid"],
    ["negative position", shirt({ position: -1 }), "position", "store_position_invalid"],
    ["unknown state", shirt({ state: "hidden" as "live" }), "state", "invalid_input"],
    ["unknown field", { ...shirt(), stock: 3 } as ProductInput, "", "invalid_input"],
    ["unknown album", album({ albumId: "no-such-album" }), "albumId", "store_album_unknown"],
    ["unknown track", album({ albumId: null, trackId: "no-such-track" }), "trackId", "store_track_unknown"],
    ["unknown bundled album", shirt({ bundledAlbumId: "no-such-album" }), "bundledAlbumId", "store_album_unknown"],
  ];

  for (const [name, body, field, code] of cases) {
    it(`${name} → ${code}`, async () => {
      const existing = await create(body.kind === "merch" ? shirt() : body.kind === "digital" ? album() : gift());
      const stored = await productRow(existing.id);
      const [products, audits] = [await count("products"), await auditCount()];
      for (const [method, path] of [
        ["POST", PRODUCTS],
        ["PUT", `${PRODUCTS}/${existing.id}`],
      ] as const) {
        const res = await asAdmin(path, { method, json: body });
        expect(res.status, method).toBe(400);
        const error = await errorOf(res);
        expect(error.code, method).toBe(code);
        if (field) expect(error.field, method).toBe(field);
      }
      expect([await count("products"), await auditCount()]).toEqual([products, audits]);
      expect(await productRow(existing.id)).toEqual(stored);
    });
  }

  it("answers malformed JSON with a 400", async () => {
    const res = await asAdmin(PRODUCTS, { method: "POST", body: "{nope" });
    expect(res.status).toBe(400);
  });
});

describe("delete", () => {
  it("deletes an unsold product with its pictures and variants, and an audit row", async () => {
    const product = await create(shirt());
    await addVariant(product.id, `DEL-${serial}`, 3, "S");
    const withPicture = await (await asAdmin(`${PRODUCTS}/${product.id}/images`, { method: "PUT", body: PNG_1X1 })).json<AdminProductResponse>();
    const key = withPicture.product.images[0]!.url.replace("/media/", "");
    const res = await asAdmin(`${PRODUCTS}/${product.id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: product.id });
    expect(await productRow(product.id)).toBeNull();
    expect(await D1.prepare("SELECT count(*) AS n FROM product_variants WHERE product_id = ?").bind(product.id).first()).toEqual({ n: 0 });
    expect(await D1.prepare("SELECT count(*) AS n FROM product_images WHERE product_id = ?").bind(product.id).first()).toEqual({ n: 0 });
    expect(await media.head(key)).toBeNull();
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "store.product.delete", target_id: product.id });
    expect(JSON.parse(audit!.summary)).toMatchObject({
      detail: { kind: "store_product_deleted", pictures: 1, variants: 1 },
      note: "1 picture(s) and 1 variant(s) deleted",
    });
  });

  it("keeps a product somebody ordered or is paying for: 409 product_has_orders, nothing changed", async () => {
    const ordered = await create(shirt());
    const variant = await addVariant(ordered.id, `ORD-${serial}`, 3, "M");
    await orderOf(ordered.id, variant.id);
    const paying = await create(album());
    await orderOf(paying.id, null, { paid: false });
    const listed = (await (await asAdmin(PRODUCTS)).json<AdminProductsResponse>()).products;
    expect(listed.find((p) => p.id === ordered.id)).toMatchObject({ sold: 2, deletable: false });
    expect(listed.find((p) => p.id === paying.id)).toMatchObject({ sold: 0, deletable: false });

    const audits = await auditCount();
    for (const product of [ordered, paying]) {
      const res = await asAdmin(`${PRODUCTS}/${product.id}`, { method: "DELETE" });
      expect(res.status).toBe(409);
      expect((await errorOf(res)).code).toBe("product_has_orders");
      expect(await productRow(product.id)).not.toBeNull();
    }
    const variantRes = await asAdmin(`${PRODUCTS}/${ordered.id}/variants/${variant.id}`, { method: "DELETE" });
    expect(variantRes.status).toBe(409);
    expect((await errorOf(variantRes)).code).toBe("variant_has_orders");
    expect(await stockOf(variant.id)).toBe(3);
    expect(await auditCount()).toBe(audits);
  });
});

describe("pictures", () => {
  it("adds pictures under store/<id>-<random>, serves them publicly, reorders and deletes them", async () => {
    const product = await create(shirt());
    const base = `${PRODUCTS}/${product.id}/images`;
    const first = await asAdmin(base, { method: "PUT", body: PNG_1X1 });
    expect(first.status).toBe(200);
    const second = await (await asAdmin(base, { method: "PUT", body: PNG_1X1 })).json<AdminProductResponse>();
    const [a, b] = second.product.images;
    expect(a!.url).toMatch(new RegExp(`^/media/store/${product.id}-[0-9a-f]{16}\\.png$`));
    expect([a!.position, b!.position]).toEqual([0, 1]);
    expect(await lastAudit()).toMatchObject({ action: "store.product.picture.add", target_id: product.id });
    const served = await call(a!.url);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_1X1);

    const reordered = await asAdmin(`${base}/order`, { method: "PUT", json: { ids: [b!.id, a!.id] } });
    expect(reordered.status).toBe(200);
    expect((await reordered.json<AdminProductResponse>()).product.images.map((i) => i.id)).toEqual([b!.id, a!.id]);
    expect(await lastAudit()).toMatchObject({ action: "store.product.picture.order" });

    const audits = await auditCount();
    for (const ids of [[a!.id], [a!.id, a!.id], [a!.id, b!.id, 999_999]]) {
      const stale = await asAdmin(`${base}/order`, { method: "PUT", json: { ids } });
      expect(stale.status).toBe(409);
      expect((await errorOf(stale)).code).toBe("order_changed");
    }
    expect(await auditCount()).toBe(audits);

    const removed = await asAdmin(`${base}/${b!.id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect((await removed.json<AdminProductResponse>()).product.images.map((i) => i.id)).toEqual([a!.id]);
    expect(await media.head(b!.url.replace("/media/", ""))).toBeNull();
    expect(await lastAudit()).toMatchObject({ action: "store.product.picture.delete" });
    for (const id of [String(b!.id), "abc"]) {
      const again = await asAdmin(`${base}/${id}`, { method: "DELETE" });
      expect(again.status).toBe(404);
      expect((await errorOf(again)).code).toBe("product_image_not_found");
    }
  });

  it("refuses bytes that are no picture with 415, and a 13th picture with 409 product_images_full, storing nothing", async () => {
    const product = await create(shirt());
    const base = `${PRODUCTS}/${product.id}/images`;
    for (const body of [new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), GIF_1X1]) {
      const res = await asAdmin(base, { method: "PUT", body });
      expect(res.status).toBe(415);
      expect((await errorOf(res)).code).toBe(UPLOAD_ERROR_CODES.wrongType);
    }
    for (let i = 0; i < 12; i++)
      await D1.prepare("INSERT INTO product_images (product_id, image_key, position) VALUES (?1, ?2, ?3)")
        .bind(product.id, `store/${product.id}-${i}.png`, i)
        .run();
    const audits = await auditCount();
    const full = await asAdmin(base, { method: "PUT", body: PNG_1X1 });
    expect(full.status).toBe(409);
    expect((await errorOf(full)).code).toBe("product_images_full");
    expect(await auditCount()).toBe(audits);
    expect(await D1.prepare("SELECT count(*) AS n FROM product_images WHERE product_id = ?").bind(product.id).first()).toEqual({ n: 12 });
    expect((await media.list({ prefix: `store/${product.id}` })).objects).toEqual([]);
  });
});

describe("variants and stock", () => {
  it("adds sizes with their SKU (upper case) and stock, shows stock states, edits and deletes an unsold one", async () => {
    const product = await create(shirt());
    const small = await addVariant(product.id, `tee-s-${serial}`, 12, "S");
    expect(small).toMatchObject({ sku: `TEE-S-${serial}`, size: "S", stock: 12, stockState: "in_stock" });
    const medium = await addVariant(product.id, `TEE-M-${serial}`, 3, "M");
    expect(medium.stockState).toBe("low");
    await addVariant(product.id, `TEE-XL-${serial}`, 0, "XL");
    const listed = await (await asAdmin(`${PRODUCTS}/${product.id}`)).json<AdminProductResponse>();
    expect(listed.product.stock).toEqual({ total: 15, state: "sold_out" });
    expect(listed.product.variants.map((v) => v.stockState)).toContain("sold_out");
    expect(await lastAudit()).toMatchObject({ action: "store.variant.create", target_id: product.id });

    const edited = await asAdmin(`${PRODUCTS}/${product.id}/variants/${medium.id}`, {
      method: "PUT",
      json: { sku: `TEE-M2-${serial}`, size: "M", colour: "Black", position: 1 },
    });
    expect(edited.status).toBe(200);
    expect((await edited.json<AdminVariantResponse>()).variant).toMatchObject({ sku: `TEE-M2-${serial}`, colour: "Black", stock: 3 });
    expect(await lastAudit()).toMatchObject({ action: "store.variant.update" });

    const removed = await asAdmin(`${PRODUCTS}/${product.id}/variants/${small.id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(await stockOf(small.id)).toBeUndefined();
    expect(await lastAudit()).toMatchObject({ action: "store.variant.delete" });
  });

  it("refuses a SKU another variant has with 409 variant_sku_taken, on create and on edit", async () => {
    const product = await create(shirt());
    const taken = await addVariant(product.id, `SKU-A-${serial}`, 1);
    const other = await addVariant(product.id, `SKU-B-${serial}`, 1);
    const audits = await auditCount();
    const created = await asAdmin(`${PRODUCTS}/${product.id}/variants`, { method: "POST", json: { sku: taken.sku.toLowerCase(), stock: 5 } });
    expect(created.status).toBe(409);
    expect((await errorOf(created)).code).toBe("variant_sku_taken");
    const edited = await asAdmin(`${PRODUCTS}/${product.id}/variants/${other.id}`, { method: "PUT", json: { sku: taken.sku } });
    expect(edited.status).toBe(409);
    expect((await errorOf(edited)).code).toBe("variant_sku_taken");
    expect(await auditCount()).toBe(audits);
    expect(await D1.prepare("SELECT sku FROM product_variants WHERE id = ?").bind(other.id).first()).toEqual({ sku: other.sku });
  });

  it("answers bad variant input with its code, and variants of other products or kinds with 404 or 409", async () => {
    const product = await create(shirt());
    const variant = await addVariant(product.id, `BAD-${serial}`, 2);
    const [variants, audits] = [await count("product_variants"), await auditCount()];
    const base = `${PRODUCTS}/${product.id}/variants`;
    for (const [json, field, code] of [
      [{ sku: "two words", stock: 1 }, "sku", "store_sku_invalid"],
      [{ sku: "", stock: 1 }, "sku", "store_sku_invalid"],
      [{ sku: "OK-1", stock: -1 }, "stock", "store_stock_invalid"],
      [{ sku: "OK-1", stock: 1.5 }, "stock", "store_stock_invalid"],
      [{ sku: "OK-1" }, "stock", "store_stock_invalid"],
      [{ sku: "OK-1", stock: 1, size: "x".repeat(41) }, "size", "store_variant_text_too_long"],
    ] as const) {
      const res = await asAdmin(base, { method: "POST", json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await errorOf(res), JSON.stringify(json)).toMatchObject({ code, field });
    }
    // An edit never sets stock: it moves only by adjustments.
    const withStock = await asAdmin(`${base}/${variant.id}`, { method: "PUT", json: { sku: variant.sku, stock: 99 } });
    expect(withStock.status).toBe(400);
    expect((await errorOf(withStock)).code).toBe("invalid_input");
    expect([await count("product_variants"), await auditCount()]).toEqual([variants, audits]);

    const other = await create(shirt());
    const elsewhere = await asAdmin(`${PRODUCTS}/${other.id}/variants/${variant.id}`, { method: "PUT", json: { sku: "MOVED" } });
    expect(elsewhere.status).toBe(404);
    expect((await errorOf(elsewhere)).code).toBe("variant_not_found");

    const digital = await create(album());
    const notMerch = await asAdmin(`${PRODUCTS}/${digital.id}/variants`, { method: "POST", json: { sku: "DIGI-1", stock: 1 } });
    expect(notMerch.status).toBe(409);
    expect((await errorOf(notMerch)).code).toBe("product_not_merch");
    expect(await count("product_variants")).toBe(variants);
  });

  it("moves stock by adjustments that never go below zero, each audited", async () => {
    const product = await create(shirt());
    const variant = await addVariant(product.id, `STOCK-${serial}`, 3, "M");
    const at = `${PRODUCTS}/${product.id}/variants/${variant.id}/stock`;
    const more = await asAdmin(at, { method: "POST", json: { delta: 5 } });
    expect(more.status).toBe(200);
    expect((await more.json<AdminVariantResponse>()).variant).toMatchObject({ stock: 8, stockState: "in_stock" });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "store.variant.stock", target_id: product.id });
    expect(JSON.parse(audit!.summary)).toMatchObject({
      detail: { kind: "store_stock_adjusted", sku: variant.sku, delta: 5 },
      note: `stock of ${variant.sku} +5`,
    });

    const audits = await auditCount();
    const tooMany = await asAdmin(at, { method: "POST", json: { delta: -9 } });
    expect(tooMany.status).toBe(409);
    expect((await errorOf(tooMany)).code).toBe("stock_below_zero");
    expect(await stockOf(variant.id)).toBe(8);
    expect(await auditCount()).toBe(audits);

    for (const delta of [0, 1.5, 100_001, "3"]) {
      const res = await asAdmin(at, { method: "POST", json: { delta } });
      expect(res.status, String(delta)).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: "store_stock_delta_invalid", field: "delta" });
    }

    const none = await asAdmin(at, { method: "POST", json: { delta: -8 } });
    expect((await none.json<AdminVariantResponse>()).variant).toMatchObject({ stock: 0, stockState: "sold_out" });
  });

  it("lets racing adjustments take only the stock there is", async () => {
    const product = await create(shirt());
    const variant = await addVariant(product.id, `RACE-${serial}`, 5, "L");
    const at = `${PRODUCTS}/${product.id}/variants/${variant.id}/stock`;
    const audits = await auditCount();
    const answers = await Promise.all(Array.from({ length: 12 }, () => asAdmin(at, { method: "POST", json: { delta: -1 } })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(await stockOf(variant.id)).toBe(0);
    expect(await auditCount()).toBe(audits + 5);
  });
});

describe("promotion codes", () => {
  it("creates a code in upper case linked to a perk, lists, edits and deletes it, each audited", async () => {
    const perkId = await perk();
    const created = await asAdmin(PROMOS, {
      method: "POST",
      json: { code: " freestyle20 ", percentOff: 20, scope: "merch", vipOnly: true, perkId, maxUses: 100, startsAt: "2026-01-01T00:00:00.000Z", endsAt: "" },
    });
    expect(created.status).toBe(201);
    expect((await created.json<AdminPromoCodeResponse>()).promoCode).toMatchObject({
      code: "FREESTYLE20",
      percentOff: 20,
      scope: "merch",
      vipOnly: true,
      perkId,
      perkTitle: "20% off the merch",
      maxUses: 100,
      uses: 0,
      startsAt: "2026-01-01T00:00:00.000Z",
      endsAt: null,
    });
    expect(await lastAudit()).toMatchObject({ action: "store.promo.create", target_type: "promo_code", target_id: "FREESTYLE20" });

    const list = await (await asAdmin(PROMOS)).json<AdminPromoCodesResponse>();
    expect(list.promoCodes.map((p) => p.code)).toContain("FREESTYLE20");
    expect(list.perks).toContainEqual({ id: perkId, title: "20% off the merch" });

    const edited = await asAdmin(`${PROMOS}/freestyle20`, { method: "PUT", json: { percentOff: 25, scope: "all", perkId: null } });
    expect(edited.status).toBe(200);
    expect((await edited.json<AdminPromoCodeResponse>()).promoCode).toMatchObject({
      percentOff: 25,
      scope: "all",
      vipOnly: false,
      perkId: null,
      maxUses: null,
    });
    expect(await lastAudit()).toMatchObject({ action: "store.promo.update", target_id: "FREESTYLE20" });

    const removed = await asAdmin(`${PROMOS}/FREESTYLE20`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(await D1.prepare("SELECT count(*) AS n FROM promo_codes WHERE code = 'FREESTYLE20'").first()).toEqual({ n: 0 });
    expect(await lastAudit()).toMatchObject({ action: "store.promo.delete", target_id: "FREESTYLE20" });
    for (const method of ["PUT", "DELETE"]) {
      const gone = await asAdmin(`${PROMOS}/FREESTYLE20`, { method, json: method === "PUT" ? { percentOff: 5 } : undefined });
      expect(gone.status).toBe(404);
      expect((await errorOf(gone)).code).toBe("promo_code_not_found");
    }
  });

  it("refuses a code that exists (409 promo_code_taken) and bad terms (400 with their code), storing nothing", async () => {
    await asAdmin(PROMOS, { method: "POST", json: { code: "TAKEN10", percentOff: 10 } });
    const [promos, audits] = [await count("promo_codes"), await auditCount()];
    const taken = await asAdmin(PROMOS, { method: "POST", json: { code: "taken10", percentOff: 15 } });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).code).toBe("promo_code_taken");
    for (const [json, field, code] of [
      [{ code: "AB", percentOff: 10 }, "code", "store_promo_code_invalid"],
      [{ code: "TWO WORDS", percentOff: 10 }, "code", "store_promo_code_invalid"],
      [{ code: "OK-CODE", percentOff: 0 }, "percentOff", "store_promo_percent_invalid"],
      [{ code: "OK-CODE", percentOff: 101 }, "percentOff", "store_promo_percent_invalid"],
      [{ code: "OK-CODE", percentOff: 10, maxUses: 0 }, "maxUses", "store_promo_max_uses_invalid"],
      [{ code: "OK-CODE", percentOff: 10, startsAt: "soon" }, "startsAt", "store_promo_time_invalid"],
      [{ code: "OK-CODE", percentOff: 10, startsAt: "2026-02-01T00:00:00Z", endsAt: "2026-01-01T00:00:00Z" }, "endsAt", "store_promo_end_before_start"],
      [{ code: "OK-CODE", percentOff: 10, scope: "tickets" }, "scope", "invalid_input"],
      [{ code: "OK-CODE", percentOff: 10, perkId: crypto.randomUUID() }, "perkId", "store_promo_perk_unknown"],
    ] as const) {
      const res = await asAdmin(PROMOS, { method: "POST", json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await errorOf(res), JSON.stringify(json)).toMatchObject({ code, field });
    }
    expect([await count("promo_codes"), await auditCount()]).toEqual([promos, audits]);
  });

  it("refuses a cap under the uses already made with 409 promo_code_max_below_uses", async () => {
    await asAdmin(PROMOS, { method: "POST", json: { code: "USED5", percentOff: 10, maxUses: 10 } });
    await D1.prepare("UPDATE promo_codes SET uses = 5 WHERE code = 'USED5'").run();
    const audits = await auditCount();
    const res = await asAdmin(`${PROMOS}/USED5`, { method: "PUT", json: { percentOff: 10, maxUses: 4 } });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("promo_code_max_below_uses");
    expect(await D1.prepare("SELECT max_uses, uses FROM promo_codes WHERE code = 'USED5'").first()).toEqual({ max_uses: 10, uses: 5 });
    expect(await auditCount()).toBe(audits);
    const ok = await asAdmin(`${PROMOS}/USED5`, { method: "PUT", json: { percentOff: 10, maxUses: 5 } });
    expect(ok.status).toBe(200);
  });
});
