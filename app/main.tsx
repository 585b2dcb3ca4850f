import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { loadCatalog } from "./i18n/catalogs";
import { detectInitialLocale, I18nProvider } from "./i18n/I18nProvider";
import { createAppRouter } from "./router";
import "./styles.css";

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
const router = createAppRouter(queryClient);

// Only the visitor's language is loaded, and before the first render, so no text flickers.
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
