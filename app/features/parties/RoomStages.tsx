// What the room shows by the party's phase: the countdown before the start, the shared player
// while it plays, the summary at the end, and the tracklist throughout.
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { partyPositionAt, type PartyDetail, type PartySummary } from "#contracts/parties/parties.ts";
import type { ClockSync } from "../../lib/clockSync";
import { PartyPlayer, type PartyPlayerStatus } from "./engine";
import { partiesMessages as m } from "./messages";
import { playParty } from "./queries";

export function Countdown({ startsAt, serverNow, open }: { startsAt: number; serverNow: number; open: boolean }) {
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

export function PartyPlayerCard({ party, clock, serverNow }: { party: PartyDetail; clock: ClockSync; serverNow: number }) {
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

export function Summary({ party, summary }: { party: PartyDetail; summary: PartySummary | null }) {
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

export function Tracklist({ party, index }: { party: PartyDetail; index: number | null }) {
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
