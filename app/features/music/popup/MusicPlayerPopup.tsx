// The full music player (/music/player, spec 2.5), usually shown in the "musicplayer" popup window:
// brand and close button, a live visualizer with theme and style switches, the current track with
// progress and seek, the transport controls and the Master Playlist. Data and actions come in
// through props (the route connects the player engine), so the page is testable on its own.
import { useRouter } from "@tanstack/react-router";
import { useId, type CSSProperties } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { TrackView } from "../../../../worker/contracts/music";
import { VipGatePanel } from "../../../components/Gate";
import { useSiteConfig } from "../../shell/useSession";
import { styleNames, themeNames } from "../visualizers/messages";
import { nextStyle, nextTheme, THEMES, type ThemePalette } from "../visualizers/themes";
import { Visualizer } from "../visualizers/Visualizer";
import { popupErrorMessages, popupMessages, styleButtonMessage, themeButtonMessage, timeOfMessage, trackCountMessage, volumeValueMessage } from "./messages";
import { formatTime } from "../player/engine";
import { PlayerIcon } from "../player/PlayerIcons";
import { useStoredTheme, useStoredVisualizerStyle } from "./preferences";
import "./popup.css";

export type PlayerStatus = "idle" | "loading" | "playing" | "paused";

export type MusicPlayerPopupState = {
  status: PlayerStatus;
  currentTrack: TrackView | null;
  /** Seconds. */
  currentTime: number;
  /** Seconds; 0 while unknown (the track's catalog duration is shown meanwhile). */
  duration: number;
  /** 0-100. */
  volume: number;
  muted: boolean;
  repeat: boolean;
  shuffle: boolean;
  /** An error code (engine: play_failed, not_playable, access_denied); unknown codes show the generic play error. */
  error: string | null;
};

export type MusicPlayerPopupActions = {
  playTrack(track: TrackView, queue: TrackView[]): void;
  toggle(): void;
  next(): void;
  previous(): void;
  seek(seconds: number): void;
  setVolume(volume: number): void;
  toggleMute(): void;
  toggleShuffle(): void;
  toggleRepeat(): void;
};

export type MusicPlayerPopupProps = {
  /** The catalog's tracks; the Master Playlist lists the playable ones. */
  tracks: TrackView[];
  state: MusicPlayerPopupState;
  analyser: AnalyserNode | null;
  actions: MusicPlayerPopupActions;
  /** VIP or admin: false shows the VIP gate instead of the controls. */
  canPlay: boolean;
};

/** The theme's colours as the page's CSS variables (popup.css reads only these). */
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

type ErrorKey = keyof typeof popupErrorMessages;

/**
 * The engine's error codes (play_failed, not_playable, access_denied), the API's message codes
 * and their English texts (worker/contracts/music.ts MUSIC_MESSAGES), each to its translation.
 */
const ERROR_KEYS: Readonly<Record<string, ErrorKey>> = {
  play_failed: "playFailed",
  playFailed: "playFailed",
  "Unable to play audio. Please try again.": "playFailed",
  not_playable: "notPlayable",
  notPlayable: "notPlayable",
  "This track cannot be played yet": "notPlayable",
  access_denied: "accessDenied",
  linkExpired: "linkExpired",
  "This media link has expired or is not yours": "linkExpired",
  trackNotFound: "trackNotFound",
  "Track not found": "trackNotFound",
};

/** Anything unknown reads as the generic play error. */
export function errorMessageKey(error: string): ErrorKey {
  return Object.hasOwn(ERROR_KEYS, error) ? ERROR_KEYS[error]! : "playFailed";
}

export function MusicPlayerPopup({ tracks, state, analyser, actions, canPlay }: MusicPlayerPopupProps) {
  const intl = useIntl();
  const router = useRouter();
  const brand = useSiteConfig()?.brandName;
  const [theme, setTheme] = useStoredTheme();
  const [style, setStyle] = useStoredVisualizerStyle();

  const close = () => {
    // Opened by the site as a popup: close the window. Reached in the same tab: go back.
    if (window.opener) window.close();
    else router.history.back();
  };

  const themeName = intl.formatMessage(themeNames[theme]);
  const styleName = intl.formatMessage(styleNames[style]);

  return (
    <div className="mp" data-theme={theme} style={themeVariables(THEMES[theme])}>
      <header className="mp-head">
        <div className="mp-head-text">
          {brand && <p className="mp-brand">{brand}</p>}
          <h1 className="mp-title">
            <FormattedMessage {...popupMessages.title} />
          </h1>
        </div>
        <div className="mp-head-actions">
          <button
            type="button"
            className="mp-chip"
            onClick={() => setTheme(nextTheme(theme))}
            aria-label={intl.formatMessage(themeButtonMessage, { theme: themeName })}
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
            aria-label={intl.formatMessage(styleButtonMessage, { style: styleName })}
          >
            <PlayerIcon name="visualizer" size={18} />
            <span className="mp-chip-text" aria-hidden="true">
              {styleName}
            </span>
          </button>
          <button type="button" className="mp-icon-btn" onClick={close} aria-label={intl.formatMessage(popupMessages.close)}>
            <PlayerIcon name="close" size={20} />
          </button>
        </div>
      </header>

      <div className="mp-stage">
        <Visualizer analyser={canPlay ? analyser : null} style={style} theme={theme} />
      </div>

      {canPlay ? <PlayerBody tracks={tracks} state={state} actions={actions} /> : <VipGatePanel className="mp-gate" />}
    </div>
  );
}

