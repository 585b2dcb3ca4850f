// /rooms: every room the Worker lists, in the reader's language, with the viewer's unread count,
// archived rooms marked read-only, and for a room the viewer may not read, what opens it.
import { Link } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { EmptyState } from "../../components/EmptyState";
import { QueryState } from "../../components/QueryState";
import type { RoomSummary } from "#contracts/rooms/rooms.ts";
import RoomsMessages from "./messages?feature";
import { inLanguage, RoomLock } from "./RoomLock";
import { roomsMessages as m } from "./messages";
import { roomsQueryOptions } from "./queries";
import "./rooms.css";

export function RoomsListPage() {
  return (
    <RoomsMessages>
      <RoomsList />
    </RoomsMessages>
  );
}

function RoomsList() {
  const intl = useIntl();
  const query = useQuery(roomsQueryOptions());
  return (
    <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
      {({ rooms }) =>
        rooms.length === 0 ? (
          <EmptyState icon="globe" title={intl.formatMessage(m.empty)} />
        ) : (
          <ul className="rooms-list">
            {rooms.map((room) => (
              <RoomItem key={room.id} room={room} />
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

/** The unread count as a badge: the number shown, "3 unread" said. */
export function UnreadBadge({ count }: { count: number }) {
  const intl = useIntl();
  return (
    <span className="badge badge-admin room-unread">
      <span aria-hidden="true">{intl.formatNumber(count)}</span>
      <span className="sr-only">{intl.formatMessage(m.unread, { count })}</span>
    </span>
  );
}

function RoomItem({ room }: { room: RoomSummary }) {
  const intl = useIntl();
  const name = inLanguage(intl, room.name);
  return (
    <li className={room.locked ? "rooms-item card is-locked" : "rooms-item card"}>
      <h2 className="rooms-item-name">
        {room.locked ? (
          name
        ) : (
          <Link to="/rooms/$room" params={{ room: room.id }}>
            {name}
          </Link>
        )}
        {room.unread !== null && room.unread > 0 && <UnreadBadge count={room.unread} />}
      </h2>
      <p className="rooms-item-description">{inLanguage(intl, room.description)}</p>
      {room.archived && <p className="room-archived muted">{intl.formatMessage(m.archived)}</p>}
      {room.locked && <RoomLock room={room} refusal={room.locked} />}
    </li>
  );
}
