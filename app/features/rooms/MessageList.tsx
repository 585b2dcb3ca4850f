// The room's messages, oldest first and the newest at the bottom: each with its author's picture
// and name, the time, the text, its pictures and its links' cards; a marker before the first
// unread; then the member's sends still waiting for their echo.
import { useIntl } from "react-intl";
import { Avatar } from "../../components/Avatar";
import { TierBadge } from "../../components/TierBadge";
import type { RoomMessage } from "#contracts/rooms.ts";
import { ROOM_DELETED_MEMBER } from "#contracts/room-erased.ts";
import { MessageText } from "./MessageText";
import { LinkPreviews, MessagePictures } from "./MessageExtras";
import { ModerateMenu, type ModerationAction } from "./Moderation";
import { roomsMessages as m } from "./messages";
import type { PendingSend } from "./roomState";

export const messageElementId = (seq: number) => `room-message-${seq}`;

type Props = {
  messages: RoomMessage[];
  pending: PendingSend[];
  firstUnread: number | null;
  myId: string;
  myName: string;
  myAvatar: string | null;
  /** For a moderator: others' messages get the Moderate menu. */
  onModerate?: (action: ModerationAction) => void;
};

export function MessageList({ messages, pending, firstUnread, myId, myName, myAvatar, onModerate }: Props) {
  const intl = useIntl();
  if (messages.length === 0 && pending.length === 0) return <p className="muted">{intl.formatMessage(m.noMessages)}</p>;
  return (
    <ol className="room-messages">
      {messages.map((message) => {
        const erased = message.userId === ROOM_DELETED_MEMBER;
        return (
          <li key={message.seq} id={messageElementId(message.seq)} tabIndex={-1} className="room-message">
            {message.seq === firstUnread && (
              <p className="room-unread-marker" role="separator">
                {intl.formatMessage(m.firstUnread)}
              </p>
            )}
            <Avatar src={message.avatarUrl} alt="" size={32} />
            <div className="room-message-body">
              <p className="room-message-head">
                <span className="room-message-name">{erased ? intl.formatMessage(m.deletedMember) : message.username}</span>{" "}
                <TierBadge holder={{ isVIP: false, tier: message.tier ?? null }} vipLabel="" className="room-tier-badge" />{" "}
                <time className="muted" dateTime={message.at}>
                  {intl.formatDate(message.at, { dateStyle: "short", timeStyle: "short" })}
                </time>
              </p>
              {erased ? (
                <p className="room-message-text muted">{intl.formatMessage(m.erasedMessage)}</p>
              ) : (
                <>
                  {message.text !== "" && <MessageText text={message.text} />}
                  <MessagePictures pictures={message.pictures} author={message.username} />
                  <LinkPreviews previews={message.previews} />
                </>
              )}
            </div>
            {onModerate && message.userId !== myId && !erased && <ModerateMenu message={message} onChoose={onModerate} />}
          </li>
        );
      })}
      {pending.map((send) => (
        <li key={send.clientId} className="room-message is-pending">
          <Avatar src={myAvatar} alt="" size={32} />
          <div className="room-message-body">
            <p className="room-message-head">
              <span className="room-message-name">{myName}</span> <span className="muted">{intl.formatMessage(m.sending)}</span>
            </p>
            {send.text !== "" && <MessageText text={send.text} />}
          </div>
        </li>
      ))}
    </ol>
  );
}
