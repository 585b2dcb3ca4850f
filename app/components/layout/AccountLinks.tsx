// Login for visitors. A signed-in person gets one account menu (the avatar and name on a button,
// the WAI-ARIA menu button pattern), as on the desktop bar as in the phone menu: Admin for
// administrators, Check-in for the door, then Perks, Collection, My tickets, Profile, Settings and
// Logout. As separate links they wrapped the bar onto two or three rows.
import { Link } from "@tanstack/react-router";
import type { MouseEvent } from "react";
import { defineMessages, FormattedMessage, useIntl } from "react-intl";
import type { SessionUser } from "#contracts/auth.ts";
import { useLogout } from "../../lib/session/logout";
import { useSessionUser } from "../../lib/session/useSession";
import { accountMenuMessage, navMessages } from "./navMessages";
import { useDropdown } from "./useDropdown";

/** The account menu's links to the areas' pages (their Portuguese is in each area's site texts). */
const linkMessages = defineMessages({
  admin: { id: "nav.admin", defaultMessage: "Admin" },
  checkIn: { id: "nav.checkIn", defaultMessage: "Check-in" },
  perks: { id: "nav.perks", defaultMessage: "Perks" },
  collection: { id: "nav.collection", defaultMessage: "Collection" },
  tickets: { id: "nav.tickets", defaultMessage: "My tickets" },
  profile: { id: "nav.profile", defaultMessage: "Profile" },
  settings: { id: "nav.settings", defaultMessage: "Settings" },
});

type Props = { onNavigate?: () => void; variant?: "bar" | "menu" };

export function AccountLinks({ onNavigate, variant = "bar" }: Props) {
  const { user } = useSessionUser();
  if (!user) {
    return (
      <div className="account-links">
        <Link to="/social/login" className="btn btn-primary btn-sm" onClick={onNavigate}>
          <FormattedMessage {...navMessages.login} />
        </Link>
      </div>
    );
  }
  return <AccountMenu user={user} onNavigate={onNavigate} variant={variant} />;
}

function Avatar({ user }: { user: SessionUser }) {
  if (user.avatarUrl) return <img className="account-avatar" src={user.avatarUrl} alt="" width={28} height={28} decoding="async" />;
  // Drawn by CSS, not text: the button's visible text must be the name its label begins with.
  return <span className="account-avatar account-avatar-initial" aria-hidden="true" data-initial={user.username.slice(0, 1).toUpperCase()} />;
}

function AccountMenu({ user, onNavigate, variant }: { user: SessionUser; onNavigate?: () => void; variant: "bar" | "menu" }) {
  const intl = useIntl();
  const logout = useLogout();
  const { buttonRef, close, listId, onBlur, onButtonKeyDown, onListKeyDown, open, openOnto, toggle, wrapperRef } = useDropdown('[role="menuitem"]');
  const buttonId = `${listId}-button`;
  const followed = () => {
    close(false);
    onNavigate?.();
  };
  const item = { role: "menuitem", tabIndex: -1, className: "dropdown-item", onClick: followed } as const;
  const current = { "aria-current": "page" } as const;

  const onButtonClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Enter or Space (a click with no pointer) opens onto the first entry, as ArrowDown does.
    if (!open && event.detail === 0) openOnto(0);
    else toggle();
  };

  return (
    <div className={`dropdown account-menu account-menu-${variant}`} ref={wrapperRef} onBlur={onBlur}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="nav-link dropdown-toggle account-menu-button"
        aria-label={intl.formatMessage(accountMenuMessage, { name: user.username })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={listId}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
      >
        <Avatar user={user} />
        <span className="account-menu-name">{user.username}</span>
        <span className="caret" aria-hidden="true" />
      </button>
      <ul id={listId} role="menu" aria-labelledby={buttonId} className="dropdown-menu account-menu-list" hidden={!open} onKeyDown={onListKeyDown}>
        {user.isAdmin && (
          <li role="none">
            <Link to="/admin" {...item}>
              <FormattedMessage {...linkMessages.admin} />
            </Link>
          </li>
        )}
        {/* The door's page (decision 027): door staff, and administrators, who may check in too. */}
        {(user.isDoorStaff || user.isAdmin) && (
          <li role="none">
            <Link to="/check-in" {...item} activeProps={current}>
              <FormattedMessage {...linkMessages.checkIn} />
            </Link>
          </li>
        )}
        {/* Members' perks (VIPs reveal them; others see teasers): where members find their VIP things. */}
        <li role="none">
          <Link to="/perks" {...item} activeProps={current}>
            <FormattedMessage {...linkMessages.perks} />
          </Link>
        </li>
        {/* What the member bought (decision 054): music to download and play, orders, gift codes. */}
        <li role="none">
          <Link to="/collection" {...item} activeProps={current}>
            <FormattedMessage {...linkMessages.collection} />
          </Link>
        </li>
        {/* The tickets the member holds (decision 055): QR codes for the door, names, transfers. */}
        <li role="none">
          <Link to="/tickets" {...item} activeProps={current}>
            <FormattedMessage {...linkMessages.tickets} />
          </Link>
        </li>
        <li role="none">
          <Link to="/social/profile/$userId" params={{ userId: user.id }} {...item} activeProps={current}>
            <FormattedMessage {...linkMessages.profile} />
          </Link>
        </li>
        {/* Account settings (decision 039): password and devices. */}
        <li role="none">
          <Link to="/settings" {...item} activeProps={current}>
            <FormattedMessage {...linkMessages.settings} />
          </Link>
        </li>
        <li role="none" className="account-menu-separator">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="dropdown-item account-menu-logout"
            aria-disabled={logout.isPending || undefined}
            onClick={() => {
              // A failure closes the menu, so its message shows under the button, which has the focus.
              if (!logout.isPending) logout.mutate(undefined, { onError: () => close(true) });
            }}
          >
            <FormattedMessage {...(logout.isPending ? navMessages.loggingOut : navMessages.logout)} />
          </button>
        </li>
      </ul>
      {logout.isError && (
        <p className="nav-error" role="alert">
          <FormattedMessage {...navMessages.logoutFailed} />
        </p>
      )}
    </div>
  );
}
