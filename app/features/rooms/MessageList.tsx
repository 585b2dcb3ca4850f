// The room's messages, oldest first and the newest at the bottom: each with its author's picture
// and name, the time and the text; a marker before the first unread; then the member's sends
// still waiting for their echo.
import { useIntl } from "react-intl";
import { Avatar } from "../../components/Avatar";
import { TierBadge } from "../../components/TierBadge";
import type { RoomMessage } from "#contracts/rooms.ts";
import { MessageText } from "./MessageText";
import { ModerateMenu, type ModerationAction } from "./Moderation";
import { ReportButton } from "./ReportDialog";
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
  /** Others' messages get a Report button (decision 111). */
  onReport?: (message: RoomMessage) => void;
};

export function MessageList({ messages, pending, firstUnread, myId, myName, myAvatar, onModerate, onReport }: Props) {
  const intl = useIntl();
  if (messages.length === 0 && pending.length === 0) return <p className="muted">{intl.formatMessage(m.noMessages)}</p>;
  return (
    <ol className="room-messages">
      {messages.map((message) => (
        <li key={message.seq} id={messageElementId(message.seq)} tabIndex={-1} className="room-message">
          {message.seq === firstUnread && (
            <p className="room-unread-marker" role="separator">
              {intl.formatMessage(m.firstUnread)}
            </p>
          )}
          <Avatar src={message.avatarUrl} alt="" size={32} />
          <div className="room-message-body">
            <p className="room-message-head">
              <span className="room-message-name">{message.username}</span>{" "}
              <TierBadge holder={{ isVIP: false, tier: message.tier ?? null }} vipLabel="" className="room-tier-badge" />{" "}
              <time className="muted" dateTime={message.at}>
                {intl.formatDate(message.at, { dateStyle: "short", timeStyle: "short" })}
              </time>
            </p>
            <MessageText text={message.text} />
          </div>
          {onModerate && message.userId !== myId && <ModerateMenu message={message} onChoose={onModerate} />}
          {onReport && message.userId !== myId && <ReportButton message={message} onReport={onReport} />}
        </li>
      ))}
      {pending.map((send) => (
        <li key={send.clientId} className="room-message is-pending">
          <Avatar src={myAvatar} alt="" size={32} />
          <div className="room-message-body">
            <p className="room-message-head">
              <span className="room-message-name">{myName}</span> <span className="muted">{intl.formatMessage(m.sending)}</span>
            </p>
            <MessageText text={send.text} />
          </div>
        </li>
      ))}
    </ol>
  );
}
