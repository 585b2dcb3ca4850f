// /radio (docs/features.md#radio-and-tv): the channel cards, the VIP-gated player with its frequency-bar visualizer,
// and the info panel (description, features, what plays, what played). Everyone sees the stations
// and their titles (public); only VIP members and admins get the audio. A channel change shows
// loading static for RADIO_STATIC_MS; errors clear after RADIO_ERROR_MS.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import { RADIO_STATIC_MS, type NowPlaying, type RadioStationView } from "#contracts/radio.ts";
import { VipGatePanel } from "../../components/Gate";
import { QueryState } from "../../components/QueryState";
import { StaticNoise } from "../../components/StaticNoise";
import { formatTime } from "../../lib/audio/formatTime";
import { Visualizer } from "../../components/player/visualizers";
import { useErrorTimeout, useTrackPosition } from "./hooks";
import { StationControls, VolumeControl } from "./RadioControls";
import { featureMessages, listenersMessage, radioErrorMessages, radioMessages as m, trackLineMessage } from "./messages";
import { useRadio, type RadioApi } from "./RadioProvider";
import { nowPlayingQueryOptions, stationsQueryOptions } from "./queries";
import "../../components/player/controls.css";
import RadioMessages from "./messages?feature";
import "./radio.css";

export function RadioPage() {
  return (
    <RadioMessages>
      <RadioPageContent />
    </RadioMessages>
  );
}

function RadioPageContent() {
  const intl = useIntl();
  const radio = useRadio();
  const { state, engine, canListen } = radio;
  const stations = useQuery(stationsQueryOptions(intl.locale));
  // The host that wires the engine loads lazily; the page hands over the list it has at once, so
  // a click on Play is never lost before the host mounts.
  useEffect(() => {
    if (stations.data) engine.setStations(stations.data.stations);
  }, [engine, stations.data]);
  const [staticShown, setStaticShown] = useState(false);
  useErrorTimeout(engine, state.error);

  useEffect(() => {
    if (!staticShown) return;
    const timer = setTimeout(() => setStaticShown(false), RADIO_STATIC_MS);
    return () => clearTimeout(timer);
  }, [staticShown, state.index]);

  // Visitors and paused listeners read what plays from the public route; a playing listener's
  // engine has it live from the station's socket.
  const station = state.station ?? stations.data?.stations[0] ?? null;
  const listening = state.status === "playing" || state.status === "loading";
  const liveNow = listening ? state.nowPlaying : null;
  const publicNow = useQuery({ ...nowPlayingQueryOptions(station?.id ?? ""), enabled: station !== null && liveNow === null });
  const nowPlaying = liveNow ?? publicNow.data?.nowPlaying ?? null;

  const choose = (index: number) => {
    if (index !== state.index && canListen) setStaticShown(true);
    engine.selectStation(index, { autoplay: canListen });
  };

  return (
    <QueryState query={stations} failed={intl.formatMessage(m.stationsFailed)} retry={intl.formatMessage(m.retry)}>
      {(data) => (
        <>
          <h2 className="sr-only">{intl.formatMessage(m.stationsTitle)}</h2>
          <StationCards stations={data.stations} chosenId={station?.id ?? null} tuned={listening} onChoose={choose} />
          <div className="radio-layout">
            {canListen ? <RadioPlayer radio={radio} staticShown={staticShown} nowPlaying={nowPlaying} /> : <VipGatePanel />}
            {station && <StationInfo station={station} nowPlaying={nowPlaying} />}
          </div>
        </>
      )}
    </QueryState>
  );
}

