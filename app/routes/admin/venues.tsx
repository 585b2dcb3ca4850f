import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PageFrame } from "../../components/PageFrame";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/venues")({ component: AdminVenues });

const meta = defineMessages({
  title: { id: "meta.admin.venues.title", defaultMessage: "Admin: Venues" },
});

function AdminVenues() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.venues.title" defaultMessage="Venue Management" />}
      intro={<FormattedMessage id="admin.venues.intro" defaultMessage="The venues where events take place." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
