// What a PlayerEngine is built from: the API calls it makes, and the browser's pieces (audio
// elements, Web Audio, the Media Session, storage, the clock), each replaced by a fake in tests.
import type { StreamResponse } from "#contracts/music/music.ts";
import type { AudioContextLike, StorageLike } from "../../../lib/audio/output";
import type { AudioLike } from "./loading";
import type { MediaMetadataFields, MediaSessionLike } from "./mediaSession";

export type PlayerEngineOptions = {
  /**
   * The signed, short-lived URL of a track's audio (POST /api/music/tracks/:id/stream), or of its
   * preview when `preview` (POST …/preview).
   */
  resolveSource: (trackId: string, preview: boolean) => Promise<StreamResponse>;
  /** Counts a play (POST …/plays) or a preview play (POST …/preview-plays); failures are only logged (docs/features.md#music). */
  recordPlay?: (trackId: string, preview: boolean) => Promise<unknown> | unknown;
  /** Default: `new Audio()`. */
  createAudio?: () => AudioLike;
  /** Default: a new AudioContext when the browser has one; null turns Web Audio off. */
  createAudioContext?: (() => AudioContextLike | null) | null;
  /** Default: navigator.mediaSession when present; null turns it off. */
  mediaSession?: MediaSessionLike | null;
  /** Default: `new MediaMetadata(fields)` when the browser has it, else the fields themselves. */
  createMediaMetadata?: (fields: MediaMetadataFields) => unknown;
  /** Default: localStorage when usable; null turns persistence off. */
  storage?: StorageLike | null;
  storageKey?: string;
  /** Math.random by default (shuffle). */
  random?: () => number;
  /** Date.now by default (signed URL expiry, save throttling). */
  now?: () => number;
  /** The Media Session's artist line: the artist's name (usePlayerWiring), until it loads the brand or 'the artist'. */
  artist?: string;
  log?: (message: string, error?: unknown) => void;
};
