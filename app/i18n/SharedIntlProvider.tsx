// react-intl's IntlProvider with what it builds kept per isolate. IntlProvider makes an intl object
// and an empty cache of formatters for each provider it mounts, so a server render, which mounts
// every provider afresh, built an IntlMessageFormat again for every message the page shows (and
// resolved its locale). The intl objects here are made once per catalog, locale and error
// handler, and all of them share one cache of formatters: catalogs are loaded once per isolate on
// the server and once per page in the browser, and a formatter depends only on its message and
// locale.
import type { ReactNode } from "react";
import { createIntl, createIntlCache, RawIntlProvider, type IntlConfig, type IntlShape } from "react-intl";

type Messages = NonNullable<IntlConfig["messages"]>;
type OnError = IntlConfig["onError"];

const formatters = createIntlCache();
const NO_HANDLER = {};
const made = new WeakMap<Messages, Map<string, WeakMap<object, IntlShape>>>();

function intlFor(locale: string, messages: Messages, onError: OnError): IntlShape {
  let byLocale = made.get(messages);
  if (!byLocale) made.set(messages, (byLocale = new Map()));
  let byHandler = byLocale.get(locale);
  if (!byHandler) byLocale.set(locale, (byHandler = new WeakMap()));
  let intl = byHandler.get(onError ?? NO_HANDLER);
  if (!intl) {
    // As IntlProvider does: a handler not given leaves react-intl's default in place.
    intl = createIntl({ locale, defaultLocale: "en", messages, ...(onError ? { onError } : {}) }, formatters);
    byHandler.set(onError ?? NO_HANDLER, intl);
  }
  return intl;
}

export function SharedIntlProvider({ locale, messages, onError, children }: { locale: string; messages: Messages; onError?: OnError; children: ReactNode }) {
  return <RawIntlProvider value={intlFor(locale, messages, onError)}>{children}</RawIntlProvider>;
}
