// The public store's reads (decision 054): live and sold-out products in position order, one by
// slug, those that sell an album or a track; and a member's cart. Each read is one D1 batch: the
// products, their pictures, their variants and the releases they name.
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { DB } from "../client";
import { albums, tracks } from "../schema/music";
import { carts, productImages, products, productVariants } from "../schema/store";
import { coverUrlOf } from "../music/music";
import { inLanguage } from "../../lib/content-language";
import type { Locale } from "#contracts/locale.ts";
import { cartOptionsSchema, cartSchema, NO_CART_OPTIONS, type CartLine, type CartOptions } from "#contracts/store/cart.ts";
import { STORE_LIMITS, type GiftMonths } from "#contracts/store/model.ts";
import {
  stockOf,
  suggestedAmountCents,
  vipPriceCents,
  type Money,
  type PublicProduct,
  type PublicRelease,
  type PublicVariant,
} from "#contracts/store/store.ts";

export type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;
type ImageRow = typeof productImages.$inferSelect;

/** Who asks: a VIP sees the VIP price as theirs, everyone else as a teaser. */
export type StoreViewer = { vip: boolean };

/** The states the public sees; draft and archived products do not exist for it. */
const PUBLIC_STATES = ["live", "sold_out"] as const;
const isPublic = inArray(products.state, [...PUBLIC_STATES]);

/** Product pictures live under store/ in R2 and are served by the public media route. */
export const productImageUrl = (key: string) => `/media/${key}`;

type Loaded = { rows: ProductRow[]; images: ImageRow[]; variants: VariantRow[]; releases: Map<string, PublicRelease> };

/** The pictures, variants and releases of `rows`, in one batch. */
async function withParts(db: DB, rows: ProductRow[]): Promise<Loaded> {
  if (rows.length === 0) return { rows, images: [], variants: [], releases: new Map() };
  const ids = rows.map((row) => row.id);
  const albumIds = [...new Set(rows.flatMap((row) => [row.albumId, row.bundledAlbumId]).filter((id): id is string => id !== null))];
  const trackIds = [...new Set(rows.map((row) => row.trackId).filter((id): id is string => id !== null))];
  const [images, variants, albumRows, trackRows] = await db.batch([
    db.select().from(productImages).where(inArray(productImages.productId, ids)).orderBy(asc(productImages.position), asc(productImages.id)),
    db.select().from(productVariants).where(inArray(productVariants.productId, ids)).orderBy(asc(productVariants.position), asc(productVariants.sku)),
    db
      .select({ id: albums.id, title: albums.title, coverKey: albums.coverKey, releaseAt: albums.releaseAt })
      .from(albums)
      .where(inArray(albums.id, albumIds.length ? albumIds : [""])),
    db
      .select({ id: tracks.id, title: tracks.title, coverKey: albums.coverKey, releaseAt: tracks.releaseAt, albumReleaseAt: albums.releaseAt })
      .from(tracks)
      .innerJoin(albums, eq(albums.id, tracks.albumId))
      .where(inArray(tracks.id, trackIds.length ? trackIds : [""])),
  ]);
  const releases = new Map<string, PublicRelease>();
  const now = Date.now();
  for (const a of albumRows)
    releases.set(`album:${a.id}`, { kind: "album", id: a.id, title: a.title, coverUrl: coverUrlOf(a.coverKey), outAt: aheadOf(now, a.releaseAt) });
  for (const t of trackRows) {
    const outAt = aheadOf(now, t.releaseAt, t.albumReleaseAt);
    releases.set(`track:${t.id}`, { kind: "track", id: t.id, title: t.title, coverUrl: coverUrlOf(t.coverKey), outAt });
  }
  return { rows, images, variants, releases };
}

const money = (usd: number, brl: number | null): Money => ({ usd, brl });