/** One card per station; the chosen one says "On air" while it plays. */
function StationCards({
  stations,
  chosenId,
  tuned,
  onChoose,
}: {
  stations: readonly RadioStationView[];
  chosenId: string | null;
  tuned: boolean;
  onChoose: (index: number) => void;
}) {
  const intl = useIntl();
  return (
    <ul className="radio-cards">
      {stations.map((s, index) => (
        <li key={s.id}>
          <button type="button" className="radio-card" aria-pressed={chosenId === s.id} onClick={() => onChoose(index)}>
            {s.imageUrl && (
              <img src={s.imageUrl} alt="" width={300} height={300} loading={index === 0 ? "eager" : "lazy"} fetchPriority={index === 0 ? "high" : "auto"} />
            )}
            <span className="radio-card-name">{s.name}</span>
            <span className="radio-card-now">{intl.formatMessage(chosenId === s.id && tuned ? m.tuned : m.listen)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function RadioPlayer({ radio, staticShown, nowPlaying }: { radio: RadioApi; staticShown: boolean; nowPlaying: NowPlaying | null }) {
  const intl = useIntl();
  const { state, engine } = radio;
  const position = useTrackPosition(engine, state);
  const { status, station, volume, muted, error, listeners } = state;
  const current = nowPlaying?.current ?? null;
  const label = (descriptor: (typeof m)[keyof typeof m]) => intl.formatMessage(descriptor);
  const duration = current?.track.durationSeconds ?? 0;

  return (
    <section className="radio-player" aria-label={label(m.playerRegion)}>
      <div className="radio-player-screen">
        <Visualizer analyser={status === "playing" ? engine.getAnalyser() : null} style="bars" theme="synthwave" />
        {(staticShown || status === "loading") && <StaticNoise />}
      </div>

      <div className="radio-player-now" aria-live="polite">
        {current?.track.coverUrl && <img src={current.track.coverUrl} alt="" width={64} height={64} />}
        <div className="radio-player-now-text">
          <span>
            <span className="radio-live">{label(m.live)}</span> {station?.name}
            {listeners !== null && <span className="muted"> · {intl.formatMessage(listenersMessage, { count: listeners })}</span>}
          </span>
          {status === "loading" ? (
            <strong>{label(m.tuning)}</strong>
          ) : current ? (
            <>
              <strong>{current.track.title}</strong>
              <span className="muted">
                {current.track.albumTitle} ({current.track.albumYear})
              </span>
            </>
          ) : (
            station?.sourceType === "stream" && <span className="muted">{label(m.streamNoTitles)}</span>
          )}
        </div>
      </div>

      {current && position !== null && status === "playing" && (
        <div className="radio-progress-row">
          <div
            className="radio-progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={duration}
            aria-valuenow={Math.floor(position)}
            aria-valuetext={`${formatTime(position)} / ${formatTime(duration)}`}
          >
            <span style={{ width: `${duration > 0 ? (position / duration) * 100 : 0}%` }} />
          </div>
          <span className="muted">
            {formatTime(position)} / {formatTime(duration)}
          </span>
        </div>
      )}

      <div className="radio-player-controls">
        <StationControls engine={engine} status={status} />
        <VolumeControl engine={engine} volume={volume} muted={muted} />
      </div>

      {error && (
        <p className="radio-player-error" role="alert">
          {intl.formatMessage(radioErrorMessages[error])}
        </p>
      )}
    </section>
  );
}

function StationInfo({ station, nowPlaying }: { station: RadioStationView; nowPlaying: NowPlaying | null }) {
  const intl = useIntl();
  const description = station.description;
  const line = (slot: NonNullable<NowPlaying["current"]>) =>
    intl.formatMessage(trackLineMessage, { title: slot.track.title, album: slot.track.albumTitle, year: slot.track.albumYear });
  return (
    <aside className="radio-info">
      <section>
        <h2>{intl.formatMessage(m.about)}</h2>
        <p>{description}</p>
        <h3>{intl.formatMessage(m.features)}</h3>
        <ul className="radio-features">
          {station.features.map((feature) => (
            <li key={feature}>{intl.formatMessage(featureMessages[feature])}</li>
          ))}
        </ul>
      </section>
      {nowPlaying?.current && (
        <section>
          <h3>{intl.formatMessage(m.nowPlaying)}</h3>
          <p>{line(nowPlaying.current)}</p>
          {nowPlaying.next && (
            <>
              <h3>{intl.formatMessage(m.upNext)}</h3>
              <p>{line(nowPlaying.next)}</p>
            </>
          )}
          <h3>{intl.formatMessage(m.recentlyPlayed)}</h3>
          {nowPlaying.history.length === 0 ? (
            <p className="muted">{intl.formatMessage(m.nothingYet)}</p>
          ) : (
            <ol className="radio-history">
              {nowPlaying.history.map((slot) => (
                <li key={slot.startedAt}>{line(slot)}</li>
              ))}
            </ol>
          )}
        </section>
      )}
    </aside>
  );
}
