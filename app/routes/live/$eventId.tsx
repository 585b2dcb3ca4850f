import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import EventsMessages from "../../features/events/messages?feature";
import { RemindMe } from "../../features/events/RemindMe";
import { LivePage, type LivePageSlots } from "../../features/live/LivePage";
import { RoomChat } from "../../features/rooms/RoomChat";
import { usePageMeta } from "../../lib/usePageMeta";

/**
 * A live show (decision 113): everyone may open it; the Worker says what this viewer may watch and
 * the page shows what opens the rest. Rendered in the browser: the player (hls.js, loaded when it
 * mounts) and the room are the viewer's own.
 */
export const Route = createFileRoute("/live/$eventId")({
  component: LiveRoute,
});

const meta = defineMessages({
  title: { id: "meta.live.title", defaultMessage: "Live show" },
});

/** The room and "Remind me" are other features': composed here. */
const slots: LivePageSlots = {
  room: (roomId, onShowEnded) => <RoomChat roomId={roomId} onShowEnded={onShowEnded} />,
  remind: (event) => (
    <EventsMessages>
      <RemindMe event={{ ...event, past: false }} />
    </EventsMessages>
  ),
};

function LiveRoute() {
  usePageMeta(meta);
  const { eventId } = Route.useParams();
  return <LivePage eventId={eventId} slots={slots} />;
}
