// A failed load: the red banner with its message and a way to try again.
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { commonMessages } from "../messages";

export function ErrorPanel({ message, onRetry, retrying }: { message: ReactNode; onRetry: () => void; retrying?: boolean }) {
  const intl = useIntl();
  return (
    <div className="error-banner admin-error" role="alert">
      <span>{message}</span>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry} disabled={retrying}>
        {intl.formatMessage(commonMessages.retry)}
      </button>
    </div>
  );
}
