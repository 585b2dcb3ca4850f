import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { EmptyState } from "./EmptyState";

/** Stands where a feature will be, saying so plainly instead of faking it. */
export function ComingSoon({ what }: { what?: ReactNode }) {
  return (
    <EmptyState
      icon="sparkle"
      title={<FormattedMessage id="common.comingSoon.title" defaultMessage="Coming soon" />}
      hint={what ?? <FormattedMessage id="common.comingSoon.hint" defaultMessage="We're putting the finishing touches on this. Check back soon." />}
    />
  );
}
