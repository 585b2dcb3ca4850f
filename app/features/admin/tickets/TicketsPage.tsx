// /admin/tickets: the filtered orders with their total value, Export CSV of the same rows, Import
// CSV from a ticket provider, and a ticket's details on its row's button. The search reaches the
// server a moment after typing stops; the rows on screen stay while the next ones load.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { Icon } from "../../../components/Icon";
import { QueryState } from "../../../components/QueryState";
import type { TicketsListResponse } from "../../../../worker/contracts/admin-tickets";
import { StatCard } from "../components/StatCard";
import { adminTimeZone } from "../queries";
import { formatMoney } from "./format";
import { ImportDialog } from "./ImportDialog";
import { ticketsMessages as m } from "./messages";
import { DEFAULT_FILTERS, exportUrl, ticketsQueryOptions, type TicketFilters as Filters } from "./queries";
import { TicketDetailDialog } from "./TicketDetailDialog";
import { TicketFilters } from "./TicketFilters";
import { TicketsTable } from "./TicketsTable";
import "../admin.css";
import "./tickets.css";

/** How long typing must pause before the search is sent. */
export const SEARCH_DELAY_MS = 300;

export function TicketsPage() {
  const intl = useIntl();
  const [tz] = useState(adminTimeZone);
  const [filters, setFilters] = useState<Filters>(DEFAULT_FILTERS);
  const [search, setSearch] = useState("");
  const [openId, setOpenId] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const tickets = useQuery({ ...ticketsQueryOptions(filters, tz), placeholderData: keepPreviousData });

  useEffect(() => {
    const timer = setTimeout(() => setFilters((f) => (f.search === search ? f : { ...f, search })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const data = tickets.data;
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

      <div className="grid admin-stats">
        <StatCard label={intl.formatMessage(m.totalValue)} value={data ? <TotalValue totals={data.totals} /> : "—"}>
          {data && <p className="muted admin-stat-hint">{intl.formatMessage(m.count, { count: data.count })}</p>}
        </StatCard>
      </div>

      <QueryState query={tickets} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.failed)} retry={intl.formatMessage(m.retry)}>
        {(list) =>
          list.tickets.length === 0 ? (
            <EmptyState icon="ticket" title={intl.formatMessage(m.emptyTitle)} hint={intl.formatMessage(m.emptyHint)} />
          ) : (
            <>
              <TicketsTable tickets={list.tickets} onOpen={setOpenId} />
              {list.truncated && (
                <p className="muted admin-note" role="status">
                  {intl.formatMessage(m.shown, { shown: list.tickets.length, count: list.count })}
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
