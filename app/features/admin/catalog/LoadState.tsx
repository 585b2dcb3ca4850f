// The list states every tab shares: loading, a failed load with a retry, and nothing yet.
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { Loading } from "../../../components/Loading";
import { catalogMessages as m } from "./messages";

export function CatalogLoading() {
  const intl = useIntl();
  return <Loading label={intl.formatMessage(m.commonLoading)} />;
}

export function CatalogLoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const intl = useIntl();
  return (
    <div className="error-banner catalog-load-failed" role="alert">
      <span>{intl.formatMessage(m.commonLoadFailed)}</span>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry} disabled={retrying}>
        {intl.formatMessage(m.commonRetry)}
      </button>
    </div>
  );
}

export function CatalogEmpty({ title, hint, icon, children }: { title: string; hint: string; icon: "disc" | "music" | "video"; children?: ReactNode }) {
  return (
    <EmptyState icon={icon} title={title} hint={hint}>
      {children}
    </EmptyState>
  );
}
