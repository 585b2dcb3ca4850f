// /api/admin/store: the back office's products, pictures, variants with stock, and promotion codes
// (decision 054), administrators only (the admin tree's gate runs first).
//   GET    /products                              every product with pictures, variants, stock, sales
//   POST   /products                              a new product (productInputSchema) → 201
//   GET    /products/:id                          one product
//   PUT    /products/:id                          every field again (the kind stays)
//   DELETE /products/:id                          an unsold product, its pictures and variants
//   PUT    /products/:id/images                   the body is a new picture (JPEG, PNG or WebP, 2 MB), added last
//   PUT    /products/:id/images/order             { ids } every picture once, in the new order
//   DELETE /products/:id/images/:imageId          one picture
//   POST   /products/:id/variants                 merch: a size or colour with its SKU and stock → 201
//   PUT    /products/:id/variants/:variantId      its SKU, size, colour and place
//   DELETE /products/:id/variants/:variantId      an unsold variant
//   POST   /products/:id/variants/:variantId/stock { delta } more or fewer, never below zero
//   GET    /releases                              the albums and tracks a product may sell or bundle
//   GET    /preorders                             per album: orders made before its release time; sold, refunded, net per currency
//   GET    /promo-codes                           the codes, and the perks one may be linked to
//   POST   /promo-codes                           a new code → 201
//   PUT    /promo-codes/:code                     its terms
//   DELETE /promo-codes/:code                     the code
// Every write is audited in its batch. Unknown ids answer 404 with the area's code; a rule that needs
// the catalog (the album or track exists) answers 400 at its field.
import { checkMinTierChoice } from "../../services/tier-gate-check";
import { listPreorderFigures } from "../../db/store/admin-preorders";
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { parseJsonBody, validate } from "../../lib/validate";
import { uploadBody } from "../../lib/upload-body";
import { routeError, ruleError } from "../../lib/errors";
import { isRefused } from "../../lib/outcome";
import { actorOf } from "../../middleware/guards";
import { deleteObjects, storeImage } from "../../services/media/catalog-uploads";
import { CATALOG_IMAGE_MAX_BYTES } from "#contracts/music/admin-catalog-limits.ts";
import {
  createProduct,
  deleteProduct,
  findAdminProduct,
  findProductRow,
  listAdminProducts,
  listStoreReleases,
  productImageKeys,
  toAdminVariant,
  unknownReleases,
  updateProduct,
  type ProductRow,
  type VariantRow,
} from "../../db/store/admin";
import {
  addProductImage,
  adjustStock,
  createVariant,
  deleteProductImage,
  deleteVariant,
  findVariant,
  reorderProductImages,
  updateVariant,
} from "../../db/store/admin-parts";
import { checkGate } from "../../services/tier-gate-check";
import { createPromoCode, deletePromoCode, findPromoCode, listPromoCodes, perkExists, updatePromoCode } from "../../db/admin-promo-codes";
import {
  imageOrderSchema,
  productInputSchema,
  promoCreateSchema,
  promoUpdateSchema,
  stockAdjustSchema,
  STORE_ID_PATTERN,
  variantCreateSchema,
  variantUpdateSchema,
  type AdminProduct,
  type AdminProductResponse,
  type AdminProductsResponse,
  type AdminPromoCode,
  type AdminPromoCodeResponse,
  type AdminPromoCodesResponse,
  type AdminVariantResponse,
  type DeletedResponse,
  type ProductValues,
  type StoreReleasesResponse,
  type PreorderFiguresResponse,
} from "#contracts/store/admin.ts";
import type { ValidationCode } from "#contracts/validation-codes.ts";

type Ctx = Context<HonoEnv>;

async function storedProduct(c: Ctx): Promise<ProductRow> {
  const id = c.req.param("id") ?? "";
  const row = STORE_ID_PATTERN.test(id) ? await findProductRow(c.var.db, id) : null;
  if (!row) throw routeError("product_not_found");
  return row;
}

async function adminView(c: Ctx, id: string): Promise<AdminProduct> {
  const product = await findAdminProduct(c.var.db, id);
  if (!product) throw routeError("product_not_found");
  return product;
}

