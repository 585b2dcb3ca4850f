// Locale detection: localStorage first, then the browser, English as the fallback.
export { detectLocale, LOCALE_COOKIE, LOCALES, type Locale } from "#contracts/locale.ts";
export const LOCALE_STORAGE_KEY = "locale";
