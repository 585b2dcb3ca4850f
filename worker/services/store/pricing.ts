// Prices a cart from the Worker's own rows (decision 054). The browser names products, variants,
// quantities and, for name-your-price, the amount it offers; every price, discount, shipping cost
// and total is computed here, in integer cents, and a cart the rows refuse is a 4xx with its code.
//
// The rules, in order:
// - a line's product must be live (draft or archived: 404 product_not_found; sold out: 409
//   product_not_for_sale); a merch line names a variant of that product (400 variant_required /
//   variant_mismatch), any other line none;
// - its price is the chosen currency's (no BRL price: 400 currency_not_offered). A VIP (the same
//   request's session) pays the VIP price when one is set in that currency, else the price less
//   the VIP discount; a member whose tier (or one below it) has a store discount for the item's
//   scope (store_tier_discounts, decision 099) may pay the price less that percentage; the lowest of
//   these a buyer may have wins; a fixed price ignores any amount sent; name-your-price takes the amount
//   offered (none: the minimum), never under the minimum, which is the VIP's price for a VIP
//   (400 price_below_minimum);
// - lines of one product count together against its per-order limit (400 quantity_over_limit),
//   lines of one variant against its stock (400 quantity_over_stock; the checkout skips this check
//   and lets its conditional take answer 409 sold_out instead);
// - a promotion code (upper-cased) is refused with its reason, so the cart can say it: unknown
//   (400 promo_code_invalid), before its window (promo_code_not_started), after it
//   (promo_code_expired), VIP-only for a buyer who is not one (promo_code_vip_only), for a tier at
//   least X for a buyer below it (tier_required, 403), a limited one
//   with no use left (409 promo_code_used_up), or no fixed-price line of its scope in the cart
//   (400 promo_code_not_applicable). It takes its percentage off each fixed-price line
//   of its scope (name-your-price amounts are the buyer's own choice and are never discounted);
// - percentages (VIP discount, promotion) are taken off the UNIT price and rounded half-up to the
//   cent, so a line's discount is that times its quantity: each line's discounted unit price is a
//   whole number of cents, exactly what the provider's line items carry;
// - shipping only when a line is merch: a country is needed (400 shipping_country_required at
//   checkout; a quote without one answers shippingCents null), the rate is the heaviest weight
//   class among the merch lines (none set: standard) for the country's zone, and it is free once
//   the merch subtotal after discounts reaches the threshold the admin set for the currency;
// - ticket lines (decision 055) are priced by ticket-pricing.ts and add to the subtotal, at their
//   type's price: no VIP price, no promotion, no shipping; a type for a tier refuses a buyer below it
//   (a guest, without a session, is below every tier).
import type { DB } from "../../db/client";
import { findPromoCode, findShippingRate, loadCartRows, type ProductRow, type PromoCodeRow, type VariantRow } from "../../db/store/pricing";
import { readFreeShippingOver } from "../../db/store/shipping";
import { fieldError, routeError } from "../../lib/errors";
import { COUNTRY_CODES, countryAlpha2 } from "#contracts/countries.ts";
import { shippingZoneOf, WEIGHT_CLASSES, type Currency, type ProductKind, type WeightClass } from "#contracts/store/model.ts";
import type { PricedLine, QuoteBody, QuoteResponse } from "#contracts/store/cart.ts";
import { priceTickets, type PricedTicket } from "./ticket-pricing";
import { findTierDiscounts } from "../../db/store/tier-discounts";
import { passesGate } from "../../db/tiers/gate";
import { readTiers } from "../../db/tiers/tiers";
import type { MemberTier } from "#contracts/tiers/tiers.ts";
import { tierBadgeOf } from "#contracts/tiers/badges.ts";

/**
 * isAdmin: an admin buys tickets as a VIP does (presales, VIP-only types), never at the store's VIP
 * prices. tier: the member's own tier (admins too: store prices go by tier, with no admin pass).
 */
export type Buyer = { userId: string | null; isVip: boolean; isAdmin?: boolean; tier?: MemberTier };

