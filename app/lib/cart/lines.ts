// Pure changes to a cart's lines, the same for a visitor's (localStorage) and a member's (the
// Worker's): one line per product and option, quantities within what one order may hold.
import { STORE_LIMITS } from "#contracts/store/model.ts";
import type { CartLine } from "#contracts/store/cart.ts";

export const sameItem = (a: Pick<CartLine, "productId" | "variantId">, b: Pick<CartLine, "productId" | "variantId">) =>
  a.productId === b.productId && (a.variantId ?? null) === (b.variantId ?? null);

/** How many of a product the lines hold, all its options together. */
export const quantityOfProduct = (lines: readonly CartLine[], productId: string) =>
  lines.filter((line) => line.productId === productId).reduce((sum, line) => sum + line.quantity, 0);

export type Added = { lines: CartLine[]; /** Fewer than asked were added: the limit was reached. */ clamped: boolean };

/**
 * `line` added to the cart: to its line when the cart has that product and option (the latest
 * name-your-price amount wins), else as a new line; never past `limit` of the product in all.
 */
export function addLine(lines: readonly CartLine[], line: CartLine, limit: number): Added {
  const room = Math.max(0, Math.min(limit, STORE_LIMITS.maxQuantity) - quantityOfProduct(lines, line.productId));
  const quantity = Math.min(line.quantity, room);
  if (quantity === 0) return { lines: [...lines], clamped: true };
  const index = lines.findIndex((other) => sameItem(other, line));
  if (index === -1) {
    if (lines.length >= STORE_LIMITS.maxCartLines) return { lines: [...lines], clamped: true };
    return { lines: [...lines, { ...line, quantity }], clamped: quantity < line.quantity };
  }
  const next = lines.map((other, i) =>
    i === index ? { ...other, quantity: other.quantity + quantity, amountCents: line.amountCents ?? other.amountCents } : other,
  );
  return { lines: next, clamped: quantity < line.quantity };
}

export const withQuantity = (lines: readonly CartLine[], index: number, quantity: number): CartLine[] =>
  lines.map((line, i) => (i === index ? { ...line, quantity: Math.max(1, Math.min(STORE_LIMITS.maxQuantity, quantity)) } : line));

export const withAmount = (lines: readonly CartLine[], index: number, amountCents: number | null): CartLine[] =>
  lines.map((line, i) => (i === index ? { ...line, amountCents } : line));

export const withoutLine = (lines: readonly CartLine[], index: number): CartLine[] => lines.filter((_, i) => i !== index);
