// The back office's store (decision 054): the product, variant and promotion code forms' limits and
// English texts, zod-free, so the table of validation codes and the SPA's first chunks may read
// them without zod. The zod contract (admin-store.ts) re-exports this module.

export const ADMIN_STORE_API = "/api/admin/store";

/** A product's address in the store: /store/<slug>. */
export const STORE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const STORE_SLUG_MAX = 80;
/** Words the store's own pages use in their addresses: a product so called would be hidden behind them. */
export const STORE_RESERVED_SLUGS: readonly string[] = ["cart", "checkout", "thanks"];
export const STORE_TITLE_MAX = 120;
export const STORE_DESCRIPTION_MAX = 5000;
/** Any price in cents: $10,000 (or R$ 10.000) is far above anything the artist sells. */
export const STORE_PRICE_MAX_CENTS = 1_000_000;
export const STORE_VIP_DISCOUNT_MAX = 90;
/** A product's own per-order limit never exceeds the cart's cap on one line. */
export const STORE_PER_ORDER_MAX = 99;
export const STORE_POSITION_MAX = 10_000;
export const STORE_IMAGES_MAX = 12;

/** Stock keeping units: letters, digits and - _ . (upper case once stored). */
export const STORE_SKU_PATTERN = /^[A-Z0-9][A-Z0-9._-]*$/;
export const STORE_SKU_MAX = 40;
export const STORE_VARIANT_TEXT_MAX = 40;
export const STORE_STOCK_MAX = 100_000;
/** At or under this many left, a variant is "low" in the back office (and "Only N left" in the store). */
export const STORE_LOW_STOCK_AT = 5;

/** Promotion codes: upper case letters, digits, - and _, 3 to 40 characters (the cart takes 40). */
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;
export const PROMO_CODE_MAX = 40;
export const PROMO_MAX_USES_MAX = 1_000_000;

/** Product, variant and image ids are UUIDs (images: row numbers). */
export const STORE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A variant's stock as the back office colours it. */
export type StockState = "in_stock" | "low" | "sold_out";
export const stockStateOf = (stock: number): StockState => (stock <= 0 ? "sold_out" : stock <= STORE_LOW_STOCK_AT ? "low" : "in_stock");

export const STORE_FORM_MESSAGES = {
  titleTooLong: `A product's title must be at most ${STORE_TITLE_MAX} characters`,
  descriptionTooLong: `A product's description must be at most ${STORE_DESCRIPTION_MAX} characters`,
  slugInvalid: `The address is lower-case letters, digits and dashes, at most ${STORE_SLUG_MAX} characters`,
  slugReserved: "The store's own pages use this address (cart, checkout, thanks): choose another",
  priceInvalid: "A price is a whole number of cents from 0 to 1,000,000",
  fixedPriceZero: "A fixed price must be more than zero (for a free download, choose name-your-price with a minimum of 0)",
  vipPriceAndDiscount: "Give a VIP price or a VIP discount, not both",
  vipPriceNotLower: "The VIP price must be lower than the price",
  vipPriceIncomplete: "Give the VIP price in every currency the product has a price in",
  vipDiscountInvalid: `The VIP discount is a whole percentage from 1 to ${STORE_VIP_DISCOUNT_MAX}`,
  releaseRequired: "A digital product is one album or one track of the catalog: choose exactly one",
  albumUnknown: "There is no such album in the catalog",
  trackUnknown: "There is no such track in the catalog",
  weightClassRequired: "Merch needs a weight class for shipping",
  giftMonthsRequired: "Gift VIP is 1, 3, 6 or 12 months: choose one",
  perOrderLimitInvalid: `The limit per order is a whole number from 1 to ${STORE_PER_ORDER_MAX}`,
  positionInvalid: `The position is a whole number from 0 to ${STORE_POSITION_MAX}`,
  skuInvalid: `A SKU is letters, digits and - _ . without spaces, at most ${STORE_SKU_MAX} characters`,
  variantTextTooLong: `A size or colour is at most ${STORE_VARIANT_TEXT_MAX} characters`,
  stockInvalid: `Stock is a whole number from 0 to ${STORE_STOCK_MAX}`,
  stockDeltaInvalid: `A stock change is a whole number other than 0, at most ${STORE_STOCK_MAX} either way`,
  promoCodeInvalid: `A code is 3 to ${PROMO_CODE_MAX} letters, digits, - or _, without spaces`,
  promoPercentInvalid: "The discount is a whole percentage from 1 to 100",
  promoMaxUsesInvalid: "The most uses is a whole number of 1 or more (leave it empty for no limit)",
  promoPerkUnknown: "There is no such perk",
  promoTimeInvalid: "The code's start or end is not a date and time",
  promoEndBeforeStart: "The code must stop working after it starts",
} as const;

export const STORE_ADMIN_MESSAGES = {
  slugTaken: "Another product already has this address",
  kindLocked: "A product's kind cannot change: make a new product instead",
  hasOrders: "This product has been ordered, so it stays: archive it instead",
  notMerch: "Only merch has sizes, colours and stock",
  imagesFull: `A product has at most ${STORE_IMAGES_MAX} pictures`,
  imageNotFound: "No such picture of this product",
  variantNotFound: "No such size or colour of this product",
  skuTaken: "Another variant already has this SKU",
  variantHasOrders: "This size or colour has been ordered, so it stays: set its stock to 0 instead",
  stockBelowZero: "Stock cannot go below zero",
  promoNotFound: "No such promotion code",
  promoTaken: "This promotion code already exists",
  promoMaxBelowUses: "The code has already been used more times than that",
} as const;
