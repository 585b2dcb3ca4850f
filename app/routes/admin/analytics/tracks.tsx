import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { ComingSoon } from "../../../components/ComingSoon";
import { PageFrame } from "../../../components/PageFrame";

export const Route = createFileRoute("/admin/analytics/tracks")({ component: AdminTrackAnalytics });

function AdminTrackAnalytics() {
  return (
    <PageFrame
      title={<FormattedMessage id="admin.trackAnalytics.title" defaultMessage="Track Analytics" />}
      intro={<FormattedMessage id="admin.trackAnalytics.intro" defaultMessage="Which tracks members play, and how often." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
