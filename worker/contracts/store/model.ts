// The store's words and numbers (decision 054), zod-free so the tables, the Worker and the app's
// first load share them. Money is integer cents in one currency.

/** The store's API and a member's collection under it (the app's first load asks for them: no zod here). */
export const STORE_API = "/api/store";
export const COLLECTION_API = "/api/store/collection";

export const CURRENCIES = ["usd", "brl"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Cents in each currency the store sells in; brl null: not sold in reais. */
export type Money = { usd: number; brl: number | null };

export const moneyIn = (money: Money, currency: Currency): number | null => (currency === "usd" ? money.usd : money.brl);

export const PRODUCT_KINDS = ["digital", "merch", "gift_vip"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** draft: only the back office sees it; live: public; sold_out: public, not for sale; archived: gone from the store. */
export const PRODUCT_STATES = ["draft", "live", "sold_out", "archived"] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

/** fixed: the price; name_your_price: the price is the minimum (0: free, still offers to pay). */
export const PRICING_MODES = ["fixed", "name_your_price"] as const;
export type PricingMode = (typeof PRICING_MODES)[number];

/** Merch's shipping weight, one rate per zone and class. */
export const WEIGHT_CLASSES = ["light", "standard", "heavy"] as const;
export type WeightClass = (typeof WEIGHT_CLASSES)[number];

/** Shipping zones: Brazil, the United States, and the rest of the world. */
export const SHIPPING_ZONES = ["br", "us", "world"] as const;
export type ShippingZone = (typeof SHIPPING_ZONES)[number];
export const shippingZoneOf = (country: string): ShippingZone => (country === "BR" ? "br" : country === "US" ? "us" : "world");

export const GIFT_MONTHS = [1, 3, 6, 12] as const;
export type GiftMonths = (typeof GIFT_MONTHS)[number];

/** Which lines a promotion code takes off from. */
export const PROMO_SCOPES = ["all", "merch", "digital"] as const;
export type PromoScope = (typeof PROMO_SCOPES)[number];

export const STORE_CHECKOUT_STATUSES = ["open", "paid", "expired", "failed"] as const;
export type StoreCheckoutStatus = (typeof STORE_CHECKOUT_STATUSES)[number];

export const STOCK_HOLD_STATES = ["held", "committed", "released"] as const;

export const ORDER_STATUSES = ["paid", "shipped", "partially_refunded", "refunded", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where revenue comes from: VIP memberships, the store, and tickets (the next step). */
export const REVENUE_SOURCES = ["vip", "store", "tickets"] as const;
export type RevenueSource = (typeof REVENUE_SOURCES)[number];

/** Download formats: the MP3s every track has, and a lossless master when one was uploaded. */
export const DOWNLOAD_FORMATS = ["mp3", "wav", "flac"] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export const STORE_LIMITS = {
  /** A cart's distinct lines. */
  maxCartLines: 20,
  /** Any one line's quantity, whatever the product's own limit. */
  maxQuantity: 99,
  /** Name-your-price: the most a buyer may type, in cents. */
  maxPayWhatYouWantCents: 100_000,
  /** A Stripe Checkout session lives 30 minutes: the stock it holds comes back after that. */
  checkoutTtlMs: 30 * 60 * 1000,
  /** Downloads started per entitlement per UTC day. */
  downloadsPerDay: 10,
  /** How long a signed download link stays valid. */
  downloadLinkTtlMs: 24 * 60 * 60 * 1000,
} as const;

/** Cents in a currency as the buyer reads it ("$7.00", "R$ 35,00"). */
export function formatMoney(cents: number, currency: Currency, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}

/** Where the browser keeps a visitor's cart (a member's is also kept by the Worker). */
export const CART_STORAGE_KEY = "store-cart";
/** A visitor's cart choices (ship-to country, code applied) beside its lines. */
export const CART_OPTIONS_STORAGE_KEY = "store-cart-options";

/** Receipt links live longer than the collection's: a guest may open the mail days later. */
export const RECEIPT_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
