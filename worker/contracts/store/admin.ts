// The back office's store (decision 054): products of every kind, their pictures, merch variants
// with stock, and promotion codes (/api/admin/store). Each form's rules are one zod schema, run by
// the Worker and by the SPA's form before sending. Money is integer cents; times travel as ISO
// instants (the admin types them in their own time zone and the browser converts them).
import { paidMinTierIdField, TIER_ID_PATTERN } from "../tiers/gate";
import { z } from "../zod";
import { userText } from "../text";
import { ALWAYS, requireFields } from "../admin/event-fields";
import { EVENT_FORM_MESSAGES } from "../admin/event-limits";
import { parseInstant } from "../perks";
import {
  GIFT_MONTHS,
  PRICING_MODES,
  PRODUCT_KINDS,
  PRODUCT_STATES,
  PROMO_SCOPES,
  WEIGHT_CLASSES,
  type Currency,
  type GiftMonths,
  type PricingMode,
  type ProductKind,
  type ProductState,
  type PromoScope,
  type WeightClass,
} from "./model";
import {
  PROMO_CODE_PATTERN,
  PROMO_MAX_USES_MAX,
  STORE_DESCRIPTION_MAX,
  STORE_FORM_MESSAGES as M,
  STORE_PER_ORDER_MAX,
  STORE_POSITION_MAX,
  STORE_PRICE_MAX_CENTS,
  STORE_SKU_MAX,
  STORE_SKU_PATTERN,
  STORE_SLUG_MAX,
  STORE_RESERVED_SLUGS,
  STORE_SLUG_PATTERN,
  STORE_STOCK_MAX,
  STORE_TITLE_MAX,
  STORE_VARIANT_TEXT_MAX,
  STORE_VIP_DISCOUNT_MAX,
  type StockState,
} from "./admin-limits";

export * from "./admin-limits";

// ----- shared field builders -----

/** Blank text becomes null; a wrong type is the field's own rule. */
const optionalText = (max: number, maxMessage: string, multiline = false) =>
  userText({ max, maxMessage, multiline })
    .nullish()
    .transform((s) => (s ? s : null));

const wholeNumber = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message);

const cents = () => wholeNumber(0, STORE_PRICE_MAX_CENTS, M.priceInvalid);
const optionalCents = () =>
  cents()
    .nullish()
    .transform((v) => v ?? null);

/** A catalog id (album or track): its existence is the Worker's check against the catalog. */
const catalogId = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((s) => (s ? s : null));

const instant = () =>
  z
    .string({ error: M.promoTimeInvalid })
    .trim()
    .refine((s) => s === "" || parseInstant(s) !== null, M.promoTimeInvalid)
    .nullish()
    .transform((s) => (s ? parseInstant(s) : null));

// ----- products -----

const productFields = {
  kind: z.enum(PRODUCT_KINDS),
  slug: z
    .string({ error: M.slugInvalid })
    .trim()
    .max(STORE_SLUG_MAX, M.slugInvalid)
    .regex(STORE_SLUG_PATTERN, M.slugInvalid)
    .refine((slug) => !STORE_RESERVED_SLUGS.includes(slug), M.slugReserved),
  state: z.enum(PRODUCT_STATES).default("draft"),
  title: optionalText(STORE_TITLE_MAX, M.titleTooLong),
  titlePtBr: optionalText(STORE_TITLE_MAX, M.titleTooLong),
  description: optionalText(STORE_DESCRIPTION_MAX, M.descriptionTooLong, true),
  descriptionPtBr: optionalText(STORE_DESCRIPTION_MAX, M.descriptionTooLong, true),
  pricing: z.enum(PRICING_MODES).default("fixed"),
  priceUsdCents: cents(),
  priceBrlCents: optionalCents(),
  vipPriceUsdCents: optionalCents(),
  vipPriceBrlCents: optionalCents(),
  vipDiscountPct: wholeNumber(1, STORE_VIP_DISCOUNT_MAX, M.vipDiscountInvalid)
    .nullish()
    .transform((v) => v ?? null),
  albumId: catalogId,
  trackId: catalogId,
  bundledAlbumId: catalogId,
  weightClass: z
    .enum(WEIGHT_CLASSES, { error: M.weightClassRequired })
    .nullish()
    .transform((v) => v ?? null),
  giftMonths: z
    .literal(GIFT_MONTHS, { error: M.giftMonthsRequired })
    .nullish()
    .transform((v) => v ?? null),
  /** The tier a gift gives (decision 116): a paid tier's id; null, absent or VIP's id: VIP. */
  giftTierId: paidMinTierIdField(),
  /** Merch or a bundle sold before it exists ships from this day (YYYY-MM-DD, decision 118); null or absent: at once. */
  shipsFrom: z.iso
    .date()
    .nullish()
    .transform((v) => v ?? null),
  perOrderLimit: wholeNumber(1, STORE_PER_ORDER_MAX, M.perOrderLimitInvalid).default(10),
  position: wholeNumber(0, STORE_POSITION_MAX, M.positionInvalid).default(0),
};