/** A priced line with what the checkout and the provider need to know of it. */
export type PricedCartLine = PricedLine & {
  kind: ProductKind;
  title: string;
  titlePtBr: string | null;
  variantLabel: string | null;
  /** The promotion's share of this line (per unit, rounded, times the quantity). */
  discountCents: number;
  /** What one unit costs after the promotion: the provider's unit amount. */
  paidUnitCents: number;
};

export type PricedCart = {
  quote: QuoteResponse;
  lines: PricedCartLine[];
  /** The promotion code that applied, and whether it has a limited number of uses to take. */
  promo: { code: string; limited: boolean } | null;
  /** How much stock each variant must give for this cart (lines of one variant summed). */
  stockTakes: { variantId: string; quantity: number }[];
  shippingCountry: string | null;
  /** Ticket lines (decision 055, ticket-pricing.ts): one per type, at the type's price. */
  tickets: PricedTicket[];
};

export type PricingOptions = {
  /** A quote checks stock (400 quantity_over_stock); a checkout lets its conditional take decide. */
  checkStock: boolean;
  /** A checkout of a physical cart needs a country; a quote answers without shipping until one is chosen. */
  requireShippingCountry: boolean;
};

/** `percent` of `cents`, rounded half-up to the cent (integers only: exact). */
export const percentOf = (cents: number, percent: number) => Math.floor((cents * percent + 50) / 100);

const KNOWN_COUNTRIES = new Set(COUNTRY_CODES.map((alpha3) => countryAlpha2(alpha3)));

export const variantLabelOf = (v: Pick<VariantRow, "size" | "colour"> | null | undefined) =>
  v ? [v.size, v.colour].filter((part): part is string => Boolean(part)).join(" / ") || null : null;

type LineRows = { product: ProductRow; variant: VariantRow | null };

/** The product and variant a line names, refused as the rules above say. */
function rowsOf(line: QuoteBody["lines"][number], index: number, rows: Awaited<ReturnType<typeof loadCartRows>>): LineRows {
  const field = (name: string) => `lines.${index}.${name}`;
  const product = rows.products.get(line.productId);
  if (!product || product.state === "draft" || product.state === "archived") throw routeError("product_not_found", { field: field("productId") });
  if (product.state !== "live") throw routeError("product_not_for_sale", { field: field("productId") });
  if (product.kind !== "merch") {
    if (line.variantId !== null) throw routeError("variant_mismatch", { field: field("variantId") });
    return { product, variant: null };
  }
  if (line.variantId === null) throw routeError("variant_required", { field: field("variantId") });
  const variant = rows.variants.get(line.variantId);
  if (!variant || variant.productId !== product.id) throw routeError("variant_mismatch", { field: field("variantId") });
  return { product, variant };
}

/** The unit price a buyer pays for one line, before any promotion: the lowest member price they may have. */
function unitPrice(product: ProductRow, line: QuoteBody["lines"][number], index: number, currency: Currency, buyer: Buyer, tierPct: TierPercents) {
  const base = currency === "usd" ? product.priceUsdCents : product.priceBrlCents;
  if (base === null) throw routeError("currency_not_offered", { field: "currency" });
  let vip = base;
  if (buyer.isVip) {
    const vipPrice = currency === "usd" ? product.vipPriceUsdCents : product.vipPriceBrlCents;
    if (vipPrice !== null) vip = Math.min(vipPrice, base);
    else if (product.vipDiscountPct !== null) vip = base - percentOf(base, product.vipDiscountPct);
  }
  const pct = tierPct(product.kind);
  if (pct > 0) vip = Math.min(vip, base - percentOf(base, pct));
  if (product.pricing === "fixed") return { unitCents: vip, vipPrice: vip < base };
  const amount = line.amountCents ?? vip;
  if (amount < vip) throw routeError("price_below_minimum", { field: `lines.${index}.amountCents`, params: { minimumCents: vip } });
  return { unitCents: amount, vipPrice: vip < base && amount < base };
}

