// What the music player shows: the engine's state, one frozen object per change (read through
// useSyncExternalStore), and its starting value.
import type { TrackView } from "#contracts/music/music.ts";
import { DEFAULT_VOLUME } from "../../../lib/audio/output";

export type PlayerStatus = "idle" | "loading" | "playing" | "paused";
/** play_failed: 'Unable to play audio. Please try again.'; not_playable: a track without audio;
 * access_denied: the stream route said 401/403 (not VIP, or signed out). */
export type PlayerErrorCode = "play_failed" | "not_playable" | "access_denied";

export type PlayerState = Readonly<{
  status: PlayerStatus;
  queue: readonly TrackView[];
  /** Index of the current track in `queue`; -1 when the queue is empty. */
  index: number;
  /** queue[index], or null. */
  current: TrackView | null;
  /** Seconds. */
  currentTime: number;
  /** Seconds: the element's once known, the catalog's figure until then. */
  duration: number;
  /** 0-100; the element gets volume / 100. */
  volume: number;
  muted: boolean;
  repeat: boolean;
  shuffle: boolean;
  error: PlayerErrorCode | null;
  /** Previews only (a visitor or a free member): 30 seconds of each track, then the VIP offer. */
  preview: boolean;
  /** A preview has played to its end: the place for the VIP offer. */
  previewEnded: boolean;
}>;

/** A change to the state (any of its fields; `current` is always derived from queue and index). */
export type PlayerPatch = Partial<{ -readonly [K in keyof PlayerState]: PlayerState[K] }>;

export const INITIAL_STATE: PlayerState = Object.freeze({
  status: "idle",
  queue: Object.freeze([]) as readonly TrackView[],
  index: -1,
  current: null,
  currentTime: 0,
  duration: 0,
  volume: DEFAULT_VOLUME,
  muted: false,
  repeat: false,
  shuffle: false,
  error: null,
  preview: false,
  previewEnded: false,
});

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
export const finitePositive = (value: number) => Number.isFinite(value) && value > 0;
