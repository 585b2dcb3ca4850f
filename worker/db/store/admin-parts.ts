// A product's pictures and a merch product's variants with their stock, for the back office
// (decision 054). Every write and its audit row go in one D1 batch. The rows decide, never a read
// made before: a picture is added only under the cap and only to a product that exists, stock moves
// by `stock + delta` only while that stays at or above zero (checkouts take stock the same way,
// concurrently), and a variant or picture goes only while nothing points at it.
import { and, eq } from "drizzle-orm";
import type { DB } from "../client";
import { productImages, productVariants } from "../schema/store";
import { auditIfChanged, auditInsert, type Actor, type AuditEntry } from "../audit";
import { isUniqueViolation } from "../d1";
import { refuse, type Refused } from "../../lib/outcome";
import { auditDetail } from "#contracts/audit-detail.ts";
import { STORE_IMAGES_MAX, type AdminVariant, type VariantCreateValues, type VariantUpdateValues } from "#contracts/store/admin.ts";
import { toAdminVariant, type VariantRow } from "./admin";

const entry = (actor: Actor, action: AuditEntry["action"], productId: string, summary: AuditEntry["summary"]): AuditEntry => ({
  actor,
  action,
  targetType: "product",
  targetId: productId,
  summary,
});

/** Runs a conditional write and its audit row (stored only if the write changed a row); whether it did. */
async function guarded(db: DB, write: D1PreparedStatement, audit: AuditEntry, now: number): Promise<boolean> {
  const [result] = await db.$client.batch([write, auditIfChanged(db, audit, now)]);
  return (result?.meta.changes ?? 0) > 0;
}

// ----- pictures -----

/**
 * Adds a picture after the product's others, in one statement that needs the product to exist and
 * to have fewer than STORE_IMAGES_MAX pictures: "added", or why not ("full" or "gone").
 */
export async function addProductImage(db: DB, actor: Actor, productId: string, key: string, now = Date.now()): Promise<"added" | "full" | "gone"> {
  const insert = db.$client
    .prepare(
      `INSERT INTO product_images (product_id, image_key, position)
       SELECT ?1, ?2, coalesce((SELECT max(position) + 1 FROM product_images WHERE product_id = ?1), 0)
       WHERE EXISTS (SELECT 1 FROM products WHERE id = ?1)
         AND (SELECT count(*) FROM product_images WHERE product_id = ?1) < ?3`,
    )
    .bind(productId, key, STORE_IMAGES_MAX);
  if (await guarded(db, insert, entry(actor, "store.product.picture.add", productId, { after: { picture: key } }), now)) return "added";
  const exists = await db.$client.prepare("SELECT 1 AS x FROM products WHERE id = ?1").bind(productId).first();
  return exists ? "full" : "gone";
}

/** Deletes one picture of a product: its R2 key, or null when there was no such picture. */
export async function deleteProductImage(db: DB, actor: Actor, productId: string, imageId: number, now = Date.now()): Promise<string | null> {
  const row = await db
    .select()
    .from(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .get();
  if (!row) return null;
  const remove = db.$client.prepare("DELETE FROM product_images WHERE id = ?1 AND product_id = ?2").bind(imageId, productId);
  const deleted = await guarded(db, remove, entry(actor, "store.product.picture.delete", productId, { before: { picture: row.imageKey }, after: null }), now);
  return deleted ? row.imageKey : null;
}

/**
 * Puts the product's pictures in the order of `ids`, which must name each of them once (else the
 * list changed since it was loaded: "order_changed").
 */
export async function reorderProductImages(
  db: DB,
  actor: Actor,
  productId: string,
  ids: number[],
  now = Date.now(),
): Promise<"reordered" | Refused<"order_changed">> {
  const rows = await db.select({ id: productImages.id }).from(productImages).where(eq(productImages.productId, productId));
  const current = new Set(rows.map((r) => r.id));
  if (ids.length !== current.size || new Set(ids).size !== ids.length || !ids.every((id) => current.has(id))) return refuse("order_changed");
  if (ids.length === 0) return "reordered";
  const [first, ...rest] = ids.map((id, position) =>
    db
      .update(productImages)
      .set({ position })
      .where(and(eq(productImages.id, id), eq(productImages.productId, productId))),
  );
  await db.batch([first!, ...rest, auditInsert(db, entry(actor, "store.product.picture.order", productId, { after: { order: ids } }), now)]);
  return "reordered";
}

// ----- variants and stock -----

export async function findVariant(db: DB, productId: string, variantId: string): Promise<VariantRow | null> {
  return (
    (await db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)))
      .get()) ?? null
  );
}

