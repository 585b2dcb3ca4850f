// The local demo's store (scripts/lib/demo-store.mjs): it goes into the tables exactly as the
// migrations make them (foreign keys on: every album, track and perk it names exists), holds what
// the journeys need (a shirt in S/M/L/XL with 3 left in M, a vinyl + digital bundle, two digital
// albums with a price in reais and a VIP benefit, a name-your-price single from $1 and a free track,
// gift VIP for 1, 3, 6 and 12 months and Inner Circle for 3 (decision 116), all live, and the perk's FREESTYLE20 for VIPs on merch),
// passes the back office's own form rules, keeps what the back office or a checkout changed when
// seeded again, and names its pictures the way an upload does. The demo perks link to its pages.
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { migratedDb } from "./migrated-db";
import { DEMO_PERKS, demoPerksSql } from "../../scripts/lib/demo-perks.mjs";
import { DEMO_PRODUCTS, DEMO_PROMO_CODES, demoProductImageKey, demoStorePictures, demoStoreSql, MERCH_PERK_ID } from "../../scripts/lib/demo-store.mjs";
import { productPictureRaster, renderProductPicturePng } from "../../scripts/lib/demo-product-pictures.mjs";
import { productInputSchema, promoCreateSchema } from "../../worker/contracts/store/admin";
import { perkInputSchema } from "../../worker/contracts/perks";

/** A seed run on Saturday 21 November 2026, 09:07:30 in New York. */
const SEED_NOW = Date.UTC(2026, 10, 21, 14, 7, 30);

function seededDb() {
  const database = migratedDb();
  database.exec([...demoPerksSql(SEED_NOW), ...demoStoreSql(SEED_NOW)].join("\n"));
  return database;
}

type ProductRow = Record<string, string | number | null>;
const all = (database: ReturnType<typeof migratedDb>, query: string) => database.prepare(query).all() as unknown as ProductRow[];
const bySlug = (rows: ProductRow[], slug: string) => {
  const found = rows.find((r) => r.slug === slug);
  expect(found, slug).toBeDefined();
  return found!;
};

