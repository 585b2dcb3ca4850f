// The site's languages, and which one a visitor gets: the one they chose, else the first of their
// browser's languages the site speaks, else English. The choice is kept in the browser
// (localStorage) and mirrored to a cookie, so the Worker renders a page in the language the SPA
// will hydrate it in; a page's ?lang= (its hreflang alternates) outranks both.
export const LOCALES = ["en", "pt-BR"] as const;
export type Locale = (typeof LOCALES)[number];

/** The cookie the SPA mirrors the visitor's language choice into. */
export const LOCALE_COOKIE = "locale";
/** The query parameter naming a page's language: each language's address of a page, for hreflang. */
export const LANG_PARAM = "lang";

export const isLocale = (value: string | null | undefined): value is Locale => value === "en" || value === "pt-BR";

export function detectLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const lang of browserLanguages) {
    const lower = lang.toLowerCase();
    if (lower.startsWith("pt")) return "pt-BR";
    if (lower.startsWith("en")) return "en";
  }
  return "en";
}

export type LanguageAlternate = { hreflang: Locale | "x-default"; href: string };

/**
 * A page's address in each language (`?lang=en`, `?lang=pt-BR`) and the bare address as
 * x-default (the visitor's own choice). `page` is absolute; its other query parameters stay.
 */
export function languageAlternates(page: URL | string): LanguageAlternate[] {
  const bare = new URL(page);
  bare.hash = "";
  bare.searchParams.delete(LANG_PARAM);
  const inLanguage = (locale: Locale) => {
    const url = new URL(bare);
    url.searchParams.set(LANG_PARAM, locale);
    return url.href;
  };
  return [...LOCALES.map((locale) => ({ hreflang: locale, href: inLanguage(locale) })), { hreflang: "x-default" as const, href: bare.href }];
}
