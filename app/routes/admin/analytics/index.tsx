import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { ComingSoon } from "../../../components/ComingSoon";
import { PageFrame } from "../../../components/PageFrame";

export const Route = createFileRoute("/admin/analytics/")({ component: AdminAnalytics });

function AdminAnalytics() {
  return (
    <PageFrame
      title={<FormattedMessage id="admin.analytics.title" defaultMessage="Site Analytics" />}
      intro={<FormattedMessage id="admin.analytics.intro" defaultMessage="Traffic, sessions and member activity over time." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
