// The party room's player, free of React so it can be tested with fakes (decision 028). It follows
// the room's clock the radio's way (app/features/radio/engine.ts), a little tighter:
// - ClockSync (app/lib/clockSync.ts) estimates the server's clock from round trips: the play
//   grant's answers and the socket's `sync` frames;
// - the position is the party's walk (worker/contracts/parties/clock.ts) at the estimated server now;
// - once a second while playing, a listener further than DRIFT_TOLERANCE_S from it is moved
//   there by a seek, and at a track boundary the next track is asked for (a new signed URL).
import { partyPositionAt, type PartyPlayResponse, type TimedTrack } from "#contracts/parties/parties.ts";
import type { ClockSync } from "../../lib/clockSync";

/** A listener further than this from the shared position is moved to it (seconds). */
export const DRIFT_TOLERANCE_S = 0.25;
/** How often the player compares its position with the party's. */
export const CHECK_EVERY_MS = 1000;
/** Seek to `expected` when `current` is more than the tolerance away from it; null to leave it. */
export function driftCorrection(current: number, expected: number, tolerance = DRIFT_TOLERANCE_S): number | null {
  return Math.abs(current - expected) > tolerance ? expected : null;
}

/** The part of HTMLAudioElement the player uses (tests pass a fake). */
export interface PartyAudioLike extends EventTarget {
  src: string;
  currentTime: number;
  readonly paused: boolean;
  preload: string;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
}

export type PartyPlayerStatus = "idle" | "loading" | "playing" | "error";

export type PartyPlayerOptions = {
  startsAt: number;
  tracks: readonly TimedTrack[];
  clock: ClockSync;
  /** POST /api/parties/:id/play */
  play: () => Promise<PartyPlayResponse>;
  createAudio?: () => PartyAudioLike;
  now?: () => number;
  onChange?: (state: { status: PartyPlayerStatus; index: number | null }) => void;
};

function defaultAudio(): PartyAudioLike {
  const audio = new Audio();
  audio.hidden = true;
  audio.dataset.player = "party";
  document.body.append(audio);
  return audio;
}

export class PartyPlayer {
  private audio: PartyAudioLike | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The track index the element holds. */
  private index: number | null = null;
  /** Bumped by each (re)load; an answer for an older one is dropped. */
  private op = 0;
  private status: PartyPlayerStatus = "idle";
  private readonly now: () => number;

  constructor(private readonly options: PartyPlayerOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Where the party is now, on the server's clock (null before the start and after the end). */
  position() {
    return partyPositionAt(this.options.startsAt, this.options.tracks, this.options.clock.serverNow(this.now()));
  }

  /** Starts listening at the shared position (call it from a tap: browsers need one for audio). */
  async start() {
    if (this.status === "loading" || this.status === "playing") return;
    this.audio ??= this.makeAudio();
    this.timer ??= setInterval(() => void this.check(), CHECK_EVERY_MS);
    await this.load();
  }

  stop() {
    this.op++;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.index = null;
    const audio = this.audio;
    if (audio) {
      audio.pause();
      audio.removeAttribute("src");
      audio.load();
    }
    this.set("idle");
  }

  /** Once a second: the next track at a boundary, a seek when drifted, nothing otherwise. */
  async check() {
    const audio = this.audio;
    if (!audio || this.status !== "playing") return;
    const position = this.position();
    if (!position) return this.stop();
    if (position.index !== this.index) return this.load();
    const target = driftCorrection(audio.currentTime, position.offsetSeconds);
    if (target !== null) audio.currentTime = target;
    if (audio.paused && this.status === "playing") await audio.play().catch(() => undefined);
  }

  private async load() {
    const audio = this.audio!;
    const op = ++this.op;
    this.set("loading");
    try {
      const sentAt = this.now();
      const grant = await this.options.play();
      this.options.clock.add(sentAt, grant.serverTime, this.now());
      if (op !== this.op) return;
      this.index = grant.index;
      audio.src = grant.url;
      audio.load();
      await new Promise<void>((resolve, reject) => {
        const done = () => {
          audio.removeEventListener("loadedmetadata", done);
          audio.removeEventListener("error", failed);
          resolve();
        };
        const failed = () => {
          audio.removeEventListener("loadedmetadata", done);
          audio.removeEventListener("error", failed);
          reject(new Error("media error"));
        };
        audio.addEventListener("loadedmetadata", done);
        audio.addEventListener("error", failed);
      });
      if (op !== this.op) return;
      // The position when the audio is ready, not when it was asked for.
      const position = this.position();
      if (position && position.index === grant.index) audio.currentTime = position.offsetSeconds;
      await audio.play();
      if (op !== this.op) return;
      this.set("playing");
    } catch {
      if (op === this.op) this.set("error");
    }
  }

  private makeAudio() {
    const audio = (this.options.createAudio ?? defaultAudio)();
    audio.preload = "auto";
    // Back at the shared position as soon as it plays again after buffering.
    audio.addEventListener("playing", () => void this.check());
    return audio;
  }

  private set(status: PartyPlayerStatus) {
    this.status = status;
    this.options.onChange?.({ status, index: this.index });
  }
}
