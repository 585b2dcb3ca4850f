// The language of a public API answer whose texts exist in both site languages (stations,
// channels, albums): the same order a page uses (worker/routes/pages.ts pageLocale): the request's
// ?lang= (the SPA sends it, and so does the server render of a page), else the locale cookie the
// SPA writes, else Accept-Language. Pure: the route passes the three request values in.
import { parseAccept } from "hono/utils/accept";
import { detectLocale, isLocale, type Locale } from "../contracts/locale";

export type LanguageInputs = { lang: string | undefined; cookie: string | undefined; acceptLanguage: string | undefined };

export function contentLanguage({ lang, cookie, acceptLanguage }: LanguageInputs): Locale {
  if (isLocale(lang)) return lang;
  const browser = parseAccept(acceptLanguage ?? "")
    .filter((language) => language.q > 0)
    .map((language) => language.type);
  return detectLocale(cookie ?? null, browser);
}

/** What such an answer depends on besides its address (?lang= is in the address): for `Vary`. */
export const CONTENT_LANGUAGE_VARY = "Cookie, Accept-Language";

/** A text in `locale`: its Portuguese version when there is one, else the English (the fallback). */
export const inLanguage = (locale: Locale, en: string, ptBr: string | null | undefined): string => (locale === "pt-BR" && ptBr?.trim() ? ptBr : en);
