// Back-office frame (docs/features.md#back-office-administrators): a sidebar with a link to each area, and
// Settings + Logout at its foot. Below the desktop breakpoint the sidebar collapses behind a toggle.
import { Link, useRouterState } from "@tanstack/react-router";
import { useState, type ReactNode } from "react";
import { defineMessages, FormattedMessage, useIntl } from "react-intl";
import { useLogout } from "../../lib/session/logout";

// The back office's words: their Portuguese is the admin area's site texts (app/features/admin/site.pt-BR.json).
const adminMessages = defineMessages({
  backOffice: { id: "admin.nav.label", defaultMessage: "Back office" },
  overview: { id: "admin.nav.overview", defaultMessage: "Overview" },
  analytics: { id: "admin.nav.analytics", defaultMessage: "Analytics" },
  trackAnalytics: { id: "admin.nav.trackAnalytics", defaultMessage: "Track Analytics" },
  revenue: { id: "admin.nav.revenue", defaultMessage: "Revenue" },
  tax: { id: "admin.nav.tax", defaultMessage: "Tax" },
  events: { id: "admin.nav.events", defaultMessage: "Events" },
  venues: { id: "admin.nav.venues", defaultMessage: "Venues" },
  tickets: { id: "admin.nav.tickets", defaultMessage: "Tickets" },
  users: { id: "admin.nav.users", defaultMessage: "Users" },
  messages: { id: "admin.nav.messages", defaultMessage: "Messages" },
  marketing: { id: "admin.nav.marketing", defaultMessage: "Marketing" },
  campaigns: { id: "admin.nav.campaigns", defaultMessage: "Campaigns" },
  moderation: { id: "admin.nav.moderation", defaultMessage: "Moderation" },
  catalog: { id: "admin.nav.catalog", defaultMessage: "Catalog" },
  perks: { id: "admin.nav.perks", defaultMessage: "Perks" },
  tiers: { id: "admin.nav.tiers", defaultMessage: "Membership Tiers" },
  store: { id: "admin.nav.store", defaultMessage: "Store" },
  storeOrders: { id: "admin.nav.storeOrders", defaultMessage: "Orders" },
  storeShipping: { id: "admin.nav.storeShipping", defaultMessage: "Shipping" },
  disputes: { id: "admin.nav.disputes", defaultMessage: "Disputes" },
  audit: { id: "admin.nav.audit", defaultMessage: "Audit Log" },
  parties: { id: "admin.nav.parties", defaultMessage: "Listening Parties" },
  rooms: { id: "admin.nav.rooms", defaultMessage: "Community Rooms" },
  contests: { id: "admin.nav.contests", defaultMessage: "Remix Contests" },
  settings: { id: "admin.nav.settings", defaultMessage: "Settings" },
  logout: { id: "admin.nav.logout", defaultMessage: "Logout" },
  showMenu: { id: "admin.nav.show", defaultMessage: "Show admin menu" },
  hideMenu: { id: "admin.nav.hide", defaultMessage: "Hide admin menu" },
  logoutFailed: { id: "admin.nav.logoutFailed", defaultMessage: "Logout failed. Please try again." },
});

/** The spec's sidebar, plus the areas it left without a link (venues, tickets) and the newer ones. */
const SIDEBAR_LINKS = [
  { to: "/admin", label: adminMessages.overview, exact: true },
  { to: "/admin/analytics", label: adminMessages.analytics, exact: true },
  { to: "/admin/analytics/tracks", label: adminMessages.trackAnalytics, exact: true },
  { to: "/admin/revenue", label: adminMessages.revenue, exact: true },
  { to: "/admin/tax", label: adminMessages.tax, exact: true },
  { to: "/admin/events", label: adminMessages.events, exact: false },
  { to: "/admin/venues", label: adminMessages.venues, exact: false },
  { to: "/admin/tickets", label: adminMessages.tickets, exact: false },
  { to: "/admin/users", label: adminMessages.users, exact: false },
  { to: "/admin/messages", label: adminMessages.messages, exact: false },
  { to: "/admin/marketing", label: adminMessages.marketing, exact: false },
  { to: "/admin/campaigns", label: adminMessages.campaigns, exact: false },
  { to: "/admin/moderation", label: adminMessages.moderation, exact: false },
  { to: "/admin/catalog", label: adminMessages.catalog, exact: false },
  { to: "/admin/perks", label: adminMessages.perks, exact: false },
  { to: "/admin/tiers", label: adminMessages.tiers, exact: false },
  { to: "/admin/store", label: adminMessages.store, exact: true },
  { to: "/admin/store/orders", label: adminMessages.storeOrders, exact: false },
  { to: "/admin/store/shipping", label: adminMessages.storeShipping, exact: true },
  { to: "/admin/disputes", label: adminMessages.disputes, exact: false },
  { to: "/admin/parties", label: adminMessages.parties, exact: false },
  { to: "/admin/rooms", label: adminMessages.rooms, exact: false },
  { to: "/admin/contests", label: adminMessages.contests, exact: false },
  { to: "/admin/audit", label: adminMessages.audit, exact: false },
] as const;

const SIDEBAR_ID = "admin-sidebar";

export function AdminLayout({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const logout = useLogout();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // Collapsed again after each navigation on small screens (state is tied to the page).
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  return (
    <div className="admin-layout">
      <button
        type="button"
        className="btn btn-ghost admin-sidebar-toggle"
        aria-expanded={open}
        aria-controls={SIDEBAR_ID}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <span aria-hidden="true">☰</span> <FormattedMessage {...(open ? adminMessages.hideMenu : adminMessages.showMenu)} />
      </button>
      <aside id={SIDEBAR_ID} className="admin-sidebar" data-open={open}>
        <nav aria-label={intl.formatMessage(adminMessages.backOffice)}>
          <ul className="admin-nav">
            {SIDEBAR_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="admin-nav-link"
                  // A page's own search (an analytics period) does not make it another page.
                  activeOptions={{ exact: link.exact, includeSearch: false }}
                  activeProps={{ "aria-current": "page", className: "active" }}
                >
                  <FormattedMessage {...link.label} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-sidebar-footer">
          <Link to="/admin/settings" className="btn btn-ghost" activeProps={{ "aria-current": "page" }}>
            <FormattedMessage {...adminMessages.settings} />
          </Link>
          <button type="button" className="btn btn-danger" disabled={logout.isPending} onClick={() => logout.mutate()}>
            <FormattedMessage {...adminMessages.logout} />
          </button>
          {logout.isError && (
            <p className="nav-error" role="alert">
              <FormattedMessage {...adminMessages.logoutFailed} />
            </p>
          )}
        </div>
      </aside>
      <div className="admin-content">{children}</div>
    </div>
  );
}
