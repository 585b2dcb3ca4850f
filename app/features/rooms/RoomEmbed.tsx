// A room inside another page (a live show's): the same room as /rooms/:room, without the page
// around it. A room the viewer may not read shows what opens it.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useIntl } from "react-intl";
import { QueryState } from "../../components/QueryState";
import { Room } from "./Room";
import { RoomsMessages } from "./RoomsMessages";
import { inLanguage, RoomLock } from "./RoomLock";
import { roomsMessages as m } from "./messages";
import { roomsQueryOptions } from "./queries";
import "./rooms.css";

export function RoomEmbed({ roomId }: { roomId: string }) {
  return (
    <RoomsMessages>
      <EmbeddedRoom roomId={roomId} />
    </RoomsMessages>
  );
}

function EmbeddedRoom({ roomId }: { roomId: string }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const query = useQuery(roomsQueryOptions());
  const recheck = useCallback(() => void queryClient.invalidateQueries({ queryKey: roomsQueryOptions().queryKey }), [queryClient]);
  return (
    <QueryState query={query} loading={intl.formatMessage(m.roomLoading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
      {(data) => {
        const room = data.rooms.find((r) => r.id === roomId);
        if (!room) return null;
        return (
          <div className="room-embed">
            <h2 className="room-embed-title">{inLanguage(intl, room.name)}</h2>
            {room.locked ? <RoomLock room={room} refusal={room.locked} /> : <Room room={room} onAccessEnded={recheck} onReconnecting={recheck} />}
          </div>
        );
      }}
    </QueryState>
  );
}
