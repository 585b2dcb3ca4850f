// /rooms/:room: the room as the list describes it for this viewer. A room they may not read shows
// what opens it, as on /rooms; one they may read opens its socket (Room.tsx). When the member's
// tier stops opening the room while it is open (the socket closes 4403), the page says so and
// reads the list again, which then shows the lock.
import { Link } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useIntl } from "react-intl";
import { EmptyState } from "../../components/EmptyState";
import { PageFrame } from "../../components/PageFrame";
import { QueryState } from "../../components/QueryState";
import type { RoomSummary } from "#contracts/rooms/rooms.ts";
import { Room } from "./Room";
import RoomsMessages from "./messages?feature";
import { inLanguage, RoomLock } from "./RoomLock";
import { roomsMessages as m } from "./messages";
import { roomsQueryOptions } from "./queries";
import "./rooms.css";

/** `linkedSeq`: the message a link names (`?seq=`), shown and marked when the room opens. */
export function RoomPage({ roomId, linkedSeq }: { roomId: string; linkedSeq?: number }) {
  return (
    <RoomsMessages>
      <RoomLoader roomId={roomId} linkedSeq={linkedSeq} />
    </RoomsMessages>
  );
}

function RoomLoader({ roomId, linkedSeq }: { roomId: string; linkedSeq?: number }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const query = useQuery(roomsQueryOptions());
  const [accessEnded, setAccessEnded] = useState(false);
  const recheck = useCallback(() => void queryClient.invalidateQueries({ queryKey: roomsQueryOptions().queryKey }), [queryClient]);
  const onAccessEnded = useCallback(() => {
    setAccessEnded(true);
    recheck();
  }, [recheck]);
  const room = query.data?.rooms.find((r) => r.id === roomId);
  return (
    <PageFrame title={room ? inLanguage(intl, room.name) : intl.formatMessage(m.roomTitle)} intro={room && inLanguage(intl, room.description)}>
      <div className="room-page">
        <Link to="/rooms" className="room-back">
          {intl.formatMessage(m.backToRooms)}
        </Link>
        {accessEnded && (
          <p className="error-banner" role="alert">
            {intl.formatMessage(m.accessEnded)}
          </p>
        )}
        <QueryState query={query} loading={intl.formatMessage(m.roomLoading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
          {() =>
            room ? (
              <RoomView room={room} onAccessEnded={onAccessEnded} onReconnecting={recheck} linkedSeq={linkedSeq} />
            ) : (
              <EmptyState icon="globe" title={intl.formatMessage(m.notFound)} />
            )
          }
        </QueryState>
      </div>
    </PageFrame>
  );
}

function RoomView(props: { room: RoomSummary; onAccessEnded: () => void; onReconnecting: () => void; linkedSeq?: number }) {
  const { room } = props;
  const intl = useIntl();
  return (
    <>
      {room.archived && <p className="room-archived muted">{intl.formatMessage(m.archived)}</p>}
      {room.locked ? <RoomLock room={room} refusal={room.locked} /> : <Room {...props} />}
    </>
  );
}
