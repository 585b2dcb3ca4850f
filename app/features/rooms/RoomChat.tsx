// A room shown inside another page (a listening party's chat beside its player, decision 107):
// the room as GET /api/rooms/:id describes it for this viewer, then the same Room as /rooms/:room,
// or what opens it. The page composing it (app/routes) names the room, and on a live show's page
// learns from it when the show ended; this feature owns the rest.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useIntl } from "react-intl";
import { QueryState } from "../../components/QueryState";
import { Room } from "./Room";
import { RoomLock } from "./RoomLock";
import RoomsMessages from "./messages?feature";
import { roomsMessages as m } from "./messages";
import { roomQueryOptions } from "./queries";
import "./rooms.css";

export function RoomChat({ roomId, onShowEnded }: { roomId: string; onShowEnded?: () => void }) {
  return (
    <RoomsMessages>
      <RoomChatLoader roomId={roomId} onShowEnded={onShowEnded} />
    </RoomsMessages>
  );
}

function RoomChatLoader({ roomId, onShowEnded }: { roomId: string; onShowEnded?: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const query = useQuery(roomQueryOptions(roomId));
  const [accessEnded, setAccessEnded] = useState(false);
  const recheck = useCallback(() => void queryClient.invalidateQueries({ queryKey: roomQueryOptions(roomId).queryKey }), [queryClient, roomId]);
  const onAccessEnded = useCallback(() => {
    setAccessEnded(true);
    recheck();
  }, [recheck]);
  return (
    <section className="room-chat card" aria-labelledby="room-chat-title">
      {/* A section of the page it sits in, under the page's own title: on a live show's page nothing
          else comes between them, so a third level skipped one. */}
      <h2 id="room-chat-title">{intl.formatMessage(m.chatTitle)}</h2>
      {accessEnded && (
        <p className="error-banner" role="alert">
          {intl.formatMessage(m.accessEnded)}
        </p>
      )}
      <QueryState query={query} loading={intl.formatMessage(m.roomLoading)} failed={intl.formatMessage(m.chatLoadFailed)} retry={intl.formatMessage(m.retry)}>
        {({ room }) =>
          room.locked ? (
            <RoomLock room={room} refusal={room.locked} />
          ) : (
            <Room room={room} onAccessEnded={onAccessEnded} onReconnecting={recheck} onShowEnded={onShowEnded} />
          )
        }
      </QueryState>
    </section>
  );
}
