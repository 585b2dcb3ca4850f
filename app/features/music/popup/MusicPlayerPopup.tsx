// The full music player (/music/player, spec 2.5), usually shown in the "musicplayer" popup window:
// brand and close button, a live visualizer with theme and style switches, the current track with
// progress and seek, the transport controls and the Master Playlist (with, when the member's
// favorites are given, a heart per row and a Favorites tab beside it). Data and actions come in
// through props (the route connects the player engine), so the page is testable on its own.
import { useRouter } from "@tanstack/react-router";
import { useId, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode, type Ref, type RefObject } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { TrackView } from "../../../../worker/contracts/music";
import type { PlaylistView } from "../../../../worker/contracts/collections";
import { VipGatePanel } from "../../../components/Gate";
import { FavoriteHeartButton, useRefocusAfterRemoval } from "../collections/FavoriteToggle";
import { favoritesMessages } from "../collections/favoritesMessages";
import { playlistMessages } from "../collections/playlistMessages";
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

/** The member's favorites as the popup shows them (see `favorites` below). */
export type MusicPlayerPopupFavorites = {
  /** The favorite tracks, newest first; the Favorites tab lists the playable ones. */
  tracks: TrackView[];
  /** Their ids, for the heart on each Master Playlist row. */
  ids: ReadonlySet<string>;
  /** Asks for a track to be added (true) or removed (false). */
  toggle(track: TrackView, favorite: boolean): void;
};

export type MusicPlayerPopupProps = {
  /** The catalog's tracks; the Master Playlist lists the playable ones. */
  tracks: TrackView[];
  state: MusicPlayerPopupState;
  analyser: AnalyserNode | null;
  actions: MusicPlayerPopupActions;
  /** VIP or admin: false shows the VIP gate instead of the controls. */
  canPlay: boolean;
  /** The member's favorites: a heart on each Master Playlist row and a Favorites tab. Without it, neither. */
  favorites?: MusicPlayerPopupFavorites;
  /** The member's playlists, for the Your Playlists tab (shown with favorites). */
  playlists?: readonly PlaylistView[];
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

export function MusicPlayerPopup({ tracks, state, analyser, actions, canPlay, favorites, playlists }: MusicPlayerPopupProps) {
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

      {canPlay ? <PlayerBody tracks={tracks} state={state} actions={actions} favorites={favorites} playlists={playlists} /> : <VipGatePanel className="mp-gate" />}
    </div>
  );
}

function PlayerBody({ tracks, state, actions, favorites, playlists }: Pick<MusicPlayerPopupProps, "tracks" | "state" | "actions" | "favorites" | "playlists">) {
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

      {favorites ? (
        <TrackLists queue={queue} current={current} actions={actions} favorites={favorites} playlists={playlists ?? []} />
      ) : (
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
            <TrackRows tracks={queue} current={current} onPlay={(track) => actions.playTrack(track, queue)} />
          )}
        </section>
      )}
    </>
  );
}

type TrackRowsProps = {
  tracks: TrackView[];
  current: TrackView | null;
  onPlay: (track: TrackView) => void;
  /** With favorites, each row gets its heart; `onRemoved` hears of a heart switched off. */
  favorites?: MusicPlayerPopupFavorites;
  onRemoved?: (index: number) => void;
  listRef?: Ref<HTMLOListElement>;
};

