// The room's composer: a labelled text area where Enter sends and Shift+Enter starts a new line,
// with a count of the characters left once the text nears the limit.
import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { ROOM_MESSAGE_MAX } from "#contracts/room-limits.ts";
import { roomsMessages as m } from "./messages";

/** The counter shows from this many characters left. */
const COUNTER_FROM = 500;

export function Composer({ onSend, disabled }: { onSend: (text: string) => void; disabled: boolean }) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState("");
  const left = ROOM_MESSAGE_MAX - text.length;
  const canSend = !disabled && text.trim() !== "" && left >= 0;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend(text);
    setText("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className="room-composer" onSubmit={submit}>
      <label htmlFor={`${id}-text`}>{intl.formatMessage(m.composerLabel)}</label>
      <textarea
        id={`${id}-text`}
        rows={2}
        value={text}
        aria-describedby={`${id}-hint ${id}-count`}
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
