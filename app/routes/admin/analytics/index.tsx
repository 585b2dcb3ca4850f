import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import type { AnalyticsPeriod } from "#contracts/admin/analytics.ts";
import { PageFrame } from "../../../components/PageFrame";
import { AnalyticsPage } from "../../../features/admin/analytics/AnalyticsPage";
import { adminAnalyticsQueryOptions } from "../../../features/admin/queries";
import { usePageMeta } from "../../../lib/usePageMeta";

type AnalyticsSearch = { days?: AnalyticsPeriod };

/** The spec's default period. */
const DEFAULT_DAYS: AnalyticsPeriod = 30;

export const Route = createFileRoute("/admin/analytics/")({
  // ?days=7|30|90 keeps the chosen period across reloads and in links; anything else is dropped.
  validateSearch: (search: Record<string, unknown>): AnalyticsSearch => {
    const days = Number(search.days);
    return days === 7 || days === 30 || days === 90 ? { days } : {};
  },
  loaderDeps: ({ search }) => ({ days: search.days ?? DEFAULT_DAYS }),
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(adminAnalyticsQueryOptions(deps.days)),
  component: AdminAnalytics,
});

const meta = defineMessages({
  title: { id: "meta.admin.analytics.title", defaultMessage: "Admin: Site Analytics" },
});

function AdminAnalytics() {
  usePageMeta(meta);
  const { days = DEFAULT_DAYS } = Route.useSearch();
  const navigate = useNavigate({ from: "/admin/analytics/" });
  return (
    <PageFrame
      title={<FormattedMessage id="admin.analytics.title" defaultMessage="Site Analytics" />}
      intro={<FormattedMessage id="admin.analytics.intro" defaultMessage="Traffic, sessions and member activity over time." />}
    >
      <AnalyticsPage
        days={days}
        onDaysChange={(next) => void navigate({ search: next === DEFAULT_DAYS ? {} : { days: next }, replace: true, resetScroll: false })}
      />
    </PageFrame>
  );
}
