// /admin/store/orders: the store's orders with search, status, product and period filters, their
// sales per currency, a page at a time, and Export CSV of every order the filters match. The search
// reaches the server a moment after typing stops; the rows on screen stay while the next ones load.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { Icon } from "../../../components/Icon";
import { QueryState } from "../../../components/QueryState";
import type { OrdersListResponse } from "#contracts/store/admin-orders.ts";
import { StatCard } from "../components/StatCard";
import { adminTimeZone } from "../queries";
import { formatCents } from "./format";
import { ordersMessages as m } from "./messages";
import { DEFAULT_FILTERS, exportUrl, ordersQueryOptions, type OrderFilters as Filters } from "./queries";
import { OrderFilters } from "./OrderFilters";
import { OrdersTable } from "./OrdersTable";
import "../admin.css";
import "./store-orders.css";

/** How long typing must pause before the search is sent. */
export const SEARCH_DELAY_MS = 300;

export function OrdersPage() {
  const intl = useIntl();
  const [tz] = useState(adminTimeZone);
  const [filters, setFiltersNow] = useState<Filters>(DEFAULT_FILTERS);
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const orders = useQuery({ ...ordersQueryOptions(filters, page, tz), placeholderData: keepPreviousData });
  // A new filter starts again from the first page.
  const setFilters = (next: Filters) => {
    setFiltersNow(next);
    setPage(1);
  };

  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => {
      setFiltersNow({ ...filters, search });
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters]);

  const data = orders.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / data.pageSize)) : 1;
  return (
    <div className="admin-page orders-page" aria-busy={orders.isFetching}>
      <div className="admin-toolbar">
        <OrderFilters search={search} onSearch={setSearch} filters={filters} onChange={setFilters} products={data?.products ?? []} />
        <div className="orders-actions">
          <a className="btn btn-ghost" href={exportUrl(filters, tz)} download="orders.csv" title={intl.formatMessage(m.exportHint)}>
            <Icon name="upload" size={18} />
            {intl.formatMessage(m.exportCsv)}
          </a>
        </div>
      </div>

      <div className="grid admin-stats">
        <StatCard headingLevel={2} label={intl.formatMessage(m.totalLabel)} value={data ? <Totals totals={data.totals} /> : "—"}>
          {data && <p className="muted admin-stat-hint">{intl.formatMessage(m.count, { count: data.count })}</p>}
        </StatCard>
      </div>

      <QueryState query={orders} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.failed)} retry={intl.formatMessage(m.retry)}>
        {(list) =>
          list.orders.length === 0 ? (
            <EmptyState icon="gift" title={intl.formatMessage(m.emptyTitle)} hint={intl.formatMessage(m.emptyHint)} />
          ) : (
            <>
              <OrdersTable orders={list.orders} />
              {pages > 1 && (
                <nav className="orders-pages" aria-label={intl.formatMessage(m.pagesLabel)}>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={page <= 1 || orders.isFetching}
                    onClick={() => setPage((p) => Math.max(1, p - 1))}
                  >
                    {intl.formatMessage(m.previous)}
                  </button>
                  <span role="status">{intl.formatMessage(m.pageOf, { page: intl.formatNumber(list.page), pages: intl.formatNumber(pages) })}</span>
                  <button type="button" className="btn btn-ghost btn-sm" disabled={page >= pages || orders.isFetching} onClick={() => setPage((p) => p + 1)}>
                    {intl.formatMessage(m.next)}
                  </button>
                </nav>
              )}
            </>
          )
        }
      </QueryState>
    </div>
  );
}

/** One line per currency (with what was refunded of it); no orders: nothing in dollars. */
function Totals({ totals }: { totals: OrdersListResponse["totals"] }) {
  const intl = useIntl();
  if (totals.length === 0) return <>{formatCents(intl, 0, "usd")}</>;
  return (
    <span className="orders-totals">
      {totals.map((t) => (
        <span key={t.currency}>
          {formatCents(intl, t.totalCents, t.currency)}
          {t.refundedCents > 0 && (
            <small className="muted"> · {intl.formatMessage(m.refundedOf, { amount: formatCents(intl, t.refundedCents, t.currency) })}</small>
          )}
        </span>
      ))}
    </span>
  );
}
