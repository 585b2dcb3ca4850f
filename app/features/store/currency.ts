// Which currency the store shows prices in: the visitor's choice (the cart's picker, kept in this
// browser), else reais for a Portuguese-speaking visitor when the products have a price in reais,
// else US dollars. Read through useSyncExternalStore: a page rendered by the Worker hydrates with
// the default and then shows the stored choice.
import { useCallback, useSyncExternalStore } from "react";
import { useIntl } from "react-intl";
import { CURRENCIES, formatMoney, moneyIn, type Currency, type Money } from "#contracts/store/model.ts";

const CURRENCY_KEY = "store-currency";
const listeners = new Set<() => void>();

function stored(): Currency | null {
  try {
    const value = globalThis.localStorage?.getItem(CURRENCY_KEY);
    return (CURRENCIES as readonly string[]).includes(value ?? "") ? (value as Currency) : null;
  } catch {
    return null;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The visitor's own choice of currency (null: none yet) and a way to make it. */
export function useCurrencyChoice(): [Currency | null, (currency: Currency) => void] {
  const choice = useSyncExternalStore(subscribe, stored, () => null);
  const choose = useCallback((currency: Currency) => {
    try {
      globalThis.localStorage?.setItem(CURRENCY_KEY, currency);
    } catch {
      // Storage blocked: the choice lasts as long as the page.
    }
    listeners.forEach((listener) => listener());
  }, []);
  return [choice, choose];
}

/** Every product given is priced in reais. */
const allInReais = (prices: readonly Money[]) => prices.every((price) => price.brl !== null);

/**
 * The currency for these prices: the visitor's choice when every one is priced in it, else reais
 * for a Portuguese-speaking visitor when every one is priced in reais, else US dollars.
 */
export function useStoreCurrency(prices: readonly Money[]): Currency {
  const [choice] = useCurrencyChoice();
  const { locale } = useIntl();
  if (choice === "usd" || (choice === "brl" && allInReais(prices))) return choice;
  return locale === "pt-BR" && allInReais(prices) ? "brl" : "usd";
}

/** Formats cents of a price in `currency`, falling back to dollars where it has no price there. */
export function useMoney() {
  const { locale } = useIntl();
  return useCallback(
    (money: Money, currency: Currency) => {
      const cents = moneyIn(money, currency);
      return cents === null ? formatMoney(money.usd, "usd", locale) : formatMoney(cents, currency, locale);
    },
    [locale],
  );
}

export const useFormatCents = () => {
  const { locale } = useIntl();
  return useCallback((cents: number, currency: Currency) => formatMoney(cents, currency, locale), [locale]);
};
