// Locale-aware pieces of the site's mails, for every template (templates.ts and any other mail):
// the texts of a language, and dates, numbers and amounts formatted with Intl for the recipient.
// A mail never shows a raw ISO timestamp: a date is written the recipient's way, in their time
// zone when it is known, else in UTC with "UTC" written after it.
import type { Locale } from "#contracts/locale.ts";
import { mailTextsEn, type MailTexts } from "./texts.en";
import { mailTextsPtBR } from "./texts.pt-BR";

export type { MailTexts };

const CATALOGS: Record<Locale, MailTexts> = { en: mailTextsEn, "pt-BR": mailTextsPtBR };

/** The mail texts in `locale`. */
export const mailTexts = (locale: Locale): MailTexts => CATALOGS[locale];

/** A date and time for a mail: "November 23, 2026 at 2:05 PM UTC" / "23 de novembro de 2026 14:05 UTC". */
export function mailDateTime(locale: Locale, at: Date, timeZone = "UTC"): string {
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(at);
}

/** A calendar date for a mail: "November 23, 2026" / "23 de novembro de 2026" (the day in `timeZone`). */
export function mailDate(locale: Locale, at: Date, timeZone = "UTC"): string {
  return new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", timeZone }).format(at);
}

/** A whole number the recipient's way ("1,000" / "1.000"). */
export const mailNumber = (locale: Locale, value: number): string => new Intl.NumberFormat(locale).format(value);

/** An amount in a currency's minor unit (cents), with its symbol: "$12.50" / "US$ 12,50". */
export const mailAmount = (locale: Locale, cents: number, currency: string): string =>
  new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
