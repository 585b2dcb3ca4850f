// The store's checkout (decision 054), shared by the Worker and the SPA: the checkout request, a
// checkout's summary and status as its owner reads them, the local test checkout's actions, the
// address an order ships to, and the back office's shipping rates. Prices are never in a request.
import { z } from "../zod";
import { emailSchema } from "../auth";
import { CURRENCIES, SHIPPING_ZONES, WEIGHT_CLASSES, type Currency, type ProductKind, type StoreCheckoutStatus } from "./model";
import { quoteBodySchema } from "./cart";
import { SHIPPING_MAX_CENTS } from "./shipping";
import { billingPlaceSchema } from "../tax";

/**
 * POST /api/store/checkout: the cart (as for a quote), a guest's e-mail (a member's is their
 * account's), and `attemptId`, chosen by the browser per click on Checkout: a retried request of
 * the same click finds the same checkout and the same provider session instead of taking stock twice.
 */
export const storeCheckoutBodySchema = quoteBodySchema.extend({
  email: emailSchema.optional(),
  attemptId: z.uuid({ message: "attemptId must be a UUID" }).optional(),
});
export type StoreCheckoutBody = z.infer<typeof storeCheckoutBodySchema>;

/** Where the browser goes to pay: Stripe's hosted page, or the local test checkout. */
export type StoreCheckoutResponse = { url: string };

/** A checkout is named by its own id or by its provider session's (the return URL carries the latter). */
export const storeCheckoutParamSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z0-9_-]+$/, "Invalid checkout id"),
});

/** The buyer cookie: the browser that opened a guest's checkout may read it (its hash is stored). */
export const STORE_BUYER_COOKIE = "__Host-store_buyer";

/** The address an order ships to, as the provider collected it (orders.shipping_address). */
export const shippingAddressSchema = z.strictObject({
  line1: z.string().trim().min(1).max(200),
  line2: z.string().trim().max(200).nullable().default(null),
  city: z.string().trim().min(1).max(100),
  state: z.string().trim().max(100).nullable().default(null),
  postalCode: z.string().trim().min(1).max(20),
  /** ISO 3166-1 alpha-2. */
  country: z.string().regex(/^[A-Z]{2}$/),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const LOCAL_ORDER_ACTIONS = ["pay", "decline", "abandon"] as const;
export type LocalOrderAction = (typeof LOCAL_ORDER_ACTIONS)[number];
export const localOrderParamSchema = storeCheckoutParamSchema.extend({ action: z.enum(LOCAL_ORDER_ACTIONS) });

/** The local test checkout's Pay: a physical cart gives the test address Stripe would have asked for. */
export const localPayBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  address: shippingAddressSchema.optional(),
  /** Where the buyer is, for tax (decision 093): a cart with nothing to ship is taxed there. */
  billing: billingPlaceSchema.optional(),
});
export type LocalPayBody = z.infer<typeof localPayBodySchema>;

/** The local test checkout's answer: where the browser goes next. */
export type LocalOrderResultResponse = { redirectTo: string };

/** A line of a checkout as its owner sees it: the product's title in the asker's language. */
export type CheckoutSummaryLine = {
  productId: string;
  kind: ProductKind;
  title: string;
  /** "M / Black" for a merch variant; null otherwise. */
  variantLabel: string | null;
  quantity: number;
  unitCents: number;
  totalCents: number;
  vipPrice: boolean;
  /** As PricedLine's: the tier whose member price this is, by name. */
  priceTier?: { en: string; ptBR: string };
};

/** A ticket line of a checkout (decision 055): its event and type in the asker's language. */
export type CheckoutSummaryTicket = {
  ticketTypeId: string;
  eventId: string;
  eventTitle: string;
  /** ISO instant of the event's start. */
  eventDate: string;
  timeZone: string;
  typeName: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
};

/** GET /api/store/checkouts/:id (its owner only): the Worker's own lines and totals. */
export type CheckoutSummaryResponse = {
  id: string;
  status: StoreCheckoutStatus;
  mode: "live" | "local";
  email: string;
  currency: Currency;
  lines: CheckoutSummaryLine[];
  tickets: CheckoutSummaryTicket[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  promoCode: string | null;
  needsShipping: boolean;
  shippingCountry: string | null;
  expiresAt: string;
};

/** GET /api/store/checkouts/:id/status (its owner only): the return page polls it. */
export type StoreCheckoutStatusResponse = {
  status: StoreCheckoutStatus;
  /** Once a verified payment made the order. */
  orderNumber: number | null;
};

// ---- the back office: shipping rates and the free-shipping threshold (words in store-shipping.ts) ----

const cents = z.number().int().min(0).max(SHIPPING_MAX_CENTS);

export const shippingSettingsSchema = z.strictObject({
  rates: z
    .array(z.strictObject({ zone: z.enum(SHIPPING_ZONES), weightClass: z.enum(WEIGHT_CLASSES), usdCents: cents, brlCents: cents }))
    .length(SHIPPING_ZONES.length * WEIGHT_CLASSES.length)
    .refine((rates) => new Set(rates.map((r) => `${r.zone}:${r.weightClass}`)).size === rates.length, "Each zone and weight class once"),
  freeShippingOver: z.strictObject(Object.fromEntries(CURRENCIES.map((c) => [c, cents.nullable()])) as Record<Currency, z.ZodNullable<typeof cents>>),
});
