// The inbox's search and its two filters (status, priority).
import { useId } from "react";
import { useIntl } from "react-intl";
import type { MessagePriorityFilter, MessageStatusFilter } from "#contracts/admin/messages.ts";
import { inboxMessages as m } from "./messages";
import { PRIORITY_LABELS, STATUS_LABELS } from "./labels";

type Props = {
  search: string;
  status: MessageStatusFilter;
  priority: MessagePriorityFilter;
  onSearch: (search: string) => void;
  onStatus: (status: MessageStatusFilter) => void;
  onPriority: (priority: MessagePriorityFilter) => void;
};

export function InboxFilters({ search, status, priority, onSearch, onStatus, onPriority }: Props) {
  const intl = useIntl();
  const searchId = useId();
  const statusId = useId();
  const priorityId = useId();
  return (
    <form className="admin-filters" role="search" aria-label={intl.formatMessage(m.filters)} onSubmit={(event) => event.preventDefault()}>
      <div className="field inbox-search">
        <label htmlFor={searchId}>{intl.formatMessage(m.search)}</label>
        <input
          id={searchId}
          type="search"
          value={search}
          placeholder={intl.formatMessage(m.searchPlaceholder)}
          maxLength={200}
          onChange={(e) => onSearch(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={statusId}>{intl.formatMessage(m.status)}</label>
        <select id={statusId} value={status} onChange={(e) => onStatus(e.target.value as MessageStatusFilter)}>
          <option value="all">{intl.formatMessage(m.allStatus)}</option>
          {Object.entries(STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {intl.formatMessage(label)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={priorityId}>{intl.formatMessage(m.priority)}</label>
        <select id={priorityId} value={priority} onChange={(e) => onPriority(e.target.value as MessagePriorityFilter)}>
          <option value="all">{intl.formatMessage(m.allPriorities)}</option>
          {Object.entries(PRIORITY_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {intl.formatMessage(label)}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
