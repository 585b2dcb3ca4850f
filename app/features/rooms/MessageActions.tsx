// What a member does to a message in a room (decision 109): the reaction bar (the room's fixed
// emoji, each a toggle button naming its count), Reply and the thread's count, and for the author
// Edit (inline: Enter saves, Escape cancels) and Delete (asked first); for moderators Pin/Unpin.
// The frames go out as they are; the room answers everyone, and the page follows its answer.
import { useId, useState, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ROOM_MESSAGE_MAX, ROOM_REACTIONS } from "#contracts/room-limits.ts";
import type { RoomClientFrame, RoomMessage } from "#contracts/rooms.ts";
import { threadMessages as t } from "./threadMessages";

/** What the list needs to offer these on each message. */
export type MessageTools = {
  myId: string;
  mayWrite: boolean;
  moderates: boolean;
  pinned: ReadonlySet<number>;
  act: (frame: RoomClientFrame) => void;
  onReply: (message: RoomMessage) => void;
  onOpenThread: (message: RoomMessage) => void;
};

export function ReactionBar({ message, tools }: { message: RoomMessage; tools: MessageTools }) {
  const intl = useIntl();
  const [picking, setPicking] = useState(false);
  const counts = new Map(message.reactions.map((r) => [r.emoji, r]));
  // The emoji already on it always show; the rest behind "Add a reaction".
  const shown = ROOM_REACTIONS.filter((emoji) => counts.has(emoji) || (picking && tools.mayWrite));
  return (
    <div className="room-reactions" role="group" aria-label={intl.formatMessage(t.reactionsLabel)}>
      {shown.map((emoji) => {
        const reaction = counts.get(emoji);
        const mine = reaction?.mine ?? false;
        return (
          <button
            key={emoji}
            type="button"
            className={`btn btn-ghost btn-sm room-reaction${mine ? " is-mine" : ""}`}
            aria-pressed={mine}
            disabled={!tools.mayWrite}
            aria-label={intl.formatMessage(t.react, { emoji, count: reaction?.count ?? 0 })}
            onClick={() => {
              tools.act({ type: "react", seq: message.seq, emoji, on: !mine });
              setPicking(false);
            }}
          >
            {emoji} {reaction ? reaction.count : ""}
          </button>
        );
      })}
      {tools.mayWrite && (
        <button type="button" className="btn btn-ghost btn-sm" aria-expanded={picking} onClick={() => setPicking(!picking)}>
          <span aria-hidden="true">☺+</span>
          <span className="sr-only">{intl.formatMessage(t.addReaction)}</span>
        </button>
      )}
    </div>
  );
}

type ToolsProps = { message: RoomMessage; tools: MessageTools; onEdit: () => void; onDelete: () => void };

/** Reply, the thread's count, and the author's and moderators' own buttons. */
export function MessageButtons({ message, tools, onEdit, onDelete }: ToolsProps) {
  const intl = useIntl();
  const mine = message.userId === tools.myId;
  const pinned = tools.pinned.has(message.seq);
  return (
    <div className="room-message-tools">
      {message.replyCount > 0 && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => tools.onOpenThread(message)}>
          {intl.formatMessage(t.replies, { count: message.replyCount })}
        </button>
      )}
      {tools.mayWrite && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-label={intl.formatMessage(t.replyTo, { name: message.username })}
          onClick={() => tools.onReply(message)}
        >
          {intl.formatMessage(t.reply)}
        </button>
      )}
      {mine && tools.mayWrite && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={onEdit}>
          {intl.formatMessage(t.edit)}
        </button>
      )}
      {mine && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDelete}>
          {intl.formatMessage(t.delete)}
        </button>
      )}
      {tools.moderates && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => tools.act({ type: pinned ? "unpin" : "pin", seq: message.seq })}>
          {intl.formatMessage(pinned ? t.unpin : t.pin)}
        </button>
      )}
    </div>
  );
}

/** The author's message as an editable text: Enter saves (unchanged or empty text just closes), Escape cancels. */
export function MessageEditor({ message, onSave, onClose }: { message: RoomMessage; onSave: (text: string) => void; onClose: () => void }) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState(message.text);
  const save = () => {
    if (text.trim() !== "" && text !== message.text && text.length <= ROOM_MESSAGE_MAX) onSave(text);
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  };
  return (
    <div className="room-message-editor">
      <label htmlFor={id} className="sr-only">
        {intl.formatMessage(t.editLabel)}
      </label>
      <textarea id={id} rows={2} value={text} autoFocus aria-describedby={`${id}-hint`} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} />
      <p className="room-composer-foot">
        <span id={`${id}-hint`} className="muted">
          {intl.formatMessage(t.editHint)}
        </span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          {intl.formatMessage(t.cancel)}
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={save}>
          {intl.formatMessage(t.save)}
        </button>
      </p>
    </div>
  );
}

export function DeleteConfirm({ onConfirm, onClose }: { onConfirm: () => void; onClose: () => void }) {
  const intl = useIntl();
  return (
    <ConfirmDialog
      title={intl.formatMessage(t.deleteTitle)}
      cancelLabel={intl.formatMessage(t.cancel)}
      confirmLabel={intl.formatMessage(t.delete)}
      onConfirm={() => {
        onConfirm();
        onClose();
      }}
      onClose={onClose}
    >
      <p>{intl.formatMessage(t.deleteQuestion)}</p>
    </ConfirmDialog>
  );
}

/** A reply's quote of its parent, one line. */
export function ReplyQuote({ quote }: { quote: NonNullable<RoomMessage["replyTo"]> }) {
  const intl = useIntl();
  return (
    <p className="room-reply-quote muted">
      {quote.gone ? (
        intl.formatMessage(t.quoteGone)
      ) : (
        <>
          <span className="room-message-name">{quote.username}</span> {quote.text.length > 120 ? `${quote.text.slice(0, 120)}…` : quote.text}
        </>
      )}
    </p>
  );
}
