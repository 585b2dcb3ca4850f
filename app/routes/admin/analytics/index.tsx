import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { ComingSoon } from "../../../components/ComingSoon";
import { PageFrame } from "../../../components/PageFrame";
import { usePageMeta } from "../../../lib/usePageMeta";

export const Route = createFileRoute("/admin/analytics/")({ component: AdminAnalytics });

const meta = defineMessages({
  title: { id: "meta.admin.analytics.title", defaultMessage: "Admin: Site Analytics" },
});

function AdminAnalytics() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.analytics.title" defaultMessage="Site Analytics" />}
      intro={<FormattedMessage id="admin.analytics.intro" defaultMessage="Traffic, sessions and member activity over time." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
