// Traffic Overview: page views and unique visitors per date, as a bar chart and as a table.
import { lazy, useMemo } from "react";
import { useIntl } from "react-intl";
import type { AnalyticsResponse } from "#contracts/admin/analytics.ts";
import { ChartPanel } from "../components/ChartPanel";
import { formatCount, formatDay, formatShortDay } from "../format";
import { analyticsMessages as m } from "./messages";

const TrafficChart = lazy(() => import("./charts").then((module) => ({ default: module.TrafficChart })));

export function TrafficPanel({ traffic }: { traffic: AnalyticsResponse["traffic"] }) {
  const intl = useIntl();
  const points = useMemo(() => traffic.map((row) => ({ ...row, label: formatShortDay(intl, row.date) })), [traffic, intl]);
  const count = (value: number) => formatCount(intl, value);
  return (
    <ChartPanel
      title={intl.formatMessage(m.trafficTitle)}
      summary={intl.formatMessage(m.trafficSummary)}
      chart={
        <TrafficChart data={points} pageViewsLabel={intl.formatMessage(m.views)} visitorsLabel={intl.formatMessage(m.uniqueVisitors)} formatCount={count} />
      }
      table={
        <table className="table">
          <caption>{intl.formatMessage(m.trafficCaption)}</caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.date)}</th>
              <th scope="col">{intl.formatMessage(m.views)}</th>
              <th scope="col">{intl.formatMessage(m.uniqueVisitors)}</th>
            </tr>
          </thead>
          <tbody>
            {traffic.map((row) => (
              <tr key={row.date}>
                <th scope="row">
                  <time dateTime={row.date}>{formatDay(intl, row.date)}</time>
                </th>
                <td>{count(row.pageViews)}</td>
                <td>{count(row.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
