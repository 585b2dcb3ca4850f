// Pre-orders in the back office and on orders (decision 118): a track's teaser flag and the
// pre-order figures per album are the administrator's only (visitor and banned 401, member and VIP
// 403, door staff 403, writing nothing); bad input is a 400 that stores nothing; merch "ships from
// {date}" is a product field the order, the receipt (both languages), the collection and the
// orders list (filter ships=later) show. Expectations from raw SQL.
import { beforeAll, describe, expect, it } from "vitest";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import { call, errorOf, createUser, type TestUser } from "./helpers";
import { expectAdminOnly, userOf } from "./admin-gate-matrix";
import { createDoorStaff } from "./check-in-fixtures";
import { callLocal } from "./helpers";
import { cart, D1, postCheckout, seedProduct, sessionOf } from "./checkout-fixtures";
import type { AdminProductResponse, PreorderFiguresResponse, ProductInput } from "../../worker/contracts/store/admin";
import type { AdminTrackResponse } from "../../worker/contracts/music/admin-catalog";
import type { OrdersListResponse } from "../../worker/contracts/store/admin-orders";
import type { CollectionResponse } from "../../worker/contracts/store/collection";

const DAY = 86_400_000;
let admin: TestUser;
beforeAll(async () => {
  admin = await userOf("admin");
});

async function comingAlbum(release = Date.now() + 10 * DAY) {
  const id = `coming-${crypto.randomUUID().slice(0, 8)}`;
  await D1.prepare("INSERT INTO albums (id, title, year, type, position, release_at) VALUES (?1, ?2, 2026, 'Album', 901, ?3)")
    .bind(id, `Coming ${id}`, release)
    .run();
  await D1.prepare("INSERT INTO tracks (id, album_id, title, number, duration_seconds, audio_key) VALUES (?1, ?2, 'First', 1, 200, ?3)")
    .bind(`${id}-t1`, id, `audio/${id}-t1.mp3`)
    .run();
  return id;
}

const teaserOf = async (trackId: string) => (await D1.prepare("SELECT teaser FROM tracks WHERE id = ?1").bind(trackId).first<{ teaser: number }>())!.teaser;

