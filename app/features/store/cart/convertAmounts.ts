// Name-your-price amounts when the cart changes currency: the amount typed for a currency is kept
// for it (switching back finds it again), and an amount never typed in the new currency is the old
// one converted at the product's own price ratio (its suggested amounts, else its prices; a free
// item takes the ratio of any product priced in both), never under the new minimum nor over the cap.
// Each change is reported, so the cart can say what happened to the amount.
import type { CartLine } from "#contracts/store/cart.ts";
import type { PublicProduct } from "#contracts/store/store.ts";
import { moneyIn, STORE_LIMITS, type Currency, type Money } from "#contracts/store/model.ts";

/** The amounts typed per line (product/option) and currency, as the cart page remembers them. */
export type AmountMemory = Map<string, Partial<Record<Currency, number>>>;

export type AmountChange = { productId: string; title: string; from: { cents: number; currency: Currency }; to: { cents: number; currency: Currency } };

const keyOf = (line: Pick<CartLine, "productId" | "variantId">) => `${line.productId}/${line.variantId ?? ""}`;

function ratioOf(money: Money | null, from: Currency, to: Currency): number | null {
  const a = money ? moneyIn(money, from) : null;
  const b = money ? moneyIn(money, to) : null;
  return a && b ? b / a : null;
}

function rateFor(product: PublicProduct, catalog: readonly PublicProduct[], from: Currency, to: Currency): number {
  const own = ratioOf(product.suggested, from, to) ?? ratioOf(product.price, from, to);
  if (own !== null) return own;
  for (const other of catalog) {
    const ratio = ratioOf(other.price, from, to);
    if (ratio !== null) return ratio;
  }
  return 1;
}

export function convertAmounts(
  lines: readonly CartLine[],
  catalog: readonly PublicProduct[],
  from: Currency,
  to: Currency,
  memory: AmountMemory,
): { lines: CartLine[]; changes: AmountChange[] } {
  const byId = new Map(catalog.map((product) => [product.id, product]));
  const changes: AmountChange[] = [];
  const next = lines.map((line) => {
    const product = byId.get(line.productId);
    if (!product || product.pricing !== "name_your_price" || line.amountCents === null) return line;
    const key = keyOf(line);
    const remembered = memory.get(key) ?? {};
    // The amount typed for `to` before, unless the amount in `from` was changed since.
    const kept = remembered[to] !== undefined && remembered[from] === line.amountCents ? remembered[to] : undefined;
    const min = moneyIn(product.price, to) ?? 0;
    const converted = Math.round(line.amountCents * rateFor(product, catalog, from, to));
    const cents = Math.min(STORE_LIMITS.maxPayWhatYouWantCents, Math.max(min, kept ?? converted));
    memory.set(key, { ...remembered, [from]: line.amountCents, [to]: cents });
    if (line.amountCents === 0 && cents === 0) return { ...line, amountCents: 0 };
    changes.push({ productId: line.productId, title: product.title, from: { cents: line.amountCents, currency: from }, to: { cents, currency: to } });
    return { ...line, amountCents: cents };
  });
  return { lines: next, changes };
}
