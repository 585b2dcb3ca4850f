// Prices as the admin types them ("7", "7.50", "7,50") and as the contract takes them (cents).
// Text that is no amount is passed on as typed, so the shared schema names its field.
import { formatMoney, type Currency } from "#contracts/store/model.ts";

/** A product's title in the back office's language: its Portuguese one in pt-BR when it has one. */
export const titleIn = (product: { title: string; titlePtBr: string | null }, locale: string) => (locale === "pt-BR" && product.titlePtBr) || product.title;

const AMOUNT = /^(\d{1,7})(?:[.,](\d{1,2}))?$/;

/** Cents of a typed amount; null when blank; the text itself when it is no amount. */
export function centsOf(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const match = AMOUNT.exec(trimmed);
  if (!match) return trimmed;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** An amount for the form's field: "7.00"; blank for none. */
export const amountText = (cents: number | null | undefined) => (cents === null || cents === undefined ? "" : (cents / 100).toFixed(2));

/** A whole number typed in a field; null when blank; the text itself when it is not one. */
export function wholeOf(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** A price as the admin reads it in their language: "$7.00", "R$ 35,00". */
export const priceLabel = (cents: number, currency: Currency, locale: string) => formatMoney(cents, currency, locale);

/** "tour-shirt-2026" from "Tour Shirt 2026": the address a new product starts with. */
export function slugOf(title: string): string {
  return title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}
