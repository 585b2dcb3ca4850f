// The full music player (/music/player, docs/features.md#music), usually shown in the "musicplayer" popup window:
// brand and close button, a live visualizer with theme and style switches, the current track with
// progress and seek (and its lyrics behind a button, following the line sung), the transport
// controls and the Master Playlist (with, when the member's favorites are given, a heart per row
// and a Favorites tab beside it). Data and actions come in through props (the route connects the
// player engine), so the page is testable on its own.
import { useRouter } from "@tanstack/react-router";
import { useId, type CSSProperties } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { TrackView } from "#contracts/music/music.ts";
import type { PlaylistView } from "#contracts/music/collections.ts";
import { VipGatePanel } from "../../../components/Gate";
import { popupErrorMessages, popupMessages, styleButtonMessage, themeButtonMessage, timeOfMessage, trackCountMessage, volumeValueMessage } from "./messages";
import { formatTime } from "../../../lib/audio/formatTime";
import { PopupChrome, type PopupChromeMessages } from "../../../components/player/popup/PopupChrome";
import { PopupControls, type PopupControlsMessages } from "../../../components/player/popup/PopupControls";
import { TrackListHead } from "../../../components/player/popup/TrackListHead";
import { TrackLists, TrackRows } from "./PopupTrackLists";
import { LyricsButton, LyricsPanelSlot, lyricsPosition, useLyricsToggle } from "../lyrics/LyricsToggle";
import { VipUpsellLink } from "../lyrics/VipUpsellLink";
import { QualityLabel } from "../player/QualityLabel";
import "../../../components/player/popup/popup.css";

import type { MusicPlayerPopupActions, MusicPlayerPopupFavorites, MusicPlayerPopupState } from "./popupTypes";
export type { MusicPlayerPopupActions, MusicPlayerPopupFavorites, MusicPlayerPopupState } from "./popupTypes";

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
 * and their English texts (worker/contracts/music/music.ts MUSIC_MESSAGES), each to its translation.
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
  const lyrics = useLyricsToggle();
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
            <p className="mp-now-quality">
              <QualityLabel trackId={current.id} preview={state.preview ?? false} className="mp-quality" />
            </p>
            <LyricsButton lyrics={lyrics} className="mp-icon-btn mp-lyrics-btn" />
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

      {current && (
        <LyricsPanelSlot lyrics={lyrics} trackId={current.id} positionMs={lyricsPosition(state.currentTime)} upsell={<VipUpsellLink />} className="mp-lyrics" />
      )}

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
