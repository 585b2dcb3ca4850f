// The music player's engine: one audio queue for the whole page, free of React so it can be tested
// with a fake <audio> element (docs/features.md#music, the player: the states and transitions below, play errors, the timings).
//
// - States: idle (nothing queued), loading, playing, paused. Clicking the playing track pauses it;
//   choosing another resolves its signed URL (sources.ts), waits for its metadata, plays it and
//   records a play (once per started play: pausing and resuming, or reloading after an error, do
//   not count again). Loads never overlap, and the next track is preloaded (deck.ts).
// - Next and previous wrap around, shuffle picks at random (queue.ts). When a track ends, repeat
//   replays it, otherwise the next track plays.
// - A play that fails reloads and retries once after 100 ms, then skips to the next track. A media
//   error while playing (a network error above all, e.g. a signed URL that expired mid-track)
//   reloads at the same position, with a fresh URL when the old one has expired.
// - Volume, mute and Web Audio are the shared output's (app/lib/audio/output.ts): the analyser is
//   fed by both audio elements, created on the first play (inside the click that started it) and
//   resumed whenever playback starts.
// - The queue is saved and restored after a reload (persistence.ts); the Media Session gets
//   metadata, position and action handlers (mediaSession.ts).
//
// Nothing here imports values from worker/contracts (types only), as the contracts module pulls zod
// in: the engine is not in the entry chunk, but the root layout (app/routes/__root.tsx) loads it
// lazily with the player's host on any page once a music page or a queue saved by an earlier visit
// asks for the player (app/lib/playerPresence.ts), and that chunk should stay small.
import type { TrackView } from "#contracts/music/music.ts";
import { browserMediaMetadata, browserMediaSession } from "../../../lib/audio/mediaSession";
import { AudioOutput, browserStorage, type OutputLevels } from "../../../lib/audio/output";
import { PLAYER_STORAGE_KEY } from "../../../lib/playerPresence";
import { Deck, type LoadOptions } from "./deck";
import { errorName, isAccessDenied, MediaLoadError, MEDIA_ERR_NETWORK, sleep, type AudioLike } from "./loading";
import { PlayerMediaSession, type MediaSessionLike } from "./mediaSession";
import type { PlayerEngineOptions } from "./options";
import { SavedPlayer } from "./persistence";
import { PlayCounter } from "./plays";
import { playableCount, QueueOrder, queueFor } from "./queue";
import { SignedSources } from "./sources";
import { clamp, finitePositive, INITIAL_STATE, type PlayerPatch, type PlayerState } from "./state";

export type { AudioLike } from "./loading";
export type { PlayerEngineOptions } from "./options";
export type { PlayerErrorCode, PlayerState } from "./state";
export { MEDIA_ERR_NETWORK, PLAYER_STORAGE_KEY };

/** The player's timings (docs/features.md#music). */
export const PROGRESS_INTERVAL_MS = 100;
export const RETRY_DELAY_MS = 100;
export const SKIP_SECONDS = 10;
/** While playing, the saved position is refreshed at most this often. */
export const SAVE_INTERVAL_MS = 2_000;
/** Reloads after media errors before giving up on a track (reset once playback moves on). */
const MAX_ERROR_RELOADS = 3;

type StartOptions = LoadOptions & {
  autoplay: boolean;
  /** Seconds to start from (default 0). */
  position?: number;
  /** This start is already the one retry the spec allows. */
  retried?: boolean;
};

export class PlayerEngine {
  private state: PlayerState = INITIAL_STATE;
  private readonly listeners = new Set<() => void>();

  private readonly now: () => number;
  private readonly log: (message: string, error?: unknown) => void;
  private artist: string;

  private readonly sources: SignedSources;
  /** The two audio elements and the loads into them. */
  private readonly deck: Deck;
  private readonly order: QueueOrder;
  private readonly saved: SavedPlayer;
  private readonly mediaSession: PlayerMediaSession;
  private readonly plays: PlayCounter;
  /** Volume, mute and the analyser of both elements. */
  private readonly output: AudioOutput<AudioLike>;

  /** Tracks given up on in a row (stops skipping once every track has failed). */
  private failures = 0;
  private errorReloads = 0;
  private errorReloadPosition = 0;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private lastSave = 0;

