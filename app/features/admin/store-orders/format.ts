// Store amounts as the back office shows them: integer cents in the order's currency, written the
// admin's way ($1,234.50 / R$ 1.234,50).
import type { IntlShape } from "react-intl";

export const formatCents = (intl: IntlShape, cents: number, currency: string) =>
  intl.formatNumber(cents / 100, { style: "currency", currency: currency.toUpperCase(), minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount typed in the currency's units ("12.50", "12,50") as cents; null when it is not one. */
export function centsOf(text: string): number | null {
  const normalised = text.trim().replace(/\s/g, "").replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  const [whole = "0", fraction = ""] = normalised.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}
