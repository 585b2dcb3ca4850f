// The popup radio player's page (/radio/player, docs/features.md#radio-and-tv): brand and the theme, visualizer and
// close buttons; a visualizer fed by the active engine; the station with its LIVE label, listener
// count and what it plays (with the shared clock's progress); every station to choose from; the
// controls of the active source (live radio or a track on demand); and the Master Playlist
// (Featured Tracks) and Your Playlists tabs. Without VIP the VIP gate replaces the controls and
// the tabs, and nothing is tuned. Data and actions come in through props (RadioPopupScreen.tsx),
// and so do the music collections' pieces (a featured track's buttons, the member's playlists).
import { useRouter } from "@tanstack/react-router";
import { useEffect, useId, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { TrackView } from "../../../../worker/contracts/music";
import type { NowPlaying, RadioSlot, RadioStationView } from "../../../../worker/contracts/radio";
import { VipGatePanel } from "../../../components/Gate";
import { useTabs } from "../../../components/Tabs";
import { PlayerIcon } from "../../../components/player/PlayerIcons";
import { PopupChrome, type PopupChromeMessages } from "../../../components/player/popup/PopupChrome";
import { PopupControls, type PopupControlsMessages } from "../../../components/player/popup/PopupControls";
import { PopupTabs } from "../../../components/player/popup/PopupTabs";
import { TrackButton } from "../../../components/player/popup/TrackButton";
import { TrackListHead } from "../../../components/player/popup/TrackListHead";
import { formatTime } from "../../../lib/audio/formatTime";
import type { RadioEngine, RadioState } from "../engine";
import { isRadioPopupWindow } from "./logic";
import type { OnDemandState } from "./onDemand";
import {
  listenersMessage,
  radioPopupErrors,
  radioPopupMessages as m,
  styleButtonMessage,
  themeButtonMessage,
  timeOfMessage,
  trackCountMessage,
  volumeValueMessage,
} from "./messages";
import type { SourceControls } from "./useSourceControls";
import "../../../components/player/popup/popup.css";
import "./radio-popup.css";

/** A featured track row's own buttons after its play button (they sit in the row's <li>). */
export type TrackActions = (track: TrackView) => ReactNode;

export type RadioPopupProps = {
  engine: RadioEngine;
  radio: RadioState;
  /** What the current station plays: the engine's while it plays, else the public now-playing. */
  nowPlaying: NowPlaying | null;
  /** The radio plays and `nowPlaying` is the engine's: the progress follows the shared clock. */
  liveClock: boolean;
  music: OnDemandState;
  controls: SourceControls;
  /** The featured tracks, in order (the Master Playlist). */
  featured: readonly TrackView[];
  trackActions?: TrackActions;
  /** The Your Playlists tab's content. */
  playlists: ReactNode;
  /** VIP or admin. */
  canListen: boolean;
  /** The session is still loading: neither the controls nor the gate yet. */
  sessionPending: boolean;
  stationsPending: boolean;
};

const CHROME_MESSAGES: PopupChromeMessages = {
  title: m.title,
  close: m.close,
  themeButton: themeButtonMessage,
  styleButton: styleButtonMessage,
};

export function RadioPopup(props: RadioPopupProps) {
  const { radio, controls, canListen, sessionPending } = props;
  const router = useRouter();

  const close = () => {
    // The "radioplayer" popup closes; reached in a tab, it goes back (or to the radio page).
    if (isRadioPopupWindow(window)) window.close();
    else if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: "/radio" });
  };

  return (
    <PopupChrome messages={CHROME_MESSAGES} analyser={canListen ? controls.analyser : null} onClose={close} className="rp" stageClassName="rp-stage">
      <NowPlayingPanel {...props} />

      <StationList stations={radio.stations} index={radio.index} pending={props.stationsPending} onSelect={controls.selectStation} />

      {canListen ? (
        <>
          <Controls controls={controls} />
          <Lists
            featured={props.featured}
            current={controls.source === "music" ? props.music.current : null}
            onPlay={controls.playTrack}
            trackActions={props.trackActions}
            playlists={props.playlists}
          />
        </>
      ) : (
        !sessionPending && <VipGatePanel className="mp-gate" />
      )}
    </PopupChrome>
  );
}

// ---------- Now playing ----------

