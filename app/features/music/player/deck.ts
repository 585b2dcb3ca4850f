// The player's two <audio> elements and the loads into them. The active element plays; the standby
// preloads the next track once one plays, and on advance the two swap, so the gap between tracks
// is short. Loads never overlap: every action that takes over playback bumps a counter (`op`) and
// aborts the running load, which checks the counter after each await, so a superseded load never
// plays. The deck pauses and empties elements itself without that being read as the user's pause.
import type { TrackView } from "#contracts/music/music.ts";
import type { AudioOutput } from "../../../lib/audio/output";
import { Superseded, waitForMetadata, type AudioLike } from "./loading";
import type { SignedSources, Source } from "./sources";

type Loaded = Source & { trackId: string };

/** What the active element reports (the standby's events matter only when its preload fails). */
export type DeckEvents = {
  ended(): void;
  error(el: AudioLike): void;
  /** Paused from outside (the OS, a headset, another tab's audio focus), not by the deck. */
  pausedOutside(el: AudioLike): void;
  playing(): void;
  durationChange(el: AudioLike): void;
};

export type LoadOptions = {
  /** Load the source again even if the element already holds it. */
  reload?: boolean;
  /** Ask the server for a new signed URL even if the cached one is still valid. */
  fresh?: boolean;
};

export class Deck {
  private readonly elements: AudioLike[] = [];
  private activeSlot = 0;
  /** What the active element holds. */
  loaded: Loaded | null = null;
  /** What the standby element has preloaded. */
  private standby: Loaded | null = null;
  /** Bumped by every action that takes over playback; a load whose op is stale stops. */
  private op = 0;
  private loadAbort: AbortController | null = null;
  /** Set while the deck itself pauses an element, so its 'pause' event is not read as the user's. */
  private pausingInternally = false;

  constructor(
    private readonly createAudio: () => AudioLike,
    private readonly output: AudioOutput<AudioLike>,
    private readonly sources: SignedSources,
    private readonly events: DeckEvents,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  active(): AudioLike | null {
    return this.elements[this.activeSlot] ?? null;
  }

  /** Supersedes whatever load is running and silences the active element. Returns the new op. */
  takeOver(): number {
    this.op++;
    this.loadAbort?.abort();
    this.loadAbort = new AbortController();
    const el = this.active();
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

  /** Aborted when a newer action takes over from the load started with the latest op. */
  get signal(): AbortSignal {
    return this.loadAbort!.signal;
  }

  isCurrent(op: number) {
    return op === this.op;
  }

  /** Makes the active element hold `track` with its metadata known. */
  async prepare(track: TrackView, preview: boolean, options: LoadOptions, signal: AbortSignal, op: number): Promise<AudioLike> {
    const active = this.active();
    if (!options.reload && active && this.loaded?.trackId === track.id && !active.error && !this.sources.isExpired(this.loaded.expiresAt)) {
      await waitForMetadata(active, signal);
      return active;
    }
    if (!options.reload && this.standby?.trackId === track.id && !this.sources.isExpired(this.standby.expiresAt)) {
      const el = this.swapToStandby();
      await waitForMetadata(el, signal);
      return el;
    }
    const source = await this.sources.get(track.id, preview, options.fresh === true);
    if (op !== this.op) throw new Superseded();
    const el = this.element(this.activeSlot);
    el.preload = "auto";
    el.src = source.url;
    el.load();
    this.loaded = { trackId: track.id, ...source };
    await waitForMetadata(el, signal);
    return el;
  }

  /** Has the standby element load `track`, unless one of the two elements already holds it. */
  async preload(track: TrackView, preview: boolean) {
    if (track.id === this.loaded?.trackId) return;
    if (this.standby?.trackId === track.id && !this.sources.isExpired(this.standby.expiresAt)) return;
    const op = this.op;
    let source: Source;
    try {
      source = await this.sources.get(track.id, preview, false);
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

  /** Empties both elements (the queue is forgotten). */
  clear() {
    for (const el of this.elements) this.unload(el);
    this.loaded = null;
    this.standby = null;
  }

  private swapToStandby(): AudioLike {
    const old = this.active();
    this.activeSlot = 1 - this.activeSlot;
    this.loaded = this.standby;
    this.standby = null;
    if (old) this.unload(old);
    return this.element(this.activeSlot);
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
    const isActive = () => el === this.active();
    el.addEventListener("ended", () => {
      if (isActive()) this.events.ended();
    });
    el.addEventListener("error", () => {
      if (isActive()) this.events.error(el);
      else if (this.standby) this.standby = null; // the preload failed: the next play loads normally
    });
    el.addEventListener("pause", () => {
      if (isActive() && !this.pausingInternally) this.events.pausedOutside(el);
    });
    el.addEventListener("playing", () => {
      if (isActive()) this.events.playing();
    });
    el.addEventListener("durationchange", () => {
      if (isActive()) this.events.durationChange(el);
    });
  }
}
