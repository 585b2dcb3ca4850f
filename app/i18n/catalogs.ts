// The site's message catalogs, one chunk per locale: a page loads only its active language (and
// another one only when the visitor switches). The English is read from the app's descriptors'
// defaultMessages (`./en?english`, scripts/lib/english-messages.mjs); the Portuguese is written in
// pt-BR.json. In production builds the catalogs arrive precompiled to message ASTs
// (vite.config.ts), so no message parser ships to the browser.
import type { MessageFormatElement } from "react-intl";
import type { Locale } from "./locale";

export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import("./en?english"),
  "pt-BR": () => import("./pt-BR.json"),
};

const loaded = new Map<Locale, Messages>();
const pending = new Map<Locale, Promise<Messages>>();

/** The locale's catalog, loading it once. */
export function loadCatalog(locale: Locale): Promise<Messages> {
  const ready = loaded.get(locale);
  if (ready) return Promise.resolve(ready);
  let promise = pending.get(locale);
  if (!promise) {
    promise = loaders[locale]().then((module) => {
      loaded.set(locale, module.default);
      pending.delete(locale);
      return module.default;
    });
    promise.catch(() => pending.delete(locale));
    pending.set(locale, promise);
  }
  return promise;
}

/** The locale's catalog if it is already loaded. */
export const loadedCatalog = (locale: Locale): Messages | undefined => loaded.get(locale);