/** The latest of these release times when it is still ahead (a pre-order, decision 118), as ISO; else null. */
function aheadOf(now: number, ...times: (Date | null)[]): string | null {
  const latest = Math.max(0, ...times.map((t) => t?.getTime() ?? 0));
  return latest > now ? new Date(latest).toISOString() : null;
}
const NEVER_OUT = stockOf(Number.MAX_SAFE_INTEGER);

/** One product as `viewer` sees it, in `locale`. */
export function toPublicProduct(row: ProductRow, parts: Omit<Loaded, "rows">, viewer: StoreViewer, locale: Locale): PublicProduct {
  const soldOut = row.state === "sold_out";
  const cap = Math.min(row.perOrderLimit, STORE_LIMITS.maxQuantity);
  const variants = parts.variants
    .filter((v) => v.productId === row.id)
    .map((v): PublicVariant => ({
      id: v.id,
      size: v.size,
      colour: v.colour,
      stock: stockOf(soldOut ? 0 : v.stock),
      maxQuantity: soldOut ? 0 : Math.min(cap, v.stock),
    }));
  const physical = row.kind === "merch";
  const merchCount = parts.variants.filter((v) => v.productId === row.id).reduce((n, v) => n + v.stock, 0);
  // Merch is as available as its variants together; downloads and gifts never run out.
  const stock = soldOut ? stockOf(0) : physical ? stockOf(merchCount) : NEVER_OUT;
  const regularPrice = money(row.priceUsdCents, row.priceBrlCents);
  const vipUsd = vipPriceCents(row, "usd");
  const vipBrl = vipPriceCents(row, "brl");
  // A VIP price in one currency only leaves the other at the regular price.
  const vipPrice = vipUsd === null && vipBrl === null ? null : money(vipUsd ?? row.priceUsdCents, vipBrl ?? row.priceBrlCents);
  const vipApplied = viewer.vip && vipPrice !== null;
  const price = vipApplied ? vipPrice : regularPrice;
  const release = row.albumId ? parts.releases.get(`album:${row.albumId}`) : row.trackId ? parts.releases.get(`track:${row.trackId}`) : undefined;
  return {
    id: row.id,
    slug: row.slug,
    kind: row.kind,
    state: soldOut ? "sold_out" : "live",
    title: inLanguage(locale, row.title, row.titlePtBr),
    description: inLanguage(locale, row.description, row.descriptionPtBr),
    pricing: row.pricing,
    price,
    regularPrice,
    vipPrice,
    vipApplied,
    suggested: row.pricing === "name_your_price" ? money(suggestedAmountCents(price.usd), price.brl === null ? null : suggestedAmountCents(price.brl)) : null,
    perOrderLimit: row.perOrderLimit,
    images: parts.images.filter((image) => image.productId === row.id).map((image) => ({ url: productImageUrl(image.imageKey), alt: image.alt })),
    variants,
    stock,
    maxQuantity: stock.state === "sold_out" ? 0 : physical ? Math.max(0, ...variants.map((v) => v.maxQuantity)) : cap,
    release: release ?? null,
    bundledRelease: (row.bundledAlbumId && parts.releases.get(`album:${row.bundledAlbumId}`)) || null,
    giftMonths: (row.giftMonths as GiftMonths | null) ?? null,
    physical,
    shipsFrom: physical && row.shipsFrom ? row.shipsFrom.toISOString().slice(0, 10) : null,
  };
}

async function present(db: DB, rows: ProductRow[], viewer: StoreViewer, locale: Locale): Promise<PublicProduct[]> {
  const parts = await withParts(db, rows);
  return rows.map((row) => toPublicProduct(row, parts, viewer, locale));
}

const inStoreOrder = [asc(products.position), asc(products.createdAt), asc(products.id)];

/** The store's grid: every live and sold-out product, in the back office's order. */
export async function listPublicProducts(db: DB, viewer: StoreViewer, locale: Locale): Promise<PublicProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(isPublic)
    .orderBy(...inStoreOrder);
  return present(db, rows, viewer, locale);
}

