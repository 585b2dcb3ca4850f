// The full music player (/music/player, docs/features.md#music), usually shown in the "musicplayer" popup window:
// brand and close button, a live visualizer with theme and style switches, the current track with
// progress and seek, the transport controls and the Master Playlist (with, when the member's
// favorites are given, a heart per row and a Favorites tab beside it). Data and actions come in
// through props (the route connects the player engine), so the page is testable on its own.
import { useRouter } from "@tanstack/react-router";
import { useId, useRef, type CSSProperties, type Ref } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { TrackView } from "../../../../worker/contracts/music";
import type { PlaylistView } from "../../../../worker/contracts/collections";
import { VipGatePanel } from "../../../components/Gate";
import { useTabs } from "../../../components/Tabs";
import { FavoriteHeartButton, useRefocusAfterRemoval } from "../collections/FavoriteToggle";
import { favoritesMessages } from "../collections/favoritesMessages";
import { playlistMessages } from "../collections/playlistMessages";
import { popupErrorMessages, popupMessages, styleButtonMessage, themeButtonMessage, timeOfMessage, trackCountMessage, volumeValueMessage } from "./messages";
import { formatTime } from "../../../lib/audio/formatTime";
import { PlayerIcon } from "../../../components/player/PlayerIcons";
import { PopupChrome, type PopupChromeMessages } from "../../../components/player/popup/PopupChrome";
import { PopupControls, type PopupControlsMessages } from "../../../components/player/popup/PopupControls";
import { PopupTabs } from "../../../components/player/popup/PopupTabs";
import { TrackButton } from "../../../components/player/popup/TrackButton";
import { TrackListHead } from "../../../components/player/popup/TrackListHead";
import "../../../components/player/popup/popup.css";

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

const CHROME_MESSAGES: PopupChromeMessages = {
  title: popupMessages.title,
  close: popupMessages.close,
  themeButton: themeButtonMessage,
  styleButton: styleButtonMessage,
};

const CONTROLS_MESSAGES: PopupControlsMessages = {
  controls: popupMessages.controls,
  shuffle: popupMessages.shuffle,
  repeat: popupMessages.repeat,
  previous: popupMessages.previous,
  next: popupMessages.next,
  play: popupMessages.play,
  pause: popupMessages.pause,
  mute: popupMessages.mute,
  volume: popupMessages.volume,
  volumeValue: volumeValueMessage,
};

export function MusicPlayerPopup({ tracks, state, analyser, actions, canPlay, favorites, playlists }: MusicPlayerPopupProps) {
  const router = useRouter();

  const close = () => {
    // Opened by the site as a popup: close the window. Reached in the same tab: go back.
    if (window.opener) window.close();
    else router.history.back();
  };

  return (
    <PopupChrome messages={CHROME_MESSAGES} analyser={canPlay ? analyser : null} onClose={close}>
      {canPlay ? (
        <PlayerBody tracks={tracks} state={state} actions={actions} favorites={favorites} playlists={playlists} />
      ) : (
        <VipGatePanel className="mp-gate" />
      )}
    </PopupChrome>
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

      <PopupControls
        messages={CONTROLS_MESSAGES}
        controls={{
          ...actions,
          toggle: playOrPause,
          playing,
          canToggle: current !== null || queue.length > 0,
          canSkip: current !== null,
          shuffle: state.shuffle,
          repeat: state.repeat,
          volume: state.volume,
          muted: state.muted,
        }}
      />

      {favorites ? (
        <TrackLists queue={queue} current={current} actions={actions} favorites={favorites} playlists={playlists ?? []} />
      ) : (
        <section className="mp-list" aria-labelledby={listHeadingId}>
          <TrackListHead
            className="mp-list-head"
            headingId={listHeadingId}
            heading={<FormattedMessage {...popupMessages.masterPlaylist} />}
            count={<FormattedMessage {...trackCountMessage} values={{ count: queue.length }} />}
          />
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
            <TrackButton track={track} index={index} isCurrent={isCurrent} onPlay={() => onPlay(track)} />
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
  const tabs = useTabs(LIST_TABS);
  const tab = tabs.selected;
  const listRef = useRef<HTMLOListElement>(null);
  const favoriteQueue = favorites.tracks.filter((track) => track.playable);
  // Switching a heart off in the Favorites tab takes its row away: focus goes to the next heart.
  const onRemoved = useRefocusAfterRemoval(favoriteQueue.map((t) => t.id).join(), listRef, tabs.tabRef("favorites"));
  const shown = tab === "master" ? queue : tab === "favorites" ? favoriteQueue : [];

  return (
    <PopupTabs
      tabs={tabs}
      label={intl.formatMessage(favoritesMessages.popupLists)}
      labels={{
        master: <FormattedMessage {...popupMessages.masterPlaylist} />,
        favorites: <FormattedMessage {...favoritesMessages.popupTab} />,
        playlists: <FormattedMessage {...playlistMessages.yourPlaylists} />,
      }}
      aside={
        tab !== "playlists" && (
          <span className="muted">
            <FormattedMessage {...trackCountMessage} values={{ count: shown.length }} />
          </span>
        )
      }
      panelFocusable={shown.length === 0}
    >
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
    </PopupTabs>
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
            <button
              type="button"
              className="mp-track"
              disabled={playable.length === 0}
              onClick={() => onPlay(playable)}
              aria-label={intl.formatMessage(playlistMessages.playLabel, { name: list.name })}
            >
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
