// The TV player's control bar: play/pause, skip back/forward TV_SKIP_SECONDS (not on a live
// channel: it plays where the broadcast is), the time, mute and volume, captions (CC) and full
// screen. An embedded live page has its own controls: only full screen stays.
import type { RefObject } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { TV_SKIP_SECONDS } from "#contracts/tv.ts";
import { PlayerIcon } from "../../components/player/PlayerIcons";
import { tvMessages as m } from "./messages";
import type { TvOutput } from "./tvOutput";

/** 75 → "1:15", 3725 → "1:02:05"; unknown → "--:--". */
export function formatClock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "--:--";
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const min = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(min).padStart(2, "0")}:${s}` : `${min}:${s}`;
}

type Props = {
  playButtonRef: RefObject<HTMLButtonElement | null>;
  view: { paused: boolean; time: number; duration: number };
  /** Nothing playable yet (static, an error): the buttons say so and do nothing. */
  controlsOff: boolean;
  /** A live channel with its broadcast position: no skipping. */
  syncedLive: boolean;
  live: boolean;
  isEmbed: boolean;
  hasCaptions: boolean;
  fullscreen: boolean;
  sound: TvOutput;
  onToggle: () => void;
  onSkip: (delta: number) => void;
  onToggleFullscreen: () => void;
};

export function TvControls({
  playButtonRef,
  view,
  controlsOff,
  syncedLive,
  live,
  isEmbed,
  hasCaptions,
  fullscreen,
  sound,
  onToggle,
  onSkip,
  onToggleFullscreen,
}: Props) {
  const intl = useIntl();
  const label = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);
  const skipOff = controlsOff || syncedLive;
  const skipBackLabel = intl.formatMessage(m.skipBack, { seconds: TV_SKIP_SECONDS });
  const skipForwardLabel = intl.formatMessage(m.skipForward, { seconds: TV_SKIP_SECONDS });

  return (
    <div className="tv-controls">
      {!isEmbed && (
        <>
          <button
            ref={playButtonRef}
            type="button"
            className="player-btn player-btn-main"
            aria-label={label(view.paused ? m.play : m.pause)}
            title={label(view.paused ? m.play : m.pause)}
            aria-disabled={controlsOff || undefined}
            aria-keyshortcuts="K"
            onClick={onToggle}
          >
            <PlayerIcon name={view.paused ? "play" : "pause"} size={24} />
          </button>
          <button
            type="button"
            className="player-btn"
            aria-label={skipBackLabel}
            title={syncedLive ? label(m.liveNoSkip) : skipBackLabel}
            aria-disabled={skipOff || undefined}
            aria-keyshortcuts="J ArrowLeft"
            onClick={() => onSkip(-TV_SKIP_SECONDS)}
          >
            <PlayerIcon name="back" size={28} label={String(TV_SKIP_SECONDS)} />
          </button>
          <button
            type="button"
            className="player-btn"
            aria-label={skipForwardLabel}
            title={syncedLive ? label(m.liveNoSkip) : skipForwardLabel}
            aria-disabled={skipOff || undefined}
            aria-keyshortcuts="L ArrowRight"
            onClick={() => onSkip(TV_SKIP_SECONDS)}
          >
            <PlayerIcon name="forward" size={28} label={String(TV_SKIP_SECONDS)} />
          </button>
        </>
      )}
      <p className="tv-time">
        {!live && (
          <>
            {formatClock(view.time)} / {formatClock(view.duration)}
          </>
        )}
      </p>
      {!isEmbed && (
        <>
          <button
            type="button"
            className="player-btn"
            aria-label={label(sound.muted ? m.unmute : m.mute)}
            title={label(sound.muted ? m.unmute : m.mute)}
            aria-pressed={sound.muted}
            aria-keyshortcuts="M"
            onClick={sound.toggleMute}
          >
            <PlayerIcon name={sound.muted || sound.volume === 0 ? "muted" : "volume"} />
          </button>
          <input
            type="range"
            className="tv-volume"
            min={0}
            max={100}
            step={1}
            value={sound.muted ? 0 : sound.volume}
            aria-label={label(m.volume)}
            aria-valuetext={intl.formatMessage(m.volumeValue, { volume: sound.muted ? 0 : sound.volume })}
            onChange={(e) => sound.setVolume(Number(e.currentTarget.value))}
          />
          <button
            type="button"
            className="player-btn tv-cc"
            aria-label={label(m.captionsButton)}
            title={label(hasCaptions ? m.captions : m.noCaptions)}
            aria-pressed={hasCaptions && sound.captions}
            aria-disabled={!hasCaptions || undefined}
            aria-keyshortcuts="C"
            onClick={() => hasCaptions && sound.toggleCaptions()}
          >
            <span aria-hidden="true">CC</span>
          </button>
        </>
      )}
      <button
        type="button"
        className="player-btn"
        aria-label={label(fullscreen ? m.exitFullscreen : m.fullscreen)}
        title={label(fullscreen ? m.exitFullscreen : m.fullscreen)}
        aria-keyshortcuts="F"
        onClick={onToggleFullscreen}
      >
        <PlayerIcon name={fullscreen ? "exitFullscreen" : "fullscreen"} />
      </button>
    </div>
  );
}
