import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { RoomsListPage } from "../../features/rooms/RoomsListPage";
import { roomsQueryOptions } from "../../features/rooms/queries";
import { usePageMeta } from "../../lib/usePageMeta";

// The community rooms (decision 106), for everyone: a visitor sees what each room is and that
// signing in opens it. Rendered in the browser (the list is each viewer's own: unread counts, locks).
export const Route = createFileRoute("/rooms/")({
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(roomsQueryOptions()),
  component: Rooms,
});

const meta = defineMessages({
  title: { id: "meta.rooms.title", defaultMessage: "Rooms" },
});

function Rooms() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="pages.rooms.title" defaultMessage="Rooms" />}
      intro={
        <FormattedMessage id="pages.rooms.intro" defaultMessage="Talk with other fans: rooms for everyone, for each membership tier and for ticket holders." />
      }
    >
      <RoomsListPage />
    </PageFrame>
  );
}
