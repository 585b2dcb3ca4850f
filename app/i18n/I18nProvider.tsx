import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { loadCatalog, loadedCatalog, type Messages } from "./catalogs";
import { SharedIntlProvider } from "./SharedIntlProvider";
import { detectLocale, LOCALE_COOKIE, LOCALE_STORAGE_KEY, type Locale } from "./locale";
import { isEmbedPath } from "#contracts/ssr.ts";

const NO_MESSAGES = {};

type LocaleContextValue = { locale: Locale; setLocale: (locale: Locale) => void };
const LocaleContext = createContext<LocaleContextValue>({ locale: "en", setLocale: () => {} });

function readStored(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Dispatched on `document` just before the page changes language: a part of the page still showing
 * the server's HTML (app/ssr/HydrateWhenNear.tsx) is hydrated in the language it was rendered in
 * first, or React would drop it and render it afresh.
 */
export const LOCALE_SWITCH_EVENT = "app:locale-switch";

/** The locale this visitor gets: the saved choice, else the browser's languages, else English. */
export const detectInitialLocale = (): Locale => detectLocale(readStored(), navigator.languages ?? [navigator.language]);

/**
 * Provides the active locale and its messages. The entry (app/main.tsx) loads the first catalog
 * before rendering; a switch to another language loads its catalog first, and the page changes
 * language once it is there (never showing message ids).
 */
export function I18nProvider({ children, initialLocale }: { children: ReactNode; initialLocale?: Locale }) {
  const [locale, setLocaleState] = useState<Locale>(() => initialLocale ?? detectInitialLocale());
  const [messages, setMessages] = useState(() => loadedCatalog(locale));

  const setLocale = useCallback((next: Locale) => {
    const apply = (catalog: Messages) => {
      document.dispatchEvent(new Event(LOCALE_SWITCH_EVENT));
      setMessages(catalog);
      setLocaleState(next);
    };
    const ready = loadedCatalog(next);
    if (ready) apply(ready);
    else loadCatalog(next).then(apply, () => undefined); // offline: stay in the current language
  }, []);

  // A provider mounted before its catalog was loaded (not the entry's path) loads it now.
  useEffect(() => {
    if (!messages) loadCatalog(locale).then(setMessages, () => undefined);
  }, [locale, messages]);

  useEffect(() => {
    document.documentElement.lang = locale;
    // An embed on another site keeps no trace of its language: it follows the page's ?lang= or
    // the browser's language, and stores nothing.
    // (A test's stand-in for window.location may have no pathname.)
    const path: string | undefined = window.location.pathname;
    if (path && isEmbedPath(path)) return;
    try {
      localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      // private mode: the choice lasts for this visit only
    }
    // Mirrored for the Worker, which renders the next page in it (a year; no Secure flag, so that
    // `npm start` over http keeps it too: it holds a language, nothing private).
    document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }, [locale]);

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext.Provider value={value}>
      {/* Until a catalog is there (only if loading it failed), the English defaults show. */}
      <SharedIntlProvider locale={locale} messages={messages ?? NO_MESSAGES}>
        {children}
      </SharedIntlProvider>
    </LocaleContext.Provider>
  );
}

export const useLocale = () => useContext(LocaleContext);
