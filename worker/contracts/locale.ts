// The site's languages, and which one a visitor gets: the one they chose (kept in the browser),
// else the first of their browser's languages the site speaks, else English. The SPA detects it
// from localStorage and navigator.languages; the Worker guesses it from Accept-Language to name
// that language's catalog among a page's first downloads.
export const LOCALES = ["en", "pt-BR"] as const;
export type Locale = (typeof LOCALES)[number];

export function detectLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (stored === "en" || stored === "pt-BR") return stored;
  for (const lang of browserLanguages) {
    const lower = lang.toLowerCase();
    if (lower.startsWith("pt")) return "pt-BR";
    if (lower.startsWith("en")) return "en";
  }
  return "en";
}
