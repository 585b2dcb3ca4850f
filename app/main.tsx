import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { loadCatalog } from "./i18n/catalogs";
import { detectInitialLocale, I18nProvider } from "./i18n/I18nProvider";
import { configQueryOptions, meQueryOptions } from "./lib/session/queries";
import { createAppRouter } from "./router";
import "./styles.css";
// The events list and the contact form are on the landing page, where most visits start: their
// few rules go in the one stylesheet every page loads, not in two more render-blocking requests.
import "./features/events/events.css";
import "./features/contact/contact.css";

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
const router = createAppRouter(queryClient);

// Everything the first screen waits for starts at once, not one after another: the site settings
// and the session (every page's header uses them), the page's own chunks and loader data, and the
// visitor's language, which alone is loaded before the first render, so no text flickers.
void queryClient.prefetchQuery(configQueryOptions());
void queryClient.prefetchQuery(meQueryOptions());
void router.load().catch(() => undefined); // a failing loader shows its error once rendered
const locale = detectInitialLocale();
void loadCatalog(locale)
  .catch(() => undefined) // the English defaults then (the provider retries)
  .then(() =>
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <I18nProvider initialLocale={locale}>
            <RouterProvider router={router} />
          </I18nProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
