// The back office's products (decision 054): the list with pictures, variants, stock and sales,
// and a product's create, edit and delete. Each write and its audit row go in one D1 batch; a
// delete is one conditional statement (nobody ordered the product or is paying for it), so a
// checkout made meanwhile keeps its product.
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { DB } from "../client";
import { albums, tracks } from "../schema/music";
import { orderLines, productImages, products, productVariants, storeCheckoutLines } from "../schema/store";
import { auditIfChanged, auditInsert, type Actor, type AuditEntry } from "../audit";
import { isUniqueViolation } from "../d1";
import { refuse, type Refused } from "../../lib/outcome";
import { auditDetail } from "#contracts/audit-detail.ts";
import { stockStateOf, type AdminProduct, type AdminVariant, type ProductValues, type StoreReleasesResponse } from "#contracts/store/admin.ts";
import type { GiftMonths } from "#contracts/store/model.ts";

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;
type ImageRow = typeof productImages.$inferSelect;

/** Pictures live under store/ in R2 and are served by the public media route. */
export const productImageUrl = (key: string) => `/media/${key}`;

export const toAdminVariant = (v: VariantRow): AdminVariant => ({
  id: v.id,
  sku: v.sku,
  size: v.size,
  colour: v.colour,
  stock: v.stock,
  stockState: stockStateOf(v.stock),
  position: v.position,
});

/** Merch's stock at a glance: the total, and the state of the emptiest variant. */
function stockSummary(row: ProductRow, variants: VariantRow[]): AdminProduct["stock"] {
  if (row.kind !== "merch") return null;
  const total = variants.reduce((sum, v) => sum + v.stock, 0);
  const least = variants.length ? Math.min(...variants.map((v) => v.stock)) : 0;
  return { total, state: stockStateOf(least) };
}

type Related = {
  images: Map<string, ImageRow[]>;
  variants: Map<string, VariantRow[]>;
  sold: Map<string, number>;
  inCheckout: Set<string>;
  titles: Map<string, string>;
};

const groupBy = <T>(rows: T[], key: (row: T) => string) => {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
};

/** Pictures, variants, sales, open checkouts and release titles of the rows, in one D1 batch. */
async function relatedOf(db: DB, rows: ProductRow[]): Promise<Related> {
  const ids = rows.map((r) => r.id);
  const albumIds = rows.flatMap((r) => [r.albumId, r.bundledAlbumId]).filter((id): id is string => id !== null);
  const trackIds = rows.map((r) => r.trackId).filter((id): id is string => id !== null);
  const [images, variants, sold, checkoutLines, albumTitles, trackTitles] = await db.batch([
    db.select().from(productImages).where(inArray(productImages.productId, ids)).orderBy(asc(productImages.position), asc(productImages.id)),
    db.select().from(productVariants).where(inArray(productVariants.productId, ids)).orderBy(asc(productVariants.position), asc(productVariants.sku)),
    db
      .select({ productId: orderLines.productId, n: sql<number>`coalesce(sum(${orderLines.quantity}), 0)` })
      .from(orderLines)
      .where(inArray(orderLines.productId, ids))
      .groupBy(orderLines.productId),
    db.selectDistinct({ productId: storeCheckoutLines.productId }).from(storeCheckoutLines).where(inArray(storeCheckoutLines.productId, ids)),
    db
      .select({ id: albums.id, title: albums.title })
      .from(albums)
      .where(inArray(albums.id, albumIds.length ? albumIds : [""])),
    db
      .select({ id: tracks.id, title: tracks.title })
      .from(tracks)
      .where(inArray(tracks.id, trackIds.length ? trackIds : [""])),
  ]);
  return {
    images: groupBy(images, (i) => i.productId),
    variants: groupBy(variants, (v) => v.productId),
    sold: new Map(sold.map((s) => [s.productId, Number(s.n)])),
    inCheckout: new Set([...checkoutLines.map((l) => l.productId), ...sold.map((s) => s.productId)]),
    titles: new Map([...albumTitles, ...trackTitles].map((t) => [t.id, t.title])),
  };
}

