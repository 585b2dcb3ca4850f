import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import EventsMessages from "../../features/admin/events/messages?feature";
import { VenuesAdminPage } from "../../features/admin/events/VenuesAdminPage";
import { adminVenuesQueryOptions } from "../../features/admin/events/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/venues")({
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(adminVenuesQueryOptions()),
  component: AdminVenues,
});

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
      <EventsMessages>
        <VenuesAdminPage />
      </EventsMessages>
    </PageFrame>
  );
}