  constructor(options: PlayerEngineOptions) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((message, error) => console.warn(`[player] ${message}`, error ?? ""));
    this.artist = options.artist ?? "";
    this.output = new AudioOutput({ createAudioContext: options.createAudioContext, log: this.log });
    this.sources = new SignedSources(options.resolveSource, this.now);
    this.deck = new Deck(
      options.createAudio ?? (() => new Audio()),
      this.output,
      this.sources,
      {
        ended: () => this.onEnded(),
        error: (el) => this.onMediaError(el),
        pausedOutside: (el) => this.onPausedOutside(el),
        playing: () => this.onResumedOutside(),
        durationChange: (el) => this.onDurationChange(el),
      },
      this.log,
    );
    this.plays = new PlayCounter(options.recordPlay, this.log);
    this.order = new QueueOrder(options.random ?? Math.random);
    this.saved = new SavedPlayer(options.storage === undefined ? browserStorage() : options.storage, options.storageKey ?? PLAYER_STORAGE_KEY);
    const session = options.mediaSession === undefined ? (browserMediaSession() as MediaSessionLike | null) : options.mediaSession;
    this.mediaSession = new PlayerMediaSession(session, options.createMediaMetadata ?? browserMediaMetadata, this.log);
  }

  // ---------- Store (useSyncExternalStore) ----------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getState = (): PlayerState => this.state;

  private set(patch: PlayerPatch) {
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
    const unbind = this.mediaSession.bind(this, SKIP_SECONDS);
    const onHide = () => this.persist();
    if (typeof window !== "undefined") window.addEventListener("pagehide", onHide);
    return () => {
      if (typeof window !== "undefined") window.removeEventListener("pagehide", onHide);
      unbind();
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
    if (this.state.queue.length > 0) return false;
    const saved = this.saved.load();
    if (!saved) return false;
    const { queue, index } = saved;
    this.set({
      status: "paused",
      queue,
      index,
      currentTime: saved.position,
      duration: queue[index]!.durationSeconds,
      ...this.output.setLevels(saved.levels),
      repeat: saved.repeat,
      shuffle: saved.shuffle,
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
    this.deck.takeOver();
    this.stopTicker();
    this.deck.clear();
    this.sources.clear();
    this.order.forgetPlan();
    const { volume, muted, preview } = this.state;
    this.set({ ...INITIAL_STATE, volume, muted, preview });
    this.saved.clear();
    this.mediaSession.clear();
  }

  // ---------- Playback actions ----------

  /** Replaces the queue and plays tracks[startIndex]. */
  playQueue(tracks: readonly TrackView[], startIndex = 0) {
    const track = tracks[startIndex];
    if (!track) return;
    if (!this.playable(track)) return this.refuse();
    this.clearError();
    this.order.forgetPlan();
    this.set({ queue: [...tracks], index: startIndex });
    this.plays.newPlay();
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
    const next = queueFor(track, queue, this.state.queue);
    this.order.forgetPlan();
    this.set(next);
    this.plays.newPlay();
    void this.start(next.index, { autoplay: true });
  }

  /** Plays queue[index] (the queue dialog); the current track keeps playing, or resumes. */
  jumpTo(index: number) {
    const track = this.state.queue[index];
    if (!track) return;
    if (index === this.state.index) return this.play();
    this.clearError();
    this.advance(index);
  }

  /** Loads the current track again where it is, from a new URL (another quality was chosen). */
  reloadSource() {
    const { status, current, index, currentTime } = this.state;
    if (!current || this.state.preview) return;
    this.sources.clear();
    void this.start(index, { autoplay: status === "playing" || status === "loading", position: currentTime, reload: true, fresh: true });
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
    const el = this.deck.active();
    const fromElement = status === "playing" && el && this.deck.loaded?.trackId === this.state.current?.id;
    const currentTime = fromElement ? el.currentTime : this.state.currentTime;
    this.deck.takeOver();
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
    this.advance(this.order.previous(this.state, (t) => this.playable(t)));
  }

  /** Seconds, clamped to the track. */
  seek(seconds: number) {
    const { current, duration, status } = this.state;
    if (!current || !Number.isFinite(seconds)) return;
    const time = clamp(seconds, 0, finitePositive(duration) ? duration : Number.MAX_SAFE_INTEGER);
    const el = this.deck.active();
    // While loading, the load reads state.currentTime once the metadata is in.
    if (el && status !== "loading" && this.deck.loaded?.trackId === current.id) el.currentTime = time;
    this.set({ currentTime: time });
    this.syncSession();
    this.persist();
  }

  seekBy(deltaSeconds: number) {
    const el = this.deck.active();
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
    this.order.forgetPlan();
    this.persist();
    if (this.state.status === "playing") this.preloadNext();
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

  private nextIndex(): number {
    return this.order.next(this.state, (t) => this.playable(t));
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
    this.plays.newPlay();
    void this.start(index, { autoplay: true });
  }

  private async start(index: number, options: StartOptions): Promise<void> {
    const track = this.state.queue[index];
    if (!track) return;
    const op = this.deck.takeOver();
    const signal = this.deck.signal;
    const sameTrack = this.deck.loaded?.trackId === track.id;
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
      const el = await this.deck.prepare(track, this.state.preview, options, signal, op);
      if (!this.deck.isCurrent(op)) return;
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
      if (!this.deck.isCurrent(op)) return;
      this.started(track);
    } catch (error) {
      if (!this.deck.isCurrent(op)) return; // superseded: a newer action owns the player
      await this.failed(index, options, error, op, signal);
    }
  }

  private started(track: TrackView) {
    this.failures = 0;
    this.set({ status: "playing" });
    this.startTicker();
    this.syncSession();
    this.persist();
    this.plays.started(track.id, this.state.preview);
    this.preloadNext();
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
      if (!this.deck.isCurrent(op)) return;
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
    if (autoplay && next !== this.state.index && this.failures < playableCount(this.state.queue, (t) => this.playable(t))) {
      this.plays.newPlay();
      void this.start(next, { autoplay: true });
    }
  }

  /** Has the next track ready in the standby element. */
  private preloadNext() {
    const { queue, index, preview } = this.state;
    // A preview ends with the VIP offer, so there is no next one to have ready.
    if (queue.length < 2 || preview) return;
    const nextIndex = this.nextIndex();
    const track = queue[nextIndex];
    if (!track || nextIndex === index || !this.playable(track)) return;
    void this.deck.preload(track, preview);
  }

  // ---------- What the active element reports ----------

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
      this.plays.newPlay();
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
    if (status === "loading" || !current || this.deck.loaded?.trackId !== current.id) return;
    const network = el.error?.code === MEDIA_ERR_NETWORK;
    const position = Number.isFinite(el.currentTime) && el.currentTime > 0 ? el.currentTime : this.state.currentTime;
    const wasPlaying = status === "playing";
    if (this.errorReloads < MAX_ERROR_RELOADS) {
      this.errorReloads++;
      this.errorReloadPosition = position;
      // A network error keeps the signed URL unless it has expired (the sources renew it then).
      void this.start(index, { autoplay: wasPlaying, position, reload: true, fresh: !network });
      return;
    }
    this.deck.takeOver();
    this.giveUp(new MediaLoadError(el.error?.code), wasPlaying);
  }

  /** Paused from outside (the OS, a headset, another tab's audio focus). */
  private onPausedOutside(el: AudioLike) {
    if (this.state.status !== "playing" || (el as { ended?: boolean }).ended) return;
    this.stopTicker();
    this.set({ status: "paused", currentTime: el.currentTime });
    this.syncSession();
    this.persist();
  }

  /** Resumed from outside; the engine's own plays are confirmed by play() itself. */
  private onResumedOutside() {
    if (this.state.status !== "paused" || this.deck.loaded?.trackId !== this.state.current?.id) return;
    this.set({ status: "playing" });
    this.startTicker();
    this.syncSession();
  }

  private onDurationChange(el: AudioLike) {
    if (this.deck.loaded?.trackId === this.state.current?.id && finitePositive(el.duration)) this.set({ duration: el.duration });
  }

  // ---------- Progress, volume, saving and the Media Session ----------

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
    const el = this.deck.active();
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

  private persist() {
    this.lastSave = this.now();
    this.saved.save(this.state);
  }

  private updateMetadata() {
    this.mediaSession.showTrack(this.state.current, this.artist);
  }

  private syncSession() {
    this.mediaSession.sync(this.state);
  }
}
