// Small radio hooks shared by the page, the mini player and the popup.
import { useEffect, useState } from "react";
import { RADIO_ERROR_MS } from "#contracts/radio.ts";
import type { RadioEngine, RadioState } from "./engine";

/** Radio errors clear themselves after RADIO_ERROR_MS (docs/features.md#radio-and-tv: after 5 seconds). */
export function useErrorTimeout(engine: RadioEngine, error: RadioState["error"]) {
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => engine.dismissError(), RADIO_ERROR_MS);
    return () => clearTimeout(timer);
  }, [engine, error]);
}

/** Seconds into the current track on the shared clock, re-read twice a second while playing. */
export function useTrackPosition(engine: RadioEngine, state: RadioState): number | null {
  const [, setTick] = useState(0);
  const playing = state.status === "playing";
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setTick((n) => n + 1), 500);
    return () => clearInterval(timer);
  }, [playing]);
  const current = state.nowPlaying?.current;
  const position = engine.expectedPosition();
  if (!current || position === null) return null;
  return Math.min(Math.max(0, position), current.track.durationSeconds);
}
