// Country and currency names in the viewer's language (decision 037): the codes come from the
// Worker's static ISO table (worker/contracts/countries.ts), the names from Intl.DisplayNames.
import { COUNTRY_CODES, CURRENCY_CODES, countryName } from "#contracts/countries.ts";
import { regionNames } from "./intlFormat";

export type CodeOption = { value: string; label: string };

/** "Brazil" / "Brasil" for BRA; the code itself when it is no known country (older free text). */
export const countryDisplayName = (code: string, locale: string): string => countryName(code, regionNames(locale));

// Built once per language: the forms render these lists on every keystroke.
const countryLists = new Map<string, CodeOption[]>();
const currencyLists = new Map<string, CodeOption[]>();

/** Every country, sorted by its name in `locale` (the forms' country selects). */
export function countryOptions(locale: string): CodeOption[] {
  let list = countryLists.get(locale);
  if (!list) {
    const collator = new Intl.Collator(locale);
    list = COUNTRY_CODES.map((code) => ({ value: code, label: countryDisplayName(code, locale) })).sort((a, b) => collator.compare(a.label, b.label));
    countryLists.set(locale, list);
  }
  return list;
}

/** Every currency some country uses, by code: "BRL · Brazilian Real" ("BRL · Real brasileiro"). */
export function currencyOptions(locale: string): CodeOption[] {
  const cached = currencyLists.get(locale);
  if (cached) return cached;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(locale, { type: "currency" });
  } catch {
    names = null;
  }
  const list = CURRENCY_CODES.map((code) => {
    const name = names?.of(code);
    return { value: code, label: name && name !== code ? `${code} · ${name}` : code };
  });
  currencyLists.set(locale, list);
  return list;
}
