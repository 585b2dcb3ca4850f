import { QueryClient } from "@tanstack/react-query";
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { routeTree } from "./routeTree.gen";
import { isLocale, type Locale } from "#contracts/locale.ts";

/**
 * The page's language as the browser shows it: the <html lang> the server wrote, or the entry set,
 * which I18nProvider keeps in step with a switch.
 */
const documentLocale = (): Locale => {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : "en";
};

/**
 * The app's router; the Worker's server render passes a memory history of the requested address and
 * the page's language (loaders fetch data that is in a language, such as the events' texts).
 */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory, locale: () => Locale = documentLocale) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient, locale },
    defaultPreload: "intent",
    // With React Query owning the cache, the router should always ask it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: false,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
