// The room's social corner while it is open: who listens (with their tier badge, decision 104) and
// reactions, through the party's socket (usePartyRoom). The chat is the party's community room,
// shown beside this (decision 107).
import { useIntl, type MessageDescriptor } from "react-intl";
import { Avatar } from "../../components/Avatar";
import { TierBadge } from "../../components/TierBadge";
import { PARTY_REACTIONS, type PartyErrorCode } from "#contracts/parties/parties.ts";
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

export function RoomSocial({ state, send }: { state: RoomState; send: Send }) {
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
      {state.muted && (
        <p className="muted" role="status">
          {intl.formatMessage(m.mutedNotice)}
        </p>
      )}
      {state.error && (
        <p className="field-error" role="alert" key={state.error.at}>
          {intl.formatMessage(ERROR_TEXT[state.error.code] ?? m.errBadFrame)}
        </p>
      )}
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
  // Who reacted, by the listeners' names.
  const names = new Map(state.listeners.members.map((p) => [p.id, p.username] as const));
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
