import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { I18nProvider } from "./i18n/I18nProvider";
import type { Locale } from "./i18n/locale";
import type { createAppRouter } from "./router";

/** The whole app, the same in the browser and in the Worker's server render (hydration needs one tree). */
export function AppTree({ queryClient, router, locale }: { queryClient: QueryClient; router: ReturnType<typeof createAppRouter>; locale: Locale }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nProvider initialLocale={locale}>
          <RouterProvider router={router} />
        </I18nProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