/** Lines of one product against its limit, lines of one variant against its stock. */
function checkQuantities(lines: { rows: LineRows; quantity: number }[], checkStock: boolean) {
  const perProduct = new Map<string, number>();
  const perVariant = new Map<string, number>();
  for (const { rows, quantity } of lines) {
    perProduct.set(rows.product.id, (perProduct.get(rows.product.id) ?? 0) + quantity);
    if (rows.variant) perVariant.set(rows.variant.id, (perVariant.get(rows.variant.id) ?? 0) + quantity);
  }
  for (const [i, { rows }] of lines.entries()) {
    const limit = rows.product.perOrderLimit;
    if ((perProduct.get(rows.product.id) ?? 0) > limit) throw routeError("quantity_over_limit", { field: `lines.${i}.quantity`, params: { limit } });
    const available = rows.variant?.stock ?? 0;
    if (checkStock && rows.variant && (perVariant.get(rows.variant.id) ?? 0) > available) {
      throw routeError("quantity_over_stock", { field: `lines.${i}.quantity`, params: { available } });
    }
  }
  return [...perVariant].map(([variantId, quantity]) => ({ variantId, quantity }));
}

const inScope = (scope: PromoCodeRow["scope"], kind: ProductKind) => scope === "all" || scope === kind;

/** The largest tier discount (percent) a buyer has on an item of a kind; 0 for none. */
type TierPercents = (kind: ProductKind) => number;

/** A signed-in buyer's tier discounts, read once per cart; a gift membership is never discounted by tier. */
async function tierPercentsFor(db: DB, buyer: Buyer): Promise<TierPercents> {
  if (!buyer.userId || !buyer.tier) return () => 0;
  const rows = await findTierDiscounts(db, buyer.tier.rank);
  return (kind) => (kind === "gift_vip" ? 0 : Math.max(0, ...rows.filter((r) => inScope(r.scope, kind)).map((r) => r.percentOff)));
}

/** The name of the buyer's paid tier, which a member-priced line is labelled with (null: free, or a tier the ladder lacks). */
export async function priceTierOf(db: DB, tier: MemberTier | undefined): Promise<{ en: string; ptBR: string } | null> {
  return tier ? (tierBadgeOf(tier.id, await readTiers(db))?.name ?? null) : null;
}

/** The promotion code a cart may use, or the refusal. */
async function usablePromo(db: DB, raw: string, buyer: Buyer, now: number) {
  const code = raw.trim().toUpperCase();
  const row = await findPromoCode(db, code);
  if (!row) throw routeError("promo_code_invalid", { field: "promoCode" });
  if (row.startsAt && now < row.startsAt.getTime()) throw routeError("promo_code_not_started", { field: "promoCode" });
  if (row.endsAt && now >= row.endsAt.getTime()) throw routeError("promo_code_expired", { field: "promoCode" });
  if (row.vipOnly && !buyer.isVip) throw routeError("promo_code_vip_only", { field: "promoCode" });
  if (
    row.minTierId !== null &&
    !passesGate({ isVIP: buyer.isVip, ...(buyer.tier ? { tier: buyer.tier } : {}) }, { minTier: row.minTierId }, await readTiers(db))
  ) {
    throw routeError("tier_required", { field: "promoCode" });
  }
  if (row.maxUses !== null && row.uses >= row.maxUses) throw routeError("promo_code_used_up", { field: "promoCode" });
  return row;
}

const heaviest = (classes: (WeightClass | null)[]) =>
  classes.map((c) => c ?? "standard").reduce<WeightClass>((a, b) => (WEIGHT_CLASSES.indexOf(b) > WEIGHT_CLASSES.indexOf(a) ? b : a), "light");

async function shippingFor(db: DB, body: QuoteBody, merch: { line: PricedCartLine; weightClass: WeightClass | null }[], options: PricingOptions) {
  if (merch.length === 0) return { cents: null, country: null };
  const country = body.shippingCountry ?? null;
  if (!country) {
    if (options.requireShippingCountry) throw routeError("shipping_country_required", { field: "shippingCountry" });
    return { cents: null, country: null };
  }
  if (!KNOWN_COUNTRIES.has(country)) throw fieldError("shippingCountry", "Unknown country");
  const [rate, threshold] = await Promise.all([
    findShippingRate(db, shippingZoneOf(country), heaviest(merch.map((m) => m.weightClass))),
    readFreeShippingOver(db),
  ]);
  const merchAfterDiscount = merch.reduce((sum, { line }) => sum + line.totalCents - line.discountCents, 0);
  const free = threshold[body.currency] !== null && merchAfterDiscount >= (threshold[body.currency] ?? 0);
  const cents = free ? 0 : body.currency === "usd" ? (rate?.usdCents ?? 0) : (rate?.brlCents ?? 0);
  return { cents, country };
}

