// The list states both pages share: loading, a failed load with a retry, and nothing found.
import { useIntl, type MessageDescriptor } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { Loading } from "../../../components/Loading";
import { eventsMessages as m } from "./messages";

export function ListLoading({ label }: { label: MessageDescriptor }) {
  const intl = useIntl();
  return <Loading label={intl.formatMessage(label)} />;
}

export function ListFailed({ label, onRetry, retrying }: { label: MessageDescriptor; onRetry: () => void; retrying: boolean }) {
  const intl = useIntl();
  return (
    <div className="error-banner admin-events-failed" role="alert">
      <span>{intl.formatMessage(label)}</span>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry} disabled={retrying}>
        {intl.formatMessage(m.retry)}
      </button>
    </div>
  );
}

export function ListEmpty({ title, hint }: { title: MessageDescriptor; hint?: MessageDescriptor }) {
  const intl = useIntl();
  return <EmptyState icon="calendar" title={intl.formatMessage(title)} hint={hint ? intl.formatMessage(hint) : undefined} />;
}
