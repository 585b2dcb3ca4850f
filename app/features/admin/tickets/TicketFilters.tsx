// The list's filters: the search box (order id, event title, customer e-mail; a sold ticket's code
// and holder too), the status, the period and the source (sold here or imported).
// The search is typed into `search` and reaches the filters a moment after typing stops.
import { useId } from "react";
import { useIntl } from "react-intl";
import {
  TICKET_SEARCH_MAX,
  TICKET_SOURCES,
  TICKET_STATUSES,
  TICKET_TIME_FILTERS,
  type TicketSource,
  type TicketStatus,
  type TicketTimeFilter,
} from "#contracts/tickets/admin-limits.ts";
import type { TicketFilters as Filters } from "./queries";
import { sourceMessages, statusMessages, ticketsMessages as m, timeMessages } from "./messages";

type Props = { search: string; onSearch: (text: string) => void; filters: Filters; onChange: (filters: Filters) => void };

export function TicketFilters({ search, onSearch, filters, onChange }: Props) {
  const intl = useIntl();
  const searchId = useId();
  const statusId = useId();
  const timeId = useId();
  const sourceId = useId();
  return (
    <form className="admin-filters" role="search" aria-label={intl.formatMessage(m.filters)} onSubmit={(event) => event.preventDefault()}>
      <div className="field tickets-search">
        <label htmlFor={searchId}>{intl.formatMessage(m.searchLabel)}</label>
        <input
          id={searchId}
          type="search"
          value={search}
          maxLength={TICKET_SEARCH_MAX}
          placeholder={intl.formatMessage(m.searchPlaceholder)}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={statusId}>{intl.formatMessage(m.statusLabel)}</label>
        <select id={statusId} value={filters.status} onChange={(event) => onChange({ ...filters, status: event.target.value as TicketStatus | "all" })}>
          <option value="all">{intl.formatMessage(m.allStatus)}</option>
          {TICKET_STATUSES.map((status) => (
            <option key={status} value={status}>
              {intl.formatMessage(statusMessages[status])}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={timeId}>{intl.formatMessage(m.timeLabel)}</label>
        <select id={timeId} value={filters.time} onChange={(event) => onChange({ ...filters, time: event.target.value as TicketTimeFilter })}>
          {TICKET_TIME_FILTERS.map((time) => (
            <option key={time} value={time}>
              {intl.formatMessage(timeMessages[time])}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={sourceId}>{intl.formatMessage(m.sourceLabel)}</label>
        <select id={sourceId} value={filters.source} onChange={(event) => onChange({ ...filters, source: event.target.value as TicketSource | "all" })}>
          <option value="all">{intl.formatMessage(m.allSources)}</option>
          {TICKET_SOURCES.map((source) => (
            <option key={source} value={source}>
              {intl.formatMessage(sourceMessages[source])}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
