// The music player's engine: one audio queue for the whole page, free of React so it can be tested
// with a fake <audio> element (docs/features.md#music, the player: the states and transitions below, play errors, the timings).
//
// - States: idle (nothing queued), loading, playing, paused. Clicking the playing track pauses it;
//   choosing another resolves its signed URL, waits for its metadata, plays it and records a play
//   (once per started play: pausing and resuming, or reloading after an error, do not count again).
// - Next and previous wrap around; in shuffle, next picks a random track other than the current.
//   When a track ends, repeat replays it, otherwise the next track plays.
// - A play that fails reloads and retries once after 100 ms, then skips to the next track. A media
//   error while playing (a network error above all, e.g. a signed URL that expired mid-track)
//   reloads at the same position, with a fresh URL when the old one has expired.
// - Loads never overlap: every action that takes over playback bumps a counter (`op`), and a load
//   checks it after each await, so a superseded load never plays and is never counted. Asking again
//   for the track that is already loading is ignored.
// - Volume, mute and Web Audio are the shared output's (app/lib/audio/output.ts): the analyser
//   (fft 2048, smoothing 0.8) is fed by both audio elements, created on the first play (inside the
//   click that started it) and resumed whenever playback starts.
// - The next track is resolved and preloaded into a second, silent element once a track plays; on
//   advance the two elements swap, so the gap between tracks is short.
// - Queue, position, volume, mute, repeat and shuffle are saved to localStorage (every 2 s while
//   playing, and on each change) and restored, paused, after a reload.
// - The Media Session (lock screen, headset keys) gets metadata, position and action handlers.
//
// Nothing here imports values from worker/contracts (types only), as the contracts module pulls zod
// in: the engine is not in the entry chunk, but the root layout (app/routes/__root.tsx) loads it
// lazily with the player's host on any page once a music page or a queue saved by an earlier visit
// asks for the player (app/lib/playerPresence.ts), and that chunk should stay small.
import {
  AudioOutput,
  browserStorage,
  DEFAULT_VOLUME,
  readSavedLevels,
  VOLUME_STEP,
  type AudioContextLike,
  type OutputLevels,
  type StorageLike,
} from "../../../lib/audio/output";
import { PLAYER_STORAGE_KEY } from "../../../lib/playerPresence";
import type { StreamResponse, TrackView } from "../../../../worker/contracts/music";

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

/** The part of HTMLAudioElement the engine uses (tests pass a fake). */
export interface AudioLike extends EventTarget {
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  readonly readyState: number;
  readonly error: { readonly code: number } | null;
  volume: number;
  muted: boolean;
  preload: string;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
}

export type { AudioContextLike, StorageLike };

export type MediaSessionActionLike = "play" | "pause" | "nexttrack" | "previoustrack" | "seekto" | "seekbackward" | "seekforward";

export type MediaSessionDetails = { action?: string; seekTime?: number | null; seekOffset?: number | null };

/** The part of navigator.mediaSession the engine uses. */
export interface MediaSessionLike {
  metadata: unknown;
  playbackState?: string;
  setActionHandler(action: MediaSessionActionLike, handler: ((details: MediaSessionDetails) => void) | null): void;
  setPositionState?(state?: { duration: number; playbackRate?: number; position?: number }): void;
}

export type MediaMetadataFields = {
  title: string;
  artist: string;
  album: string;
  artwork: { src: string }[];
};

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

export { DEFAULT_VOLUME, PLAYER_STORAGE_KEY, VOLUME_STEP };
/** The player's timings (docs/features.md#music). */
export const PROGRESS_INTERVAL_MS = 100;
export const RETRY_DELAY_MS = 100;
export const SKIP_SECONDS = 10;
/** While playing, the saved position is refreshed at most this often. */
export const SAVE_INTERVAL_MS = 2_000;
/** A signed URL is treated as expired this long before it really is. */
const URL_SAFETY_MS = 30_000;
/** If the server's expiresAt cannot be read: the media token's lifetime (10 minutes). */
const FALLBACK_URL_TTL_MS = 10 * 60_000;
/** Reloads after media errors before giving up on a track (reset once playback moves on). */
const MAX_ERROR_RELOADS = 3;
/** MediaError.MEDIA_ERR_NETWORK. */
export const MEDIA_ERR_NETWORK = 2;

