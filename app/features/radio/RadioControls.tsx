// The radio's transport and volume controls, shared by the radio page and the mini player.
import { useIntl } from "react-intl";
import { PlayerIcon } from "../../components/player/PlayerIcons";
import type { RadioEngine, RadioState } from "./engine";
import { radioMessages as m } from "./messages";

/** Previous station, play/pause, next station. */
export function StationControls({ engine, status }: { engine: RadioEngine; status: RadioState["status"] }) {
  const intl = useIntl();
  const active = status === "playing" || status === "loading";
  const label = (descriptor: (typeof m)[keyof typeof m]) => intl.formatMessage(descriptor);
  return (
    <>
      <button
        type="button"
        className="player-btn"
        onClick={() => engine.previousStation()}
        aria-label={label(m.previousStation)}
        title={label(m.previousStation)}
      >
        <PlayerIcon name="previous" />
      </button>
      <button
        type="button"
        className="player-btn player-btn-main"
        onClick={() => engine.toggle()}
        aria-label={label(active ? m.pause : m.play)}
        aria-busy={status === "loading"}
      >
        <PlayerIcon name={active ? "pause" : "play"} size={26} />
      </button>
      <button type="button" className="player-btn" onClick={() => engine.nextStation()} aria-label={label(m.nextStation)} title={label(m.nextStation)}>
        <PlayerIcon name="next" />
      </button>
    </>
  );
}

/** Mute and the 0-100 volume slider. */
export function VolumeControl({ engine, volume, muted }: { engine: RadioEngine; volume: number; muted: boolean }) {
  const intl = useIntl();
  const shown = muted ? 0 : volume;
  return (
    <>
      <button
        type="button"
        className="player-btn"
        onClick={() => engine.toggleMute()}
        aria-label={intl.formatMessage(muted ? m.unmute : m.mute)}
        aria-pressed={muted}
      >
        <PlayerIcon name={muted || volume === 0 ? "muted" : "volume"} />
      </button>
      <input
        type="range"
        className="radio-bar-volume"
        min={0}
        max={100}
        step={1}
        value={shown}
        onChange={(event) => engine.setVolume(Number(event.target.value))}
        aria-label={intl.formatMessage(m.volume)}
        aria-valuetext={`${shown}%`}
      />
    </>
  );
}
