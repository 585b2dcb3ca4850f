// The popup radio player's page (/radio/player, spec 2.4, 9): brand and the theme, visualizer and
// close buttons; a visualizer fed by the active engine; the station with its LIVE label, listener
// count and what it plays (with the shared clock's progress); every station to choose from; the
// controls of the active source (live radio or a track on demand); and the Master Playlist
// (Featured Tracks) and Your Playlists tabs. Without VIP the VIP gate replaces the controls and
// the tabs, and nothing is tuned. Data and actions come in through props (RadioPopupPage.tsx).
import { useRouter } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { TrackView } from "../../../../worker/contracts/music";
import type { NowPlaying, RadioSlot, RadioStationView } from "../../../../worker/contracts/radio";
import { VipGatePanel } from "../../../components/Gate";
import { AddToPlaylistButton } from "../../music/collections/AddToPlaylistDialog";
import { FavoriteToggle } from "../../music/collections/FavoriteToggle";
import { PlaylistsGrid } from "../../music/collections/PlaylistsGrid";
import { formatTime, type PlayerState } from "../../music/player/engine";
import { PlayerIcon } from "../../music/player/PlayerIcons";
import { useStoredTheme, useStoredVisualizerStyle } from "../../music/popup/preferences";
import { styleNames, themeNames } from "../../music/visualizers/messages";
import { nextStyle, nextTheme, THEMES, type ThemePalette } from "../../music/visualizers/themes";
import { Visualizer } from "../../music/visualizers/Visualizer";
import { useSiteConfig } from "../../shell/useSession";
import type { RadioEngine, RadioState } from "../engine";
import { isRadioPopupWindow } from "./logic";
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
import "../../music/popup/popup.css";
import "./radio-popup.css";

export type RadioPopupProps = {
  engine: RadioEngine;
  radio: RadioState;
  /** What the current station plays: the engine's while it plays, else the public now-playing. */
  nowPlaying: NowPlaying | null;
  /** The radio plays and `nowPlaying` is the engine's: the progress follows the shared clock. */
  liveClock: boolean;
  music: PlayerState;
  controls: SourceControls;
  /** The featured tracks, in order (the Master Playlist). */
  featured: readonly TrackView[];
  /** VIP or admin. */
  canListen: boolean;
  /** The session is still loading: neither the controls nor the gate yet. */
  sessionPending: boolean;
  stationsPending: boolean;
};

/** The theme's colours as the CSS variables popup.css and radio-popup.css read. */
function themeVariables(theme: ThemePalette): CSSProperties {
  return {
    "--mp-bg-0": theme.background[0],
    "--mp-bg-1": theme.background[1],
    "--mp-bg-2": theme.background[2],
    "--mp-primary": theme.primary,
    "--mp-secondary": theme.secondary,
    "--mp-accent": theme.accent,
    "--mp-on-primary": theme.onPrimary,
    "--mp-surface": theme.surface,
  } as CSSProperties;
}

