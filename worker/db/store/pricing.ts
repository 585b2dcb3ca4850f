// The rows a cart is priced from (decision 054): its products and variants, a promotion code, the
// shipping rates. Reads only; the pricing itself is worker/services/store/pricing.ts.
import { and, eq, inArray } from "drizzle-orm";
import type { DB } from "../client";
import { products, productVariants, promoCodes, shippingRates } from "../schema/store";
import type { ShippingZone, WeightClass } from "#contracts/store/model.ts";

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;

export async function loadCartRows(db: DB, productIds: string[], variantIds: string[]) {
  const [productRows, variantRows] = await Promise.all([
    productIds.length ? db.select().from(products).where(inArray(products.id, productIds)).all() : [],
    variantIds.length ? db.select().from(productVariants).where(inArray(productVariants.id, variantIds)).all() : [],
  ]);
  return { products: new Map(productRows.map((p) => [p.id, p])), variants: new Map(variantRows.map((v) => [v.id, v])) };
}

export const findPromoCode = (db: DB, code: string) => db.select().from(promoCodes).where(eq(promoCodes.code, code)).get();

export const findShippingRate = (db: DB, zone: ShippingZone, weightClass: WeightClass) =>
  db
    .select()
    .from(shippingRates)
    .where(and(eq(shippingRates.zone, zone), eq(shippingRates.weightClass, weightClass)))
    .get();
