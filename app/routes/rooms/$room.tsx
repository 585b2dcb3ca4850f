import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { RoomPage } from "../../features/rooms/RoomPage";
import { roomsQueryOptions } from "../../features/rooms/queries";
import { requireSignedIn } from "../../lib/session/guards";
import { usePageMeta } from "../../lib/usePageMeta";

/**
 * One community room: signed-in members (a visitor signs in and comes back; the Worker refuses a
 * room its rule keeps them out of, and the page shows what opens it). Rendered in the browser.
 * `?seq=N` (a notification's link) opens it at message N.
 */
export const Route = createFileRoute("/rooms/$room")({
  validateSearch: (search: Record<string, unknown>): { seq?: number } => {
    const seq = Number(search.seq);
    return Number.isSafeInteger(seq) && seq > 0 ? { seq } : {};
  },
  beforeLoad: requireSignedIn,
  loader: ({ context }) => void context.queryClient.prefetchQuery(roomsQueryOptions()),
  component: RoomRoute,
});

const meta = defineMessages({
  title: { id: "meta.room.title", defaultMessage: "Room" },
});

function RoomRoute() {
  usePageMeta(meta);
  const { room } = Route.useParams();
  const { seq } = Route.useSearch();
  return <RoomPage roomId={room} linkedSeq={seq} />;
}