export async function priceCart(db: DB, body: QuoteBody, buyer: Buyer, now: number, options: PricingOptions): Promise<PricedCart> {
  const rows = await loadCartRows(
    db,
    [...new Set(body.lines.map((l) => l.productId))],
    [...new Set(body.lines.flatMap((l) => (l.variantId ? [l.variantId] : [])))],
  );
  const named = body.lines.map((line, i) => ({ line, rows: rowsOf(line, i, rows), quantity: line.quantity }));
  const [tierPct, priceTier] = await Promise.all([tierPercentsFor(db, buyer), buyer.userId ? priceTierOf(db, buyer.tier) : null]);
  const lines: PricedCartLine[] = named.map(({ line, rows: { product, variant } }, i) => {
    const { unitCents, vipPrice } = unitPrice(product, line, i, body.currency, buyer, tierPct);
    return {
      productId: product.id,
      variantId: variant?.id ?? null,
      quantity: line.quantity,
      unitCents,
      totalCents: unitCents * line.quantity,
      vipPrice,
      kind: product.kind,
      title: product.title,
      titlePtBr: product.titlePtBr,
      variantLabel: variantLabelOf(variant),
      discountCents: 0,
      paidUnitCents: unitCents,
    };
  });
  const stockTakes = checkQuantities(named, options.checkStock);
  const holder = buyer.userId === null ? null : { isVIP: buyer.isVip, isAdmin: buyer.isAdmin === true, ...(buyer.tier ? { tier: buyer.tier } : {}) };
  const tickets = await priceTickets(db, body.tickets, body.currency, { ticketVip: buyer.isVip || buyer.isAdmin === true, holder }, now, options.checkStock);

  let promo: PricedCart["promo"] = null;
  if (body.promoCode) {
    const row = await usablePromo(db, body.promoCode, buyer, now);
    const eligible = lines.filter((l, i) => inScope(row.scope, l.kind) && named[i]!.rows.product.pricing === "fixed");
    if (eligible.length === 0) throw routeError("promo_code_not_applicable", { field: "promoCode" });
    for (const line of eligible) {
      const perUnit = percentOf(line.unitCents, row.percentOff);
      line.paidUnitCents = line.unitCents - perUnit;
      line.discountCents = perUnit * line.quantity;
    }
    promo = { code: row.code, limited: row.maxUses !== null };
  }

  const merch = lines.flatMap((line, i) => (line.kind === "merch" ? [{ line, weightClass: named[i]!.rows.product.weightClass }] : []));
  const shipping = await shippingFor(db, body, merch, options);
  const subtotalCents = lines.reduce((sum, l) => sum + l.totalCents, 0) + tickets.reduce((sum, t) => sum + t.totalCents, 0);
  const discountCents = lines.reduce((sum, l) => sum + l.discountCents, 0);
  return {
    quote: {
      currency: body.currency,
      lines: lines.map(({ productId, variantId, quantity, unitCents, totalCents, vipPrice }) => ({
        productId,
        variantId,
        quantity,
        unitCents,
        totalCents,
        vipPrice,
        ...(vipPrice && priceTier ? { priceTier } : {}),
      })),
      tickets: tickets.map(({ ticketTypeId, eventId, quantity, unitCents, totalCents }) => ({ ticketTypeId, eventId, quantity, unitCents, totalCents })),
      subtotalCents,
      discountCents,
      shippingCents: shipping.cents,
      totalCents: subtotalCents - discountCents + (shipping.cents ?? 0),
      promoCode: promo?.code ?? null,
      needsShipping: merch.length > 0,
    },
    lines,
    promo,
    stockTakes,
    shippingCountry: shipping.country,
    tickets,
  };
}
