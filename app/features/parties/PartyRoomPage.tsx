// A listening party's room (/parties/$partyId): before the start a countdown (the room opens 15
// minutes before, with the listeners and the chat), during it the shared player, the listeners'
// avatars, reactions and the live chat (admins may remove a message or mute a member), and at the
// end the summary with a link to the album (or the playlist's tracks). The clock is the server's,
// estimated by ClockSync (engine.ts); the Worker decides every right again.
import { Link } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { Avatar } from "../../components/Avatar";
import { EmptyState } from "../../components/EmptyState";
import { VipGatePanel } from "../../components/Gate";
import { Loading } from "../../components/Loading";
import { PageFrame } from "../../components/PageFrame";
import { usePageMeta } from "../../lib/usePageMeta";
import { ApiRequestError } from "../../lib/api";
import { formatWhen } from "../../lib/intlFormat";
import { useSessionUser } from "../../lib/session/useSession";
import { meQueryOptions } from "../../lib/session/queries";
import { ClockSync, PartyPlayer, type PartyPlayerStatus } from "./engine";
import { PartiesMessages } from "./PartiesMessages";
import { partiesMessages as m } from "./messages";
import { partiesKeys, partyQueryOptions, playParty } from "./queries";
import { usePartyRoom, type RoomState } from "./usePartyRoom";
import {
  PARTY_MESSAGE_MAX,
  PARTY_REACTIONS,
  partyPhaseAt,
  partyPositionAt,
  type PartyDetail,
  type PartyErrorCode,
  type PartySummary,
} from "../../../worker/contracts/parties";
import "./parties.css";

export function PartyRoomPage({ partyId }: { partyId: string }) {
  return (
    <PartiesMessages>
      <RoomPage partyId={partyId} />
    </PartiesMessages>
  );
}

function RoomPage({ partyId }: { partyId: string }) {
  usePageMeta({ title: m.pageTitle });
  return (
    <PageFrame title={<FormattedMessage {...m.pageTitle} />}>
      <RoomLoader partyId={partyId} />
    </PageFrame>
  );
}

function RoomLoader({ partyId }: { partyId: string }) {
  const intl = useIntl();
  const query = useQuery(partyQueryOptions(partyId));
  // The member's VIP ended while in a VIP-only party (the room closed 4403): kept here, above the
  // room, so the explanation stays when the party's next read answers 403 and the gate replaces it.
  const [vipEnded, setVipEnded] = useState(false);
  const onVipEnded = useCallback(() => setVipEnded(true), []);
  if (vipEnded)
    return (
      <>
        <VipEndedNotice />
        <VipGatePanel />
      </>
    );
  if (query.isPending) return <Loading label={intl.formatMessage(m.loading)} />;
  if (!query.data) {
    const status = query.error instanceof ApiRequestError ? query.error.status : 0;
    if (status === 403) return <VipGatePanel />;
    if (status === 404) return <EmptyState icon="calendar" title={intl.formatMessage(m.notFound)} />;
    return (
      <div className="error-banner" role="alert">
        {intl.formatMessage(m.loadFailed)}{" "}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void query.refetch()}>
          {intl.formatMessage(m.retry)}
        </button>
      </div>
    );
  }
  const party = query.data.party;
  if (party.status === "cancelled") return <EmptyState icon="calendar" title={party.title} hint={intl.formatMessage(m.cancelled)} />;
  return <Room party={party} onVipEnded={onVipEnded} />;
}

/** Why the member left a VIP-only party, with the way back (as the chat page says it). */
function VipEndedNotice() {
  const intl = useIntl();
  return (
    <div className="error-banner" role="alert">
      <span>{intl.formatMessage(m.vipEnded)}</span>{" "}
      <Link to="/vip-signup" className="btn btn-ghost btn-sm">
        {intl.formatMessage(m.vipAgain)}
      </Link>
    </div>
  );
}

/** A clock that ticks every second while the room is shown. */
function useSecondTick() {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return tick;
}

