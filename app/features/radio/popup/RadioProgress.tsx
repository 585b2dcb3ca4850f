// The popup radio's progress line: where the station is in its current track (following the
// radio's shared clock while it plays), or where a track on demand is.
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { RadioSlot } from "#contracts/radio.ts";
import { formatTime } from "../../../lib/audio/formatTime";
import type { RadioEngine } from "../engine";
import { radioPopupMessages as m, timeOfMessage } from "./messages";
import type { OnDemandState } from "./onDemand";

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
export function RadioProgress({ slot, serverTime, live, engine }: { slot: RadioSlot; serverTime: string; live: boolean; engine: RadioEngine }) {
  useTicker(live, LIVE_TICK_MS);
  const startedAt = Date.parse(slot.startedAt);
  const slotSeconds = (Date.parse(slot.endsAt) - startedAt) / 1000;
  const total = Number.isFinite(slotSeconds) && slotSeconds > 0 ? slotSeconds : slot.track.durationSeconds;
  const position = live ? (engine.expectedPosition() ?? 0) : (Date.parse(serverTime) - startedAt) / 1000;
  return <Progress position={position} total={total} />;
}

export function MusicProgress({ music }: { music: OnDemandState }) {
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
