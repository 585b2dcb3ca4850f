import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import AdminFormMessages from "../../features/admin/components/form/messages?feature";
import RoomsAdminMessages from "../../features/admin/rooms/messages?feature";
import { RoomsAdminPage } from "../../features/admin/rooms/RoomsAdminPage";
import { adminRoomsQueryOptions } from "../../features/admin/rooms/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/rooms")({
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(adminRoomsQueryOptions()),
  component: AdminRooms,
});

const meta = defineMessages({
  title: { id: "meta.admin.rooms.title", defaultMessage: "Admin: Community Rooms" },
});

function AdminRooms() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.roomsPage.title" defaultMessage="Community Rooms" />}
      intro={
        <FormattedMessage
          id="admin.roomsPage.intro"
          defaultMessage="The rooms where fans talk: who may read and write in each, slow mode, archiving and the fans who moderate them."
        />
      }
    >
      <AdminFormMessages>
        <RoomsAdminMessages>
          <RoomsAdminPage />
        </RoomsAdminMessages>
      </AdminFormMessages>
    </PageFrame>
  );
}
