// Login for visitors; Perks, Collection, My tickets, Profile, Settings, Logout (and Admin for administrators)
// for signed-in users.
import { Link } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { useLogout } from "../../lib/session/logout";
import { useSessionUser } from "../../lib/session/useSession";
import { navMessages } from "./navMessages";

export function AccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSessionUser();
  const logout = useLogout();

  if (!user) {
    return (
      <div className="account-links">
        <Link to="/social/login" className="btn btn-primary btn-sm" onClick={onNavigate}>
          <FormattedMessage {...navMessages.login} />
        </Link>
      </div>
    );
  }
  return (
    <div className="account-links">
      {user.isAdmin && (
        <Link to="/admin" className="nav-link" onClick={onNavigate}>
          <FormattedMessage {...navMessages.admin} />
        </Link>
      )}
      {/* The door's page (decision 027): door staff, and administrators, who may check in too. */}
      {(user.isDoorStaff || user.isAdmin) && (
        <Link to="/check-in" className="nav-link" onClick={onNavigate}>
          <FormattedMessage {...navMessages.checkIn} />
        </Link>
      )}
      {/* Members' perks (VIPs reveal them; others see teasers): where members find their VIP things. */}
      <Link to="/perks" className="nav-link" activeProps={{ "aria-current": "page" }} onClick={onNavigate}>
        <FormattedMessage {...navMessages.perks} />
      </Link>
      {/* What the member bought (decision 054): music to download and play, orders, gift codes. */}
      <Link to="/collection" className="nav-link" activeProps={{ "aria-current": "page" }} onClick={onNavigate}>
        <FormattedMessage {...navMessages.collection} />
      </Link>
      {/* The tickets the member holds (decision 055): QR codes for the door, names, transfers. */}
      <Link to="/tickets" className="nav-link" activeProps={{ "aria-current": "page" }} onClick={onNavigate}>
        <FormattedMessage {...navMessages.tickets} />
      </Link>
      <Link to="/social/profile/$userId" params={{ userId: user.id }} className="nav-link" onClick={onNavigate}>
        <FormattedMessage {...navMessages.profile} />
      </Link>
      {/* Account settings (decision 039): password and devices. */}
      <Link to="/settings" className="nav-link" activeProps={{ "aria-current": "page" }} onClick={onNavigate}>
        <FormattedMessage {...navMessages.settings} />
      </Link>
      <button type="button" className="btn btn-ghost btn-sm" disabled={logout.isPending} onClick={() => logout.mutate()}>
        <FormattedMessage {...(logout.isPending ? navMessages.loggingOut : navMessages.logout)} />
      </button>
      {logout.isError && (
        <p className="nav-error" role="alert">
          <FormattedMessage {...navMessages.logoutFailed} />
        </p>
      )}
    </div>
  );
}