describe("the demo store", () => {
  it("goes into the migrated tables, every product live, with what the journeys need", () => {
    const database = seededDb();
    const products = all(database, "SELECT * FROM products ORDER BY position");
    expect(products.map((p) => p.id)).toEqual([...DEMO_PRODUCTS].sort((a, b) => a.position - b.position).map((p) => p.id));
    expect(new Set(products.map((p) => p.state))).toEqual(new Set(["live"]));

    const shirt = bySlug(products, "tour-shirt-2026");
    expect(shirt).toMatchObject({ kind: "merch", weight_class: "light" });
    const sizes = all(database, `SELECT size, stock FROM product_variants WHERE product_id = '${shirt.id}' ORDER BY position`);
    expect(sizes.map((v) => v.size)).toEqual(["S", "M", "L", "XL"]);
    expect(sizes.find((v) => v.size === "M")!.stock).toBe(3);

    const vinyl = bySlug(products, "freestyle-nights-vinyl");
    expect(vinyl).toMatchObject({ kind: "merch", bundled_album_id: "freestyle-nights", weight_class: "heavy" });
    expect(all(database, `SELECT stock FROM product_variants WHERE product_id = '${vinyl.id}'`)).toEqual([{ stock: 25 }]);

    // Two albums at $7: one at a fixed price with a VIP price, one at "$7 or more" with a VIP discount.
    const albums = products.filter((p) => p.kind === "digital" && p.album_id !== null && p.price_usd_cents === 700);
    expect(albums.map((p) => [p.slug, p.pricing])).toEqual([
      ["freestyle-nights-digital", "fixed"],
      ["moonlight-boulevard-digital", "name_your_price"],
    ]);
    for (const album of albums) {
      expect(album).toMatchObject({ price_usd_cents: 700, price_brl_cents: 3500 });
      expect(album.vip_price_usd_cents !== null || album.vip_discount_pct !== null, String(album.slug)).toBe(true);
    }

    const nameYourPrice = products.filter((p) => p.pricing === "name_your_price");
    expect(nameYourPrice.map((p) => p.price_usd_cents).sort((a, b) => Number(a) - Number(b))).toEqual([0, 100, 700]);
    expect(bySlug(products, "dream-about-you-free")).toMatchObject({ track_id: "dream-about-you", album_id: null, price_usd_cents: 0 });

    expect(products.filter((p) => p.kind === "gift_vip").map((p) => [p.gift_months, p.gift_tier_id])).toEqual([
      [1, null],
      [3, null],
      [6, null],
      [12, null],
      [3, "inner-circle"],
    ]);

    expect(all(database, "SELECT code, percent_off, scope, vip_only, perk_id, max_uses, uses FROM promo_codes")).toEqual([
      { code: "FREESTYLE20", percent_off: 20, scope: "merch", vip_only: 1, perk_id: MERCH_PERK_ID, max_uses: null, uses: 0 },
    ]);
    // The perk it comes from hands out the same code.
    expect(DEMO_PERKS.find((p) => p.id === MERCH_PERK_ID)).toMatchObject({ sharedCode: "FREESTYLE20", audience: "vip" });
  });

  it("passes the back office's own form rules, so the admin can edit and save every demo product", () => {
    for (const p of DEMO_PRODUCTS) {
      const input = {
        kind: p.kind,
        slug: p.slug,
        state: "live",
        title: p.title,
        titlePtBr: p.titlePtBr,
        description: p.description,
        descriptionPtBr: p.descriptionPtBr,
        pricing: p.pricing,
        priceUsdCents: p.priceUsdCents,
        priceBrlCents: p.priceBrlCents,
        vipPriceUsdCents: p.vipPriceUsdCents,
        vipPriceBrlCents: p.vipPriceBrlCents,
        vipDiscountPct: p.vipDiscountPct,
        albumId: p.albumId,
        trackId: p.trackId,
        bundledAlbumId: p.bundledAlbumId,
        weightClass: p.weightClass,
        giftMonths: p.giftMonths,
        perOrderLimit: p.perOrderLimit,
        position: p.position,
      };
      const checked = productInputSchema.safeParse(input);
      expect(checked.success ? [] : checked.error.issues, p.slug).toEqual([]);
    }
    for (const code of DEMO_PROMO_CODES) expect(promoCreateSchema.safeParse(code).success, code.code).toBe(true);
  });

  it("inserts only with a conflict rule and keeps what changed since when seeded again", () => {
    for (const statement of demoStoreSql(SEED_NOW)) expect(statement).toMatch(/^INSERT OR IGNORE INTO /);
    const database = seededDb();
    database.exec("UPDATE product_variants SET stock = 1 WHERE sku = 'FL-TOUR26-M'");
    database.exec("UPDATE products SET title = 'Renamed by the admin' WHERE slug = 'tour-shirt-2026'");
    database.exec("UPDATE promo_codes SET uses = 4 WHERE code = 'FREESTYLE20'");
    const counts = () =>
      all(
        database,
        "SELECT (SELECT count(*) FROM products) AS p, (SELECT count(*) FROM product_variants) AS v, (SELECT count(*) FROM product_images) AS i, (SELECT count(*) FROM promo_codes) AS c",
      )[0];
    const before = counts();
    database.exec(demoStoreSql(SEED_NOW + 86_400_000).join("\n"));
    expect(counts()).toEqual(before);
    expect(all(database, "SELECT stock FROM product_variants WHERE sku = 'FL-TOUR26-M'")).toEqual([{ stock: 1 }]);
    expect(all(database, "SELECT title FROM products WHERE slug = 'tour-shirt-2026'")).toEqual([{ title: "Renamed by the admin" }]);
    expect(all(database, "SELECT uses FROM promo_codes")).toEqual([{ uses: 4 }]);
  });

  it("draws what the merch and gifts are (a shirt, a record sleeve, a card) on a light backdrop; downloads keep their cover style", () => {
    const bySlug = (slug: string) => DEMO_PRODUCTS.find((p) => p.slug === slug)!;
    const pixel = (raster: NonNullable<ReturnType<typeof productPictureRaster>>, x: number, y: number) => [
      ...raster.rgba.subarray((y * 400 + x) * 4, (y * 400 + x) * 4 + 3),
    ];
    const light = (rgb: number[]) => rgb.every((c) => c > 170);
    const drawn = new Map<string, NonNullable<ReturnType<typeof productPictureRaster>>>();
    for (const product of DEMO_PRODUCTS) {
      for (let index = 0; index < product.pictures; index++) {
        const raster = productPictureRaster(product, index);
        expect(raster === null, product.slug).toBe(product.kind === "digital");
        if (raster) drawn.set(`${product.slug}/${index}`, raster);
        if (raster) expect(light(pixel(raster, 4, 4)), `${product.slug} corner`).toBe(true);
      }
    }
    expect(drawn.size).toBe(9);
    // The shirt's dark body below its print, the sleeve's pink record half out to the right, the card's colour.
    expect(pixel(drawn.get("tour-shirt-2026/0")!, 150, 310).every((c) => c < 60)).toBe(true);
    const [r, g] = pixel(drawn.get("freestyle-nights-vinyl/0")!, 345, 150);
    expect(r! > 180 && g! < 140).toBe(true);
    expect(light(pixel(drawn.get("gift-vip-3-months/0")!, 60, 250))).toBe(false);
    // The picture the seed stores is this drawing.
    const shirt = bySlug("tour-shirt-2026");
    const stored = demoStorePictures().find((p) => p.key === demoProductImageKey(shirt, 0))!;
    expect(Buffer.from(stored.png).equals(renderProductPicturePng(shirt, 0)!)).toBe(true);
  }, 60_000);

  it("names its pictures as an upload would, in the rows' order, and draws each as a PNG", () => {
    const database = seededDb();
    const rows = all(database, "SELECT product_id, image_key, position FROM product_images ORDER BY product_id, position");
    const pictures = demoStorePictures();
    expect(rows.map((r) => r.image_key).sort()).toEqual(pictures.map((p) => p.key).sort());
    for (const row of rows) expect(row.image_key).toMatch(new RegExp(`^store/${row.product_id}-[0-9a-f]{16}\\.png$`));
    const shirt = DEMO_PRODUCTS.find((p) => p.slug === "tour-shirt-2026")!;
    expect(rows.filter((r) => r.product_id === shirt.id).map((r) => r.image_key)).toEqual([demoProductImageKey(shirt, 0), demoProductImageKey(shirt, 1)]);
    const png = Buffer.from(pictures[0]!.png);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.toString("ascii", 12, 16)).toBe("IHDR");
    expect(inflateSync(png.subarray(41, 41 + png.readUInt32BE(33))).length).toBeGreaterThan(0);
    expect(new Set(pictures.map((p) => Buffer.from(p.png).toString("base64"))).size).toBe(pictures.length);
  }, 60_000);

  it("is what the demo perks link to: their links are pages of this store, and the perk form takes them", () => {
    const slugs = new Set(DEMO_PRODUCTS.map((p) => p.slug));
    for (const perk of DEMO_PERKS) {
      expect(perk.link, perk.title).toMatch(/^\/store(\/|$)/);
      if (perk.link !== "/store") expect(slugs.has(perk.link.replace("/store/", "")), perk.link).toBe(true);
      const checked = perkInputSchema.safeParse({
        title: perk.title,
        description: perk.description,
        link: perk.link,
        codeMode: perk.codeMode,
        sharedCode: perk.sharedCode ?? null,
        audience: perk.audience,
        startsAt: new Date(SEED_NOW).toISOString(),
        endsAt: new Date(SEED_NOW + 86_400_000).toISOString(),
      });
      expect(checked.success, perk.title).toBe(true);
    }
    // A demo seeded before the store gets the new links; a link the admin changed stays.
    const database = migratedDb();
    database.exec(demoPerksSql(SEED_NOW).join("\n"));
    database.exec(`UPDATE perks SET link = 'https://shop.example.com/vip' WHERE id = '${MERCH_PERK_ID}'`);
    database.exec(`UPDATE perks SET link = 'https://label.example.com/own' WHERE id = '${DEMO_PERKS[1]!.id}'`);
    database.exec(demoPerksSql(SEED_NOW).join("\n"));
    expect(all(database, "SELECT link FROM perks ORDER BY id").map((r) => r.link)).toEqual([
      "/store",
      "https://label.example.com/own",
      "/store/dream-about-you-free",
    ]);
  });
});