function PlayerBody({ tracks, state, actions }: Pick<MusicPlayerPopupProps, "tracks" | "state" | "actions">) {
  const intl = useIntl();
  const listHeadingId = useId();
  const queue = tracks.filter((track) => track.playable);
  const current = state.currentTrack;
  const total = state.duration > 0 ? state.duration : (current?.durationSeconds ?? 0);
  const position = Math.min(Math.max(0, state.currentTime), total || 0);
  const progress = total > 0 ? (position / total) * 100 : 0;
  const busy = state.status === "loading";
  const playing = state.status === "playing" || busy;
  const volume = Math.round(Math.min(100, Math.max(0, state.volume)));

  const playOrPause = () => {
    // Nothing loaded yet: Play starts the Master Playlist from the top.
    if (!current) {
      const first = queue[0];
      if (first) actions.playTrack(first, queue);
      return;
    }
    actions.toggle();
  };

  return (
    <>
      <section className="mp-now" aria-label={intl.formatMessage(popupMessages.nowPlaying)}>
        {current ? (
          <>
            <p className="mp-now-title">{current.title}</p>
            <p className="mp-now-album">
              {current.albumTitle} · {current.albumYear}
            </p>
          </>
        ) : (
          <p className="mp-now-album">
            <FormattedMessage {...popupMessages.nothingPlaying} />
          </p>
        )}
        {busy && (
          <p className="mp-status" role="status">
            <FormattedMessage {...popupMessages.loading} />
          </p>
        )}
        {state.error && (
          <p className="error-banner mp-error" role="alert">
            <FormattedMessage {...popupErrorMessages[errorMessageKey(state.error)]} />
          </p>
        )}
      </section>

      <div className="mp-progress" style={{ "--mp-progress": `${progress}%` } as CSSProperties}>
        <span className="mp-time">{formatTime(position)}</span>
        <input
          type="range"
          className="mp-range mp-seek"
          min={0}
          max={Math.max(total, 0)}
          step={1}
          value={position}
          disabled={!current || total <= 0}
          onChange={(event) => actions.seek(Number(event.currentTarget.value))}
          aria-label={intl.formatMessage(popupMessages.seek)}
          aria-valuetext={intl.formatMessage(timeOfMessage, { current: formatTime(position), total: formatTime(total) })}
        />
        <span className="mp-time">{formatTime(total)}</span>
      </div>

      <div className="mp-controls" role="group" aria-label={intl.formatMessage(popupMessages.controls)}>
        <div className="mp-transport">
          <button
            type="button"
            className="mp-icon-btn mp-toggle"
            aria-pressed={state.shuffle}
            aria-label={intl.formatMessage(popupMessages.shuffle)}
            onClick={actions.toggleShuffle}
          >
            <PlayerIcon name="shuffle" />
          </button>
          <button type="button" className="mp-icon-btn" aria-label={intl.formatMessage(popupMessages.previous)} onClick={actions.previous} disabled={!current}>
            <PlayerIcon name="previous" />
          </button>
          <button
            type="button"
            className="mp-play"
            aria-label={intl.formatMessage(playing ? popupMessages.pause : popupMessages.play)}
            onClick={playOrPause}
            disabled={!current && queue.length === 0}
          >
            <PlayerIcon name={playing ? "pause" : "play"} size={28} />
          </button>
          <button type="button" className="mp-icon-btn" aria-label={intl.formatMessage(popupMessages.next)} onClick={actions.next} disabled={!current}>
            <PlayerIcon name="next" />
          </button>
          <button
            type="button"
            className="mp-icon-btn mp-toggle"
            aria-pressed={state.repeat}
            aria-label={intl.formatMessage(popupMessages.repeat)}
            onClick={actions.toggleRepeat}
          >
            <PlayerIcon name="repeat" />
          </button>
        </div>
        <div className="mp-volume">
          <button
            type="button"
            className="mp-icon-btn mp-toggle"
            aria-pressed={state.muted}
            aria-label={intl.formatMessage(popupMessages.mute)}
            onClick={actions.toggleMute}
          >
            <PlayerIcon name={state.muted || volume === 0 ? "muted" : "volume"} />
          </button>
          <input
            type="range"
            className="mp-range"
            min={0}
            max={100}
            step={1}
            value={volume}
            onChange={(event) => actions.setVolume(Number(event.currentTarget.value))}
            aria-label={intl.formatMessage(popupMessages.volume)}
            aria-valuetext={intl.formatMessage(volumeValueMessage, { volume })}
            style={{ "--mp-progress": `${state.muted ? 0 : volume}%` } as CSSProperties}
          />
        </div>
      </div>

      <section className="mp-list" aria-labelledby={listHeadingId}>
        <div className="mp-list-head">
          <h2 id={listHeadingId}>
            <FormattedMessage {...popupMessages.masterPlaylist} />
          </h2>
          <span className="muted">
            <FormattedMessage {...trackCountMessage} values={{ count: queue.length }} />
          </span>
        </div>
        {queue.length === 0 ? (
          <p className="muted">
            <FormattedMessage {...popupMessages.empty} />
          </p>
        ) : (
          <ol className="mp-tracks">
            {queue.map((track, index) => {
              const isCurrent = current?.id === track.id;
              return (
                <li key={track.id}>
                  <button
                    type="button"
                    className={isCurrent ? "mp-track is-current" : "mp-track"}
                    aria-current={isCurrent ? "true" : undefined}
                    onClick={() => actions.playTrack(track, queue)}
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
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </>
  );
}
