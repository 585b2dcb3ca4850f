// Store rows for the Worker tests, written with raw SQL (the back office that writes them is
// another part of the store): products, their variants and pictures, and a member's stored cart.
import { env } from "cloudflare:workers";

export const D1 = (env as unknown as { DB: D1Database }).DB;

export type ProductSeed = {
  slug?: string;
  kind?: "digital" | "merch" | "gift_vip";
  state?: "draft" | "live" | "sold_out" | "archived";
  title?: string;
  titlePtBr?: string | null;
  description?: string;
  descriptionPtBr?: string | null;
  pricing?: "fixed" | "name_your_price";
  priceUsdCents?: number;
  priceBrlCents?: number | null;
  vipPriceUsdCents?: number | null;
  vipPriceBrlCents?: number | null;
  vipDiscountPct?: number | null;
  albumId?: string | null;
  trackId?: string | null;
  bundledAlbumId?: string | null;
  weightClass?: "light" | "standard" | "heavy" | null;
  giftMonths?: number | null;
  perOrderLimit?: number;
  position?: number;
};

let serial = 0;

export async function seedProduct(seed: ProductSeed = {}): Promise<{ id: string; slug: string }> {
  serial++;
  const id = crypto.randomUUID();
  const slug = seed.slug ?? `product-${serial}-${id.slice(0, 6)}`;
  const kind = seed.kind ?? "digital";
  await D1.prepare(
    `INSERT INTO products (id, slug, kind, state, title, title_pt_br, description, description_pt_br, pricing, price_usd_cents, price_brl_cents,
       vip_price_usd_cents, vip_price_brl_cents, vip_discount_pct, album_id, track_id, bundled_album_id, weight_class, gift_months, per_order_limit, position)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)`,
  )
    .bind(
      id,
      slug,
      kind,
      seed.state ?? "live",
      seed.title ?? `Product ${serial}`,
      seed.titlePtBr ?? null,
      seed.description ?? `About product ${serial}.`,
      seed.descriptionPtBr ?? null,
      seed.pricing ?? "fixed",
      seed.priceUsdCents ?? 1000,
      seed.priceBrlCents === undefined ? 5000 : seed.priceBrlCents,
      seed.vipPriceUsdCents ?? null,
      seed.vipPriceBrlCents ?? null,
      seed.vipDiscountPct ?? null,
      seed.albumId ?? null,
      seed.trackId ?? null,
      seed.bundledAlbumId ?? null,
      seed.weightClass ?? (kind === "merch" ? "standard" : null),
      seed.giftMonths ?? (kind === "gift_vip" ? 3 : null),
      seed.perOrderLimit ?? 10,
      seed.position ?? serial,
    )
    .run();
  return { id, slug };
}

export async function seedVariant(productId: string, { size = "M", colour = null as string | null, stock = 10, position = 0 } = {}): Promise<string> {
  const id = crypto.randomUUID();
  await D1.prepare("INSERT INTO product_variants (id, product_id, sku, size, colour, stock, position) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
    .bind(id, productId, `SKU-${id.slice(0, 8)}`, size, colour, stock, position)
    .run();
  return id;
}

export async function seedImage(productId: string, key: string, position: number, alt: string | null = null) {
  await D1.prepare("INSERT INTO product_images (product_id, image_key, position, alt) VALUES (?1, ?2, ?3, ?4)").bind(productId, key, position, alt).run();
}

/** The member's stored cart as text, or null without a row. */
export async function storedCart(userId: string): Promise<string | null> {
  return (await D1.prepare("SELECT lines FROM carts WHERE user_id = ?1").bind(userId).first<{ lines: string }>())?.lines ?? null;
}

export async function storeCartRow(userId: string, lines: unknown) {
  await D1.prepare("INSERT INTO carts (user_id, lines) VALUES (?1, ?2) ON CONFLICT(user_id) DO UPDATE SET lines = excluded.lines")
    .bind(userId, JSON.stringify(lines))
    .run();
}
