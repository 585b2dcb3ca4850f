import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PageFrame } from "../../components/PageFrame";

export const Route = createFileRoute("/admin/events")({ component: AdminEvents });

function AdminEvents() {
  return (
    <PageFrame
      title={<FormattedMessage id="admin.events.title" defaultMessage="Event Management" />}
      intro={<FormattedMessage id="admin.events.intro" defaultMessage="Create, publish and cancel events." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
