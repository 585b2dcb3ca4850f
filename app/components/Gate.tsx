// Client-side gates. Convenience only: the Worker refuses VIP and admin data to everyone else.
import { Link } from "@tanstack/react-router";
import { useId, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { useSessionUser } from "../lib/session/useSession";
import { Loading } from "./Loading";
import { Icon } from "./Icon";

/** The 'VIP Access Required' panel with its sign-up link, for pages that decide access themselves. */
export function VipGatePanel({ className }: { className?: string }) {
  const titleId = useId();
  return (
    <section className={className ? `gate card ${className}` : "gate card"} aria-labelledby={titleId}>
      <Icon name="lock" size={40} className="gate-icon" />
      <h2 id={titleId}>
        <FormattedMessage id="gate.vip.title" defaultMessage="VIP Access Required" />
      </h2>
      <p className="muted">
        <FormattedMessage id="gate.vip.body" defaultMessage="This content is reserved for VIP members." />
      </p>
      <Link to="/vip-signup" className="btn btn-primary">
        <FormattedMessage id="gate.vip.cta" defaultMessage="Become a VIP Member" />
      </Link>
    </section>
  );
}

/** Children for administrators only. */
export function AdminGate({ children }: { children: ReactNode }) {
  const { user, isPending } = useSessionUser();
  if (isPending) return <Loading />;
  if (user?.isAdmin) return <>{children}</>;
  return <AdminGatePanel />;
}

/** 'Admin Access Required / You don't have permission to access this content.' (spec's gate text). */
export function AdminGatePanel() {
  const titleId = useId();
  return (
    <section className="gate card" aria-labelledby={titleId}>
      <Icon name="shield" size={40} className="gate-icon" />
      <h2 id={titleId}>
        <FormattedMessage id="gate.admin.title" defaultMessage="Admin Access Required" />
      </h2>
      <p className="muted">
        <FormattedMessage id="gate.admin.body" defaultMessage="You don't have permission to access this content." />
      </p>
    </section>
  );
}
