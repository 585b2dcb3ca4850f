import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PageFrame } from "../../components/PageFrame";

export const Route = createFileRoute("/admin/venues")({ component: AdminVenues });

function AdminVenues() {
  return (
    <PageFrame
      title={<FormattedMessage id="admin.venues.title" defaultMessage="Venue Management" />}
      intro={<FormattedMessage id="admin.venues.intro" defaultMessage="The venues where events take place." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