/** One public product by its slug; null for an unknown, draft or archived one. */
export async function findPublicProduct(db: DB, slug: string, viewer: StoreViewer, locale: Locale): Promise<PublicProduct | null> {
  const row = await db
    .select()
    .from(products)
    .where(and(eq(products.slug, slug), isPublic))
    .get();
  if (!row) return null;
  const [product] = await present(db, [row], viewer, locale);
  return product ?? null;
}

export type Release = { albumId: string } | { trackId: string };

/**
 * The live products that sell a release: digital products of the album (or the track), then merch
 * that comes with the album. A track's page also offers its album's digital products.
 */
export async function productsForRelease(db: DB, release: Release, viewer: StoreViewer, locale: Locale): Promise<PublicProduct[]> {
  let albumId: string | null;
  let trackId: string | null = null;
  if ("albumId" in release) albumId = release.albumId;
  else {
    trackId = release.trackId;
    const track = await db.select({ albumId: tracks.albumId }).from(tracks).where(eq(tracks.id, trackId)).get();
    albumId = track?.albumId ?? null;
  }
  const sells = or(
    trackId ? eq(products.trackId, trackId) : undefined,
    albumId ? eq(products.albumId, albumId) : undefined,
    albumId ? eq(products.bundledAlbumId, albumId) : undefined,
  );
  if (!sells) return [];
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.state, "live"), sells))
    .orderBy(...inStoreOrder);
  // The release's own download first (the track before its album), then the bundles.
  const rank = (row: ProductRow) => (row.trackId && row.trackId === trackId ? 0 : row.kind === "digital" ? 1 : 2);
  return present(
    db,
    [...rows].sort((a, b) => rank(a) - rank(b)),
    viewer,
    locale,
  );
}

/** What a cart check needs of its products: their rows and variants, public ones only. */
export type CartCatalog = { products: Map<string, ProductRow>; variants: Map<string, VariantRow> };

export async function cartCatalog(db: DB, productIds: string[]): Promise<CartCatalog> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return { products: new Map(), variants: new Map() };
  const [rows, variants] = await db.batch([
    db
      .select()
      .from(products)
      .where(and(inArray(products.id, ids), isPublic)),
    db.select().from(productVariants).where(inArray(productVariants.productId, ids)),
  ]);
  return { products: new Map(rows.map((row) => [row.id, row])), variants: new Map(variants.map((v) => [v.id, v])) };
}

/** A member's stored cart and its choices; a row that no longer reads as a cart counts as empty. */
export async function readCart(db: DB, userId: string): Promise<StoredCart> {
  const row = await db
    .select({ lines: carts.lines, shippingCountry: carts.shippingCountry, promoCode: carts.promoCode })
    .from(carts)
    .where(eq(carts.userId, userId))
    .get();
  if (!row) return { lines: [], ...NO_CART_OPTIONS };
  const parsed = cartSchema.safeParse(row.lines);
  const options = cartOptionsSchema.safeParse({ shippingCountry: row.shippingCountry, promoCode: row.promoCode });
  return { lines: parsed.success ? parsed.data : [], ...(options.success ? options.data : NO_CART_OPTIONS) };
}

export type StoredCart = { lines: CartLine[] } & CartOptions;

export async function writeCart(db: DB, userId: string, lines: CartLine[], now = Date.now()): Promise<void> {
  const at = new Date(now);
  await db
    .insert(carts)
    .values({ userId, lines, updatedAt: at })
    .onConflictDoUpdate({ target: carts.userId, set: { lines, updatedAt: at } });
}

/** The cart's choices (its lines as they are; a member with no cart yet gets an empty one). */
export async function writeCartOptions(db: DB, userId: string, options: CartOptions, now = Date.now()): Promise<void> {
  const at = new Date(now);
  await db
    .insert(carts)
    .values({ userId, ...options, updatedAt: at })
    .onConflictDoUpdate({ target: carts.userId, set: { ...options, updatedAt: at } });
}