function NowPlayingPanel({ engine, radio, nowPlaying, liveClock, music, controls, canListen }: RadioPopupProps) {
  const intl = useIntl();
  const onDemand = canListen && controls.source === "music" && music.current !== null;
  const station = radio.station;
  const listeners = radio.listeners ?? nowPlaying?.listeners ?? null;
  const current = nowPlaying?.current ?? null;

  return (
    <section className="rp-now" aria-label={intl.formatMessage(m.nowPlaying)}>
      <p className={onDemand ? "rp-source is-music" : "rp-source"}>
        <PlayerIcon name={onDemand ? "disc" : "equalizer"} size={16} />
        <FormattedMessage {...(onDemand ? m.sourceMusic : m.sourceRadio)} />
      </p>

      {onDemand && music.current ? (
        <>
          <TrackLine title={music.current.title} album={music.current.albumTitle} year={music.current.albumYear} coverUrl={music.current.coverUrl} />
          <MusicProgress music={music} />
        </>
      ) : (
        <>
          {station && (
            <div className="rp-station">
              <StationArt station={station} size={56} />
              <div className="rp-station-text">
                <p className="rp-station-name">{station.name}</p>
                <p className="rp-station-meta">
                  <span className="rp-live">
                    <span className="rp-live-dot" aria-hidden="true" />
                    <FormattedMessage {...m.live} />
                  </span>
                  {listeners !== null && (
                    <span className="rp-listeners">
                      <FormattedMessage {...listenersMessage} values={{ count: listeners }} />
                    </span>
                  )}
                </p>
              </div>
            </div>
          )}
          {current ? (
            <>
              <TrackLine title={current.track.title} album={current.track.albumTitle} year={current.track.albumYear} coverUrl={current.track.coverUrl} />
              <RadioProgress slot={current} serverTime={nowPlaying?.serverTime ?? current.startedAt} live={liveClock} engine={engine} />
            </>
          ) : (
            station && (
              <p className="rp-hint muted">
                <FormattedMessage {...(station.sourceType === "stream" && nowPlaying ? m.liveStream : m.tuneIn)} />
              </p>
            )
          )}
        </>
      )}

      {controls.loading && (
        <p className="mp-status" role="status">
          <FormattedMessage {...(controls.source === "radio" ? m.tuning : m.loading)} />
        </p>
      )}
      {controls.error && (
        <p className="error-banner mp-error" role="alert">
          <FormattedMessage {...radioPopupErrors[controls.error]} />
        </p>
      )}
    </section>
  );
}

function StationArt({ station, size }: { station: RadioStationView; size: number }) {
  return station.imageUrl ? (
    <img className="rp-art" src={station.imageUrl} alt="" width={size} height={size} />
  ) : (
    <span className="rp-art rp-art-empty" style={{ width: size, height: size }} aria-hidden="true">
      <PlayerIcon name="disc" size={Math.round(size / 2)} />
    </span>
  );
}

function TrackLine({ title, album, year, coverUrl }: { title: string; album: string; year: number; coverUrl: string | null }) {
  return (
    <div className="rp-track">
      {coverUrl ? <img className="rp-cover" src={coverUrl} alt="" width={44} height={44} /> : <span className="rp-cover rp-art-empty" aria-hidden="true" />}
      <div className="rp-track-text">
        <p className="mp-now-title">{title}</p>
        <p className="mp-now-album">
          {album} · {year}
        </p>
      </div>
    </div>
  );
}

/** Re-renders every `ms` while `active` (the live progress follows the shared clock). */
function useTicker(active: boolean, ms: number) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), ms);
    return () => clearInterval(timer);
  }, [active, ms]);
}

const LIVE_TICK_MS = 250;

/**
 * Where the station is in its current track. While the radio plays, from the engine's shared
 * clock (updated 4 times a second); otherwise where it was when the server answered.
 */
function RadioProgress({ slot, serverTime, live, engine }: { slot: RadioSlot; serverTime: string; live: boolean; engine: RadioEngine }) {
  useTicker(live, LIVE_TICK_MS);
  const startedAt = Date.parse(slot.startedAt);
  const slotSeconds = (Date.parse(slot.endsAt) - startedAt) / 1000;
  const total = Number.isFinite(slotSeconds) && slotSeconds > 0 ? slotSeconds : slot.track.durationSeconds;
  const position = live ? (engine.expectedPosition() ?? 0) : (Date.parse(serverTime) - startedAt) / 1000;
  return <Progress position={position} total={total} />;
}

function MusicProgress({ music }: { music: OnDemandState }) {
  const total = music.duration > 0 ? music.duration : (music.current?.durationSeconds ?? 0);
  return <Progress position={music.currentTime} total={total} />;
}

