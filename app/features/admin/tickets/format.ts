// Ticket amounts: always two decimals, with the currency as the locale writes it ($45.50, US$ 45,50).
import type { IntlShape } from "react-intl";

export const formatMoney = (intl: IntlShape, amount: number, currency: string) =>
  intl.formatNumber(amount, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
