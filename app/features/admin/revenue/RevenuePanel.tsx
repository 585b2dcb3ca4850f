// Revenue by source: stacked bars per day (or per month over a year), refunds below the axis, in
// the chosen currency, with the same figures as a table.
import { lazy, useMemo } from "react";
import { useIntl } from "react-intl";
import type { CurrencyRevenue } from "#contracts/admin/revenue.ts";
import { ChartPanel } from "../components/ChartPanel";
import { revenueMessages as m } from "./messages";
import { currencyCode, moneyText } from "./money";
import { labelled } from "./rows";

const RevenueChart = lazy(() => import("./charts").then((module) => ({ default: module.RevenueChart })));

export function RevenuePanel({ figures, monthly }: { figures: CurrencyRevenue; monthly: boolean }) {
  const intl = useIntl();
  const rows = useMemo(() => (monthly ? labelled(intl, figures.months) : labelled(intl, figures.days)), [figures, monthly, intl]);
  const money = (cents: number) => moneyText(intl, cents, figures.currency);
  const currency = currencyCode(figures.currency);
  const t = figures.totals;
  const labels = {
    vip: intl.formatMessage(m.vip),
    store: intl.formatMessage(m.store),
    tickets: intl.formatMessage(m.tickets),
    refunds: intl.formatMessage(m.refunds),
  };
  const empty = t.vip === 0 && t.store === 0 && t.tickets === 0 && t.refunds === 0;
  return (
    <ChartPanel
      title={intl.formatMessage(m.revenueTitle)}
      summary={intl.formatMessage(m.revenueSummary, {
        currency,
        vip: money(t.vip),
        store: money(t.store),
        tickets: money(t.tickets),
        refunds: money(t.refunds),
        net: money(t.net),
      })}
      chart={
        empty ? (
          <p className="muted admin-chart-pending">{intl.formatMessage(m.noRevenue, { currency })}</p>
        ) : (
          <RevenueChart
            data={rows.map((r) => ({ label: r.axis, vip: r.vip, store: r.store, tickets: r.tickets, refunds: r.refunds }))}
            labels={labels}
            formatMoney={money}
          />
        )
      }
      table={
        <table className="table">
          <caption>{intl.formatMessage(m.revenueCaption, { currency })}</caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(monthly ? m.month : m.date)}</th>
              <th scope="col">{labels.vip}</th>
              <th scope="col">{labels.store}</th>
              <th scope="col">{labels.tickets}</th>
              <th scope="col">{labels.refunds}</th>
              <th scope="col">{intl.formatMessage(m.netColumn)}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  <time dateTime={row.key}>{row.long}</time>
                </th>
                <td>{money(row.vip)}</td>
                <td>{money(row.store)}</td>
                <td>{money(row.tickets)}</td>
                <td>{money(row.refunds)}</td>
                <td>{money(row.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
