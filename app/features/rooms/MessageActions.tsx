// What a member does to a message in a room (decision 109): the reaction bar (the room's fixed
// emoji, each a toggle button naming its count), the thread's count, and behind one "Actions"
// button the picker, Reply, for the author Edit (inline: Enter saves, Escape cancels) and Delete
// (asked first), for moderators Pin/Unpin.
// The frames go out as they are; the room answers everyone, and the page follows its answer.
import { useId, useState, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ROOM_MESSAGE_MAX, ROOM_REACTIONS } from "#contracts/rooms/limits.ts";
import type { RoomClientFrame, RoomMessage } from "#contracts/rooms/rooms.ts";
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

/** The emoji on the message (each a toggle naming its count), or, as the picker, those not on it yet. */
export function ReactionBar({ message, tools, picker = false }: { message: RoomMessage; tools: MessageTools; picker?: boolean }) {
  const intl = useIntl();
  const counts = new Map(message.reactions.map((r) => [r.emoji, r]));
  const shown = ROOM_REACTIONS.filter((emoji) => counts.has(emoji) !== picker);
  if (shown.length === 0) return null;
  return (
    <div className="room-reactions" role="group" aria-label={intl.formatMessage(picker ? t.addReaction : t.reactionsLabel)}>
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
            onClick={() => tools.act({ type: "react", seq: message.seq, emoji, on: !mine })}
          >
            {emoji} {reaction ? reaction.count : ""}
          </button>
        );
      })}
    </div>
  );
}

type ToolsProps = { message: RoomMessage; tools: MessageTools; onEdit: () => void; onDelete: () => void };

/**
 * The thread's count, and one "Actions" disclosure (a single button per message until opened:
 * long rooms stay light) with the reaction picker, Reply, the author's Edit and Delete and the
 * moderators' Pin.
 */
export function MessageButtons({ message, tools, onEdit, onDelete }: ToolsProps) {
  const intl = useIntl();
  const id = useId();
  const [open, setOpen] = useState(false);
  const mine = message.userId === tools.myId;
  const pinned = tools.pinned.has(message.seq);
  const then = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  const any = !message.deleted && (tools.mayWrite || mine || tools.moderates);
  return (
    <div className="room-message-tools">
      {message.replyCount > 0 && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => tools.onOpenThread(message)}>
          {intl.formatMessage(t.replies, { count: message.replyCount })}
        </button>
      )}
      {any && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-expanded={open}
          aria-controls={id}
          aria-label={intl.formatMessage(t.actionsFor, { name: message.username })}
          onClick={() => setOpen(!open)}
        >
          <span aria-hidden="true">⋯</span>
        </button>
      )}
      {any && open && (
        <div id={id} className="room-message-actions">
          {tools.mayWrite && <ReactionBar message={message} tools={tools} picker />}
          {tools.mayWrite && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={intl.formatMessage(t.replyTo, { name: message.username })}
              onClick={then(() => tools.onReply(message))}
            >
              {intl.formatMessage(t.reply)}
            </button>
          )}
          {mine && tools.mayWrite && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={then(onEdit)}>
              {intl.formatMessage(t.edit)}
            </button>
          )}
          {mine && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={then(onDelete)}>
              {intl.formatMessage(t.delete)}
            </button>
          )}
          {tools.moderates && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={then(() => tools.act({ type: pinned ? "unpin" : "pin", seq: message.seq }))}>
              {intl.formatMessage(pinned ? t.unpin : t.pin)}
            </button>
          )}
        </div>
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
