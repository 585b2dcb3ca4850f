import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { ControlRoomPage } from "../../features/admin/live/ControlRoomPage";
import LiveAdminMessages from "../../features/admin/live/messages?feature";
import { controlRoomQueryOptions } from "../../features/admin/live/queries";
import { usePageMeta } from "../../lib/usePageMeta";

// A live show's control room (decision 113), reached from the event in the back office.
export const Route = createFileRoute("/admin/live/$eventId")({
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(controlRoomQueryOptions(params.eventId)),
  component: AdminLive,
});

const meta = defineMessages({
  title: { id: "meta.admin.live.title", defaultMessage: "Admin: Live show control room" },
});

function AdminLive() {
  usePageMeta(meta);
  const { eventId } = Route.useParams();
  return (
    <PageFrame title={<FormattedMessage id="admin.livePage.title" defaultMessage="Live show control room" />}>
      <LiveAdminMessages>
        <ControlRoomPage eventId={eventId} />
      </LiveAdminMessages>
    </PageFrame>
  );
}
