// User Activity: page views per hour of the day (0-23 in the admin's zone), chart and table.
import { lazy, useMemo } from "react";
import { useIntl } from "react-intl";
import type { AnalyticsResponse } from "#contracts/admin/analytics.ts";
import { ChartPanel } from "../components/ChartPanel";
import { formatCount, formatHour } from "../format";
import { analyticsMessages as m } from "./messages";

const HourlyChart = lazy(() => import("./charts").then((module) => ({ default: module.HourlyChart })));

export function HourlyPanel({ hourly, timeZone }: { hourly: AnalyticsResponse["hourly"]; timeZone: string }) {
  const intl = useIntl();
  const points = useMemo(
    () => [...hourly].sort((a, b) => a.hour - b.hour).map((row) => ({ pageViews: row.pageViews, label: formatHour(intl, row.hour) })),
    [hourly, intl],
  );
  const count = (value: number) => formatCount(intl, value);
  return (
    <ChartPanel
      title={intl.formatMessage(m.hourlyTitle)}
      summary={intl.formatMessage(m.hourlySummary)}
      chart={<HourlyChart data={points} pageViewsLabel={intl.formatMessage(m.views)} formatCount={count} />}
      table={
        <table className="table">
          <caption>{intl.formatMessage(m.hourlyCaption, { timeZone })}</caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.hour)}</th>
              <th scope="col">{intl.formatMessage(m.views)}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{count(row.pageViews)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