function Room({ party, onVipEnded }: { party: PartyDetail; onVipEnded: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { user } = useSessionUser();
  const [clock] = useState(() => new ClockSync());
  const localNow = useSecondTick();
  const startsAt = Date.parse(party.startsAt);
  const endsAt = Date.parse(party.endsAt);
  const serverNow = clock.serverNow(localNow);
  const phase = partyPhaseAt(startsAt, endsAt, serverNow);
  const roomOpen = phase === "open" || phase === "live";
  const { state, send } = usePartyRoom(party.id, user?.id ?? "", roomOpen && !!user, clock);

  // VIP ended (4403): leave the room for the explanation and refetch who is signed in, so the
  // header and every gate follow.
  useEffect(() => {
    if (state.connection !== "vip_ended") return;
    onVipEnded();
    void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
  }, [state.connection, onVipEnded, queryClient]);

  // The back office changed the party, or it just ended (its summary is in D1 now): read it again.
  useEffect(() => {
    if (state.changed > 0) void queryClient.invalidateQueries({ queryKey: partiesKeys.one(party.id) });
  }, [state.changed, party.id, queryClient]);
  const ended = phase === "ended" || state.summary !== null;
  useEffect(() => {
    if (!ended || party.summary) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: partiesKeys.one(party.id) }), 2000);
    return () => clearTimeout(timer);
  }, [ended, party.summary, party.id, queryClient]);

  const when = formatWhen(party.startsAt, intl.locale);
  return (
    <div className="party-room">
      <header className="party-room-head">
        {party.coverUrl && <img className="party-room-cover" src={party.coverUrl} alt="" width={96} height={96} />}
        <div>
          <p className="party-card-badges">
            {phase === "live" && !ended && <span className="badge badge-live">{intl.formatMessage(m.live)}</span>}
            {party.vipOnly && <span className="badge badge-vip">{intl.formatMessage(m.vipOnly)}</span>}
          </p>
          <h2 className="party-room-title">{party.title}</h2>
          <p className="muted">
            {intl.formatMessage(party.sourceType === "album" ? m.album : m.playlist)}: {party.sourceTitle} ·{" "}
            <time dateTime={party.startsAt}>{intl.formatMessage(m.startsAt, when)}</time>
          </p>
        </div>
      </header>

      {ended ? (
        <Summary party={party} summary={state.summary ?? party.summary} />
      ) : (
        <>
          {phase === "live" ? (
            <Player party={party} clock={clock} serverNow={serverNow} />
          ) : (
            <Countdown startsAt={startsAt} serverNow={serverNow} open={phase === "open"} />
          )}
          {roomOpen && <RoomSocial state={state} send={send} isAdmin={!!user?.isAdmin} myId={user?.id ?? ""} />}
        </>
      )}
      <Tracklist party={party} index={phase === "live" && !ended ? (partyPositionAt(startsAt, party.tracks, serverNow)?.index ?? null) : null} />
    </div>
  );
}

function Countdown({ startsAt, serverNow, open }: { startsAt: number; serverNow: number; open: boolean }) {
  const intl = useIntl();
  const left = Math.max(0, Math.ceil((startsAt - serverNow) / 1000));
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60) + hours * 60;
  const seconds = left % 60;
  return (
    <section className="party-countdown card" aria-labelledby="party-countdown-title">
      <h3 id="party-countdown-title">{intl.formatMessage(m.startsIn)}</h3>
      <p className="party-countdown-value" role="timer" aria-live="off">
        {intl.formatMessage(m.countdown, { minutes: String(minutes).padStart(2, "0"), seconds: String(seconds).padStart(2, "0") })}
      </p>
      {!open && <p className="muted">{intl.formatMessage(m.notOpenYet)}</p>}
    </section>
  );
}

function Player({ party, clock, serverNow }: { party: PartyDetail; clock: ClockSync; serverNow: number }) {
  const intl = useIntl();
  const [status, setStatus] = useState<PartyPlayerStatus>("idle");
  const playerRef = useRef<PartyPlayer | null>(null);
  useEffect(() => {
    const player = new PartyPlayer({
      startsAt: Date.parse(party.startsAt),
      tracks: party.tracks,
      clock,
      play: () => playParty(party.id),
      onChange: (s) => setStatus(s.status),
    });
    playerRef.current = player;
    return () => {
      player.stop();
      playerRef.current = null;
    };
  }, [party.id, party.startsAt, party.tracks, clock]);

  const position = partyPositionAt(Date.parse(party.startsAt), party.tracks, serverNow);
  const track = position ? party.tracks[position.index] : null;
  const playing = status === "playing" || status === "loading";
  return (
    <section className="party-player card" aria-labelledby="party-player-title">
      <h3 id="party-player-title">{intl.formatMessage(m.nowPlaying)}</h3>
      {track && position && (
        <p>
          <strong>{track.title}</strong>{" "}
          <span className="muted">· {intl.formatMessage(m.trackOf, { index: position.index + 1, total: party.tracks.length })}</span>
        </p>
      )}
      <button
        type="button"
        className={playing ? "btn btn-ghost" : "btn btn-primary"}
        onClick={() => (playing ? playerRef.current?.stop() : void playerRef.current?.start())}
      >
        {intl.formatMessage(playing ? m.stop : m.listen)}
      </button>
      {status === "loading" && (
        <span className="muted" role="status">
          {" "}
          {intl.formatMessage(m.audioLoading)}
        </span>
      )}
      {status === "error" && (
        <p className="error-banner" role="alert">
          {intl.formatMessage(m.audioFailed)}
        </p>
      )}
    </section>
  );
}

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