describe("the teaser flag on a track", () => {
  it("is the administrator's only: every other role is refused and nothing changes", async () => {
    const albumId = await comingAlbum();
    await expectAdminOnly({ method: "PATCH", path: `/api/admin/catalog/tracks/${albumId}-t1`, json: { teaser: true } }, () => teaserOf(`${albumId}-t1`));
    const door = await createDoorStaff();
    const res = await call(`/api/admin/catalog/tracks/${albumId}-t1`, { method: "PATCH", json: { teaser: true }, cookie: door.cookie });
    expect(res.status).toBe(403);
    expect(await teaserOf(`${albumId}-t1`)).toBe(0);
  });

  it("an administrator sets and clears it, audited; a flag that is not a boolean is a 400 that stores nothing", async () => {
    const albumId = await comingAlbum();
    const path = `/api/admin/catalog/tracks/${albumId}-t1`;
    const bad = await call(path, { method: "PATCH", json: { teaser: "yes" }, cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("invalid_input");
    expect(await teaserOf(`${albumId}-t1`)).toBe(0);
    const on = await call(path, { method: "PATCH", json: { teaser: true }, cookie: admin.cookie });
    expect(on.status).toBe(200);
    expect((await on.json<AdminTrackResponse>()).track.teaser).toBe(true);
    expect(await teaserOf(`${albumId}-t1`)).toBe(1);
    const audit = await D1.prepare("SELECT summary FROM audit_log WHERE action = 'track.update' AND target_id = ?1")
      .bind(`${albumId}-t1`)
      .first<{ summary: string }>();
    expect(JSON.parse(audit!.summary)).toEqual({ before: { teaser: false }, after: { teaser: true } });
    await call(path, { method: "PATCH", json: { teaser: false }, cookie: admin.cookie });
    expect(await teaserOf(`${albumId}-t1`)).toBe(0);
  });
});

describe("the pre-order figures per album", () => {
  it("are the administrator's only", async () => {
    await expectAdminOnly({ method: "GET", path: "/api/admin/store/preorders" });
    const door = await createDoorStaff();
    expect((await call("/api/admin/store/preorders", { cookie: door.cookie })).status).toBe(403);
  });

  it("count the orders that pre-ordered each album and their revenue per currency, from the order lines; a revoked one is left out", async () => {
    const albumId = await comingAlbum();
    const productId = await seedProduct({ albumId, usd: 1200, brl: 6000 });
    const insert = async (currency: "usd" | "brl", cents: number, discount: number, revoked = false) => {
      const order = crypto.randomUUID();
      const checkout = crypto.randomUUID();
      const number = Math.floor(Math.random() * 1e9);
      await D1.batch([
        D1.prepare(
          "INSERT INTO store_checkouts (id, mode, email, currency, subtotal_cents, total_cents, status, expires_at) VALUES (?1, 'local', 'p@example.com', ?2, ?3, ?3, 'paid', 0)",
        ).bind(checkout, currency, cents),
        D1.prepare(
          "INSERT INTO orders (id, number, checkout_id, email, currency, subtotal_cents, total_cents, status, paid_at) VALUES (?1, ?2, ?3, 'p@example.com', ?4, ?5, ?5, 'paid', ?6)",
        ).bind(order, number, checkout, currency, cents - discount, Date.now()),
        D1.prepare(
          "INSERT INTO order_lines (order_id, line_no, product_id, kind, title, quantity, unit_cents, total_cents, discount_cents) VALUES (?1, 1, ?2, 'digital', 'x', 1, ?3, ?3, ?4)",
        ).bind(order, productId, cents, discount),
        D1.prepare(
          "INSERT INTO entitlements (id, order_id, email, album_id, preordered_release_at, revoked_at) VALUES (?1, ?2, 'p@example.com', ?3, ?4, ?5)",
        ).bind(crypto.randomUUID(), order, albumId, Date.now() + DAY, revoked ? Date.now() : null),
      ]);
    };
    await insert("usd", 1200, 0);
    await insert("usd", 1200, 200);
    await insert("brl", 6000, 0);
    await insert("usd", 1200, 0, true);
    const res = await call("/api/admin/store/preorders", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const figures = (await res.json<PreorderFiguresResponse>()).releases.find((r) => r.albumId === albumId);
    expect(figures).toEqual({
      albumId,
      title: `Coming ${albumId}`,
      releaseAt: expect.any(String),
      out: false,
      orders: 3,
      revenue: [
        { currency: "brl", soldCents: 6000, refundedCents: 0, netCents: 6000 },
        { currency: "usd", soldCents: 2200, refundedCents: 0, netCents: 2200 },
      ],
    });
  });

  it("are net of partial refunds: the album's share of each order's refunds from the ledger, once however often the refund is asked", async () => {
    const albumId = await comingAlbum();
    const preorderProduct = await seedProduct({ albumId, usd: 1200, brl: 6000 });
    const outAlbum = await comingAlbum(Date.now() - DAY);
    const otherProduct = await seedProduct({ albumId: outAlbum, usd: 800 });
    /** A member pays the cart through the local test checkout; returns the order's id and total. */
    const buy = async (lines: { productId: string }[]) => {
      const buyer = await createUser("user");
      const res = await postCheckout(cart(lines), buyer.cookie);
      expect(res.status, await res.clone().text()).toBe(200);
      const session = sessionOf((await res.json<{ url: string }>()).url);
      expect((await callLocal(`/api/store/local/checkouts/${session}/pay`, { method: "POST", cookie: buyer.cookie, json: {} })).status).toBe(200);
      return (await D1.prepare("SELECT id, total_cents FROM orders WHERE user_id = ?1").bind(buyer.id).first<{ id: string; total_cents: number }>())!;
    };
    const refund = async (orderId: string, amountCents: number, attemptId = crypto.randomUUID()) => {
      const res = await call(`/api/admin/store/orders/${orderId}/refunds`, { method: "POST", json: { amountCents, attemptId }, cookie: admin.cookie });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    const figures = async () => {
      const res = await call("/api/admin/store/preorders", { cookie: admin.cookie });
      expect(res.status).toBe(200);
      return (await res.json<PreorderFiguresResponse>()).releases.find((r) => r.albumId === albumId);
    };

    const alone = await buy([{ productId: preorderProduct }]);
    expect(alone.total_cents).toBe(1200);
    const mixed = await buy([{ productId: preorderProduct }, { productId: otherProduct }]);
    expect(mixed.total_cents).toBe(2000);
    expect((await figures())!.revenue).toEqual([{ currency: "usd", soldCents: 2400, refundedCents: 0, netCents: 2400 }]);

    // $3 back on the album alone is all the album's; $5 back on the $20 order is 12/20 of it: $3.
    const attempt = crypto.randomUUID();
    await refund(alone.id, 300, attempt);
    await refund(mixed.id, 500);
    const netted = { currency: "usd", soldCents: 2400, refundedCents: 600, netCents: 1800 };
    expect(await figures()).toMatchObject({ orders: 2, revenue: [netted] });
    // The same refund asked again (its attempt id) takes nothing more.
    await refund(alone.id, 300, attempt);
    expect((await figures())!.revenue).toEqual([netted]);
    const ledger = await D1.prepare("SELECT count(*) AS n FROM revenue_entries WHERE order_id IN (?1, ?2) AND amount_cents < 0")
      .bind(alone.id, mixed.id)
      .first<{ n: number }>();
    expect(ledger!.n).toBe(2);

    // Refunded in full, a pre-order leaves the figures (its download revoked), sold and refunded alike.
    await refund(alone.id, 900);
    expect(await figures()).toMatchObject({ orders: 1, revenue: [{ currency: "usd", soldCents: 1200, refundedCents: 300, netCents: 900 }] });
    // Two checkouts and four refunds, each through the local provider and its webhook: seconds of
    // CPU on the shared 2-core machine, which is no failure of what this checks.
  }, 20_000);
});

describe("merch that ships from a later day", () => {
  const shirt = (overrides: Partial<ProductInput> = {}): ProductInput => ({
    kind: "merch",
    slug: `preorder-shirt-${crypto.randomUUID().slice(0, 8)}`,
    state: "live",
    title: "Tour shirt",
    titlePtBr: "Camiseta da turnê",
    pricing: "fixed",
    priceUsdCents: 2500,
    priceBrlCents: 12000,
    weightClass: "light",
    ...overrides,
  });

  it("is a product field: stored as that day; a day that does not exist is a 400 that stores nothing; other kinds keep none", async () => {
    const created = await call("/api/admin/store/products", { method: "POST", json: shirt({ shipsFrom: "2027-03-01" }), cookie: admin.cookie });
    expect(created.status).toBe(201);
    const product = (await created.json<AdminProductResponse>()).product;
    expect(product.shipsFrom).toBe("2027-03-01");
    const row = await D1.prepare("SELECT ships_from FROM products WHERE id = ?1").bind(product.id).first<{ ships_from: number }>();
    expect(row!.ships_from).toBe(Date.UTC(2027, 2, 1));
    const before = (await D1.prepare("SELECT count(*) AS n FROM products").first<{ n: number }>())!.n;
    const bad = await call("/api/admin/store/products", { method: "POST", json: shirt({ shipsFrom: "2027-13-45" }), cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("invalid_input");
    expect((await D1.prepare("SELECT count(*) AS n FROM products").first<{ n: number }>())!.n).toBe(before);
    const digital = await call("/api/admin/store/products", {
      method: "POST",
      json: {
        kind: "digital",
        slug: `dl-${crypto.randomUUID().slice(0, 8)}`,
        title: "Album",
        priceUsdCents: 700,
        albumId: "freestyle-nights",
        shipsFrom: "2027-03-01",
      },
      cookie: admin.cookie,
    });
    expect(digital.status).toBe(201);
    expect((await digital.json<AdminProductResponse>()).product.shipsFrom).toBeNull();
  });

  it("the order, the receipt in the buyer's language, the collection and the orders list say so; ships=later separates them", async () => {
    const later = await seedProduct({ kind: "merch", usd: 2500, brl: 12000 });
    await D1.prepare("UPDATE products SET ships_from = ?2 WHERE id = ?1")
      .bind(later, Date.UTC(2027, 2, 1))
      .run();
    const variant = crypto.randomUUID();
    await D1.prepare("INSERT INTO product_variants (id, product_id, sku, size, stock) VALUES (?1, ?2, ?3, 'M', 10)")
      .bind(variant, later, `SKU-${variant.slice(0, 6)}`)
      .run();
    const orderNumbers: Record<string, number> = {};
    for (const lang of ["en", "pt-BR"] as const) {
      const buyer = await createUser("user");
      const res = await postCheckout(cart([{ productId: later, variantId: variant }], { shippingCountry: "US" }), buyer.cookie, { "accept-language": lang });
      expect(res.status, await res.clone().text()).toBe(200);
      const session = sessionOf((await res.json<{ url: string }>()).url);
      const paid = await callLocal(`/api/store/local/checkouts/${session}/pay`, {
        method: "POST",
        cookie: buyer.cookie,
        json: { name: "Ana", address: { line1: "1 Ocean Dr", city: "Miami", state: "FL", postalCode: "33139", country: "US" } },
      });
      expect(paid.status).toBe(200);
      await backgroundWorkSettled();
      const mail = await D1.prepare("SELECT text_body AS text FROM mail_outbox WHERE to_address = ?1").bind(buyer.email).first<{ text: string }>();
      expect(mail!.text).toContain(lang === "en" ? "(ships from March 1, 2027)" : "(enviado a partir de 1 de março de 2027)");
      const collection = await (await call("/api/store/collection", { cookie: buyer.cookie })).json<CollectionResponse>();
      expect(collection.orders[0]!.lines[0]!.shipsFrom).toBe("2027-03-01");
      orderNumbers[lang] = collection.orders[0]!.number;
    }
    const list = await (await call("/api/admin/store/orders?ships=later", { cookie: admin.cookie })).json<OrdersListResponse>();
    expect(list.orders.map((o) => o.number).sort()).toEqual(Object.values(orderNumbers).sort());
    expect(list.orders.every((o) => o.shipsFrom === "2027-03-01")).toBe(true);
    const now = await (await call("/api/admin/store/orders?ships=now", { cookie: admin.cookie })).json<OrdersListResponse>();
    expect(now.orders.some((o) => Object.values(orderNumbers).includes(o.number))).toBe(false);
    const bad = await call("/api/admin/store/orders?ships=soon", { cookie: admin.cookie });
    expect(bad.status).toBe(400);
  });
});