/** Variants belong to merch only; the variant must be this product's. */
async function storedVariant(c: Ctx): Promise<VariantRow> {
  const product = await storedProduct(c);
  const id = c.req.param("variantId") ?? "";
  const row = STORE_ID_PATTERN.test(id) ? await findVariant(c.var.db, product.id, id) : null;
  if (!row) throw routeError("variant_not_found");
  return row;
}

async function merchProduct(c: Ctx): Promise<ProductRow> {
  const product = await storedProduct(c);
  if (product.kind !== "merch") throw routeError("product_not_merch");
  return product;
}

const UNKNOWN_RELEASE: Record<"albumId" | "trackId" | "bundledAlbumId", ValidationCode> = {
  albumId: "store_album_unknown",
  trackId: "store_track_unknown",
  bundledAlbumId: "store_album_unknown",
};

/** The form's rules that need the catalog: the album, track or bundled album exists. */
async function checkReleases(c: Ctx, values: ProductValues) {
  const [field] = await unknownReleases(c.var.db, values);
  if (field) throw ruleError(field, UNKNOWN_RELEASE[field]);
}

async function checkPerk(c: Ctx, perkId: string | null, minTierId: string | null) {
  if (perkId !== null && !(await perkExists(c.var.db, perkId))) throw ruleError("perkId", "store_promo_perk_unknown");
  if (minTierId !== null) await checkGate(c.var.db, { minTier: minTierId }, "minTierId");
}

async function storedPromo(c: Ctx): Promise<AdminPromoCode> {
  const code = (c.req.param("code") ?? "").toUpperCase();
  const promo = code.length <= 64 ? await findPromoCode(c.var.db, code) : null;
  if (!promo) throw routeError("promo_code_not_found");
  return promo;
}

const productRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => c.json<AdminProductsResponse>({ products: await listAdminProducts(c.var.db) }))

  .post("/", validate("json", productInputSchema), async (c) => {
    const values = c.req.valid("json");
    await checkReleases(c, values);
    await checkMinTierChoice(c.var.db, values.giftTierId, null, "giftTierId");
    const product = await createProduct(c.var.db, actorOf(c), values);
    if (isRefused(product)) throw routeError("product_slug_taken");
    return c.json<AdminProductResponse>({ product }, 201);
  })

  .get("/:id", async (c) => c.json<AdminProductResponse>({ product: await adminView(c, (await storedProduct(c)).id) }))

  .put("/:id", async (c) => {
    const before = await storedProduct(c);
    const values = await parseJsonBody(c, productInputSchema);
    if (values.kind !== before.kind) throw routeError("product_kind_locked");
    await checkReleases(c, values);
    await checkMinTierChoice(c.var.db, values.giftTierId, before.giftTierId, "giftTierId");
    const product = await updateProduct(c.var.db, actorOf(c), before, values);
    if (product === null) throw routeError("product_not_found");
    if (isRefused(product)) throw routeError("product_slug_taken");
    return c.json<AdminProductResponse>({ product });
  })

  .delete("/:id", async (c) => {
    const before = await adminView(c, (await storedProduct(c)).id);
    if (!before.deletable) throw routeError("product_has_orders");
    const result = await deleteProduct(c.var.db, actorOf(c), before, await productImageKeys(c.var.db, before.id));
    if (result.outcome !== "deleted") {
      // Ordered meanwhile, or deleted by someone else.
      if (await findProductRow(c.var.db, before.id)) throw routeError("product_has_orders");
      throw routeError("product_not_found");
    }
    await deleteObjects(c.env.MEDIA, result.keys);
    return c.json<DeletedResponse>({ deleted: before.id });
  })

  .put("/:id/images", uploadBody(CATALOG_IMAGE_MAX_BYTES), async (c) => {
    const product = await storedProduct(c);
    const key = await storeImage(c, "store", product.id);
    const added = await addProductImage(c.var.db, actorOf(c), product.id, key);
    if (added !== "added") {
      await deleteObjects(c.env.MEDIA, [key]); // nothing points at it
      throw routeError(added === "full" ? "product_images_full" : "product_not_found");
    }
    return c.json<AdminProductResponse>({ product: await adminView(c, product.id) });
  })

  .put("/:id/images/order", async (c) => {
    const product = await storedProduct(c);
    const { ids } = await parseJsonBody(c, imageOrderSchema);
    if (isRefused(await reorderProductImages(c.var.db, actorOf(c), product.id, ids))) throw routeError("order_changed");
    return c.json<AdminProductResponse>({ product: await adminView(c, product.id) });
  })

  .delete("/:id/images/:imageId", async (c) => {
    const product = await storedProduct(c);
    const imageId = Number(c.req.param("imageId"));
    const key = Number.isSafeInteger(imageId) && imageId > 0 ? await deleteProductImage(c.var.db, actorOf(c), product.id, imageId) : null;
    if (!key) throw routeError("product_image_not_found");
    await deleteObjects(c.env.MEDIA, [key]);
    return c.json<AdminProductResponse>({ product: await adminView(c, product.id) });
  })

  .post("/:id/variants", async (c) => {
    const product = await merchProduct(c);
    const variant = await createVariant(c.var.db, actorOf(c), product.id, await parseJsonBody(c, variantCreateSchema));
    if (isRefused(variant)) throw routeError("variant_sku_taken");
    return c.json<AdminVariantResponse>({ variant }, 201);
  })

  .put("/:id/variants/:variantId", async (c) => {
    const before = await storedVariant(c);
    const variant = await updateVariant(c.var.db, actorOf(c), before, await parseJsonBody(c, variantUpdateSchema));
    if (variant === null) throw routeError("variant_not_found");
    if (isRefused(variant)) throw routeError("variant_sku_taken");
    return c.json<AdminVariantResponse>({ variant });
  })

  .delete("/:id/variants/:variantId", async (c) => {
    const before = await storedVariant(c);
    if (!(await deleteVariant(c.var.db, actorOf(c), before))) {
      if (await findVariant(c.var.db, before.productId, before.id)) throw routeError("variant_has_orders");
      throw routeError("variant_not_found");
    }
    return c.json<DeletedResponse>({ deleted: before.id });
  })

  .post("/:id/variants/:variantId/stock", async (c) => {
    const before = await storedVariant(c);
    const { delta } = await parseJsonBody(c, stockAdjustSchema);
    const stock = await adjustStock(c.var.db, actorOf(c), before, delta);
    if (stock === null) throw routeError("variant_not_found");
    if (isRefused(stock)) throw routeError("stock_below_zero");
    return c.json<AdminVariantResponse>({ variant: toAdminVariant({ ...before, stock }) });
  });

const promoRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => c.json<AdminPromoCodesResponse>(await listPromoCodes(c.var.db)))

  .post("/", validate("json", promoCreateSchema), async (c) => {
    const values = c.req.valid("json");
    await checkPerk(c, values.perkId, values.minTierId);
    const promoCode = await createPromoCode(c.var.db, actorOf(c), values);
    if (isRefused(promoCode)) throw routeError("promo_code_taken");
    return c.json<AdminPromoCodeResponse>({ promoCode }, 201);
  })

  .put("/:code", async (c) => {
    const before = await storedPromo(c);
    const values = await parseJsonBody(c, promoUpdateSchema);
    await checkPerk(c, values.perkId, values.minTierId);
    const promoCode = await updatePromoCode(c.var.db, actorOf(c), before, values);
    if (promoCode === null) throw routeError("promo_code_not_found");
    if (isRefused(promoCode)) throw routeError("promo_code_max_below_uses");
    return c.json<AdminPromoCodeResponse>({ promoCode });
  })

  .delete("/:code", async (c) => {
    const before = await storedPromo(c);
    if (!(await deletePromoCode(c.var.db, actorOf(c), before))) throw routeError("promo_code_not_found");
    return c.json<DeletedResponse>({ deleted: before.code });
  });

export const adminStoreRoutes = new Hono<HonoEnv>()
  .route("/products", productRoutes)
  .get("/releases", async (c) => c.json<StoreReleasesResponse>(await listStoreReleases(c.var.db)))
  .get("/preorders", async (c) => c.json<PreorderFiguresResponse>({ releases: await listPreorderFigures(c.var.db) }))
  .route("/promo-codes", promoRoutes);