function TrackRows({ tracks, current, onPlay, favorites, onRemoved, listRef }: TrackRowsProps) {
  return (
    <ol className="mp-tracks" ref={listRef}>
      {tracks.map((track, index) => {
        const isCurrent = current?.id === track.id;
        const favorite = favorites?.ids.has(track.id) ?? false;
        return (
          <li key={track.id} className={favorites ? "mp-fav-row" : undefined}>
            <button
              type="button"
              className={isCurrent ? "mp-track is-current" : "mp-track"}
              aria-current={isCurrent ? "true" : undefined}
              onClick={() => onPlay(track)}
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
            {favorites && (
              <FavoriteHeartButton
                className="mp-fav"
                title={track.title}
                favorite={favorite}
                onToggle={() => {
                  favorites.toggle(track, !favorite);
                  if (favorite) onRemoved?.(index);
                }}
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}

type ListTab = "master" | "favorites" | "playlists";
const LIST_TABS: readonly ListTab[] = ["master", "favorites", "playlists"];

/** The Master Playlist, the member's favorites and playlists as tabs (WAI-ARIA tabs, arrow keys move). */
function TrackLists({
  queue,
  current,
  actions,
  favorites,
  playlists,
}: {
  queue: TrackView[];
  current: TrackView | null;
  actions: MusicPlayerPopupActions;
  favorites: MusicPlayerPopupFavorites;
  playlists: readonly PlaylistView[];
}) {
  const intl = useIntl();
  const id = useId();
  const [tab, setTab] = useState<ListTab>("master");
  const masterTabRef = useRef<HTMLButtonElement>(null);
  const favoritesTabRef = useRef<HTMLButtonElement>(null);
  const playlistsTabRef = useRef<HTMLButtonElement>(null);
  const tabRefs: Record<ListTab, RefObject<HTMLButtonElement | null>> = { master: masterTabRef, favorites: favoritesTabRef, playlists: playlistsTabRef };
  const listRef = useRef<HTMLOListElement>(null);
  const favoriteQueue = favorites.tracks.filter((track) => track.playable);
  // Switching a heart off in the Favorites tab takes its row away: focus goes to the next heart.
  const onRemoved = useRefocusAfterRemoval(favoriteQueue.map((t) => t.id).join(), listRef, favoritesTabRef);
  const shown = tab === "master" ? queue : tab === "favorites" ? favoriteQueue : [];
  const tabId = (name: ListTab) => `${id}-tab-${name}`;
  const panelId = `${id}-panel`;

  const select = (name: ListTab) => {
    setTab(name);
    tabRefs[name].current?.focus();
  };
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
    select(next);
  };

  const tabButton = (name: ListTab, label: ReactNode) => (
    <button
      ref={tabRefs[name]}
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
    <section className="mp-list" aria-label={intl.formatMessage(favoritesMessages.popupLists)}>
      <div className="mp-list-head">
        <div role="tablist" className="mp-tabs" aria-label={intl.formatMessage(favoritesMessages.popupLists)} onKeyDown={onKeyDown}>
          {tabButton("master", <FormattedMessage {...popupMessages.masterPlaylist} />)}
          {tabButton("favorites", <FormattedMessage {...favoritesMessages.popupTab} />)}
          {tabButton("playlists", <FormattedMessage {...playlistMessages.yourPlaylists} />)}
        </div>
        {tab !== "playlists" && (
          <span className="muted">
            <FormattedMessage {...trackCountMessage} values={{ count: shown.length }} />
          </span>
        )}
      </div>
      <div role="tabpanel" id={panelId} className="mp-tabpanel" aria-labelledby={tabId(tab)} tabIndex={shown.length === 0 ? 0 : undefined}>
        {tab === "playlists" ? (
          <PlaylistRows playlists={playlists} onPlay={(tracks) => tracks[0] && actions.playTrack(tracks[0], tracks)} />
        ) : shown.length === 0 ? (
          <p className="muted">
            <FormattedMessage {...(tab === "master" ? popupMessages.empty : favoritesMessages.empty)} />
          </p>
        ) : (
          <TrackRows
            tracks={shown}
            current={current}
            favorites={favorites}
            listRef={listRef}
            onRemoved={tab === "favorites" ? onRemoved : undefined}
            onPlay={(track) => actions.playTrack(track, tab === "master" ? queue : favoriteQueue)}
          />
        )}
      </div>
    </section>
  );
}

/** The Your Playlists tab: each playlist with its track count and a Play button. */
function PlaylistRows({ playlists, onPlay }: { playlists: readonly PlaylistView[]; onPlay: (tracks: TrackView[]) => void }) {
  const intl = useIntl();
  if (playlists.length === 0) {
    return (
      <p className="muted">
        <FormattedMessage {...playlistMessages.empty} />
      </p>
    );
  }
  return (
    <ol className="mp-tracks">
      {playlists.map((list) => {
        const playable = list.tracks.filter((t) => t.playable);
        return (
          <li key={list.id}>
            <button type="button" className="mp-track" disabled={playable.length === 0} onClick={() => onPlay(playable)} aria-label={intl.formatMessage(playlistMessages.playLabel, { name: list.name })}>
              <span className="mp-track-index" aria-hidden="true">
                <PlayerIcon name="play" size={14} />
              </span>
              <span className="mp-track-text">
                <span className="mp-track-title">{list.name}</span>
                <span className="mp-track-album">
                  <FormattedMessage {...trackCountMessage} values={{ count: list.tracks.length }} />
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
