import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { OverviewPage } from "../../features/admin/overview/OverviewPage";
import { adminOverviewQueryOptions } from "../../features/admin/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/")({
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(adminOverviewQueryOptions()),
  component: AdminOverview,
});

const meta = defineMessages({
  title: { id: "meta.admin.overview.title", defaultMessage: "Admin: Overview" },
});

function AdminOverview() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.overview.title" defaultMessage="Overview" />}
      intro={<FormattedMessage id="admin.overview.intro" defaultMessage="Visitors, members, events and messages at a glance." />}
    >
      <OverviewPage />
    </PageFrame>
  );
}
