// /api/store: the public store and the members' cart (decision 054).
//   GET  /products                 live and sold-out products, in the back office's order
//   GET  /products/:slug           one of them: 404 product_not_found for any other (draft, archived)
//   GET  /products/:slug/contents  a digital one's tracks and formats with the zip's size (before purchase)
//   GET  /releases/album/:id       the live products that sell an album (its download, merch with it)
//   GET  /releases/track/:id       the live products that sell a track, then its album's
//   GET  /cart                     the member's own cart and its choices: visitor or banned 401
//   PUT  /cart                     replaces its lines: 400 with the line's code (product_not_found is 404)
//   PUT  /cart/options             replaces its choices (ship-to country, code applied), unpriced
//   POST /cart/merge               adds the browser's cart to it on sign-in (never refuses a stale
//                                  line); the browser's choices fill the ones the member has not made
// A VIP's answers carry the VIP price as theirs; everyone else sees it as a teaser. Visitors' answers
// are public for a minute (the edge cache keeps them, per language); a member's are private.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { requireUser } from "../../middleware/guards";
import { answerLanguage } from "../../middleware/content-language";
import { validate } from "../../lib/validate";
import { routeError } from "../../lib/errors";
import {
  cartCatalog,
  findPublicProduct,
  listPublicProducts,
  productsForRelease,
  readCart,
  writeCart,
  writeCartOptions,
  type StoreViewer,
} from "../../db/store/store";
import { cartToStore, mergeCarts } from "../../services/store-cart";
import { releaseContents } from "../../services/store/release-contents";
import { albumIdParamSchema, trackIdParamSchema } from "#contracts/music/music.ts";
import { cartOptionsSchema } from "#contracts/store/cart.ts";
import {
  cartBodySchema,
  cartMergeBodySchema,
  productSlugParamSchema,
  type ReleaseContentsResponse,
  type ReleaseProductsResponse,
  type StoreCartResponse,
  type StoreProductResponse,
  type StoreProductsResponse,
} from "#contracts/store/store.ts";

/** Stock moves with every checkout: a visitor's answer is reused for a minute at most. */
const PUBLIC_MAX_AGE_S = 60;

/** Who asks, for prices: only a VIP pays the VIP price. */
function viewerOf(c: Context<HonoEnv>): StoreViewer {
  return { vip: c.var.user?.isVIP === true };
}

/** A visitor's answer is everyone's; a member's may carry their VIP price. */
function storeCacheControl(c: Context<HonoEnv>) {
  c.header("Cache-Control", c.var.user ? "private, no-cache" : `public, max-age=${PUBLIC_MAX_AGE_S}`);
}

export const storeCatalogRoutes = new Hono<HonoEnv>()
  .get("/products", async (c) => {
    const locale = answerLanguage(c);
    const products = await listPublicProducts(c.var.db, viewerOf(c), locale);
    storeCacheControl(c);
    return c.json<StoreProductsResponse>({ products });
  })

  .get("/products/:slug", validate("param", productSlugParamSchema), async (c) => {
    const locale = answerLanguage(c);
    const product = await findPublicProduct(c.var.db, c.req.valid("param").slug, viewerOf(c), locale);
    if (!product) throw routeError("product_not_found");
    storeCacheControl(c);
    return c.json<StoreProductResponse>({ product });
  })

  .get("/products/:slug/contents", validate("param", productSlugParamSchema), async (c) => {
    const locale = answerLanguage(c);
    const product = await findPublicProduct(c.var.db, c.req.valid("param").slug, viewerOf(c), locale);
    if (!product) throw routeError("product_not_found");
    const contents =
      product.kind === "digital" && product.release ? await releaseContents(c.env, c.var.db, product.release, locale) : { tracks: [], formats: [] };
    // The same for everyone: no price in it.
    c.header("Cache-Control", `public, max-age=${PUBLIC_MAX_AGE_S}`);
    return c.json<ReleaseContentsResponse>(contents);
  })

  .get("/releases/album/:id", validate("param", albumIdParamSchema), async (c) => {
    const locale = answerLanguage(c);
    const products = await productsForRelease(c.var.db, { albumId: c.req.valid("param").id }, viewerOf(c), locale);
    storeCacheControl(c);
    return c.json<ReleaseProductsResponse>({ products });
  })

  .get("/releases/track/:id", validate("param", trackIdParamSchema), async (c) => {
    const locale = answerLanguage(c);
    const products = await productsForRelease(c.var.db, { trackId: c.req.valid("param").id }, viewerOf(c), locale);
    storeCacheControl(c);
    return c.json<ReleaseProductsResponse>({ products });
  })

  .get("/cart", requireUser, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json<StoreCartResponse>(await readCart(c.var.db, c.var.user.id));
  })

  .put("/cart", requireUser, validate("json", cartBodySchema), async (c) => {
    const { lines } = c.req.valid("json");
    const checked = cartToStore(
      lines,
      await cartCatalog(
        c.var.db,
        lines.map((line) => line.productId),
      ),
    );
    if ("refusal" in checked) {
      const { code, index, productId } = checked.refusal;
      throw routeError(code, { field: `lines.${index}`, params: { productId } });
    }
    await writeCart(c.var.db, c.var.user.id, checked.lines);
    c.header("Cache-Control", "private, no-store");
    return c.json<StoreCartResponse>(await readCart(c.var.db, c.var.user.id));
  })

  .put("/cart/options", requireUser, validate("json", cartOptionsSchema), async (c) => {
    await writeCartOptions(c.var.db, c.var.user.id, c.req.valid("json"));
    c.header("Cache-Control", "private, no-store");
    return c.json<StoreCartResponse>(await readCart(c.var.db, c.var.user.id));
  })

  .post("/cart/merge", requireUser, validate("json", cartMergeBodySchema), async (c) => {
    const { lines, options } = c.req.valid("json");
    const stored = await readCart(c.var.db, c.var.user.id);
    const catalog = await cartCatalog(
      c.var.db,
      [...stored.lines, ...lines].map((line) => line.productId),
    );
    const merged = mergeCarts(stored.lines, lines, catalog);
    await writeCart(c.var.db, c.var.user.id, merged);
    const shippingCountry = stored.shippingCountry ?? options?.shippingCountry ?? null;
    const promoCode = stored.promoCode ?? options?.promoCode ?? null;
    if (shippingCountry !== stored.shippingCountry || promoCode !== stored.promoCode) {
      await writeCartOptions(c.var.db, c.var.user.id, { shippingCountry, promoCode });
    }
    c.header("Cache-Control", "private, no-store");
    return c.json<StoreCartResponse>({ lines: merged, shippingCountry, promoCode });
  });
