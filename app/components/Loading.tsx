import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";

/** A spinner with a screen-reader label; `label` overrides the generic "Loading...". */
export function Loading({ label }: { label?: ReactNode }) {
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? <FormattedMessage id="common.loading" defaultMessage="Loading..." />}</span>
    </div>
  );
}
