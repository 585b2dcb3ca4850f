// An entry's waveform beside its player (decision 195): the Worker's peaks (200 levels 0-255) as
// bars, the part already played in the accent colour, a click or the keyboard asking its player
// (EntryPlayer) to seek. A slider to assistive technology, told the position and length in words; while the
// streaming copy is made the page says so and the player plays the original.
import type { KeyboardEvent, MouseEvent } from "react";
import { useIntl } from "react-intl";
import { contestMessages as m } from "./messages";

/** How far the arrow keys and Page Up/Down move, in seconds. */
const STEP_SECONDS = 5;
const PAGE_SECONDS = 30;
const HEIGHT = 48;

const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

/** The waveform as a slider: `position` and `duration` in seconds, `onSeek` called with where to go (kept within the entry). */
export function EntryWaveform({
  title,
  peaks,
  position,
  duration,
  onSeek,
}: {
  title: string;
  peaks: readonly number[];
  position: number;
  duration: number;
  onSeek: (seconds: number) => void;
}) {
  const intl = useIntl();
  const seek = (seconds: number) => onSeek(Math.min(Math.max(0, seconds), duration));
  const onKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: position + STEP_SECONDS,
      ArrowUp: position + STEP_SECONDS,
      ArrowLeft: position - STEP_SECONDS,
      ArrowDown: position - STEP_SECONDS,
      PageUp: position + PAGE_SECONDS,
      PageDown: position - PAGE_SECONDS,
      Home: 0,
      End: duration,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    seek(to);
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0) seek(((event.clientX - box.left) / box.width) * duration);
  };
  const played = duration > 0 ? position / duration : 0;
  return (
    <div
      className="contest-waveform"
      role="slider"
      tabIndex={0}
      aria-label={intl.formatMessage(m.waveformLabel, { title })}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(position)}
      aria-valuetext={intl.formatMessage(m.waveformPosition, { position: clock(position), duration: clock(duration) })}
      onKeyDown={onKey}
      onClick={onClick}
    >
      <svg viewBox={`0 0 ${peaks.length} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        {peaks.map((peak, i) => {
          const height = Math.max(1, (peak / 255) * HEIGHT);
          return (
            <rect
              key={i}
              className={(i + 0.5) / peaks.length <= played ? "played" : undefined}
              x={i + 0.15}
              width={0.7}
              y={(HEIGHT - height) / 2}
              height={height}
            />
          );
        })}
      </svg>
    </div>
  );
}

/** The waveform's place while the streaming copy is made. */
export function WaveformPending() {
  const intl = useIntl();
  return <p className="contest-waveform-pending">{intl.formatMessage(m.waveformPending)}</p>;
}
