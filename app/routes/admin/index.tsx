import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PageFrame } from "../../components/PageFrame";

export const Route = createFileRoute("/admin/")({ component: AdminOverview });

function AdminOverview() {
  return (
    <PageFrame
      title={<FormattedMessage id="admin.overview.title" defaultMessage="Overview" />}
      intro={<FormattedMessage id="admin.overview.intro" defaultMessage="Visitors, members, events and messages at a glance." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
