// The popups' player controls: shuffle, previous, play/pause, next and repeat, then mute and the
// volume slider. The music popup drives the music engine with them, the radio popup whichever of
// its two engines is active; each brings its own texts (its own message catalog).
import type { CSSProperties } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { PlayerIcon } from "../PlayerIcons";

/** What the controls show and do (the radio popup's SourceControls is one). */
export type PopupControlsModel = {
  /** Playing or loading: the button shows Pause. */
  playing: boolean;
  canToggle: boolean;
  canSkip: boolean;
  /** null: the source has no shuffle (or repeat), e.g. live radio. */
  shuffle: boolean | null;
  repeat: boolean | null;
  /** 0-100. */
  volume: number;
  muted: boolean;
  toggle(): void;
  previous(): void;
  next(): void;
  toggleShuffle(): void;
  toggleRepeat(): void;
  toggleMute(): void;
  setVolume(volume: number): void;
};

export type PopupControlsMessages = {
  /** Names the group of controls. */
  controls: MessageDescriptor;
  shuffle: MessageDescriptor;
  repeat: MessageDescriptor;
  /** Why shuffle (or repeat) is off, for a source without it. */
  shuffleUnavailable?: MessageDescriptor;
  repeatUnavailable?: MessageDescriptor;
  previous: MessageDescriptor;
  next: MessageDescriptor;
  play: MessageDescriptor;
  pause: MessageDescriptor;
  mute: MessageDescriptor;
  volume: MessageDescriptor;
  /** The slider's value as read out, with {volume}. */
  volumeValue: MessageDescriptor;
};

export function PopupControls({ controls: c, messages: m }: { controls: PopupControlsModel; messages: PopupControlsMessages }) {
  const intl = useIntl();
  const text = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);
  const volume = Math.round(Math.min(100, Math.max(0, c.volume)));
  return (
    <div className="mp-controls" role="group" aria-label={text(m.controls)}>
      <div className="mp-transport">
        <ModeToggle
          icon="shuffle"
          label={text(m.shuffle)}
          unavailable={m.shuffleUnavailable && text(m.shuffleUnavailable)}
          pressed={c.shuffle}
          onClick={c.toggleShuffle}
        />
        <button type="button" className="mp-icon-btn" aria-label={text(m.previous)} onClick={c.previous} disabled={!c.canSkip}>
          <PlayerIcon name="previous" />
        </button>
        <button type="button" className="mp-play" aria-label={text(c.playing ? m.pause : m.play)} onClick={c.toggle} disabled={!c.canToggle}>
          <PlayerIcon name={c.playing ? "pause" : "play"} size={28} />
        </button>
        <button type="button" className="mp-icon-btn" aria-label={text(m.next)} onClick={c.next} disabled={!c.canSkip}>
          <PlayerIcon name="next" />
        </button>
        <ModeToggle
          icon="repeat"
          label={text(m.repeat)}
          unavailable={m.repeatUnavailable && text(m.repeatUnavailable)}
          pressed={c.repeat}
          onClick={c.toggleRepeat}
        />
      </div>
      <div className="mp-volume">
        <button type="button" className="mp-icon-btn mp-toggle" aria-pressed={c.muted} aria-label={text(m.mute)} onClick={c.toggleMute}>
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
          aria-label={text(m.volume)}
          aria-valuetext={intl.formatMessage(m.volumeValue, { volume })}
          style={{ "--mp-progress": `${c.muted ? 0 : volume}%` } as CSSProperties}
        />
      </div>
    </div>
  );
}

/**
 * Shuffle or repeat. Where the source has none (`pressed` null) it stays visible and focusable,
 * marked aria-disabled with the reason as its title, so the listener learns why it does nothing.
 */
function ModeToggle({
  icon,
  label,
  unavailable,
  pressed,
  onClick,
}: {
  icon: "shuffle" | "repeat";
  label: string;
  unavailable?: string;
  pressed: boolean | null;
  onClick(): void;
}) {
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
