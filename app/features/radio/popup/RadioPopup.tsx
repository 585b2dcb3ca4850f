// The popup radio player's page (/radio/player, docs/features.md#radio-and-tv): brand and the theme, visualizer and
// close buttons; a visualizer fed by the active engine; the station with its LIVE label, listener
// count and what it plays (with the shared clock's progress); every station to choose from; the
// controls of the active source (live radio or a track on demand); and the Master Playlist
// (Featured Tracks) and Your Playlists tabs. Without VIP the VIP gate replaces the controls and
// the tabs, and nothing is tuned. Data and actions come in through props (RadioPopupScreen.tsx),
// and so do the music collections' pieces (a featured track's buttons, the member's playlists).
import { useRouter } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { TrackView } from "#contracts/music/music.ts";
import type { NowPlaying } from "#contracts/radio.ts";
import { VipGatePanel } from "../../../components/Gate";
import { PlayerIcon } from "../../../components/player/PlayerIcons";
import { PopupChrome, type PopupChromeMessages } from "../../../components/player/popup/PopupChrome";
import { PopupControls, type PopupControlsMessages } from "../../../components/player/popup/PopupControls";
import type { RadioEngine, RadioState } from "../engine";
import { isRadioPopupWindow } from "./logic";
import type { OnDemandState } from "./onDemand";
import { listenersMessage, radioPopupErrors, radioPopupMessages as m, styleButtonMessage, themeButtonMessage, volumeValueMessage } from "./messages";
import type { SourceControls } from "./useSourceControls";
import { Lists, StationArt, StationList, type TrackActions } from "./RadioPopupLists";
import { MusicProgress, RadioProgress } from "./RadioProgress";
import "../../../components/player/popup/popup.css";
import "./radio-popup.css";

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