function toAdminProduct(row: ProductRow, related: Related): AdminProduct {
  const variants = related.variants.get(row.id) ?? [];
  const release = row.albumId ?? row.trackId ?? row.bundledAlbumId;
  return {
    id: row.id,
    slug: row.slug,
    kind: row.kind,
    state: row.state,
    title: row.title,
    titlePtBr: row.titlePtBr,
    description: row.description,
    descriptionPtBr: row.descriptionPtBr,
    pricing: row.pricing,
    priceUsdCents: row.priceUsdCents,
    priceBrlCents: row.priceBrlCents,
    vipPriceUsdCents: row.vipPriceUsdCents,
    vipPriceBrlCents: row.vipPriceBrlCents,
    vipDiscountPct: row.vipDiscountPct,
    albumId: row.albumId,
    trackId: row.trackId,
    bundledAlbumId: row.bundledAlbumId,
    releaseTitle: release ? (related.titles.get(release) ?? null) : null,
    weightClass: row.weightClass,
    giftMonths: row.giftMonths as GiftMonths | null,
    giftTierId: row.giftTierId,
    shipsFrom: row.shipsFrom?.toISOString().slice(0, 10) ?? null,
    perOrderLimit: row.perOrderLimit,
    position: row.position,
    images: (related.images.get(row.id) ?? []).map((i) => ({ id: i.id, url: productImageUrl(i.imageKey), position: i.position })),
    variants: variants.map(toAdminVariant),
    stock: stockSummary(row, variants),
    sold: related.sold.get(row.id) ?? 0,
    deletable: !related.inCheckout.has(row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function withRelated(db: DB, rows: ProductRow[]): Promise<AdminProduct[]> {
  if (rows.length === 0) return [];
  const related = await relatedOf(db, rows);
  return rows.map((row) => toAdminProduct(row, related));
}

/** Every product in the store's order (position, then the newest first). */
export async function listAdminProducts(db: DB): Promise<AdminProduct[]> {
  return withRelated(
    db,
    await db
      .select()
      .from(products)
      .orderBy(asc(products.position), sql`${products.createdAt} DESC`),
  );
}

export async function findProductRow(db: DB, id: string): Promise<ProductRow | null> {
  return (await db.select().from(products).where(eq(products.id, id)).get()) ?? null;
}

export async function findAdminProduct(db: DB, id: string): Promise<AdminProduct | null> {
  const row = await findProductRow(db, id);
  return row ? ((await withRelated(db, [row]))[0] ?? null) : null;
}

/** The fields of `values` naming catalog rows that do not exist (the form's 400s), checked in one batch. */
export async function unknownReleases(db: DB, values: Pick<ProductValues, "albumId" | "trackId" | "bundledAlbumId">) {
  const [found, foundTrack] = await db.batch([
    db
      .select({ id: albums.id })
      .from(albums)
      .where(inArray(albums.id, [values.albumId ?? "", values.bundledAlbumId ?? ""])),
    db
      .select({ id: tracks.id })
      .from(tracks)
      .where(eq(tracks.id, values.trackId ?? "")),
  ]);
  const albumsFound = new Set(found.map((a) => a.id));
  const unknown: ("albumId" | "trackId" | "bundledAlbumId")[] = [];
  if (values.albumId !== null && !albumsFound.has(values.albumId)) unknown.push("albumId");
  if (values.trackId !== null && foundTrack.length === 0) unknown.push("trackId");
  if (values.bundledAlbumId !== null && !albumsFound.has(values.bundledAlbumId)) unknown.push("bundledAlbumId");
  return unknown;
}

/** The albums and tracks a product may sell or bundle, in the catalog's order. */
export async function listStoreReleases(db: DB): Promise<StoreReleasesResponse> {
  const [albumRows, trackRows] = await db.batch([
    db.select({ id: albums.id, title: albums.title }).from(albums).orderBy(asc(albums.position)),
    db
      // Aliased: in a batch, two columns both called "title" would come back as one.
      .select({ id: tracks.id, title: tracks.title, albumTitle: sql<string>`${albums.title}`.as("album_title") })
      .from(tracks)
      .innerJoin(albums, eq(albums.id, tracks.albumId))
      .orderBy(asc(albums.position), asc(tracks.number)),
  ]);
  return { albums: albumRows, tracks: trackRows };
}

/** What the audit row shows of a product: every field but the long texts, which it shortens. */
const short = (text: string | null) => (text && text.length > 200 ? `${text.slice(0, 200)}…` : text);
function auditView(v: ProductValues): Record<string, unknown> {
  return { ...v, description: short(v.description), descriptionPtBr: short(v.descriptionPtBr) };
}

const productEntry = (actor: Actor, action: AuditEntry["action"], id: string, summary: AuditEntry["summary"]): AuditEntry => ({
  actor,
  action,
  targetType: "product",
  targetId: id,
  summary,
});

export type SlugTaken = Refused<"slug_taken">;

export async function createProduct(db: DB, actor: Actor, values: ProductValues, now = Date.now()): Promise<AdminProduct | SlugTaken> {
  const id = crypto.randomUUID();
  try {
    await db.batch([
      db.insert(products).values({ id, ...values, createdAt: new Date(now), updatedAt: new Date(now) }),
      auditInsert(db, productEntry(actor, "store.product.create", id, { after: auditView(values) }), now),
    ]);
  } catch (err) {
    if (isUniqueViolation(err, "products.slug")) return refuse("slug_taken");
    throw err;
  }
  return (await findAdminProduct(db, id))!;
}

/** Every field replaced, auditing what changed; null when the product went away meanwhile. */
export async function updateProduct(
  db: DB,
  actor: Actor,
  before: ProductRow,
  values: ProductValues,
  now = Date.now(),
): Promise<AdminProduct | SlugTaken | null> {
  const was: Record<string, unknown> = auditView({ ...before, giftMonths: before.giftMonths as GiftMonths | null });
  const will = auditView(values);
  const keys = Object.keys(will).filter((key) => was[key] !== will[key]);
  try {
    await db.batch([
      db
        .update(products)
        .set({ ...values, updatedAt: new Date(now) })
        .where(eq(products.id, before.id)),
      auditInsert(
        db,
        productEntry(actor, "store.product.update", before.id, {
          before: Object.fromEntries(keys.map((k) => [k, was[k]])),
          after: Object.fromEntries(keys.map((k) => [k, will[k]])),
        }),
        now,
      ),
    ]);
  } catch (err) {
    if (isUniqueViolation(err, "products.slug")) return refuse("slug_taken");
    throw err;
  }
  return findAdminProduct(db, before.id);
}

/**
 * Deletes a product nobody ordered or is paying for, with its pictures and variants (cascade), and
 * the audit row, in one batch: "deleted" with the picture keys for R2, else "ordered".
 */
export async function deleteProduct(
  db: DB,
  actor: Actor,
  before: AdminProduct,
  keys: string[],
  now = Date.now(),
): Promise<{ outcome: "deleted"; keys: string[] } | { outcome: "ordered" }> {
  const remove = db.$client
    .prepare(
      `DELETE FROM products WHERE id = ?1
         AND NOT EXISTS (SELECT 1 FROM order_lines WHERE product_id = ?1)
         AND NOT EXISTS (SELECT 1 FROM store_checkout_lines WHERE product_id = ?1)`,
    )
    .bind(before.id);
  const summary = {
    before: { slug: before.slug, kind: before.kind, state: before.state, title: before.title },
    after: null,
    ...auditDetail({ kind: "store_product_deleted", pictures: before.images.length, variants: before.variants.length }),
  };
  const [result] = await db.$client.batch([remove, auditIfChanged(db, productEntry(actor, "store.product.delete", before.id, summary), now)]);
  return (result?.meta.changes ?? 0) > 0 ? { outcome: "deleted", keys } : { outcome: "ordered" };
}

/** The R2 keys of a product's pictures (to delete after the row). */
export async function productImageKeys(db: DB, productId: string): Promise<string[]> {
  const rows = await db.select({ key: productImages.imageKey }).from(productImages).where(eq(productImages.productId, productId));
  return rows.map((r) => r.key);
}
