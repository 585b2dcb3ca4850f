// A failed load in the back office: the site's failure banner (components/QueryState) with the
// back office's own "Retry".
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { QueryFailed } from "../../../components/QueryState";
import { commonMessages } from "../messages";

export function ErrorPanel({ message, onRetry, retrying }: { message: ReactNode; onRetry: () => void; retrying?: boolean }) {
  const intl = useIntl();
  return <QueryFailed message={message} retryLabel={intl.formatMessage(commonMessages.retry)} onRetry={onRetry} retrying={retrying} />;
}
