// The empty list both pages share (their loading and failed states are components/QueryState's).
import { useIntl, type MessageDescriptor } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";

export function ListEmpty({ title, hint }: { title: MessageDescriptor; hint?: MessageDescriptor }) {
  const intl = useIntl();
  return <EmptyState icon="calendar" title={intl.formatMessage(title)} hint={hint ? intl.formatMessage(hint) : undefined} />;
}
