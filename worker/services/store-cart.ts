// A member's cart (decision 054): what a stored cart may hold, and the browser's cart merged into
// it on sign-in. A cart is a wish list with quantities, not a reservation: prices and stock are
// checked again by the quote and the checkout. What it may hold is checked against the products as
// they are now: public ones, a merch product's own option, no more than a product's per-order limit.
import { STORE_LIMITS } from "#contracts/store/model.ts";
import type { CartLine } from "#contracts/store/cart.ts";
import type { CartCatalog } from "../db/store/store";

/** Why a line cannot be kept in a cart (route codes: product_not_found is a 404, the others 400s). */
export const CART_REFUSAL_CODES = {
  unknownProduct: "product_not_found",
  noOption: "variant_required",
  foreignOption: "variant_mismatch",
  overLimit: "quantity_over_limit",
} as const;

export type CartRefusal = {
  code: (typeof CART_REFUSAL_CODES)[keyof typeof CART_REFUSAL_CODES];
  /** The line at fault (its index in the lines as sent). */
  index: number;
  productId: string;
};

const keyOf = (line: Pick<CartLine, "productId" | "variantId">) => `${line.productId}/${line.variantId ?? ""}`;

/** Why `line` cannot be in a cart, or null when it can (quantity aside). */
function lineRefusal(line: CartLine, catalog: CartCatalog): CartRefusal["code"] | null {
  const product = catalog.products.get(line.productId);
  if (!product) return CART_REFUSAL_CODES.unknownProduct;
  if (product.kind !== "merch") return line.variantId === null ? null : CART_REFUSAL_CODES.foreignOption;
  if (line.variantId === null) return CART_REFUSAL_CODES.noOption;
  return catalog.variants.get(line.variantId)?.productId === product.id ? null : CART_REFUSAL_CODES.foreignOption;
}

/** A name-your-price amount belongs to name-your-price products only. */
const withAmountIfOffered = (line: CartLine, catalog: CartCatalog): CartLine =>
  catalog.products.get(line.productId)?.pricing === "name_your_price" ? line : { ...line, amountCents: null };

/**
 * The cart a member asked to keep, lines for the same product and option joined, or the first
 * reason it cannot be kept: an unknown, draft or archived product, a missing or foreign option,
 * more of a product (all its options together) than one order may hold.
 */
export function cartToStore(lines: CartLine[], catalog: CartCatalog): { lines: CartLine[] } | { refusal: CartRefusal } {
  const joined = new Map<string, CartLine>();
  const perProduct = new Map<string, number>();
  for (const [index, line] of lines.entries()) {
    const code = lineRefusal(line, catalog);
    if (code) return { refusal: { code, index, productId: line.productId } };
    const total = (perProduct.get(line.productId) ?? 0) + line.quantity;
    if (total > Math.min(catalog.products.get(line.productId)!.perOrderLimit, STORE_LIMITS.maxQuantity)) {
      return { refusal: { code: CART_REFUSAL_CODES.overLimit, index, productId: line.productId } };
    }
    perProduct.set(line.productId, total);
    const same = joined.get(keyOf(line));
    joined.set(keyOf(line), withAmountIfOffered(same ? { ...line, quantity: same.quantity + line.quantity } : line, catalog));
  }
  return { lines: [...joined.values()] };
}

/**
 * The browser's cart added to the member's: quantities of the same product and option summed (the
 * browser's name-your-price amount, the latest, wins), each product kept within its per-order
 * limit, lines for products no longer on sale or options no longer theirs left out, and no more
 * lines than a cart holds. Never refuses: a sign-in never fails over a stale cart.
 */
export function mergeCarts(stored: CartLine[], incoming: CartLine[], catalog: CartCatalog): CartLine[] {
  const joined = new Map<string, CartLine>();
  for (const line of [...stored, ...incoming]) {
    if (lineRefusal(line, catalog)) continue;
    const same = joined.get(keyOf(line));
    joined.set(keyOf(line), same ? { ...line, quantity: same.quantity + line.quantity, amountCents: line.amountCents ?? same.amountCents } : line);
  }
  const used = new Map<string, number>();
  const merged: CartLine[] = [];
  for (const line of joined.values()) {
    const limit = Math.min(catalog.products.get(line.productId)!.perOrderLimit, STORE_LIMITS.maxQuantity);
    const quantity = Math.min(line.quantity, limit - (used.get(line.productId) ?? 0));
    if (quantity <= 0) continue;
    used.set(line.productId, (used.get(line.productId) ?? 0) + quantity);
    merged.push(withAmountIfOffered({ ...line, quantity }, catalog));
  }
  return merged.slice(0, STORE_LIMITS.maxCartLines);
}
