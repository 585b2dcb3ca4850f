import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { EventsAdminPage } from "../../features/admin/events/EventsAdminPage";
import EventsMessages from "../../features/admin/events/messages?feature";
import AdminFormMessages from "../../features/admin/components/form/messages?feature";
import { adminEventsQueryOptions, NO_FILTERS } from "../../features/admin/events/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/events")({
  // Prefetch the unfiltered list without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(adminEventsQueryOptions(NO_FILTERS)),
  component: AdminEvents,
});

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
      <EventsMessages>
        <AdminFormMessages>
          <EventsAdminPage />
        </AdminFormMessages>
      </EventsMessages>
    </PageFrame>
  );
}
