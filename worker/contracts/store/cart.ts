// A cart as the browser sends it, and the Worker's priced answer (decision 054). The browser names
// products, options, quantities and, for name-your-price, the amount it offers; every price,
// discount, shipping cost and total comes from the Worker's own rows, never from here.
import { z } from "../zod";
import { CURRENCIES, STORE_LIMITS, type Currency } from "./model";
import { TICKET_LIMITS } from "../tickets/event-tickets-model";

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

/** Tickets of an event sold here (decision 055): a type and how many; its price is the Worker's. */
export const ticketLineSchema = z.object({
  ticketTypeId: id,
  quantity: z.number().int().min(1).max(TICKET_LIMITS.maxPerOrderLimit),
});

/** ISO 3166-1 alpha-2, upper case. */
const country = z.string().regex(/^[A-Z]{2}$/);

/** A promotion code as the cart keeps it: trimmed and upper-cased (only a quote says whether it applies). */
export const promoCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .transform((code) => code.toUpperCase());

/**
 * The cart's choices besides its lines, kept with it (a visitor's in the browser, a member's by the
 * Worker): neither decides money, each quote prices them again.
 */
export const cartOptionsSchema = z.strictObject({
  shippingCountry: country.nullable().default(null),
  promoCode: promoCodeSchema.nullable().default(null),
});
export type CartOptions = z.infer<typeof cartOptionsSchema>;
export const NO_CART_OPTIONS: CartOptions = { shippingCountry: null, promoCode: null };

export const quoteBodySchema = z.object({
  currency: z.enum(CURRENCIES),
  /** Store lines; may be empty when `tickets` is not (a cart with neither is 400 cart_empty). */
  lines: cartSchema.default([]),
  tickets: z.array(ticketLineSchema).max(TICKET_LIMITS.maxLinesPerCheckout).default([]),
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
  /** The buyer's tier whose member price this is, by name ("Inner Circle price"); absent: "VIP price". */
  priceTier?: { en: string; ptBR: string };
};

/** A ticket line priced from its type (the event's currency must be the cart's). */
export type PricedTicketLine = {
  ticketTypeId: string;
  eventId: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
};

export type QuoteResponse = {
  currency: Currency;
  lines: PricedLine[];
  tickets: PricedTicketLine[];
  subtotalCents: number;
  discountCents: number;
  /** null: nothing to ship (or no country chosen yet). */
  shippingCents: number | null;
  totalCents: number;
  /** The promotion code that applied, as stored (upper case). */
  promoCode: string | null;
  needsShipping: boolean;
};
