// The conversation: a scrolling log of the member's and the persona's bubbles, the reply being
// written, and, before the first message, an invitation with suggested questions.
// Replies are plain text (React escapes them; line breaks kept by CSS), never HTML.
import { useLayoutEffect, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ChatMessage } from "#contracts/chat.ts";
import { Loading } from "../../components/Loading";
import { MESSAGE_TIME_FORMAT } from "./copy";
import { chatMessages as m, emptyHintMessage, typingMessage } from "./messages";
import { isNearBottom } from "./scroll";
import type { ChatEntry, ChatReply } from "./state";

type MessageListProps = {
  messages: ChatEntry[];
  reply: ChatReply | null;
  persona: string;
  loaded: boolean;
  /** Whether a suggestion may be sent now. */
  canSend: boolean;
  onSuggestion: (text: string) => void;
};

export function MessageList({ messages, reply, persona, loaded, canSend, onSuggestion }: MessageListProps) {
  const intl = useIntl();
  const logRef = useRef<HTMLDivElement>(null);
  // Whether the reader was at the end before the latest change: updated on every scroll.
  const followRef = useRef(true);
  const last = messages.at(-1);
  const replyText = reply?.text;

  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    // The member's own new message always brings the end into view.
    if (followRef.current || last?.pending) {
      log.scrollTop = log.scrollHeight;
      followRef.current = true;
    }
    // Runs when a message is added or replaced and while a reply grows.
  }, [last, replyText]);

  const empty = loaded && messages.length === 0 && reply === null;

  return (
    <div
      ref={logRef}
      className="chat-log"
      role="log"
      aria-live="polite"
      aria-label={intl.formatMessage(m.logLabel)}
      // Focusable so the conversation can be scrolled from the keyboard.
      tabIndex={0}
      onScroll={(e) => {
        followRef.current = isNearBottom(e.currentTarget);
      }}
    >
      {!loaded && <Loading label={<FormattedMessage {...m.loading} />} />}
      {empty && <EmptyChat persona={persona} canSend={canSend} onSuggestion={onSuggestion} />}
      {(messages.length > 0 || reply) && (
        <ol className="chat-messages">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} persona={persona} />
          ))}
          {reply && <ReplyInProgress text={reply.text} persona={persona} />}
        </ol>
      )}
    </div>
  );
}

function MessageBubble({ message, persona }: { message: ChatMessage; persona: string }) {
  const intl = useIntl();
  const mine = message.role === "user";
  return (
    <li className={mine ? "chat-msg chat-msg-user" : "chat-msg chat-msg-assistant"}>
      <p className="chat-msg-meta">
        <span className="chat-msg-sender">{mine ? intl.formatMessage(m.you) : persona}</span>{" "}
        <time dateTime={new Date(message.createdAt).toISOString()}>{intl.formatTime(message.createdAt, MESSAGE_TIME_FORMAT)}</time>
      </p>
      <p className="chat-msg-text">{message.content}</p>
    </li>
  );
}

/** The typing indicator until the first words arrive, then the reply as it is written. */
function ReplyInProgress({ text, persona }: { text: string; persona: string }) {
  const intl = useIntl();
  if (text === "") {
    return (
      <li className="chat-msg chat-msg-assistant chat-typing">
        <span className="chat-typing-dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <span className="chat-typing-text">{intl.formatMessage(typingMessage, { name: persona })}</span>
      </li>
    );
  }
  // Hidden from the live region while it grows (each piece would be read out on its own); the
  // finished reply joins the log as a message and is read then.
  return (
    <li className="chat-msg chat-msg-assistant chat-msg-streaming" aria-hidden="true">
      <p className="chat-msg-meta">
        <span className="chat-msg-sender">{persona}</span>
      </p>
      <p className="chat-msg-text">{text}</p>
    </li>
  );
}

function EmptyChat({ persona, canSend, onSuggestion }: { persona: string; canSend: boolean; onSuggestion: (text: string) => void }) {
  const intl = useIntl();
  const suggestions = [m.suggestNextShow, m.suggestAlbum, m.suggestVip].map((d) => intl.formatMessage(d));
  return (
    <div className="chat-empty">
      <p className="chat-empty-title">
        <FormattedMessage {...m.emptyTitle} />
      </p>
      <p className="muted">{intl.formatMessage(emptyHintMessage, { name: persona })}</p>
      <ul className="chat-suggestions" aria-label={intl.formatMessage(m.suggestionsLabel)}>
        {suggestions.map((text) => (
          <li key={text}>
            <button type="button" className="chat-chip" disabled={!canSend} onClick={() => onSuggestion(text)}>
              {text}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