type ProductFields = z.output<z.ZodObject<typeof productFields>>;
type Ctx = z.RefinementCtx<ProductFields>;
const issue = (ctx: Ctx, path: keyof ProductFields, message: string) => ctx.addIssue({ code: "custom", path: [path], message });

function checkKind(v: ProductFields, ctx: Ctx) {
  if (v.kind === "digital" && (v.albumId === null) === (v.trackId === null)) issue(ctx, "albumId", M.releaseRequired);
  if (v.kind === "merch") requireFields(v, ctx, [["weightClass", M.weightClassRequired]]);
  if (v.kind === "gift_vip") requireFields(v, ctx, [["giftMonths", M.giftMonthsRequired]]);
}

/** A number the field's own rule let through, else null (a failed field has its own issue). */
const amount = (value: unknown) => (typeof value === "number" ? value : null);

/** The price and the VIP's: fixed prices above zero, one VIP benefit, lower and in every currency. */
function checkPrices(v: ProductFields, ctx: Ctx) {
  const [usd, brl, vipUsd, vipBrl] = [amount(v.priceUsdCents), amount(v.priceBrlCents), amount(v.vipPriceUsdCents), amount(v.vipPriceBrlCents)];
  if (v.pricing === "fixed" && usd === 0) issue(ctx, "priceUsdCents", M.fixedPriceZero);
  if (v.pricing === "fixed" && brl === 0) issue(ctx, "priceBrlCents", M.fixedPriceZero);
  if ((vipUsd !== null || vipBrl !== null) && amount(v.vipDiscountPct) !== null) issue(ctx, "vipDiscountPct", M.vipPriceAndDiscount);
  if (vipUsd !== null && usd !== null && vipUsd >= usd) issue(ctx, "vipPriceUsdCents", M.vipPriceNotLower);
  if (vipBrl !== null && brl !== null && vipBrl >= brl) issue(ctx, "vipPriceBrlCents", M.vipPriceNotLower);
  // A VIP price is one price in each of the product's currencies, never in one it is not sold in.
  if (vipBrl !== null && vipUsd === null) issue(ctx, "vipPriceUsdCents", M.vipPriceIncomplete);
  if (vipUsd !== null && (vipBrl === null) !== (brl === null)) issue(ctx, "vipPriceBrlCents", M.vipPriceIncomplete);
}

function checkProduct(v: ProductFields, ctx: Ctx) {
  requireFields(v, ctx, [["title", EVENT_FORM_MESSAGES.titleRequired]]);
  checkKind(v, ctx);
  checkPrices(v, ctx);
}

/** The stored product: what does not belong to its kind is dropped, texts default to "". */
const toProductValues = (v: ProductFields) => ({
  ...v,
  title: v.title!,
  description: v.description ?? "",
  albumId: v.kind === "digital" ? v.albumId : null,
  trackId: v.kind === "digital" ? v.trackId : null,
  bundledAlbumId: v.kind === "merch" ? v.bundledAlbumId : null,
  weightClass: v.kind === "merch" ? v.weightClass : null,
  giftMonths: v.kind === "gift_vip" ? v.giftMonths : null,
  giftTierId: v.kind === "gift_vip" ? v.giftTierId : null,
  shipsFrom: v.kind === "merch" && v.shipsFrom ? new Date(`${v.shipsFrom}T00:00:00Z`) : null,
});

/** POST /api/admin/store/products and PUT .../products/:id: every field, each time. */
export const productInputSchema = z.strictObject(productFields).superRefine(checkProduct, ALWAYS).transform(toProductValues);
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductValues = z.output<typeof productInputSchema>;

/** PUT .../products/:id/images/order: every picture's id, in the new order. */
export const imageOrderSchema = z.strictObject({ ids: z.array(z.number().int().min(1)).max(100) });

// ----- variants -----

const variantFields = {
  sku: z
    .string({ error: M.skuInvalid })
    .trim()
    .max(STORE_SKU_MAX, M.skuInvalid)
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(STORE_SKU_PATTERN, M.skuInvalid)),
  size: optionalText(STORE_VARIANT_TEXT_MAX, M.variantTextTooLong),
  colour: optionalText(STORE_VARIANT_TEXT_MAX, M.variantTextTooLong),
  position: wholeNumber(0, STORE_POSITION_MAX, M.positionInvalid).default(0),
};

/** POST .../products/:id/variants: a size or colour with its SKU and the stock there is. */
export const variantCreateSchema = z.strictObject({ ...variantFields, stock: wholeNumber(0, STORE_STOCK_MAX, M.stockInvalid) });
/** PUT .../variants/:variantId: its words and place; stock moves only by adjustments. */
export const variantUpdateSchema = z.strictObject(variantFields);
/** POST .../variants/:variantId/stock: more (received) or fewer (lost, miscounted); never below zero. */
export const stockAdjustSchema = z.strictObject({
  delta: wholeNumber(-STORE_STOCK_MAX, STORE_STOCK_MAX, M.stockDeltaInvalid).refine((n) => n !== 0, M.stockDeltaInvalid),
});
export type VariantCreateValues = z.output<typeof variantCreateSchema>;
export type VariantUpdateValues = z.output<typeof variantUpdateSchema>;

