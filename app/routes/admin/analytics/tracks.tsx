import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import type { TrackPeriod } from "#contracts/admin/analytics.ts";
import { PageFrame } from "../../../components/PageFrame";
import { trackAnalyticsQueryOptions } from "../../../features/admin/queries";
import { TrackAnalyticsPage } from "../../../features/admin/tracks/TrackAnalyticsPage";
import { usePageMeta } from "../../../lib/usePageMeta";

type TrackSearch = { period?: TrackPeriod };

/** The spec's default period. */
const DEFAULT_PERIOD: TrackPeriod = "30";
const PERIODS: readonly string[] = ["7", "30", "90", "all"];

export const Route = createFileRoute("/admin/analytics/tracks")({
  // ?period=7|30|90|all keeps the chosen period across reloads and in links; anything else is dropped.
  validateSearch: (search: Record<string, unknown>): TrackSearch => {
    const period = String(search.period);
    return PERIODS.includes(period) ? { period: period as TrackPeriod } : {};
  },
  loaderDeps: ({ search }) => ({ period: search.period ?? DEFAULT_PERIOD }),
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(trackAnalyticsQueryOptions(deps.period)),
  component: AdminTrackAnalytics,
});

const meta = defineMessages({
  title: { id: "meta.admin.trackAnalytics.title", defaultMessage: "Admin: Track Analytics" },
});

function AdminTrackAnalytics() {
  usePageMeta(meta);
  const { period = DEFAULT_PERIOD } = Route.useSearch();
  const navigate = useNavigate({ from: "/admin/analytics/tracks" });
  return (
    <PageFrame
      title={<FormattedMessage id="admin.trackAnalytics.title" defaultMessage="Track Analytics" />}
      intro={<FormattedMessage id="admin.trackAnalytics.intro" defaultMessage="Which tracks members play, and how often." />}
    >
      <TrackAnalyticsPage
        period={period}
        onPeriodChange={(next) => void navigate({ search: next === DEFAULT_PERIOD ? {} : { period: next }, replace: true, resetScroll: false })}
      />
    </PageFrame>
  );
}
