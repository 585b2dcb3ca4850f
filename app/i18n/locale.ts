// Locale detection: localStorage first, then the browser, English as the fallback.
export const LOCALES = ["en", "pt-BR"] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_STORAGE_KEY = "locale";

export function detectLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (stored === "en" || stored === "pt-BR") return stored;
  for (const lang of browserLanguages) {
    const lower = lang.toLowerCase();
    if (lower.startsWith("pt")) return "pt-BR";
    if (lower.startsWith("en")) return "en";
  }
  return "en";
}