export type SkuTaken = Refused<"sku_taken">;
const skuClash = (err: unknown) => isUniqueViolation(err, "product_variants.sku");

const variantView = (v: { sku: string; size: string | null; colour: string | null; position: number }) => ({
  sku: v.sku,
  size: v.size,
  colour: v.colour,
  position: v.position,
});

export async function createVariant(db: DB, actor: Actor, productId: string, values: VariantCreateValues, now = Date.now()): Promise<AdminVariant | SkuTaken> {
  const row = { id: crypto.randomUUID(), productId, ...values };
  try {
    await db.batch([
      db.insert(productVariants).values(row),
      auditInsert(db, entry(actor, "store.variant.create", productId, { after: { ...variantView(values), stock: values.stock } }), now),
    ]);
  } catch (err) {
    if (skuClash(err)) return refuse("sku_taken");
    throw err;
  }
  return toAdminVariant(row);
}

/** A variant's words and place (its stock moves only by adjustStock); null when it went away. */
export async function updateVariant(
  db: DB,
  actor: Actor,
  before: VariantRow,
  values: VariantUpdateValues,
  now = Date.now(),
): Promise<AdminVariant | SkuTaken | null> {
  try {
    const [updated] = await db.batch([
      db.update(productVariants).set(values).where(eq(productVariants.id, before.id)).returning(),
      auditInsert(db, entry(actor, "store.variant.update", before.productId, { before: variantView(before), after: variantView(values) }), now),
    ]);
    return updated[0] ? toAdminVariant(updated[0]) : null;
  } catch (err) {
    if (skuClash(err)) return refuse("sku_taken");
    throw err;
  }
}

/** Deletes a variant nobody ordered or is paying for: whether it did (no: it has orders, or is gone). */
export async function deleteVariant(db: DB, actor: Actor, before: VariantRow, now = Date.now()): Promise<boolean> {
  const remove = db.$client
    .prepare(
      `DELETE FROM product_variants WHERE id = ?1
         AND NOT EXISTS (SELECT 1 FROM order_lines WHERE variant_id = ?1)
         AND NOT EXISTS (SELECT 1 FROM store_checkout_lines WHERE variant_id = ?1)`,
    )
    .bind(before.id);
  return guarded(
    db,
    remove,
    entry(actor, "store.variant.delete", before.productId, { before: { ...variantView(before), stock: before.stock }, after: null }),
    now,
  );
}

/**
 * Moves a variant's stock by `delta` in one conditional statement that never leaves it below zero
 * (a checkout may be taking some at the same moment): the new stock, or "below_zero" when the
 * variant has fewer than `-delta` left, or null when it is gone.
 */
export async function adjustStock(db: DB, actor: Actor, before: VariantRow, delta: number, now = Date.now()): Promise<number | Refused<"below_zero"> | null> {
  const audit = entry(actor, "store.variant.stock", before.productId, {
    after: { sku: before.sku, delta },
    ...auditDetail({ kind: "store_stock_adjusted", sku: before.sku, delta }),
  });
  const [result] = await db.$client.batch([
    db.$client.prepare("UPDATE product_variants SET stock = stock + ?1 WHERE id = ?2 AND stock + ?1 >= 0 RETURNING stock").bind(delta, before.id),
    auditIfChanged(db, audit, now),
  ]);
  const row = (result?.results as { stock: number }[] | undefined)?.[0];
  if (row) return row.stock;
  return (await db.$client.prepare("SELECT 1 AS x FROM product_variants WHERE id = ?1").bind(before.id).first()) ? refuse("below_zero") : null;
}
