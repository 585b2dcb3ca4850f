// The message box (docs/features.md#vip-chat): Enter sends, Shift+Enter adds a line, it grows with its text up to
// 150px, and a counter appears near the 2,000-character limit. Typing goes on while a reply is
// written; only sending waits. Stop ends the reply being written.
import { useId, useLayoutEffect, useState, type FormEvent, type KeyboardEvent, type RefObject } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { CHAT_MESSAGE_MAX_CHARS } from "#contracts/chat.ts";
import { chatMessages as m, counterMessage } from "./messages";

export const INPUT_MAX_HEIGHT_PX = 150;
/** The counter shows from this many characters on. */
export const COUNTER_FROM = CHAT_MESSAGE_MAX_CHARS - 200;

type ChatComposerProps = {
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** Connected, loaded and no reply awaited. */
  canSend: boolean;
  /** A reply is awaited or being written. */
  replying: boolean;
  /** Sends the text; true when it went out (the box then empties). */
  onSend: (text: string) => boolean;
  onStop: () => void;
  /** The text of a message the server refused: it comes back into an empty box. */
  unsent?: { id: string; text: string } | null;
};

export function ChatComposer({ inputRef, canSend, replying, onSend, onStop, unsent = null }: ChatComposerProps) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState("");
  // Each refused message is offered once, and never over something typed since.
  const [offered, setOffered] = useState<string | null>(null);
  if (unsent && unsent.id !== offered) {
    setOffered(unsent.id);
    if (text.trim() === "") setText(unsent.text);
  }
  const length = text.trim().length;
  const tooLong = length > CHAT_MESSAGE_MAX_CHARS;

  // Grows with its content (scrollHeight is measured from the smallest height), up to the cap.
  useLayoutEffect(() => {
    const box = inputRef.current;
    if (!box) return;
    box.style.height = "auto";
    box.style.height = `${Math.min(box.scrollHeight, INPUT_MAX_HEIGHT_PX)}px`;
  }, [text, inputRef]);

  const submit = () => {
    // Whitespace alone is never sent (the hook refuses it too).
    if (!canSend || text.trim() === "") return;
    if (onSend(text)) setText("");
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    submit();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // An input method composing a word uses Enter to commit it.
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  };

  return (
    <form className="chat-composer" noValidate onSubmit={onSubmit}>
      <label htmlFor={`${id}-text`} className="sr-only">
        <FormattedMessage {...m.inputLabel} />
      </label>
      <textarea
        id={`${id}-text`}
        ref={inputRef}
        className="chat-input"
        rows={1}
        value={text}
        placeholder={intl.formatMessage(m.inputPlaceholder)}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-hint${length >= COUNTER_FROM ? ` ${id}-count` : ""}`}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="chat-composer-actions">
        {replying && (
          <button type="button" className="btn btn-ghost" onClick={onStop}>
            <FormattedMessage {...m.stop} />
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={!canSend}>
          <FormattedMessage {...m.send} />
        </button>
      </div>
      <p className="chat-composer-foot">
        <span id={`${id}-hint`} className="muted">
          <FormattedMessage {...m.inputHint} />
        </span>
        {length >= COUNTER_FROM && (
          <span id={`${id}-count`} className={tooLong ? "chat-counter field-error" : "chat-counter muted"}>
            <FormattedMessage {...counterMessage} values={{ count: length, max: CHAT_MESSAGE_MAX_CHARS }} />
          </span>
        )}
      </p>
    </form>
  );
}
