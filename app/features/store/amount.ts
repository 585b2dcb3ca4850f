// A name-your-price amount as the buyer types it ("7", "7.50", "7,50") and back.
import { STORE_LIMITS } from "#contracts/store/model.ts";

const AMOUNT = /^\d{1,7}(?:[.,]\d{1,2})?$/;

/** Cents of a typed amount, or null when it does not read as one. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim().replace(/^(?:R\$|\$|US\$)\s*/i, "");
  if (!AMOUNT.test(trimmed)) return null;
  const [whole, fraction = ""] = trimmed.split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Cents as the field shows them: whole units alone ("7"), else two decimals with the locale's separator. */
export function amountText(cents: number, locale: string): string {
  const text = cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
  return locale === "pt-BR" ? text.replace(".", ",") : text;
}

export type AmountCheck = { cents: number; problem: null } | { cents: number | null; problem: "invalid" | "low" | "high" };

/** Whether a typed amount may go in the cart: it reads as an amount, at least the minimum, at most the cap. */
export function checkAmount(text: string, minCents: number): AmountCheck {
  const cents = parseAmount(text);
  if (cents === null) return { cents, problem: "invalid" };
  if (cents < minCents) return { cents, problem: "low" };
  if (cents > STORE_LIMITS.maxPayWhatYouWantCents) return { cents, problem: "high" };
  return { cents, problem: null };
}
