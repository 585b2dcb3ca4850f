import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PageFrame } from "../../components/PageFrame";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/events")({ component: AdminEvents });

const meta = defineMessages({
  title: { id: "meta.admin.events.title", defaultMessage: "Admin: Events" },
});

function AdminEvents() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.events.title" defaultMessage="Event Management" />}
      intro={<FormattedMessage id="admin.events.intro" defaultMessage="Create, publish and cancel events." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