export function RadioPopup(props: RadioPopupProps) {
  const { radio, controls, canListen, sessionPending } = props;
  const intl = useIntl();
  const router = useRouter();
  const brand = useSiteConfig()?.brandName;
  const [theme, setTheme] = useStoredTheme();
  const [style, setStyle] = useStoredVisualizerStyle();

  const close = () => {
    // The "radioplayer" popup closes; reached in a tab, it goes back (or to the radio page).
    if (isRadioPopupWindow(window)) window.close();
    else if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: "/radio" });
  };

  const themeName = intl.formatMessage(themeNames[theme]);
  const styleName = intl.formatMessage(styleNames[style]);

  return (
    <div className="mp rp" data-theme={theme} style={themeVariables(THEMES[theme])}>
      <header className="mp-head">
        <div className="mp-head-text">
          {brand && <p className="mp-brand">{brand}</p>}
          <h1 className="mp-title">
            <FormattedMessage {...m.title} />
          </h1>
        </div>
        <div className="mp-head-actions">
          <button
            type="button"
            className="mp-chip"
            onClick={() => setTheme(nextTheme(theme))}
            aria-label={intl.formatMessage(themeButtonMessage, { theme: themeName, next: intl.formatMessage(themeNames[nextTheme(theme)]) })}
          >
            <PlayerIcon name="palette" size={18} />
            <span className="mp-chip-text" aria-hidden="true">
              {themeName}
            </span>
          </button>
          <button
            type="button"
            className="mp-chip"
            onClick={() => setStyle(nextStyle(style))}
            aria-label={intl.formatMessage(styleButtonMessage, { style: styleName, next: intl.formatMessage(styleNames[nextStyle(style)]) })}
          >
            <PlayerIcon name="visualizer" size={18} />
            <span className="mp-chip-text" aria-hidden="true">
              {styleName}
            </span>
          </button>
          <button type="button" className="mp-icon-btn" onClick={close} aria-label={intl.formatMessage(m.close)}>
            <PlayerIcon name="close" size={20} />
          </button>
        </div>
      </header>

      <div className="mp-stage rp-stage">
        <Visualizer analyser={canListen ? controls.analyser : null} style={style} theme={theme} />
      </div>

      <NowPlayingPanel {...props} />

      <StationList stations={radio.stations} index={radio.index} pending={props.stationsPending} onSelect={controls.selectStation} />

      {canListen ? (
        <>
          <Controls controls={controls} />
          <Lists featured={props.featured} current={controls.source === "music" ? props.music.current : null} onPlay={controls.playTrack} />
        </>
      ) : (
        !sessionPending && <VipGatePanel className="mp-gate" />
      )}
    </div>
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

function MusicProgress({ music }: { music: PlayerState }) {
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

function StationList({ stations, index, pending, onSelect }: { stations: readonly RadioStationView[]; index: number; pending: boolean; onSelect: (index: number) => void }) {
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
          <button type="button" className={i === index ? "rp-station-btn is-current" : "rp-station-btn"} aria-current={i === index ? "true" : undefined} onClick={() => onSelect(i)}>
            <StationArt station={station} size={28} />
            <span className="rp-station-btn-name">{station.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

// ---------- Controls ----------

/** A toggle that the live radio does not have: still focusable, with the reason as its title. */
function SourceToggle({ label, unavailable, pressed, icon, onClick }: { label: string; unavailable: string; pressed: boolean | null; icon: "shuffle" | "repeat"; onClick: () => void }) {
  const off = pressed === null;
  return (
    <button
      type="button"
      className="mp-icon-btn mp-toggle"
      aria-pressed={off ? undefined : pressed}
      aria-disabled={off ? "true" : undefined}
      title={off ? unavailable : undefined}
      aria-label={label}
      onClick={off ? undefined : onClick}
    >
      <PlayerIcon name={icon} />
    </button>
  );
}

function Controls({ controls: c }: { controls: SourceControls }) {
  const intl = useIntl();
  const radio = c.source === "radio";
  const volume = Math.round(Math.min(100, Math.max(0, c.volume)));
  return (
    <div className="mp-controls" role="group" aria-label={intl.formatMessage(m.controls)}>
      <div className="mp-transport">
        <SourceToggle label={intl.formatMessage(m.shuffle)} unavailable={intl.formatMessage(m.shuffleLive)} pressed={c.shuffle} icon="shuffle" onClick={c.toggleShuffle} />
        <button type="button" className="mp-icon-btn" aria-label={intl.formatMessage(radio ? m.previousStation : m.previousTrack)} onClick={c.previous} disabled={!c.canSkip}>
          <PlayerIcon name="previous" />
        </button>
        <button type="button" className="mp-play" aria-label={intl.formatMessage(c.playing ? m.pause : m.play)} onClick={c.toggle} disabled={!c.canToggle}>
          <PlayerIcon name={c.playing ? "pause" : "play"} size={28} />
        </button>
        <button type="button" className="mp-icon-btn" aria-label={intl.formatMessage(radio ? m.nextStation : m.nextTrack)} onClick={c.next} disabled={!c.canSkip}>
          <PlayerIcon name="next" />
        </button>
        <SourceToggle label={intl.formatMessage(m.repeat)} unavailable={intl.formatMessage(m.repeatLive)} pressed={c.repeat} icon="repeat" onClick={c.toggleRepeat} />
      </div>
      <div className="mp-volume">
        <button type="button" className="mp-icon-btn mp-toggle" aria-pressed={c.muted} aria-label={intl.formatMessage(m.mute)} onClick={c.toggleMute}>
          <PlayerIcon name={c.muted || volume === 0 ? "muted" : "volume"} />
        </button>
        <input
          type="range"
          className="mp-range"
          min={0}
          max={100}
          step={1}
          value={volume}
          onChange={(event) => c.setVolume(Number(event.currentTarget.value))}
          aria-label={intl.formatMessage(m.volume)}
          aria-valuetext={intl.formatMessage(volumeValueMessage, { volume })}
          style={{ "--mp-progress": `${c.muted ? 0 : volume}%` } as CSSProperties}
        />
      </div>
    </div>
  );
}

// ---------- Master Playlist / Your Playlists ----------

type ListTab = "master" | "playlists";
const LIST_TABS: readonly ListTab[] = ["master", "playlists"];

/** WAI-ARIA tabs: arrow keys, Home and End move between them (and select). */
function Lists({ featured, current, onPlay }: { featured: readonly TrackView[]; current: TrackView | null; onPlay: (track: TrackView, queue: readonly TrackView[]) => void }) {
  const intl = useIntl();
  const id = useId();
  const [tab, setTab] = useState<ListTab>("master");
  const masterRef = useRef<HTMLButtonElement>(null);
  const playlistsRef = useRef<HTMLButtonElement>(null);
  const refs: Record<ListTab, RefObject<HTMLButtonElement | null>> = { master: masterRef, playlists: playlistsRef };
  const tabId = (name: ListTab) => `${id}-tab-${name}`;
  const panelId = `${id}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = LIST_TABS.indexOf(tab);
    const next =
      event.key === "ArrowRight" ? LIST_TABS[(at + 1) % LIST_TABS.length] :
      event.key === "ArrowLeft" ? LIST_TABS[(at - 1 + LIST_TABS.length) % LIST_TABS.length] :
      event.key === "Home" ? LIST_TABS[0] :
      event.key === "End" ? LIST_TABS[LIST_TABS.length - 1] :
      undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    refs[next].current?.focus();
  };

  const tabButton = (name: ListTab, label: ReactNode) => (
    <button
      ref={refs[name]}
      type="button"
      role="tab"
      id={tabId(name)}
      className="mp-tab"
      aria-selected={tab === name}
      aria-controls={panelId}
      tabIndex={tab === name ? 0 : -1}
      onClick={() => setTab(name)}
    >
      {label}
    </button>
  );

  return (
    <section className="mp-list rp-lists" aria-label={intl.formatMessage(m.lists)}>
      <div className="mp-list-head">
        <div role="tablist" className="mp-tabs" aria-label={intl.formatMessage(m.lists)} onKeyDown={onKeyDown}>
          {tabButton("master", <FormattedMessage {...m.masterPlaylist} />)}
          {tabButton("playlists", <FormattedMessage {...m.yourPlaylists} />)}
        </div>
      </div>
      <div role="tabpanel" id={panelId} className="mp-tabpanel" aria-labelledby={tabId(tab)}>
        {tab === "master" ? <FeaturedTracks tracks={featured} current={current} onPlay={onPlay} /> : <PlaylistsGrid className="rp-playlists" />}
      </div>
    </section>
  );
}

function FeaturedTracks({ tracks, current, onPlay }: { tracks: readonly TrackView[]; current: TrackView | null; onPlay: (track: TrackView, queue: readonly TrackView[]) => void }) {
  const headingId = useId();
  return (
    <div className="rp-featured" role="group" aria-labelledby={headingId}>
      <div className="rp-featured-head">
        <h2 id={headingId}>
          <FormattedMessage {...m.featured} />
        </h2>
        <span className="muted">
          <FormattedMessage {...trackCountMessage} values={{ count: tracks.length }} />
        </span>
      </div>
      {tracks.length === 0 ? (
        <p className="muted">
          <FormattedMessage {...m.noFeatured} />
        </p>
      ) : (
        <ol className="mp-tracks">
          {tracks.map((track, index) => {
            const isCurrent = current?.id === track.id;
            return (
              <li key={track.id} className="mp-fav-row">
                <button
                  type="button"
                  className={isCurrent ? "mp-track is-current" : "mp-track"}
                  aria-current={isCurrent ? "true" : undefined}
                  onClick={() => onPlay(track, tracks)}
                >
                  <span className="mp-track-index" aria-hidden="true">
                    {isCurrent ? <PlayerIcon name="equalizer" size={16} /> : index + 1}
                  </span>
                  <span className="mp-track-text">
                    <span className="mp-track-title">{track.title}</span>
                    <span className="mp-track-album">{track.albumTitle}</span>
                  </span>
                  <span className="mp-track-time">{formatTime(track.durationSeconds)}</span>
                </button>
                <FavoriteToggle track={track} className="mp-fav" />
                <AddToPlaylistButton track={track} className="rp-add" />
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
