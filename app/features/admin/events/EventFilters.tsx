// The event list's search ('Search events...': title, venue name, venue city) and its status and
// source filters. Each change asks the server again (the search once the typing pauses).
import { useId } from "react";
import { useIntl } from "react-intl";
import { EVENT_SOURCES, type EventSourceFilter, type EventStatusFilter } from "#contracts/admin/events.ts";
import type { EventStatus } from "#contracts/events.ts";
import { eventsMessages as m, sourceMessages, statusMessages } from "./messages";
import type { EventFilters as Filters } from "./queries";

/** The spec's order: All Status, Published, Draft, Cancelled. */
const STATUS_ORDER: readonly EventStatus[] = ["published", "draft", "cancelled"];

export function EventFilters({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  const intl = useIntl();
  const ids = { search: useId(), status: useId(), source: useId() };
  return (
    <form className="admin-filters admin-events-filters" role="search" aria-label={intl.formatMessage(m.filters)} onSubmit={(e) => e.preventDefault()}>
      <div className="field admin-events-search">
        <label htmlFor={ids.search} className="sr-only">
          {intl.formatMessage(m.searchLabel)}
        </label>
        <input
          id={ids.search}
          type="search"
          value={filters.search}
          placeholder={intl.formatMessage(m.searchPlaceholder)}
          maxLength={200}
          autoComplete="off"
          onChange={(e) => onChange({ ...filters, search: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.status}>{intl.formatMessage(m.statusFilter)}</label>
        <select id={ids.status} value={filters.status} onChange={(e) => onChange({ ...filters, status: e.target.value as EventStatusFilter })}>
          <option value="all">{intl.formatMessage(m.allStatus)}</option>
          {STATUS_ORDER.map((status) => (
            <option key={status} value={status}>
              {intl.formatMessage(statusMessages[status])}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.source}>{intl.formatMessage(m.sourceFilter)}</label>
        <select id={ids.source} value={filters.source} onChange={(e) => onChange({ ...filters, source: e.target.value as EventSourceFilter })}>
          <option value="all">{intl.formatMessage(m.allSources)}</option>
          {EVENT_SOURCES.map((source) => (
            <option key={source} value={source}>
              {intl.formatMessage(sourceMessages[source])}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
