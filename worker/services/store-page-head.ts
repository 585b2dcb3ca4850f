// A product page's extra <head> (the areas' "product-markup"): its schema.org Product and Offers,
// read as a visitor sees the product (the VIP price is never in a page anyone may share).
import type { AppEnv } from "../env";
import { readConfig } from "../env";
import type { DB } from "../db/client";
import { findPublicProduct } from "../db/store/store";
import { readSettings } from "../db/settings";
import type { Locale } from "#contracts/locale.ts";
import { artistNameOf } from "#contracts/admin/settings.ts";
import { productHead } from "../lib/store-jsonld";

/** "" when the product is not public (the page is then a 404 anyway). */
export async function productPageHead(env: AppEnv, db: DB, url: URL, locale: Locale): Promise<string> {
  const slug = decodeURIComponent(url.pathname.split("/").filter(Boolean).at(-1) ?? "");
  const [settings, product] = await Promise.all([readSettings(db), findPublicProduct(db, slug, { vip: false }, locale)]);
  if (!product) return "";
  return productHead(product, url.origin, artistNameOf(settings, readConfig(env)));
}
