// The room's composer: a labelled text area where Enter sends and Shift+Enter starts a new line,
// with a count of the characters left once the text nears the limit. A reply shows "Replying to
// <name>" above it, which Escape (or its button) cancels.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { ROOM_MESSAGE_MAX } from "#contracts/room-limits.ts";
import type { RoomMessage } from "#contracts/rooms.ts";
import { roomsMessages as m } from "./messages";
import { threadMessages as t } from "./threadMessages";

/** The counter shows from this many characters left. */
const COUNTER_FROM = 500;

type Props = {
  onSend: (text: string, replyTo?: number) => void;
  disabled: boolean;
  /** The message this one answers, if the member chose Reply. */
  replyingTo?: RoomMessage | null;
  onCancelReply?: () => void;
};

export function Composer({ onSend, disabled, replyingTo = null, onCancelReply }: Props) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState("");
  const area = useRef<HTMLTextAreaElement>(null);
  // Choosing Reply puts the cursor where the reply is written.
  useEffect(() => {
    if (replyingTo) area.current?.focus();
  }, [replyingTo]);
  const left = ROOM_MESSAGE_MAX - text.length;
  const canSend = !disabled && text.trim() !== "" && left >= 0;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    if (replyingTo) onSend(text, replyingTo.seq);
    else onSend(text);
    setText("");
    onCancelReply?.();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape" && replyingTo) {
      event.preventDefault();
      onCancelReply?.();
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className="room-composer" onSubmit={submit}>
      {replyingTo && (
        <p className="room-replying" id={`${id}-reply`}>
          <span>{intl.formatMessage(t.replyingTo, { name: replyingTo.username })}</span>{" "}
          <button type="button" className="btn btn-ghost btn-sm" onClick={onCancelReply}>
            {intl.formatMessage(t.cancelReply)}
          </button>
        </p>
      )}
      <label htmlFor={`${id}-text`}>{intl.formatMessage(m.composerLabel)}</label>
      <textarea
        ref={area}
        id={`${id}-text`}
        rows={2}
        value={text}
        aria-describedby={`${replyingTo ? `${id}-reply ` : ""}${id}-hint ${id}-count`}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <p className="room-composer-foot">
        <span id={`${id}-hint`} className="muted">
          {intl.formatMessage(m.composerHint)}
        </span>
        <span id={`${id}-count`} className={left < 0 ? "field-error" : "muted"} aria-live="polite">
          {left <= COUNTER_FROM && (left >= 0 ? intl.formatMessage(m.charactersLeft, { count: left }) : intl.formatMessage(m.charactersOver, { count: -left }))}
        </span>
        <button type="submit" className="btn btn-primary" disabled={!canSend}>
          {intl.formatMessage(m.send)}
        </button>
      </p>
    </form>
  );
}