function Progress({ position, total }: { position: number; total: number }) {
  const intl = useIntl();
  const safeTotal = Number.isFinite(total) && total > 0 ? total : 0;
  const at = Math.min(Math.max(0, Number.isFinite(position) ? position : 0), safeTotal);
  const percent = safeTotal > 0 ? (at / safeTotal) * 100 : 0;
  return (
    <div className="rp-progress">
      <span className="mp-time">{formatTime(at)}</span>
      <div
        className="rp-meter"
        role="progressbar"
        aria-label={intl.formatMessage(m.progress)}
        aria-valuemin={0}
        aria-valuemax={Math.round(safeTotal)}
        aria-valuenow={Math.round(at)}
        aria-valuetext={intl.formatMessage(timeOfMessage, { current: formatTime(at), total: formatTime(safeTotal) })}
      >
        <span className="rp-meter-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="mp-time">{formatTime(safeTotal)}</span>
    </div>
  );
}

// ---------- Stations ----------

function StationList({
  stations,
  index,
  pending,
  onSelect,
}: {
  stations: readonly RadioStationView[];
  index: number;
  pending: boolean;
  onSelect: (index: number) => void;
}) {
  const intl = useIntl();
  if (stations.length === 0) {
    return (
      <p className="rp-hint muted">
        <FormattedMessage {...(pending ? m.stationsLoading : m.noStations)} />
      </p>
    );
  }
  return (
    <ul className="rp-stations" aria-label={intl.formatMessage(m.stations)}>
      {stations.map((station, i) => (
        <li key={station.id}>
          <button
            type="button"
            className={i === index ? "rp-station-btn is-current" : "rp-station-btn"}
            aria-current={i === index ? "true" : undefined}
            onClick={() => onSelect(i)}
          >
            <StationArt station={station} size={28} />
            <span className="rp-station-btn-name">{station.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

// ---------- Controls ----------

/** The live radio has no shuffle or repeat, and previous/next change station there. */
function Controls({ controls }: { controls: SourceControls }) {
  const radio = controls.source === "radio";
  const messages: PopupControlsMessages = {
    controls: m.controls,
    shuffle: m.shuffle,
    repeat: m.repeat,
    shuffleUnavailable: m.shuffleLive,
    repeatUnavailable: m.repeatLive,
    previous: radio ? m.previousStation : m.previousTrack,
    next: radio ? m.nextStation : m.nextTrack,
    play: m.play,
    pause: m.pause,
    mute: m.mute,
    volume: m.volume,
    volumeValue: volumeValueMessage,
  };
  return <PopupControls controls={controls} messages={messages} />;
}

// ---------- Master Playlist / Your Playlists ----------

type ListTab = "master" | "playlists";
const LIST_TABS: readonly ListTab[] = ["master", "playlists"];

type ListsProps = {
  featured: readonly TrackView[];
  current: TrackView | null;
  onPlay: (track: TrackView, queue: readonly TrackView[]) => void;
  trackActions?: TrackActions;
  playlists: ReactNode;
};

/** The featured tracks (the Master Playlist) and the member's playlists, as tabs. */
function Lists({ featured, current, onPlay, trackActions, playlists }: ListsProps) {
  const intl = useIntl();
  const tabs = useTabs(LIST_TABS);
  return (
    <PopupTabs
      tabs={tabs}
      label={intl.formatMessage(m.lists)}
      labels={{ master: <FormattedMessage {...m.masterPlaylist} />, playlists: <FormattedMessage {...m.yourPlaylists} /> }}
      className="rp-lists"
    >
      {tabs.selected === "master" ? <FeaturedTracks tracks={featured} current={current} onPlay={onPlay} trackActions={trackActions} /> : playlists}
    </PopupTabs>
  );
}

function FeaturedTracks({ tracks, current, onPlay, trackActions }: Omit<ListsProps, "featured" | "playlists"> & { tracks: readonly TrackView[] }) {
  const headingId = useId();
  return (
    <div className="rp-featured" role="group" aria-labelledby={headingId}>
      <TrackListHead
        className="rp-featured-head"
        headingId={headingId}
        heading={<FormattedMessage {...m.featured} />}
        count={<FormattedMessage {...trackCountMessage} values={{ count: tracks.length }} />}
      />
      {tracks.length === 0 ? (
        <p className="muted">
          <FormattedMessage {...m.noFeatured} />
        </p>
      ) : (
        <ol className="mp-tracks">
          {tracks.map((track, index) => (
            <li key={track.id} className="mp-fav-row">
              <TrackButton track={track} index={index} isCurrent={current?.id === track.id} onPlay={() => onPlay(track, tracks)} />
              {trackActions?.(track)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
