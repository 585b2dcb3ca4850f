// Which site language a request's own values ask for, and the text a bilingual column gives in a
// language. Pure: worker/middleware/content-language.ts (requestLanguage) reads the request.
import { parseAccept } from "hono/utils/accept";
import { detectLocale, type Locale } from "../contracts/locale";

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

/** A text in `locale`: its Portuguese version when there is one, else the English (the fallback). */
export const inLanguage = (locale: Locale, en: string, ptBr: string | null | undefined): string => (locale === "pt-BR" && ptBr?.trim() ? ptBr : en);
