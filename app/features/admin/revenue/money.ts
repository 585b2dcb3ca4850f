// Money on the revenue page: cents in a currency, per the admin's locale (formatMoney for the
// store's currencies; the VIP plan's price may be in another).
import type { IntlShape } from "react-intl";
import { CURRENCIES, formatMoney, type Currency } from "#contracts/store/model.ts";

const isStoreCurrency = (code: string): code is Currency => CURRENCIES.some((c) => c === code);

export function moneyText(intl: IntlShape, cents: number, currency: string): string {
  const code = currency.toLowerCase();
  if (isStoreCurrency(code)) return formatMoney(cents, code, intl.locale);
  return intl.formatNumber(cents / 100, { style: "currency", currency: code.toUpperCase() });
}

/** "USD", "BRL": the currency switch and the captions. */
export const currencyCode = (currency: string) => currency.toUpperCase();
