import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet, useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { Header } from "../components/layout/Header";
import { Footer } from "../components/layout/Footer";
import { NotFound } from "../components/NotFound";

/** Routes that are players on their own: no site header. */
const HEADERLESS = ["/music/player", "/radio/player"];

function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const showHeader = !HEADERLESS.includes(pathname);
  const showFooter = !pathname.startsWith("/admin") && showHeader;

  useEffect(() => {
    // Smooth scroll to the top on each route change (anchors on home handle themselves).
    if (!window.location.hash) window.scrollTo({ top: 0, behavior: "smooth" });
  }, [pathname]);

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
