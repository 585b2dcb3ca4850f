// /admin/analytics/tracks: plays per track over the chosen period (or all time), with the
// headline figures above a sortable table; an honest empty state before anything was played.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useIntl } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { Loading } from "../../../components/Loading";
import { QueryState } from "../../../components/QueryState";
import type { TrackAnalyticsResponse, TrackPeriod } from "#contracts/admin/analytics.ts";
import { PeriodPicker, type PeriodOption } from "../components/PeriodPicker";
import { StatCard } from "../components/StatCard";
import { formatAverage, formatCount, formatMoment } from "../format";
import { commonMessages } from "../messages";
import { trackAnalyticsQueryOptions } from "../queries";
import { tracksMessages as m } from "./messages";
import { TrackTable } from "./TrackTable";
import "../admin.css";

export const TRACK_PERIOD_OPTIONS: readonly PeriodOption<TrackPeriod>[] = [
  { value: "7", label: commonMessages.last7 },
  { value: "30", label: commonMessages.last30 },
  { value: "90", label: commonMessages.last90 },
  { value: "all", label: commonMessages.allTime },
];

export function TrackAnalyticsPage({ period, onPeriodChange }: { period: TrackPeriod; onPeriodChange: (period: TrackPeriod) => void }) {
  const intl = useIntl();
  const stats = useQuery({ ...trackAnalyticsQueryOptions(period), placeholderData: keepPreviousData });
  const updating = stats.isPlaceholderData && stats.isFetching;
  return (
    <div className="admin-page">
      <div className="admin-toolbar">
        <PeriodPicker options={TRACK_PERIOD_OPTIONS} value={period} onChange={onPeriodChange} />
      </div>
      <QueryState query={stats} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.failed)} retry={intl.formatMessage(commonMessages.retry)}>
        {(data) => (
          <div className="admin-page" aria-busy={updating}>
            {updating && <Loading label={intl.formatMessage(m.loading)} />}
            <TrackCards data={data} />
            {data.tracks.length === 0 ? (
              <EmptyState icon="music" title={intl.formatMessage(m.emptyTitle)} hint={intl.formatMessage(m.emptyHint)} />
            ) : (
              <TrackTable tracks={data.tracks} />
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}

function TrackCards({ data }: { data: TrackAnalyticsResponse }) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {intl.formatMessage(m.summary)}
      </h2>
      <div className="grid admin-stats">
        <StatCard label={intl.formatMessage(m.totalPlays)} value={formatCount(intl, data.totalPlays)} />
        <StatCard label={intl.formatMessage(m.totalPreviewPlays)} value={formatCount(intl, data.totalPreviewPlays)}>
          <p className="muted admin-stat-hint">{intl.formatMessage(m.previewPlaysHint)}</p>
        </StatCard>
        <StatCard label={intl.formatMessage(m.topTrack)} value={data.topTrack?.title ?? intl.formatMessage(commonMessages.none)}>
          {data.topTrack && <p className="muted admin-stat-hint">{intl.formatMessage(m.topTrackPlays, { count: data.topTrack.plays })}</p>}
        </StatCard>
        <StatCard label={intl.formatMessage(m.dailyAverage)} value={formatAverage(intl, data.dailyAverage)}>
          <p className="muted admin-stat-hint">{intl.formatMessage(m.playsPerDay)}</p>
        </StatCard>
        <StatCard
          label={intl.formatMessage(m.lastPlayed)}
          value={data.lastPlayed ? <time dateTime={data.lastPlayed}>{formatMoment(intl, data.lastPlayed)}</time> : intl.formatMessage(commonMessages.never)}
        />
      </div>
    </section>
  );
}
