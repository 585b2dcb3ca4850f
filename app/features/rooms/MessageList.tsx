// The room's messages, oldest first and the newest at the bottom: each with its author's picture
// and name, the time, the text, its pictures and its links' cards; a marker before the first
// unread; then the member's sends still waiting for their echo.
import { memo, useState, type Dispatch, type SetStateAction } from "react";
import { useIntl } from "react-intl";
import { Avatar } from "../../components/Avatar";
import { TierBadge } from "../../components/TierBadge";
import type { RoomMessage } from "#contracts/rooms/rooms.ts";
import { ROOM_DELETED_MEMBER } from "#contracts/rooms/erased.ts";
import { MessageText } from "./MessageText";
import { LinkPreviews, MessagePictures } from "./MessageExtras";
import { ModerateMenu, type ModerationAction } from "./Moderation";
import { ReportButton } from "./ReportDialog";
import { roomsMessages as m } from "./messages";
import type { PendingSend } from "./roomState";
import { DeleteConfirm, MessageButtons, MessageEditor, ReactionBar, ReplyQuote, type MessageTools } from "./MessageActions";
import { threadMessages as t } from "./threadMessages";

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
  /** Reactions, replies, the author's edit and delete, pins (decision 109). */
  tools?: MessageTools;
  /** False in a thread's panel: the main list's items alone carry the ids a jump goes to. */
  anchors?: boolean;
  /** Others' messages get a Report button (decision 111). */
  onReport?: (message: RoomMessage) => void;
};

export function MessageList({ messages, pending, firstUnread, myId, myName, myAvatar, onModerate, onReport, tools, anchors = true }: Props) {
  const intl = useIntl();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  if (messages.length === 0 && pending.length === 0) return <p className="muted">{intl.formatMessage(m.noMessages)}</p>;
  return (
    <>
      <ol className="room-messages">
        {messages.map((message) => (
          <MessageItem
            key={message.seq}
            message={message}
            unreadMarker={message.seq === firstUnread}
            myId={myId}
            onModerate={onModerate}
            onReport={onReport}
            tools={tools}
            anchors={anchors}
            editing={editing === message.seq}
            setEditing={setEditing}
            setDeleting={setDeleting}
          />
        ))}
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
      {tools && deleting !== null && <DeleteConfirm onConfirm={() => tools.act({ type: "delete", seq: deleting })} onClose={() => setDeleting(null)} />}
    </>
  );
}

type ItemProps = {
  message: RoomMessage;
  unreadMarker: boolean;
  myId: string;
  onModerate?: (action: ModerationAction) => void;
  onReport?: (message: RoomMessage) => void;
  tools?: MessageTools;
  anchors: boolean;
  editing: boolean;
  setEditing: Dispatch<SetStateAction<number | null>>;
  setDeleting: Dispatch<SetStateAction<number | null>>;
};

/** One message; kept when its props are the same, so a page of older messages does not redraw the rest. */
const MessageItem = memo(function MessageItem({
  message,
  unreadMarker,
  myId,
  onModerate,
  onReport,
  tools,
  anchors,
  editing,
  setEditing,
  setDeleting,
}: ItemProps) {
  const intl = useIntl();
  const erased = message.userId === ROOM_DELETED_MEMBER;
  return (
    <li id={anchors ? messageElementId(message.seq) : undefined} tabIndex={-1} className="room-message">
      {unreadMarker && (
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
          {message.editedAt && !message.deleted && (
            <>
              {" "}
              <time className="muted" dateTime={message.editedAt}>
                {intl.formatMessage(t.edited)}
              </time>
            </>
          )}
        </p>
        {message.replyTo && <ReplyQuote quote={message.replyTo} />}
        {erased ? (
          <p className="room-message-text muted">{intl.formatMessage(m.erasedMessage)}</p>
        ) : message.deleted ? (
          <p className="room-message-deleted muted">{intl.formatMessage(t.deleted)}</p>
        ) : tools && editing ? (
          <MessageEditor message={message} onSave={(text) => tools.act({ type: "edit", seq: message.seq, text })} onClose={() => setEditing(null)} />
        ) : (
          <>
            {message.text !== "" && <MessageText text={message.text} />}
            <MessagePictures pictures={message.pictures} author={message.username} />
            <LinkPreviews previews={message.previews} />
          </>
        )}
        {tools && !message.deleted && !erased && <ReactionBar message={message} tools={tools} />}
        {tools && !erased && (
          <MessageButtons message={message} tools={tools} onEdit={() => setEditing(message.seq)} onDelete={() => setDeleting(message.seq)} />
        )}
      </div>
      {onModerate && message.userId !== myId && !erased && <ModerateMenu message={message} onChoose={onModerate} />}
      {onReport && message.userId !== myId && !erased && !message.deleted && <ReportButton message={message} onReport={onReport} />}
    </li>
  );
});
