// What the radio shows: one shared radio state for the page, the mini player and the popup.
import type { NowPlaying, RadioStationView } from "#contracts/radio.ts";
import { DEFAULT_VOLUME } from "../../lib/audio/output";

export type RadioStatus = "idle" | "loading" | "playing" | "paused";
/**
 * stream_failed: 'Unable to connect to radio stream. Please try again later.';
 * change_failed: 'Unable to change station. Please try again.';
 * play_failed: 'Unable to play audio. Please try again.'; access_denied: not VIP (401/403).
 */
export type RadioErrorCode = "stream_failed" | "change_failed" | "play_failed" | "access_denied";

export type RadioState = Readonly<{
  status: RadioStatus;
  stations: readonly RadioStationView[];
  /** Index of the current station in `stations`; -1 before the list is known. */
  index: number;
  station: RadioStationView | null;
  nowPlaying: NowPlaying | null;
  /** From the live socket; null until it reports. */
  listeners: number | null;
  volume: number;
  muted: boolean;
  error: RadioErrorCode | null;
}>;

export const INITIAL_RADIO_STATE: RadioState = Object.freeze({
  status: "idle",
  stations: Object.freeze([]) as readonly RadioStationView[],
  index: -1,
  station: null,
  nowPlaying: null,
  listeners: null,
  volume: DEFAULT_VOLUME,
  muted: false,
  error: null,
});
