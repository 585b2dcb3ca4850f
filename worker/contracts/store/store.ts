// The public store (decision 054): products as visitors, members and VIPs see them, the members'
// cart the Worker keeps, and the rules both sides share (stock words, VIP prices, the suggested
// name-your-price amount). Draft and archived products never appear in any of these answers.
import { z } from "../zod";
import { SLUG_PATTERN } from "../music/music";
import { cartOptionsSchema, cartSchema, type CartLine, type CartOptions } from "./cart";
import { STORE_LIMITS, type Currency, type DownloadFormat, type Money, type GiftMonths, type PricingMode, type ProductKind } from "./model";

/** A stock of this many or fewer says how many are left ("Only 3 left"). */
export const LOW_STOCK_AT = 5;

/** Product slugs are the catalog's: lower-case words joined by dashes. */
export const PRODUCT_SLUG_PATTERN = SLUG_PATTERN;
export const productSlugParamSchema = z.object({ slug: z.string().min(1).max(100).regex(PRODUCT_SLUG_PATTERN) });

export { type Money } from "./model";

export type StockState = "in_stock" | "low" | "sold_out";
/** left: how many remain, said only when few do (LOW_STOCK_AT). */
export type Stock = { state: StockState; left: number | null };

export function stockOf(count: number): Stock {
  if (count <= 0) return { state: "sold_out", left: null };
  if (count <= LOW_STOCK_AT) return { state: "low", left: count };
  return { state: "in_stock", left: null };
}

export type PublicVariant = {
  id: string;
  size: string | null;
  colour: string | null;
  stock: Stock;
  /** The most one order may take of it: its stock, the product's per-order limit, the cart's. */
  maxQuantity: number;
};

export type PublicProductImage = { url: string; alt: string | null };

/** The album or track a digital product sells, or the album a merch product comes with. */
/** `outAt`: the release's public time while it is ahead (ISO), so it sells as a pre-order (decision 118); else null. */
export type PublicRelease = { kind: "album" | "track"; id: string; title: string; coverUrl: string | null; outAt: string | null };

export type PublicProduct = {
  id: string;
  slug: string;
  kind: ProductKind;
  /** Only these two are public: sold_out shows the product, not for sale. */
  state: "live" | "sold_out";
  /** In the asker's language (English when there is no Portuguese). */
  title: string;
  description: string;
  pricing: PricingMode;
  /** What the asker pays per item (name-your-price: the least they may pay): the VIP price for a VIP. */
  price: Money;
  /** What everyone but VIPs pays; equal to `price` unless `vipApplied`. */
  regularPrice: Money;
  /** The VIP price, shown to VIPs as theirs and to everyone else as a teaser; null: none. */
  vipPrice: Money | null;
  vipApplied: boolean;
  /** Name-your-price: the amount the field starts with; null for a fixed price. */
  suggested: Money | null;
  perOrderLimit: number;
  images: PublicProductImage[];
  /** Merch only; digital and gift products have none. */
  variants: PublicVariant[];
  /** The whole product's: merch by its variants, digital and gifts always in stock while live. */
  stock: Stock;
  /** For a product with no variants, the most one order may take. */
  maxQuantity: number;
  release: PublicRelease | null;
  bundledRelease: PublicRelease | null;
  giftMonths: GiftMonths | null;
  /** Merch travels: the cart then asks where to. */
  physical: boolean;
  /** Merch or a bundle sold before it exists ships from this day (YYYY-MM-DD, decision 118); null: at once. */
  shipsFrom: string | null;
};

/**
 * GET /api/store/products/:slug/contents: what a digital product's download holds, before purchase:
 * its tracks, and each format with the zip's size in bytes (null: not known yet). Empty for others.
 */
export type ReleaseContentsResponse = {
  tracks: { number: number; title: string; durationSeconds: number }[];
  formats: { format: DownloadFormat; bytes: number | null }[];
};

export type StoreProductsResponse = { products: PublicProduct[] };
export type StoreProductResponse = { product: PublicProduct };
/** The live products that sell a release: digital first, then merch that comes with it. */
export type ReleaseProductsResponse = { products: PublicProduct[] };

/** A member's cart as the Worker keeps it (GET and PUT /api/store/cart, the merge on sign-in): lines and choices. */
export type StoreCartResponse = { lines: CartLine[] } & CartOptions;
export const cartBodySchema = z.strictObject({ lines: cartSchema });
/** The merge on sign-in: the browser's lines, and its choices where the member's cart has none. */
export const cartMergeBodySchema = z.strictObject({ lines: cartSchema, options: cartOptionsSchema.optional() });

/** The price rows a VIP price is made from (one product's columns). */
export type PriceColumns = {
  priceUsdCents: number;
  priceBrlCents: number | null;
  vipPriceUsdCents: number | null;
  vipPriceBrlCents: number | null;
  vipDiscountPct: number | null;
};

/**
 * A VIP's price in `currency`: the product's own VIP price there when set, else its price less the
 * VIP discount (rounded to the cent); never above the regular price. null: no VIP price (or the
 * product is not sold in that currency).
 */
export function vipPriceCents(row: PriceColumns, currency: Currency): number | null {
  const regular = currency === "usd" ? row.priceUsdCents : row.priceBrlCents;
  if (regular === null) return null;
  const own = currency === "usd" ? row.vipPriceUsdCents : row.vipPriceBrlCents;
  if (own !== null) return Math.min(own, regular);
  if (row.vipDiscountPct !== null) return Math.round((regular * (100 - row.vipDiscountPct)) / 100);
  return null;
}

/** Name-your-price: a round amount a little over the minimum; a free item starts at 0 (paying is the buyer's idea). */
export function suggestedAmountCents(minCents: number): number {
  if (minCents === 0) return 0;
  return Math.min(STORE_LIMITS.maxPayWhatYouWantCents, Math.max(minCents, Math.ceil((minCents * 1.4) / 100) * 100));
}
