// The room's social corner while it is open: who listens, reactions and the live chat (admins may
// remove a message or mute a member); listeners and authors carry their tier badge (decision 104). Everything goes through the room's socket (usePartyRoom).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { Avatar } from "../../components/Avatar";
import { TierBadge } from "../../components/TierBadge";
import { PARTY_MESSAGE_MAX, PARTY_REACTIONS, type PartyErrorCode } from "#contracts/parties.ts";
import { partiesMessages as m } from "./messages";
import type { RoomState } from "./usePartyRoom";

const ERROR_TEXT: Record<PartyErrorCode, MessageDescriptor> = {
  bad_frame: m.errBadFrame,
  empty_message: m.errEmpty,
  message_too_long: m.errTooLong,
  invalid_characters: m.errCharacters,
  rate_limited: m.errRate,
  muted: m.errMuted,
  admin_required: m.errAdmin,
  party_closed: m.errClosed,
};

type Send = (frame: object) => void;

export function RoomSocial({ state, send, isAdmin, myId }: { state: RoomState; send: Send; isAdmin: boolean; myId: string }) {
  const intl = useIntl();
  return (
    <div className="party-social">
      {state.connection === "closed" && (
        <p className="muted" role="status">
          {intl.formatMessage(m.reconnecting)}
        </p>
      )}
      {state.connection === "ended_session" && (
        <p className="error-banner" role="alert">
          {intl.formatMessage(m.sessionEnded)}
        </p>
      )}
      <Listeners listeners={state.listeners} />
      <Reactions state={state} send={send} />
      <Chat state={state} send={send} isAdmin={isAdmin} myId={myId} />
    </div>
  );
}

function Listeners({ listeners }: { listeners: RoomState["listeners"] }) {
  const intl = useIntl();
  return (
    <section className="party-listeners card" aria-labelledby="party-listeners-title">
      <h3 id="party-listeners-title">
        {intl.formatMessage(m.listeners)} <span className="muted">({intl.formatMessage(m.listenerCount, { count: listeners.count })})</span>
      </h3>
      <ul className="party-avatars">
        {listeners.members.map((member) => (
          <li key={member.id} title={member.username}>
            <Avatar src={member.avatarUrl} alt={member.username} size={36} />
            <TierBadge holder={{ isVIP: false, tier: member.tier ?? null }} vipLabel="" className="party-tier-badge" />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Reactions({ state, send }: { state: RoomState; send: Send }) {
  const intl = useIntl();
  // Who reacted: the listeners' names, else the chat's.
  const names = new Map([...state.messages.map((p) => [p.userId, p.username] as const), ...state.listeners.members.map((p) => [p.id, p.username] as const)]);
  return (
    <section className="party-reactions card" aria-labelledby="party-reactions-title">
      <h3 id="party-reactions-title">{intl.formatMessage(m.reactions)}</h3>
      <div className="party-reaction-buttons">
        {PARTY_REACTIONS.map((emoji) => (
          <button
            key={emoji}
            type="button"
            className="btn btn-ghost party-reaction-button"
            aria-label={intl.formatMessage(m.react, { emoji })}
            disabled={state.muted || state.connection !== "open"}
            onClick={() => send({ type: "react", emoji })}
          >
            <span aria-hidden="true">{emoji}</span>
          </button>
        ))}
      </div>
      <ul className="party-reaction-feed" aria-label={intl.formatMessage(m.reactionsCount)}>
        {state.reactions.slice(-8).map((r) => (
          <li key={r.key}>{intl.formatMessage(m.reactionBy, { name: names.get(r.userId) ?? "…", emoji: r.emoji })}</li>
        ))}
      </ul>
    </section>
  );
}

function Chat({ state, send, isAdmin, myId }: { state: RoomState; send: Send; isAdmin: boolean; myId: string }) {
  const intl = useIntl();
  const [text, setText] = useState("");
  const logRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [state.messages.length]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    send({ type: "message", text: value });
    setText("");
  };

  return (
    <section className="party-chat card" aria-labelledby="party-chat-title">
      <h3 id="party-chat-title">{intl.formatMessage(m.chat)}</h3>
      {state.messages.length === 0 ? (
        <p className="muted">{intl.formatMessage(m.chatEmpty)}</p>
      ) : (
        <ol className="party-chat-log" role="log" aria-live="polite" ref={logRef}>
          {state.messages.map((message) => (
            <li key={message.id} className="party-chat-message">
              <Avatar src={message.avatarUrl} alt="" size={24} />
              <span className="party-chat-name">{message.username}</span>{" "}
              <TierBadge holder={{ isVIP: false, tier: message.tier ?? null }} vipLabel="" className="party-tier-badge" />{" "}
              <span className="party-chat-text">{message.text}</span>
              {isAdmin && (
                <span className="party-chat-tools">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={intl.formatMessage(m.removeLabel, { name: message.username })}
                    onClick={() => send({ type: "remove", messageId: message.id })}
                  >
                    {intl.formatMessage(m.remove)}
                  </button>
                  {message.userId !== myId && !state.mutedIds.includes(message.userId) && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={intl.formatMessage(m.muteLabel, { name: message.username })}
                      onClick={() => send({ type: "mute", userId: message.userId })}
                    >
                      {intl.formatMessage(m.mute)}
                    </button>
                  )}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {state.muted ? (
        <p className="muted" role="status">
          {intl.formatMessage(m.mutedNotice)}
        </p>
      ) : (
        <form className="party-chat-form" onSubmit={submit}>
          <label className="sr-only" htmlFor="party-chat-input">
            {intl.formatMessage(m.chatLabel)}
          </label>
          <input
            id="party-chat-input"
            type="text"
            value={text}
            maxLength={PARTY_MESSAGE_MAX}
            autoComplete="off"
            placeholder={intl.formatMessage(m.chatLabel)}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={state.connection !== "open" || text.trim() === ""}>
            {intl.formatMessage(m.chatSend)}
          </button>
        </form>
      )}
      {state.error && (
        <p className="field-error" role="alert" key={state.error.at}>
          {intl.formatMessage(ERROR_TEXT[state.error.code] ?? m.errBadFrame)}
        </p>
      )}
    </section>
  );
}