// ----- promotion codes -----

const promoFields = {
  percentOff: wholeNumber(1, 100, M.promoPercentInvalid),
  scope: z.enum(PROMO_SCOPES).default("all"),
  vipOnly: z.boolean().default(false),
  /** For members of this tier and above (decision 099); null: no tier asked. */
  minTierId: z
    .string()
    .regex(TIER_ID_PATTERN)
    .nullish()
    .transform((s) => s ?? null),
  perkId: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((s) => (s ? s : null)),
  maxUses: wholeNumber(1, PROMO_MAX_USES_MAX, M.promoMaxUsesInvalid)
    .nullish()
    .transform((v) => v ?? null),
  startsAt: instant(),
  endsAt: instant(),
};

type PromoFields = z.output<z.ZodObject<typeof promoFields>>;
function checkWindow(v: PromoFields, ctx: z.RefinementCtx<PromoFields>) {
  if (typeof v.startsAt === "number" && typeof v.endsAt === "number" && v.endsAt <= v.startsAt)
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: M.promoEndBeforeStart });
}

const promoCode = z
  .string({ error: M.promoCodeInvalid })
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(PROMO_CODE_PATTERN, M.promoCodeInvalid));

/** POST .../promo-codes: the code (stored upper case) and its terms. */
export const promoCreateSchema = z.strictObject({ code: promoCode, ...promoFields }).superRefine(checkWindow, ALWAYS);
/** PUT .../promo-codes/:code: the terms (the code itself is its name and stays). */
export const promoUpdateSchema = z.strictObject(promoFields).superRefine(checkWindow, ALWAYS);
export type PromoCreateValues = z.output<typeof promoCreateSchema>;
export type PromoUpdateValues = z.output<typeof promoUpdateSchema>;

// ----- answers -----

export type AdminProductImage = { id: number; url: string; position: number };
export type AdminVariant = { id: string; sku: string; size: string | null; colour: string | null; stock: number; stockState: StockState; position: number };

export type AdminProduct = {
  id: string;
  slug: string;
  kind: ProductKind;
  state: ProductState;
  title: string;
  titlePtBr: string | null;
  description: string;
  descriptionPtBr: string | null;
  pricing: PricingMode;
  priceUsdCents: number;
  priceBrlCents: number | null;
  vipPriceUsdCents: number | null;
  vipPriceBrlCents: number | null;
  vipDiscountPct: number | null;
  albumId: string | null;
  trackId: string | null;
  bundledAlbumId: string | null;
  /** The catalog title of the album or track sold (or bundled), for the list. */
  releaseTitle: string | null;
  weightClass: WeightClass | null;
  giftMonths: GiftMonths | null;
  /** The tier a gift gives; null: VIP (and for other kinds). */
  giftTierId: string | null;
  /** Ships from this day (YYYY-MM-DD, decision 118); null: at once. */
  shipsFrom: string | null;
  perOrderLimit: number;
  position: number;
  images: AdminProductImage[];
  variants: AdminVariant[];
  /** Merch: every variant's stock added up, and the state of the emptiest one; null for other kinds. */
  stock: { total: number; state: StockState } | null;
  /** Items sold (order lines' quantities). */
  sold: number;
  /** Nobody ordered it or is paying for it: it may be deleted (else archived). */
  deletable: boolean;
  createdAt: string;
  updatedAt: string;
};
export type AdminProductsResponse = { products: AdminProduct[] };
export type AdminProductResponse = { product: AdminProduct };
/** A delete's answer: the product's or variant's id, or the promotion code. */
export type DeletedResponse = { deleted: string };
export type AdminVariantResponse = { variant: AdminVariant };

/** What the product form offers to sell or bundle: the catalog's albums and tracks. */
export type StoreReleaseOption = { id: string; title: string; albumTitle?: string };
export type StoreReleasesResponse = { albums: StoreReleaseOption[]; tracks: StoreReleaseOption[] };

export type AdminPromoCode = {
  code: string;
  percentOff: number;
  scope: PromoScope;
  vipOnly: boolean;
  minTierId: string | null;
  perkId: string | null;
  perkTitle: string | null;
  maxUses: number | null;
  uses: number;
  startsAt: string | null;
  endsAt: string | null;
  createdAt: string;
};
/** The codes, and the perks a code may be linked to (for the form's choice). */
export type AdminPromoCodesResponse = { promoCodes: AdminPromoCode[]; perks: { id: string; title: string }[] };
export type AdminPromoCodeResponse = { promoCode: AdminPromoCode };

/** One album's pre-orders (decision 118): orders that bought it before its release time, and their revenue per currency. */
export type PreorderFigures = {
  albumId: string;
  title: string;
  releaseAt: string | null;
  /** Its release time has passed (the pre-orders unlocked). */
  out: boolean;
  orders: number;
  /** Per currency: what the album's lines sold for, the album's share of those orders' partial refunds, and the difference. */
  revenue: { currency: Currency; soldCents: number; refundedCents: number; netCents: number }[];
};
/** GET /api/admin/store/preorders. */
export type PreorderFiguresResponse = { releases: PreorderFigures[] };