type Source = { url: string; expiresAt: number };
type Loaded = Source & { trackId: string };

type StartOptions = {
  autoplay: boolean;
  /** Seconds to start from (default 0). */
  position?: number;
  /** Load the source again even if the element already holds it. */
  reload?: boolean;
  /** Ask the server for a new signed URL even if the cached one is still valid. */
  fresh?: boolean;
  /** This start is already the one retry the spec allows. */
  retried?: boolean;
};

class Superseded extends Error {
  constructor() {
    super("superseded");
    this.name = "AbortError";
  }
}

class MediaLoadError extends Error {
  constructor(readonly code: number | undefined) {
    super(`media error ${code ?? "unknown"}`);
  }
}

const INITIAL_STATE: PlayerState = Object.freeze({
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

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const finitePositive = (value: number) => Number.isFinite(value) && value > 0;

function errorName(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "name" in error ? String((error as { name: unknown }).name) : undefined;
}

/** The stream route's 401/403: retrying or skipping cannot help. */
function isAccessDenied(error: unknown): boolean {
  const status = typeof error === "object" && error !== null && "status" in error ? (error as { status: unknown }).status : undefined;
  return status === 401 || status === 403;
}

function defaultMediaSession(): MediaSessionLike | null {
  if (typeof navigator === "undefined" || !("mediaSession" in navigator)) return null;
  return navigator.mediaSession as unknown as MediaSessionLike;
}

function defaultMetadata(fields: MediaMetadataFields): unknown {
  return typeof MediaMetadata === "function" ? new MediaMetadata(fields) : fields;
}

function isTrack(value: unknown): value is TrackView {
  if (typeof value !== "object" || value === null) return false;
  const t = value as Record<string, unknown>;
  return (
    typeof t.id === "string" &&
    typeof t.title === "string" &&
    typeof t.albumTitle === "string" &&
    typeof t.playable === "boolean" &&
    typeof t.durationSeconds === "number" &&
    (t.coverUrl === null || typeof t.coverUrl === "string")
  );
}

export class PlayerEngine {
  private state: PlayerState = INITIAL_STATE;
  private readonly listeners = new Set<() => void>();

  private readonly resolveSourceFn: PlayerEngineOptions["resolveSource"];
  private readonly recordPlayFn: PlayerEngineOptions["recordPlay"];
  private readonly createAudio: () => AudioLike;
  private readonly mediaSession: MediaSessionLike | null;
  private readonly createMediaMetadata: (fields: MediaMetadataFields) => unknown;
  private readonly storage: StorageLike | null;
  private readonly storageKey: string;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly log: (message: string, error?: unknown) => void;
  private artist: string;

  /** Two elements: the active one and a standby that preloads the next track. */
  private readonly elements: AudioLike[] = [];
  private activeSlot = 0;
  /** What the active element holds. */
  private loaded: Loaded | null = null;
  /** What the standby element has preloaded. */
  private standby: Loaded | null = null;

  private readonly sources = new Map<string, Source>();
  private readonly pendingSources = new Map<string, Promise<Source>>();

  /** Bumped by every action that takes over playback; a load whose op is stale stops. */
  private op = 0;
  private loadAbort: AbortController | null = null;
  /** Bumped for each new play of a track (choice, advance, repeat); counted once. */
  private session = 0;
  private countedSession = -1;
  /** Tracks given up on in a row (stops skipping once every track has failed). */
  private failures = 0;
  private errorReloads = 0;
  private errorReloadPosition = 0;
  /** The shuffle pick for the track after the current one (made when preloading). */
  private plannedNext: { from: number; to: number } | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private lastSave = 0;
  /** Set while the engine itself pauses an element, so its 'pause' event is not read as the user's. */
  private pausingInternally = false;
  private savedQueue: readonly TrackView[] | null = null;
  private savedQueueJson = "[]";

  /** Volume, mute and the analyser of both elements. */
  private readonly output: AudioOutput<AudioLike>;

  constructor(options: PlayerEngineOptions) {
    this.resolveSourceFn = options.resolveSource;
    this.recordPlayFn = options.recordPlay;
    this.createAudio = options.createAudio ?? (() => new Audio());
    this.mediaSession = options.mediaSession === undefined ? defaultMediaSession() : options.mediaSession;
    this.createMediaMetadata = options.createMediaMetadata ?? defaultMetadata;
    this.storage = options.storage === undefined ? browserStorage() : options.storage;
    this.storageKey = options.storageKey ?? PLAYER_STORAGE_KEY;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((message, error) => console.warn(`[player] ${message}`, error ?? ""));
    this.artist = options.artist ?? "";
    this.output = new AudioOutput({ createAudioContext: options.createAudioContext, log: this.log });
  }

  // ---------- Store (useSyncExternalStore) ----------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getState = (): PlayerState => this.state;

  private set(patch: Partial<{ -readonly [K in keyof PlayerState]: PlayerState[K] }>) {
    const merged = { ...this.state, ...patch };
    merged.current = merged.queue[merged.index] ?? null;
    const prev = this.state as Record<string, unknown>;
    if (Object.entries(merged).every(([key, value]) => prev[key] === value)) return;
    this.state = Object.freeze(merged);
    for (const listener of [...this.listeners]) listener();
  }

  // ---------- Lifecycle ----------

  /**
   * Hooks the engine to the page: Media Session handlers and a save when the page is hidden.
   * Returns the detach function (pauses, saves, removes the handlers); attaching again works.
   */
  attach(): () => void {
    const session = this.mediaSession;
    const handlers: [MediaSessionActionLike, (details: MediaSessionDetails) => void][] = [
      ["play", () => this.play()],
      ["pause", () => this.pause()],
      ["nexttrack", () => this.next()],
      ["previoustrack", () => this.previous()],
      ["seekto", (d) => typeof d.seekTime === "number" && this.seek(d.seekTime)],
      ["seekbackward", (d) => this.seekBy(-(d.seekOffset ?? SKIP_SECONDS))],
      ["seekforward", (d) => this.seekBy(d.seekOffset ?? SKIP_SECONDS)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session?.setActionHandler(action, handler);
      } catch {
        // this browser does not know the action
      }
    }
    const onHide = () => this.persist();
    if (typeof window !== "undefined") window.addEventListener("pagehide", onHide);
    return () => {
      if (typeof window !== "undefined") window.removeEventListener("pagehide", onHide);
      for (const [action] of handlers) {
        try {
          session?.setActionHandler(action, null);
        } catch {
          // as above
        }
      }
      if (this.state.status === "playing" || this.state.status === "loading") this.pause();
      this.persist();
    };
  }

  /** The analyser the visualizers read, or null before the first play or without Web Audio. */
  getAnalyser(): AnalyserNode | null {
    return this.output.getAnalyser();
  }

  /** The Media Session's artist line (the artist's name; the brand or 'the artist' translated until it loads). */
  setArtist(artist: string) {
    if (artist === this.artist) return;
    this.artist = artist;
    this.updateMetadata();
  }

  /** Brings back the saved queue, paused at the saved position. True when something was restored. */
  restore(): boolean {
    if (this.state.queue.length > 0 || !this.storage) return false;
    let saved: Record<string, unknown>;
    try {
      const raw = this.storage.getItem(this.storageKey);
      if (!raw) return false;
      saved = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return false;
    }
    if (typeof saved !== "object" || saved === null || saved.v !== 1 || !Array.isArray(saved.queue)) return false;
    const queue = saved.queue.filter(isTrack);
    if (queue.length === 0) return false;
    const num = (value: unknown, fallback: number) => (typeof value === "number" && Number.isFinite(value) ? value : fallback);
    const index = clamp(Math.trunc(num(saved.index, 0)), 0, queue.length - 1);
    const track = queue[index]!;
    this.set({
      status: "paused",
      queue,
      index,
      currentTime: Math.max(0, num(saved.position, 0)),
      duration: track.durationSeconds,
      ...this.output.setLevels(readSavedLevels(saved)),
      repeat: saved.repeat === true,
      shuffle: saved.shuffle === true,
      error: null,
    });
    this.updateMetadata();
    this.syncSession();
    return true;
  }

  /**
   * Full tracks (VIP and admin) or previews (everyone else). A change stops everything and forgets
   * the queue: a preview's URL never stands in for a track's, nor the other way round.
   */
  setPreviewMode(preview: boolean) {
    if (preview === this.state.preview) return;
    this.reset();
    this.set({ preview });
  }

  /** Stops everything and forgets the queue (and the saved copy), e.g. after signing out. */
  reset() {
    this.takeOver();
    this.stopTicker();
    for (const el of this.elements) this.unload(el);
    this.loaded = null;
    this.standby = null;
    this.sources.clear();
    this.plannedNext = null;
    const { volume, muted, preview } = this.state;
    this.set({ ...INITIAL_STATE, volume, muted, preview });
    try {
      this.storage?.removeItem(this.storageKey);
    } catch {
      // nothing saved then
    }
    if (this.mediaSession) {
      this.mediaSession.metadata = null;
      this.mediaSession.playbackState = "none";
    }
  }

  // ---------- Playback actions ----------

  /** Replaces the queue and plays tracks[startIndex]. */
  playQueue(tracks: readonly TrackView[], startIndex = 0) {
    const track = tracks[startIndex];
    if (!track) return;
    if (!this.playable(track)) return this.refuse();
    this.clearError();
    this.plannedNext = null;
    this.set({ queue: [...tracks], index: startIndex });
    this.session++;
    void this.start(startIndex, { autoplay: true });
  }

  /**
   * The track-list click: the current track toggles (the playing one pauses); another track loads
   * and plays. With `queue`, that list becomes the queue; without, the current queue is kept when
   * it holds the track, else the track alone is queued.
   */
  playTrack(track: TrackView, queue?: readonly TrackView[]) {
    if (!this.playable(track)) return this.refuse();
    const { current, status } = this.state;
    if (current?.id === track.id) {
      if (queue) {
        const i = queue.findIndex((t) => t.id === track.id);
        if (i >= 0) this.set({ queue: [...queue], index: i });
      }
      if (status === "playing") this.pause();
      else if (status !== "loading") this.play(); // asking again while it loads is ignored
      return;
    }
    this.clearError();
    let list: readonly TrackView[];
    let index: number;
    if (queue) {
      index = queue.findIndex((t) => t.id === track.id);
      list = index >= 0 ? [...queue] : [track];
    } else {
      index = this.state.queue.findIndex((t) => t.id === track.id);
      list = index >= 0 ? this.state.queue : [track];
    }
    if (index < 0) index = 0;
    this.plannedNext = null;
    this.set({ queue: list, index });
    this.session++;
    void this.start(index, { autoplay: true });
  }

  /** Plays queue[index] (the queue dialog); the current track keeps playing, or resumes. */
  jumpTo(index: number) {
    const track = this.state.queue[index];
    if (!track) return;
    if (index === this.state.index) return this.play();
    this.clearError();
    this.advance(index);
  }

  /** Play/pause; while loading it cancels the load. */
  toggle() {
    const { status } = this.state;
    if (status === "playing" || status === "loading") this.pause();
    else this.play();
  }

  play() {
    const { status, current, index, currentTime } = this.state;
    if (!current || status === "playing" || status === "loading") return;
    if (!this.playable(current)) return this.refuse();
    this.clearError();
    void this.start(index, { autoplay: true, position: currentTime });
  }

  pause() {
    const { status } = this.state;
    if (status !== "playing" && status !== "loading") return;
    const el = this.activeElement();
    const fromElement = status === "playing" && el && this.loaded?.trackId === this.state.current?.id;
    const currentTime = fromElement ? el.currentTime : this.state.currentTime;
    this.takeOver();
    this.stopTicker();
    this.set({ status: "paused", currentTime });
    this.syncSession();
    this.persist();
  }

  next() {
    if (!this.state.current) return;
    this.clearError();
    this.advance(this.nextIndex());
  }

  previous() {
    if (!this.state.current) return;
    this.clearError();
    this.advance(this.previousIndex());
  }

  /** Seconds, clamped to the track. */
  seek(seconds: number) {
    const { current, duration, status } = this.state;
    if (!current || !Number.isFinite(seconds)) return;
    const time = clamp(seconds, 0, finitePositive(duration) ? duration : Number.MAX_SAFE_INTEGER);
    const el = this.activeElement();
    // While loading, the load reads state.currentTime once the metadata is in.
    if (el && status !== "loading" && this.loaded?.trackId === current.id) el.currentTime = time;
    this.set({ currentTime: time });
    this.syncSession();
    this.persist();
  }

  seekBy(deltaSeconds: number) {
    const el = this.activeElement();
    const base = this.state.status === "playing" && el ? el.currentTime : this.state.currentTime;
    this.seek(base + deltaSeconds);
  }

  /** 0-100, applied to the elements as a fraction. Turning the volume up unmutes (lib/audio/output.ts). */
  setVolume(volume: number) {
    if (!Number.isFinite(volume)) return;
    this.setLevels(this.output.setVolume(volume));
  }

  volumeBy(delta: number) {
    this.setLevels(this.output.volumeBy(delta));
  }

  toggleMute() {
    this.setLevels(this.output.toggleMute());
  }

  toggleShuffle() {
    this.set({ shuffle: !this.state.shuffle });
    this.plannedNext = null;
    this.persist();
    if (this.state.status === "playing") void this.preloadNext();
  }

  toggleRepeat() {
    this.set({ repeat: !this.state.repeat });
    this.persist();
  }

  dismissError() {
    this.clearError();
  }

  // ---------- Internals: loading and playing ----------

  private refuse() {
    this.set({ error: "not_playable" });
  }

  /** Whether `track` can be played in this mode: its audio, or its preview. */
  private playable(track: TrackView) {
    return this.state.preview ? track.preview : track.playable;
  }

  private clearError() {
    if (this.state.error) this.set({ error: null });
    this.failures = 0;
  }

  /** A new play of queue[index] (next, previous, end of track). */
  private advance(index: number) {
    const track = this.state.queue[index];
    if (!track) return;
    if (!this.playable(track)) return this.refuse();
    this.session++;
    void this.start(index, { autoplay: true });
  }

  /** Supersedes whatever load is running and silences the active element. Returns the new op. */
  private takeOver(): number {
    this.op++;
    this.loadAbort?.abort();
    this.loadAbort = new AbortController();
    const el = this.activeElement();
    if (el && !el.paused) {
      this.pausingInternally = true;
      try {
        el.pause();
      } finally {
        this.pausingInternally = false;
      }
    }
    return this.op;
  }

  private async start(index: number, options: StartOptions): Promise<void> {
    const track = this.state.queue[index];
    if (!track) return;
    const op = this.takeOver();
    const signal = this.loadAbort!.signal;
    const sameTrack = this.loaded?.trackId === track.id;
    this.stopTicker();
    this.set({
      status: "loading",
      previewEnded: false,
      index,
      currentTime: Math.max(0, options.position ?? 0),
      duration: sameTrack && finitePositive(this.state.duration) ? this.state.duration : track.durationSeconds,
    });
    // Inside the click that asked for playback: browsers let an AudioContext start only there.
    if (options.autoplay) {
      this.output.ensureAnalyser();
      this.output.resume();
    }
    this.updateMetadata();
    this.persist();
    try {
      const el = await this.prepare(track, options, signal, op);
      if (op !== this.op) return;
      if (finitePositive(el.duration)) this.set({ duration: el.duration });
      const target = this.state.currentTime; // a seek made while loading wins
      if (Math.abs(el.currentTime - target) > 0.25) el.currentTime = target;
      if (!options.autoplay) {
        this.set({ status: "paused" });
        this.syncSession();
        return;
      }
      this.output.resume();
      await el.play();
      // A newer action paused this element (takeOver) after play() was called: leave it to that.
      if (op !== this.op) return;
      this.started(track);
    } catch (error) {
      if (op !== this.op) return; // superseded: a newer action owns the player
      await this.failed(index, options, error, op, signal);
    }
  }

  /** Makes the active element hold `track` with its metadata known. */
  private async prepare(track: TrackView, options: StartOptions, signal: AbortSignal, op: number): Promise<AudioLike> {
    const active = this.activeElement();
    if (!options.reload && active && this.loaded?.trackId === track.id && !active.error && !this.isExpired(this.loaded.expiresAt)) {
      await waitForMetadata(active, signal);
      return active;
    }
    if (!options.reload && this.standby?.trackId === track.id && !this.isExpired(this.standby.expiresAt)) {
      const el = this.swapToStandby();
      await waitForMetadata(el, signal);
      return el;
    }
    const source = await this.source(track.id, options.fresh === true);
    if (op !== this.op) throw new Superseded();
    const el = this.element(this.activeSlot);
    el.preload = "auto";
    el.src = source.url;
    el.load();
    this.loaded = { trackId: track.id, ...source };
    await waitForMetadata(el, signal);
    return el;
  }

  private started(track: TrackView) {
    this.failures = 0;
    this.set({ status: "playing" });
    this.startTicker();
    this.syncSession();
    this.persist();
    if (this.countedSession !== this.session) {
      this.countedSession = this.session;
      void this.record(track.id);
    }
    void this.preloadNext();
  }

  private async failed(index: number, options: StartOptions, error: unknown, op: number, signal: AbortSignal) {
    if (errorName(error) === "NotAllowedError") {
      // The browser wants a click first (autoplay policy): wait for the user, no error, no skip.
      this.set({ status: "paused" });
      this.syncSession();
      return;
    }
    if (isAccessDenied(error)) {
      this.log("stream refused", error);
      this.set({ status: "paused", error: "access_denied" });
      this.syncSession();
      return;
    }
    if (!options.retried) {
      try {
        await sleep(RETRY_DELAY_MS, signal);
      } catch {
        return; // superseded while waiting
      }
      if (op !== this.op) return;
      void this.start(index, { ...options, position: this.state.currentTime, reload: true, fresh: true, retried: true });
      return;
    }
    this.giveUp(error, options.autoplay);
  }

  /** The error message (docs/features.md#music), playing set false; then the next track, unless all have failed. */
  private giveUp(error: unknown, autoplay: boolean) {
    this.log("playback failed", error);
    this.failures++;
    this.stopTicker();
    this.set({ status: "paused", error: "play_failed" });
    this.syncSession();
    this.persist();
    const next = this.nextIndex();
    if (autoplay && next !== this.state.index && this.failures < this.playableCount()) {
      this.session++;
      void this.start(next, { autoplay: true });
    }
  }

  private async record(trackId: string) {
    if (!this.recordPlayFn) return;
    try {
      await this.recordPlayFn(trackId, this.state.preview);
    } catch (error) {
      this.log("could not count the play", error); // only logged (docs/features.md#music)
    }
  }

  private async source(trackId: string, fresh: boolean): Promise<Source> {
    const cached = this.sources.get(trackId);
    if (!fresh && cached && !this.isExpired(cached.expiresAt)) return cached;
    const pending = this.pendingSources.get(trackId);
    if (pending && !fresh) return pending;
    const request = (async () => {
      const response = await this.resolveSourceFn(trackId, this.state.preview);
      const expiresAt = Date.parse(response.expiresAt);
      const source = { url: response.url, expiresAt: Number.isFinite(expiresAt) ? expiresAt : this.now() + FALLBACK_URL_TTL_MS };
      for (const [id, s] of this.sources) if (this.isExpired(s.expiresAt)) this.sources.delete(id);
      this.sources.set(trackId, source);
      return source;
    })();
    this.pendingSources.set(trackId, request);
    try {
      return await request;
    } finally {
      if (this.pendingSources.get(trackId) === request) this.pendingSources.delete(trackId);
    }
  }

  private isExpired(expiresAt: number) {
    return this.now() >= expiresAt - URL_SAFETY_MS;
  }

  // ---------- Queue order ----------

  private playableCount() {
    return this.state.queue.filter((t) => this.playable(t)).length;
  }

  private nextIndex(): number {
    const { queue, index, shuffle } = this.state;
    if (shuffle) {
      const candidates = queue.flatMap((t, i) => (this.playable(t) && i !== index ? [i] : []));
      if (candidates.length === 0) return index;
      const planned = this.plannedNext;
      if (planned && planned.from === index && candidates.includes(planned.to)) return planned.to;
      const pick = candidates[Math.floor(this.random() * candidates.length)] ?? candidates[0]!;
      this.plannedNext = { from: index, to: pick };
      return pick;
    }
    return this.step(1);
  }

  private previousIndex(): number {
    return this.step(-1);
  }

  /** The nearest playable index in a direction, wrapping around; the current one if none. */
  private step(direction: 1 | -1): number {
    const { queue, index } = this.state;
    const n = queue.length;
    for (let k = 1; k <= n; k++) {
      const i = (((index + direction * k) % n) + n) % n;
      if (queue[i] && this.playable(queue[i])) return i;
    }
    return index;
  }

  // ---------- Preloading the next track ----------

  private async preloadNext() {
    const { queue, index, preview } = this.state;
    // A preview ends with the VIP offer, so there is no next one to have ready.
    if (queue.length < 2 || preview) return;
    const nextIndex = this.nextIndex();
    const track = queue[nextIndex];
    if (!track || nextIndex === index || !this.playable(track) || track.id === this.loaded?.trackId) return;
    if (this.standby?.trackId === track.id && !this.isExpired(this.standby.expiresAt)) return;
    const op = this.op;
    let source: Source;
    try {
      source = await this.source(track.id, false);
    } catch (error) {
      this.log("could not preload the next track", error);
      return;
    }
    if (op !== this.op) return; // something else happened meanwhile; the next play preloads again
    const el = this.element(1 - this.activeSlot);
    el.preload = "auto";
    el.src = source.url;
    el.load();
    this.standby = { trackId: track.id, ...source };
  }

  private swapToStandby(): AudioLike {
    const old = this.activeElement();
    this.activeSlot = 1 - this.activeSlot;
    this.loaded = this.standby;
    this.standby = null;
    if (old) this.unload(old);
    return this.element(this.activeSlot);
  }

  // ---------- Elements ----------

  private activeElement(): AudioLike | null {
    return this.elements[this.activeSlot] ?? null;
  }

  private element(slot: number): AudioLike {
    let el = this.elements[slot];
    if (!el) {
      el = this.createAudio();
      el.preload = "auto";
      this.elements[slot] = el;
      this.listen(el);
      this.output.add(el);
    }
    return el;
  }

  private unload(el: AudioLike) {
    this.pausingInternally = true;
    try {
      el.pause();
      el.removeAttribute("src");
      el.load();
    } finally {
      this.pausingInternally = false;
    }
  }

  private listen(el: AudioLike) {
    const isActive = () => el === this.activeElement();
    el.addEventListener("ended", () => {
      if (isActive()) this.onEnded();
    });
    el.addEventListener("error", () => {
      if (isActive()) this.onMediaError(el);
      else if (this.standby) this.standby = null; // the preload failed: the next play loads normally
    });
    el.addEventListener("pause", () => {
      // Paused from outside (the OS, a headset, another tab's audio focus).
      if (!isActive() || this.pausingInternally || this.state.status !== "playing" || (el as { ended?: boolean }).ended) return;
      this.stopTicker();
      this.set({ status: "paused", currentTime: el.currentTime });
      this.syncSession();
      this.persist();
    });
    el.addEventListener("playing", () => {
      // Resumed from outside; the engine's own plays are confirmed by play() itself.
      if (!isActive() || this.state.status !== "paused" || this.loaded?.trackId !== this.state.current?.id) return;
      this.set({ status: "playing" });
      this.startTicker();
      this.syncSession();
    });
    el.addEventListener("durationchange", () => {
      if (isActive() && this.loaded?.trackId === this.state.current?.id && finitePositive(el.duration)) {
        this.set({ duration: el.duration });
      }
    });
  }

  private onEnded() {
    if (this.state.status === "loading") return;
    const { repeat, index } = this.state;
    this.stopTicker();
    if (this.state.preview) {
      // A preview ends with the VIP offer, not with the next preview.
      this.set({ status: "paused", currentTime: 0, previewEnded: true });
      this.syncSession();
      return;
    }
    if (repeat) {
      this.session++;
      void this.start(index, { autoplay: true, position: 0 });
      return;
    }
    const next = this.nextIndex();
    if (next === index) {
      // A queue of one: the end of the queue, nothing to wrap to.
      this.set({ status: "paused", currentTime: 0 });
      this.syncSession();
      this.persist();
      return;
    }
    this.advance(next);
  }

  private onMediaError(el: AudioLike) {
    const { status, index, current } = this.state;
    // While loading, the load itself sees the error (waitForMetadata / play()).
    if (status === "loading" || !current || this.loaded?.trackId !== current.id) return;
    const network = el.error?.code === MEDIA_ERR_NETWORK;
    const position = Number.isFinite(el.currentTime) && el.currentTime > 0 ? el.currentTime : this.state.currentTime;
    const wasPlaying = status === "playing";
    if (this.errorReloads < MAX_ERROR_RELOADS) {
      this.errorReloads++;
      this.errorReloadPosition = position;
      // A network error keeps the signed URL unless it has expired (source() renews it then).
      void this.start(index, { autoplay: wasPlaying, position, reload: true, fresh: !network });
      return;
    }
    this.takeOver();
    this.giveUp(new MediaLoadError(el.error?.code), wasPlaying);
  }

  // ---------- Progress and volume ----------

  private startTicker() {
    if (this.ticker !== null) return;
    this.ticker = setInterval(() => this.tick(), PROGRESS_INTERVAL_MS);
  }

  private stopTicker() {
    if (this.ticker === null) return;
    clearInterval(this.ticker);
    this.ticker = null;
  }

  private tick() {
    const el = this.activeElement();
    if (!el || this.state.status !== "playing") return;
    const currentTime = el.currentTime;
    this.set({ currentTime, duration: finitePositive(el.duration) ? el.duration : this.state.duration });
    if (this.errorReloads > 0 && currentTime > this.errorReloadPosition + 2) this.errorReloads = 0;
    if (this.now() - this.lastSave >= SAVE_INTERVAL_MS) this.persist();
  }

  /** The output's levels after a change: into the state (what the controls show), then saved. */
  private setLevels(levels: OutputLevels) {
    this.set({ volume: levels.volume, muted: levels.muted });
    this.persist();
  }

  // ---------- Persistence ----------

  private persist() {
    this.lastSave = this.now();
    if (!this.storage) return;
    const { queue, index, currentTime, volume, muted, repeat, shuffle } = this.state;
    try {
      if (queue.length === 0) {
        this.storage.removeItem(this.storageKey);
        return;
      }
      if (queue !== this.savedQueue) {
        this.savedQueue = queue;
        this.savedQueueJson = JSON.stringify(queue);
      }
      const rest = JSON.stringify({ index, position: Math.round(currentTime * 10) / 10, volume, muted, repeat, shuffle });
      this.storage.setItem(this.storageKey, `{"v":1,"queue":${this.savedQueueJson},${rest.slice(1)}`);
    } catch {
      // storage full or blocked: the queue lasts for this visit only
    }
  }

  // ---------- Media Session ----------

  private updateMetadata() {
    const session = this.mediaSession;
    const track = this.state.current;
    if (!session || !track) return;
    try {
      session.metadata = this.createMediaMetadata({
        title: track.title,
        artist: this.artist,
        album: track.albumTitle,
        artwork: track.coverUrl ? [{ src: track.coverUrl }] : [],
      });
    } catch (error) {
      this.log("could not set media metadata", error);
    }
  }

  private syncSession() {
    const session = this.mediaSession;
    if (!session) return;
    const { status, queue, duration, currentTime } = this.state;
    try {
      session.playbackState = status === "playing" ? "playing" : queue.length ? "paused" : "none";
      if (finitePositive(duration)) {
        session.setPositionState?.({ duration, playbackRate: 1, position: clamp(currentTime, 0, duration) });
      }
    } catch (error) {
      this.log("could not update the media session", error);
    }
  }
}

/** Resolves once the element knows its metadata; rejects on a media error or when superseded. */
function waitForMetadata(el: AudioLike, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new Superseded());
  if (el.readyState >= 1) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const cleanup = () => {
      el.removeEventListener("loadedmetadata", onMetadata);
      el.removeEventListener("error", onError);
      signal.removeEventListener("abort", onAbort);
    };
    const onMetadata = () => {
      cleanup();
      resolve();
    };
    const onError = () => {
      cleanup();
      reject(new MediaLoadError(el.error?.code));
    };
    const onAbort = () => {
      cleanup();
      reject(new Superseded());
    };
    el.addEventListener("loadedmetadata", onMetadata);
    el.addEventListener("error", onError);
    signal.addEventListener("abort", onAbort);
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new Superseded());
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Superseded());
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