function RoomSocial({ state, send, isAdmin, myId }: { state: RoomState; send: (frame: object) => void; isAdmin: boolean; myId: string }) {
  const intl = useIntl();
  const [text, setText] = useState("");
  const logRef = useRef<HTMLOListElement>(null);
  // Who reacted: the listeners' names, else the chat's.
  const names = new Map([...state.messages.map((p) => [p.userId, p.username] as const), ...state.listeners.members.map((p) => [p.id, p.username] as const)]);

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
      <section className="party-listeners card" aria-labelledby="party-listeners-title">
        <h3 id="party-listeners-title">
          {intl.formatMessage(m.listeners)} <span className="muted">({intl.formatMessage(m.listenerCount, { count: state.listeners.count })})</span>
        </h3>
        <ul className="party-avatars">
          {state.listeners.members.map((member) => (
            <li key={member.id} title={member.username}>
              <Avatar src={member.avatarUrl} alt={member.username} size={36} />
            </li>
          ))}
        </ul>
      </section>

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

      <section className="party-chat card" aria-labelledby="party-chat-title">
        <h3 id="party-chat-title">{intl.formatMessage(m.chat)}</h3>
        {state.messages.length === 0 ? (
          <p className="muted">{intl.formatMessage(m.chatEmpty)}</p>
        ) : (
          <ol className="party-chat-log" role="log" aria-live="polite" ref={logRef}>
            {state.messages.map((message) => (
              <li key={message.id} className="party-chat-message">
                <Avatar src={message.avatarUrl} alt="" size={24} />
                <span className="party-chat-name">{message.username}</span> <span className="party-chat-text">{message.text}</span>
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
    </div>
  );
}

function Summary({ party, summary }: { party: PartyDetail; summary: PartySummary | null }) {
  const intl = useIntl();
  const figures = summary ?? { tracksPlayed: party.tracks.length, peakListeners: 0, reactions: 0, messages: 0 };
  return (
    <section className="party-summary card" aria-labelledby="party-summary-title">
      <h3 id="party-summary-title">{intl.formatMessage(m.summaryTitle)}</h3>
      <dl className="party-summary-figures">
        {(
          [
            [m.tracksPlayed, figures.tracksPlayed],
            [m.peakListeners, figures.peakListeners],
            [m.reactionsCount, figures.reactions],
            [m.messagesCount, figures.messages],
          ] as const
        ).map(([label, value]) => (
          <div key={label.id}>
            <dt>{intl.formatMessage(label)}</dt>
            <dd>{intl.formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      {party.albumId ? (
        <Link to="/music/catalog/$id" params={{ id: party.albumId }} className="btn btn-primary">
          {intl.formatMessage(m.toAlbum)}
        </Link>
      ) : (
        <p className="muted">{intl.formatMessage(m.playlistTracks)}</p>
      )}
    </section>
  );
}

function Tracklist({ party, index }: { party: PartyDetail; index: number | null }) {
  const intl = useIntl();
  return (
    <section className="party-tracklist card" aria-labelledby="party-tracklist-title">
      <h3 id="party-tracklist-title">{intl.formatMessage(m.tracklist)}</h3>
      <ol>
        {party.tracks.map((track, i) => (
          <li key={`${track.id}-${i}`} aria-current={i === index ? "true" : undefined} className={i === index ? "current" : undefined}>
            <Link to="/music/track/$trackId" params={{ trackId: track.id }}>
              {track.title}
            </Link>{" "}
            <span className="muted">
              · {track.albumTitle} · {Math.floor(track.durationSeconds / 60)}:{String(track.durationSeconds % 60).padStart(2, "0")}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
