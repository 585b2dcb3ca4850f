import type { QueryClient } from "@tanstack/react-query";
import type { Locale } from "#contracts/locale.ts";
import { createRootRouteWithContext, Outlet, useRouterState } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useRef } from "react";
import { defineMessages } from "react-intl";
import { Header } from "../components/layout/Header";
import { Footer } from "../components/layout/Footer";
import { NewsSignup, useNewsSignupWorks } from "../features/newsletter/NewsSignup";
import { NotFound } from "../components/NotFound";
import { EmailVerificationBanner } from "../components/EmailVerificationBanner";
import { UpdatePrompt } from "../components/layout/UpdatePrompt";
import { OfflineCopyBanner } from "../components/layout/OfflineCopyBanner";
import { prefersReducedMotion } from "../lib/motion";
import { useSiteConfig } from "../lib/session/useSession";
import { usePageMeta } from "../lib/usePageMeta";
import { usePageViews } from "../lib/pageViews";
import { usePlayerRequested } from "../lib/playerPresence";
import { useRadioRequested } from "../lib/radioPresence";
import { useMemberNotices } from "../lib/session/useMemberNotices";
import { HydrateWhenNear } from "../ssr/HydrateWhenNear";

// The players (engines and bars) load with the music and radio routes, never with the entry chunk.
const PlayerHost = lazy(() => import("../features/music/player/PlayerHost"));
const RadioHost = lazy(() => import("../features/radio/RadioHost"));

/** Routes that are players on their own: no site header. */
const HEADERLESS = ["/music/player", "/radio/player"];
/** The embeddable players, framed by other sites: the player alone, no site around it. */
const isEmbed = (pathname: string) => pathname.startsWith("/embed/");

function RootLayout() {
  const rawPathname = useRouterState({ select: (s) => s.location.pathname });
  const pathname = rawPathname.length > 1 ? rawPathname.replace(/\/+$/, "") : rawPathname;
  const embed = isEmbed(pathname);
  const showHeader = !HEADERLESS.includes(pathname) && !embed;
  const showFooter = pathname !== "/admin" && !pathname.startsWith("/admin/") && showHeader;
  // Loads the site configuration on every page: its brand ends each page's title (usePageMeta).
  useSiteConfig();
  const newsSignupWorks = useNewsSignupWorks();
  // Counts the view once the page has rendered (cookieless; never the back office).
  usePageViews(pathname);
  // A signed-in page learns of its member's role changes at once (decision 040); never in embeds.
  useMemberNotices(!embed);

  // Smooth scroll to the top on each route change (anchors on home handle themselves). Not on the
  // first page: the browser opens it at the top already, and scrolling would force a layout of
  // the whole page while it is still starting.
  const firstPathname = useRef<string | null>(pathname);
  useEffect(() => {
    if (firstPathname.current === pathname) return;
    firstPathname.current = null;
    if (!window.location.hash) window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }, [pathname]);

  return (
    <div className="app">
      {showHeader && <Header />}
      <main id="main" className="app-main" tabIndex={-1}>
        {/* The service worker's copy of the page, shown without a network (decision 058). */}
        {!embed && <OfflineCopyBanner />}
        {/* Unverified members only; the link's own page says what happened instead. */}
        {showHeader && pathname !== "/verify-email" && <EmailVerificationBanner />}
        <Outlet />
      </main>
      {/* Below the first screen on every page (.app-main's height): hydrated when scrolled near or used. */}
      {showFooter && (
        <HydrateWhenNear>
          <Footer newsSignup={newsSignupWorks ? <NewsSignup /> : undefined} />
        </HydrateWhenNear>
      )}
      {/* A new version of the service worker is waiting (decision 042); never in embeds. */}
      {!embed && <UpdatePrompt />}
      {!embed && <Players showBar={showHeader} pathname={pathname} />}
    </div>
  );
}

/**
 * The players' hosts, once a page asks for one. Apart from the layout: a page asks from its first
 * effects (its track rows), and the layout re-rendering then would re-render the header and the
 * footer with it, in one uninterrupted task while the page is starting.
 */
function Players({ showBar, pathname }: { showBar: boolean; pathname: string }) {
  const playerRequested = usePlayerRequested();
  const radioRequested = useRadioRequested();
  return (
    <>
      {playerRequested && (
        <Suspense fallback={null}>
          {/* The popup players have their own controls: no bar there. */}
          <PlayerHost showBar={showBar} />
        </Suspense>
      )}
      {radioRequested && (
        <Suspense fallback={null}>
          {/* The radio page has the full radio player: no mini player there. */}
          <RadioHost showBar={showBar && pathname !== "/radio"} />
        </Suspense>
      )}
    </>
  );
}

const meta = defineMessages({
  notFound: { id: "meta.notFound.title", defaultMessage: "Page Not Found" },
});

/** Each page names itself with usePageMeta ("Music Catalog · {brand}"); so does the 404 page. */
function RootNotFound() {
  usePageMeta({ title: meta.notFound });
  return <NotFound />;
}

export const Route = createRootRouteWithContext<{ queryClient: QueryClient; locale?: () => Locale }>()({
  component: RootLayout,
  notFoundComponent: RootNotFound,
});
