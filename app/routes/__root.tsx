import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet, useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { Header } from "../components/layout/Header";
import { Footer } from "../components/layout/Footer";
import { NotFound } from "../components/NotFound";
import { useSiteConfig } from "../features/shell/useSession";
import { prefersReducedMotion } from "../features/shell/useHeroRotation";

/** Routes that are players on their own: no site header. */
const HEADERLESS = ["/music/player", "/radio/player"];

function RootLayout() {
  const rawPathname = useRouterState({ select: (s) => s.location.pathname });
  const pathname = rawPathname.length > 1 ? rawPathname.replace(/\/+$/, "") : rawPathname;
  const showHeader = !HEADERLESS.includes(pathname);
  const showFooter = pathname !== "/admin" && !pathname.startsWith("/admin/") && showHeader;
  const brand = useSiteConfig()?.brandName;

  useEffect(() => {
    // Smooth scroll to the top on each route change (anchors on home handle themselves).
    if (!window.location.hash) window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }, [pathname]);

  useEffect(() => {
    // The tab title carries the configured brand rather than the literal in index.html.
    if (brand) document.title = brand;
  }, [brand]);

  return (
    <div className="app">
      {showHeader && <Header />}
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      {showFooter && <Footer />}
    </div>
  );
}

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});
