// Which site language a request's own values ask for, and the text a bilingual column gives in a
// language. Pure: worker/middleware/content-language.ts (requestLanguage) reads the request.
import { parseAccept } from "hono/utils/accept";
import { detectLocale, type Locale } from "#contracts/locale.ts";

/**
 * The language of the browser's Accept-Language list (the same list as navigator.languages), the
 * visitor's stored choice (`chosen`, the locale cookie) first: the first site language it names
 * with a weight above zero, else English.
 */
export const localeOfRequest = (acceptLanguage: string | undefined, chosen: string | null = null): Locale =>
  detectLocale(
    chosen,
    parseAccept(acceptLanguage ?? "")
      .filter((language) => language.q > 0)
      .map((language) => language.type),
  );

/** What a public answer in the request's language depends on besides its address (?lang= is in it): for `Vary`. */
export const CONTENT_LANGUAGE_VARY = "Cookie, Accept-Language";

/** A Portuguese version is there when it is not null and, for a text, not blank. */
const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined && (typeof value !== "string" || value.trim() !== "");

/**
 * A bilingual value in `locale` and the language it is really in: the Portuguese version for pt-BR
 * when there is one, else the English (the fallback). The value is one column (a title) or the
 * columns that only go together (a campaign's subject and body).
 */
export function pickLanguage<T>(locale: Locale, en: T, ptBr: T | null | undefined): { value: T; lang: Locale } {
  return locale === "pt-BR" && present(ptBr) ? { value: ptBr, lang: "pt-BR" } : { value: en, lang: "en" };
}

/** Every bilingual column is read through this (or pickLanguage, when the language matters too). */
export const inLanguage = <T>(locale: Locale, en: T, ptBr: T | null | undefined): T => pickLanguage(locale, en, ptBr).value;
