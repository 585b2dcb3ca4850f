// /admin/tickets: tickets sold here and imported orders, filtered, with their total value, Export
// CSV of the same rows, Import CSV from a ticket provider, and a ticket's details on its row's
// button. The search reaches the server a moment after typing stops; the rows on screen stay while
// the next ones load; "Show more" adds the next page. Opened as /admin/tickets?event=<id>, it
// shows one event's tickets, with a link to that event's sales and door list.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { useIntl } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { Icon } from "../../../components/Icon";
import { QueryState } from "../../../components/QueryState";
import type { TicketsListResponse, TicketView } from "#contracts/tickets/admin.ts";
import { StatCard } from "../components/StatCard";
import { adminTimeZone } from "../queries";
import { formatMoney } from "./format";
import { ImportDialog } from "./ImportDialog";
import { ticketsMessages as m } from "./messages";
import { DEFAULT_FILTERS, exportUrl, ticketsPage, ticketsQueryOptions, type TicketFilters as Filters } from "./queries";
import { TicketDetailDialog } from "./TicketDetailDialog";
import { TicketFilters } from "./TicketFilters";
import { TicketsTable } from "./TicketsTable";
import "../admin.css";
import { localTitle } from "../lib/localTitle";
import "./tickets.css";

/** How long typing must pause before the search is sent. */
export const SEARCH_DELAY_MS = 300;

/** Rows after the first page, for the filters they were asked with (a change of filters drops them). */
type More = { key: string; tickets: TicketView[]; next: string | undefined; loading: boolean; failed: boolean };

export function TicketsPage({ eventId = "" }: { eventId?: string }) {
  const intl = useIntl();
  const [tz] = useState(adminTimeZone);
  const [chosen, setFilters] = useState<Filters>(DEFAULT_FILTERS);
  // The event comes from the address (/admin/tickets?event=…), the rest from the page's controls.
  const filters = useMemo(() => ({ ...chosen, event: eventId }), [chosen, eventId]);
  const [more, setMore] = useState<More | null>(null);
  const [search, setSearch] = useState("");
  const [openId, setOpenId] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const tickets = useQuery({ ...ticketsQueryOptions(filters, tz), placeholderData: keepPreviousData });

  useEffect(() => {
    const timer = setTimeout(() => setFilters((f) => (f.search === search ? f : { ...f, search })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const data = tickets.data;
  const key = JSON.stringify([filters, tz]);
  const extra = more && more.key === key ? more : null;
  const next = extra ? extra.next : data?.nextCursor;
  const loadMore = async () => {
    if (!next) return;
    const before = extra?.tickets ?? [];
    setMore({ key, tickets: before, next, loading: true, failed: false });
    try {
      const page = await ticketsPage(filters, tz, next);
      setMore({ key, tickets: [...before, ...page.tickets], next: page.nextCursor, loading: false, failed: false });
    } catch {
      setMore({ key, tickets: before, next, loading: false, failed: true });
    }
  };
  const filtered = filters.event ? data?.tickets.find((t) => t.eventId === filters.event) : undefined;
  const eventTitle = filters.event ? (filtered ? localTitle(intl.locale, filtered.eventTitle, filtered.eventTitlePtBr) : filters.event) : null;
  return (
    <div className="admin-page tickets-page" aria-busy={tickets.isFetching}>
      <div className="admin-toolbar">
        <TicketFilters search={search} onSearch={setSearch} filters={filters} onChange={setFilters} />
        <div className="tickets-actions">
          <a className="btn btn-ghost" href={exportUrl(filters, tz)} download="tickets.csv">
            <Icon name="ticket" size={18} />
            {intl.formatMessage(m.exportCsv)}
          </a>
          <button type="button" className="btn btn-primary" onClick={() => setImporting(true)}>
            <Icon name="upload" size={18} />
            {intl.formatMessage(m.importCsv)}
          </button>
        </div>
      </div>

      {filters.event && (
        <p className="tickets-event-filter">
          <span className="badge">{intl.formatMessage(m.eventFilter, { event: eventTitle ?? "" })}</span>{" "}
          <Link to="/admin/tickets/events/$eventId" params={{ eventId: filters.event }}>
            {intl.formatMessage(m.viewSales)}
          </Link>{" "}
          <Link to="/admin/tickets" search={{}} className="btn btn-ghost btn-sm">
            {intl.formatMessage(m.clearEvent)}
          </Link>
        </p>
      )}

      <div className="grid admin-stats">
        <StatCard headingLevel={2} label={intl.formatMessage(m.totalValue)} value={data ? <TotalValue totals={data.totals} /> : "—"}>
          {data && <p className="muted admin-stat-hint">{intl.formatMessage(m.count, { count: data.count })}</p>}
        </StatCard>
      </div>

      <QueryState query={tickets} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.failed)} retry={intl.formatMessage(m.retry)}>
        {(list) =>
          list.tickets.length === 0 ? (
            <EmptyState icon="ticket" title={intl.formatMessage(m.emptyTitle)} hint={intl.formatMessage(m.emptyHint)} />
          ) : (
            <>
              <TicketsTable tickets={extra ? [...list.tickets, ...extra.tickets] : list.tickets} onOpen={setOpenId} />
              {list.truncated && (
                <p className="muted admin-note" role="status">
                  {intl.formatMessage(m.shown, { shown: list.tickets.length + (extra?.tickets.length ?? 0), count: list.count })}
                </p>
              )}
              {next && (
                <p className="tickets-more">
                  <button type="button" className="btn btn-ghost" onClick={() => void loadMore()} disabled={extra?.loading} aria-busy={extra?.loading}>
                    {intl.formatMessage(m.showMore)}
                  </button>
                </p>
              )}
              {extra?.failed && (
                <p className="form-error" role="alert">
                  {intl.formatMessage(m.moreFailed)}
                </p>
              )}
            </>
          )
        }
      </QueryState>

      {openId && <TicketDetailDialog id={openId} onClose={() => setOpenId(null)} />}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </div>
  );
}

/** One line per currency; no tickets: nothing in the default currency. */
function TotalValue({ totals }: { totals: TicketsListResponse["totals"] }) {
  const intl = useIntl();
  if (totals.length === 0) return <>{formatMoney(intl, 0, "USD")}</>;
  return (
    <span className="tickets-totals">
      {totals.map((t) => (
        <span key={t.currency}>{formatMoney(intl, t.amount, t.currency)}</span>
      ))}
    </span>
  );
}
