// What shipping costs (decision 054), zod-free so the back office's chunk carries no zod: a rate
// per zone and weight class in each currency, and the merch subtotal from which shipping is free.
// The PUT body's schema is shippingSettingsSchema in store-checkout.ts.
import type { Currency, ShippingZone, WeightClass } from "./model";

export const ADMIN_SHIPPING_API = "/api/admin/store/shipping";

/** The most a rate or threshold may be, in cents (10 000 of either currency). */
export const SHIPPING_MAX_CENTS = 1_000_000;

export type ShippingRate = { zone: ShippingZone; weightClass: WeightClass; usdCents: number; brlCents: number };

/** Free shipping once the merch subtotal after discounts reaches this, per currency (null: never). */
export type FreeShippingOver = Record<Currency, number | null>;

/** The threshold until an admin saves one: $75 / R$ 400. */
export const DEFAULT_FREE_SHIPPING_OVER: FreeShippingOver = { usd: 7500, brl: 40000 };

/** The site_settings row that holds the threshold. */
export const FREE_SHIPPING_SETTING_KEY = "store.freeShippingOver";

/** GET and PUT /api/admin/store/shipping: every zone × weight class, and the threshold. */
export type ShippingSettings = { rates: ShippingRate[]; freeShippingOver: FreeShippingOver };
