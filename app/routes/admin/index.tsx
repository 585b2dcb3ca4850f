import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PageFrame } from "../../components/PageFrame";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/")({ component: AdminOverview });

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
      <ComingSoon />
    </PageFrame>
  );
}
