// A cart as the browser sends it, and the Worker's priced answer (decision 054). The browser names
// products, options, quantities and, for name-your-price, the amount it offers; every price,
// discount, shipping cost and total comes from the Worker's own rows, never from here.
import { z } from "./zod";
import { CURRENCIES, STORE_LIMITS, type Currency } from "./store-model";

const id = z.string().min(1).max(64);

export const cartLineSchema = z.object({
  productId: id,
  variantId: id.nullable().default(null),
  quantity: z.number().int().min(1).max(STORE_LIMITS.maxQuantity),
  /** Name-your-price only: what the buyer offers per item, in the cart's currency's cents. */
  amountCents: z.number().int().min(0).max(STORE_LIMITS.maxPayWhatYouWantCents).nullable().default(null),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.array(cartLineSchema).max(STORE_LIMITS.maxCartLines);

/** ISO 3166-1 alpha-2, upper case. */
const country = z.string().regex(/^[A-Z]{2}$/);

export const quoteBodySchema = z.object({
  currency: z.enum(CURRENCIES),
  lines: cartSchema.min(1),
  promoCode: z.string().trim().min(1).max(40).optional(),
  /** Needed (and only used) when a line is physical. */
  shippingCountry: country.optional(),
});
export type QuoteBody = z.infer<typeof quoteBodySchema>;

export type PricedLine = {
  productId: string;
  variantId: string | null;
  quantity: number;
  unitCents: number;
  totalCents: number;
  /** The VIP price or discount made this line's price. */
  vipPrice: boolean;
};

export type QuoteResponse = {
  currency: Currency;
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  /** null: nothing to ship (or no country chosen yet). */
  shippingCents: number | null;
  totalCents: number;
  /** The promotion code that applied, as stored (upper case). */
  promoCode: string | null;
  needsShipping: boolean;
};
