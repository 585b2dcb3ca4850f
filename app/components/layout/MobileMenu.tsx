// The small-screen menu panel: everything the desktop bar offers, stacked. The header owns the
// hamburger button (aria-expanded / aria-controls); the panel is always in the document (so the
// button's aria-controls points at it) and hidden while closed.
import { Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { defineMessages, FormattedMessage, useIntl } from "react-intl";
import { SiteSearch } from "../search/SiteSearch";
import { AccountLinks } from "./AccountLinks";
import { HOME_SECTIONS } from "./HomeAnchors";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { MEDIA_ITEMS, MediaItemLink } from "./mediaItems";
import { navMessages } from "./navMessages";

export const MOBILE_MENU_ID = "mobile-menu";

/** The bar's and this menu's links to the areas' pages (their Portuguese is in each area's site texts). */
export const mainLinkMessages = defineMessages({
  events: { id: "nav.events", defaultMessage: "Events" },
  store: { id: "nav.store", defaultMessage: "Store" },
});

/** `landing`: the page is the landing page with its sections, so the menu links to them. */
type Props = { open: boolean; landing: boolean; onClose: (returnFocus: boolean) => void };

export function MobileMenu({ open, landing, onClose }: Props) {
  const intl = useIntl();

  useEffect(() => {
    if (!open) return;
    // Escape anywhere closes the menu and gives focus back to the hamburger button.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") onClose(true);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, onClose]);

  const closeAfterNavigation = () => onClose(false);

  return (
    <div id={MOBILE_MENU_ID} className="mobile-menu" hidden={!open}>
      <SiteSearch variant="menu" onNavigate={closeAfterNavigation} />
      <nav aria-label={intl.formatMessage(navMessages.mobileNav)}>
        {landing && (
          <div className="mobile-menu-group">
            <p className="mobile-menu-heading" aria-hidden="true">
              <FormattedMessage {...navMessages.pageSections} />
            </p>
            <ul className="mobile-menu-list" aria-label={intl.formatMessage(navMessages.pageSections)}>
              {HOME_SECTIONS.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="mobile-menu-link" onClick={closeAfterNavigation}>
                    <FormattedMessage {...section.label} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="mobile-menu-group">
          <p className="mobile-menu-heading" aria-hidden="true">
            <FormattedMessage {...navMessages.media} />
          </p>
          <ul className="mobile-menu-list" aria-label={intl.formatMessage(navMessages.media)}>
            {MEDIA_ITEMS.map((item) => (
              <li key={item.key}>
                <MediaItemLink item={item} variant="mobile" className="mobile-menu-link" onActivate={closeAfterNavigation} />
              </li>
            ))}
            {!landing && (
              <li>
                <Link to="/events" className="mobile-menu-link" onClick={closeAfterNavigation}>
                  <FormattedMessage {...mainLinkMessages.events} />
                </Link>
              </li>
            )}
            <li>
              <Link to="/store" className="mobile-menu-link" onClick={closeAfterNavigation}>
                <FormattedMessage {...mainLinkMessages.store} />
              </Link>
            </li>
          </ul>
        </div>
      </nav>
      <div className="mobile-menu-footer">
        <LanguageSwitcher />
        <AccountLinks onNavigate={closeAfterNavigation} variant="menu" />
      </div>
    </div>
  );
}
