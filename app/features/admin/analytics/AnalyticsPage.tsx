// /admin/analytics: the chosen period's figures (visitors, page views, sessions, bounce rate,
// members, devices), traffic per date and per hour in the admin's own time zone, the top pages
// and the top referrers. Switching periods keeps the last figures on screen until the new arrive.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useIntl } from "react-intl";
import { Loading } from "../../../components/Loading";
import { QueryFailed, QueryState } from "../../../components/QueryState";
import type { AnalyticsPeriod } from "#contracts/admin/analytics.ts";
import { PeriodPicker, type PeriodOption } from "../components/PeriodPicker";
import { commonMessages } from "../messages";
import { adminAnalyticsQueryOptions, adminTimeZone } from "../queries";
import { AnalyticsCards } from "./AnalyticsCards";
import { HourlyPanel } from "./HourlyPanel";
import { analyticsMessages as m } from "./messages";
import { TopPages, TopReferrers } from "./TopTables";
import { TrafficPanel } from "./TrafficPanel";
import "../admin.css";

export const ANALYTICS_PERIOD_OPTIONS: readonly PeriodOption<AnalyticsPeriod>[] = [
  { value: 7, label: commonMessages.last7 },
  { value: 30, label: commonMessages.last30 },
  { value: 90, label: commonMessages.last90 },
];

export function AnalyticsPage({ days, onDaysChange }: { days: AnalyticsPeriod; onDaysChange: (days: AnalyticsPeriod) => void }) {
  const intl = useIntl();
  const [timeZone] = useState(adminTimeZone);
  const analytics = useQuery({ ...adminAnalyticsQueryOptions(days, timeZone), placeholderData: keepPreviousData });
  const updating = analytics.isPlaceholderData && analytics.isFetching;

  return (
    <div className="admin-page">
      <div className="admin-toolbar">
        <PeriodPicker options={ANALYTICS_PERIOD_OPTIONS} value={days} onChange={onDaysChange} />
        <Link to="/admin/analytics/tracks" className="btn btn-ghost btn-sm">
          {intl.formatMessage(m.trackLink)}
        </Link>
      </div>
      <QueryState
        query={analytics}
        loading={intl.formatMessage(m.loading)}
        failed={intl.formatMessage(m.failed)}
        retry={intl.formatMessage(commonMessages.retry)}
      >
        {(data) => (
          <div className="admin-page" aria-busy={updating}>
            {updating && <Loading label={intl.formatMessage(m.loading)} />}
            {/* The last figures stay on screen when a later load fails, under the failure. */}
            {analytics.isError && (
              <QueryFailed
                message={intl.formatMessage(m.failed)}
                retryLabel={intl.formatMessage(commonMessages.retry)}
                onRetry={() => void analytics.refetch()}
                retrying={analytics.isFetching}
              />
            )}
            <p className="muted admin-note">{intl.formatMessage(m.timeZoneNote, { timeZone: data.timeZone })}</p>
            <AnalyticsCards cards={data.cards} />
            <div className="admin-charts">
              <TrafficPanel traffic={data.traffic} />
              <HourlyPanel hourly={data.hourly} timeZone={data.timeZone} />
            </div>
            <div className="admin-tops">
              <TopPages pages={data.topPages} />
              <TopReferrers referrers={data.topReferrers} />
            </div>
          </div>
        )}
      </QueryState>
    </div>
  );
}
