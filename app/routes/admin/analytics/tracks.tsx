import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { ComingSoon } from "../../../components/ComingSoon";
import { PageFrame } from "../../../components/PageFrame";
import { usePageMeta } from "../../../lib/usePageMeta";

export const Route = createFileRoute("/admin/analytics/tracks")({ component: AdminTrackAnalytics });

const meta = defineMessages({
  title: { id: "meta.admin.trackAnalytics.title", defaultMessage: "Admin: Track Analytics" },
});

function AdminTrackAnalytics() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.trackAnalytics.title" defaultMessage="Track Analytics" />}
      intro={<FormattedMessage id="admin.trackAnalytics.intro" defaultMessage="Which tracks members play, and how often." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
