// The site's top bar (docs/features.md#header-footer-and-popups): brand, landing anchors on home, the Media dropdown, Events,
// the Rooms, the Store, the search field (`/` or Ctrl+K), the EN/PT switcher and the account links, the cart; below the desktop breakpoint a hamburger menu. A
// signed-in member's notification bell stays in the bar at every width.
import { useQuery } from "@tanstack/react-query";
import { Link, useRouterState } from "@tanstack/react-router";
import { Suspense, useCallback, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useSiteConfig } from "../../lib/session/useSession";
import { siteStatusQueryOptions } from "../../lib/site-status";
import { NotificationBell } from "../notifications/NotificationBell";
import { SiteSearch, useSearchShortcut } from "../search/SiteSearch";
import { AccountLinks } from "./AccountLinks";
import { CartLink } from "./CartLink";
import { HomeAnchors } from "./HomeAnchors";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { MediaMenu } from "./MediaMenu";
import { mainLinkMessages, MOBILE_MENU_ID, MobileMenu } from "./MobileMenu";
import { homeLinkMessage, navMessages } from "./navMessages";

export function Header() {
  const intl = useIntl();
  const config = useSiteConfig();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The landing page's sections, linked from the bar: a coming-soon home page has none of them.
  // Read from the cache the home route's loader fills; the bar never asks for it itself.
  const comingSoon = useQuery({ ...siteStatusQueryOptions(), enabled: false }).data?.comingSoon === true;
  const landing = pathname === "/" && !comingSoon;
  // Like the Media menu, the mobile menu is tied to the page it was opened on.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  useSearchShortcut(headerRef);

  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuOpenOn(null);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  const brand = config?.brandName ?? "";

  return (
    <header className="site-header" ref={headerRef}>
      <a className="skip-link" href="#main">
        <FormattedMessage {...navMessages.skipToContent} />
      </a>
      <div className="site-header-bar">
        <Link to="/" className="brand" aria-label={brand ? intl.formatMessage(homeLinkMessage, { brand }) : undefined}>
          <span className="brand-mark" aria-hidden="true" />
          <span className="brand-name">{brand}</span>
        </Link>

        <nav className="nav-desktop" aria-label={intl.formatMessage(navMessages.mainNav)}>
          {landing && (
            <div className="nav-anchors">
              <HomeAnchors />
            </div>
          )}
          <MediaMenu />
          {!landing && (
            <Link to="/events" className="nav-link" activeProps={{ "aria-current": "page" }}>
              <FormattedMessage {...mainLinkMessages.events} />
            </Link>
          )}
          <Link to="/store" className="nav-link" activeProps={{ "aria-current": "page" }}>
            <FormattedMessage {...mainLinkMessages.store} />
          </Link>
        </nav>

        {/* The search field and the mobile menu are hydrated, committed and subscribed in passes
            of their own, not in the page's first commit (neither shows anything before a tap). */}
        <Suspense>
          <SiteSearch variant="bar" />
        </Suspense>

        <div className="header-tools">
          <LanguageSwitcher />
          <AccountLinks />
        </div>

        {/* Outside header-tools: the cart and the bell stay in the bar on small screens too. */}
        <CartLink />
        <NotificationBell />

        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          aria-label={intl.formatMessage(menuOpen ? navMessages.closeMenu : navMessages.openMenu)}
          onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
        >
          <span className="menu-toggle-bars" aria-hidden="true" />
        </button>
      </div>
      <Suspense>
        <MobileMenu open={menuOpen} landing={landing} onClose={closeMenu} />
      </Suspense>
    </header>
  );
}
