// The radio's engine: one shared radio state for the page, the mini player and the popup
// (docs/features.md#radio-and-tv), free of React so it can be tested with fakes.
//
// - A catalog station is live: tuning in asks the server what plays now (POST …/tune: the track,
//   when it started, the server's clock, a signed URL) and starts the track at the offset every
//   other listener is at (clock.ts). Once the audio plays (and again whenever it resumes after
//   buffering), a drift of more than DRIFT_TOLERANCE_S is corrected by a seek; while it plays, one
//   of more than a second is, within three seconds. The position held is that of the track the
//   element plays: a listener behind the station hears their track out, not a newer track's time.
// - When a track ends the engine tunes in again; pausing and resuming also re-tunes (live radio
//   does not resume where it paused). A stream station plays its proxied stream as it comes.
// - Previous and next station wrap around and resume playback if it was playing.
// - While playing, a WebSocket to the station's hub brings the listener count and now-playing
//   changes (liveSocket.ts); it is closed when paused.
// - Volume, mute and the analyser are the shared output's (app/lib/audio/output.ts): the analyser
//   (fft 2048, smoothing 0.8) is created on the first play; volume is kept 0-100. The station,
//   volume and mute are kept across visits (savedSettings.ts).
// - Starting the radio claims the audio focus (app/lib/audioFocus.ts): the music player and the
//   radio in other windows pause.
// - While it plays, the radio owns the page's Media Session (radioMediaSession.ts).
import type { RadioServerFrame, RadioStationView, TuneResponse } from "#contracts/radio.ts";
import { browserMediaMetadata, browserMediaSession, type MediaMetadataFields, type MediaSessionLike } from "../../lib/audio/mediaSession";
import { AudioOutput, browserAudioContext, browserStorage, type AudioContextLike, type OutputLevels } from "../../lib/audio/output";
import { DRIFT_TOLERANCE_S, StationClock } from "./clock";
import { browserSocket, LiveSocket, type RadioSocketLike } from "./liveSocket";
import { RadioMediaSession } from "./radioMediaSession";
import { INITIAL_RADIO_STATE, type RadioErrorCode, type RadioState } from "./radioState";
import { readSavedRadio, saveRadio } from "./savedSettings";

export type { RadioSocketLike } from "./liveSocket";
export type { RadioErrorCode, RadioState, RadioStatus } from "./radioState";
export { DRIFT_TOLERANCE_S };

/** The part of HTMLAudioElement the engine uses (tests pass a fake). */
export interface RadioAudioLike extends EventTarget {
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  readonly ended: boolean;
  volume: number;
  muted: boolean;
  preload: string;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
}

export type RadioEngineOptions = {
  tune: (stationId: string) => Promise<TuneResponse>;
  createAudio?: () => RadioAudioLike;
  createAudioContext?: (() => AudioContextLike | null) | null;
  /** Opens the station's live socket; null turns the socket off. */
  openSocket?: ((stationId: string) => RadioSocketLike) | null;
  /** Called when playback starts (the audio focus). */
  onStart?: () => void;
  storage?: Pick<Storage, "getItem" | "setItem"> | null;
  /** Default: navigator.mediaSession when present; null turns it off. */
  mediaSession?: MediaSessionLike | null;
  /** Default: `new MediaMetadata(fields)` when the browser has it, else the fields themselves. */
  createMediaMetadata?: (fields: MediaMetadataFields) => unknown;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
};

/** Within this much of a track's end, wait for the next track instead of playing the tail. */
const TAIL_SECONDS = 1;

/**
 * While it plays, the position is also held against the station's on the element's timeupdate, at
 * most this often and only past DRIFT_RECHECK_TOLERANCE_S (a smaller seek every few seconds would be
 * heard): a seek the browser dropped while starting on a busy device left the track playing from
 * its start, and the 'playing' that came first had seen the seek's target as the position.
 */
const DRIFT_RECHECK_MS = 3_000;
const DRIFT_RECHECK_TOLERANCE_S = 1;

function statusOf(error: unknown): number | undefined {
  const status = typeof error === "object" && error !== null && "status" in error ? (error as { status: unknown }).status : undefined;
  return typeof status === "number" ? status : undefined;
}

/** A hidden <audio> in the document (so tools and tests can find the radio's element). */
function defaultAudio(): RadioAudioLike {
  const audio = new Audio();
  audio.hidden = true;
  audio.dataset.player = "radio";
  document.body.append(audio);
  return audio;
}

export class RadioEngine {
  private state: RadioState = INITIAL_RADIO_STATE;
  private readonly listeners = new Set<() => void>();
  private readonly options: Required<Omit<RadioEngineOptions, "onStart">> & Pick<RadioEngineOptions, "onStart">;
  private audio: RadioAudioLike | null = null;
  /** Bumped by every action that takes over playback; a tune whose op is stale stops. */
  private op = 0;
  private readonly clock: StationClock;
  private trackTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly socket: LiveSocket;
  private readonly mediaSession: RadioMediaSession;
  /** Volume, mute and the analyser of the element. */
  private readonly output: AudioOutput<RadioAudioLike>;
  /** Set while the engine pauses the element itself, so the 'pause' event is not the user's. */
  private pausingInternally = false;
  private retriedAfterError = false;
  /** When the position was last held against the station's (the engine's clock). */
  private driftCheckedAt = 0;
  /** When the track the element plays started on the station (the server's clock); null for a stream. */
  private playingStartedAt: string | null = null;
  /** The station saved by an earlier visit, chosen once the station list is known. */
  private savedStationId: string | null = null;

  constructor(options: RadioEngineOptions) {
    this.options = {
      createAudio: defaultAudio,
      createAudioContext: browserAudioContext,
      openSocket: browserSocket,
      storage: browserStorage(),
      mediaSession: browserMediaSession(),
      createMediaMetadata: browserMediaMetadata,
      now: Date.now,
      log: (message, error) => console.warn(`[radio] ${message}`, error ?? ""),
      ...options,
    };
    const log = (message: string, error?: unknown) => this.log(message, error);
    this.output = new AudioOutput({ createAudioContext: this.options.createAudioContext, log });
    this.clock = new StationClock(this.options.now);
    this.mediaSession = new RadioMediaSession(this.options.mediaSession, this.options.createMediaMetadata, log);
    this.socket = new LiveSocket(
      this.options.openSocket,
      {
        listening: (stationId) => this.state.status === "playing" && this.state.station?.id === stationId,
        frame: (stationId, frame) => this.onFrame(stationId, frame),
        vipEnded: () => this.endForLostAccess(),
      },
      log,
    );
    this.restore();
  }

  // ---------- Store ----------

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getState = (): RadioState => this.state;

  getAnalyser(): AnalyserNode | null {
    return this.output.getAnalyser();
  }

  private set(patch: Partial<{ -readonly [K in keyof RadioState]: RadioState[K] }>) {
    const merged = { ...this.state, ...patch };
    merged.station = merged.stations[merged.index] ?? null;
    const prev = this.state as Record<string, unknown>;
    if (Object.entries(merged).every(([key, value]) => prev[key] === value)) return;
    const before = this.state;
    this.state = Object.freeze(merged);
    this.mediaSession.sync(before, this.state);
    for (const listener of [...this.listeners]) listener();
  }

  /** The lock screen's artist line for catalog tracks; rewrites the metadata while the radio owns it. */
  setArtist(artist: string) {
    this.mediaSession.setArtist(artist, this.state);
  }

  // ---------- Stations ----------

  /** The station list from the API; the current station is kept by id when it is still there. */
  setStations(stations: readonly RadioStationView[]) {
    const currentId = this.state.station?.id ?? this.savedStationId;
    const found = stations.findIndex((s) => s.id === currentId);
    this.set({ stations, index: stations.length === 0 ? -1 : Math.max(0, found) });
  }

  /** Chooses a station (wrapping); playback resumes on it if it was playing, or when `autoplay`. */
  selectStation(index: number, { autoplay = false }: { autoplay?: boolean } = {}) {
    const count = this.state.stations.length;
    if (count === 0) return;
    const wrapped = ((index % count) + count) % count;
    const resume = autoplay || this.state.status === "playing" || this.state.status === "loading";
    const changed = wrapped !== this.state.index;
    if (changed) {
      this.stopPlayback();
      this.socket.close();
      this.set({
        index: wrapped,
        nowPlaying: null,
        listeners: null,
        error: null,
        status: resume ? "loading" : this.state.status === "idle" ? "idle" : "paused",
      });
      this.persist();
    }
    if (resume && (changed || this.state.status !== "playing")) void this.start(changed ? "change_failed" : "stream_failed");
  }

  selectStationById(id: string, options?: { autoplay?: boolean }) {
    const index = this.state.stations.findIndex((s) => s.id === id);
    if (index >= 0) this.selectStation(index, options);
  }

  nextStation() {
    this.selectStation(this.state.index + 1);
  }

  previousStation() {
    this.selectStation(this.state.index - 1);
  }

  // ---------- Playback ----------

  toggle() {
    if (this.state.status === "playing" || this.state.status === "loading") this.pause();
    else this.play();
  }

  play() {
    if (!this.state.station || this.state.status === "playing" || this.state.status === "loading") return;
    this.set({ error: null });
    void this.start("stream_failed");
  }

  pause() {
    if (this.state.status !== "playing" && this.state.status !== "loading") return;
    this.stopPlayback();
    this.socket.close();
    this.set({ status: "paused" });
  }

  /** Stops everything (signed out, not VIP, or the mini player's stop): back to not started. */
  reset() {
    this.stopPlayback();
    this.socket.close();
    this.set({ status: "idle", nowPlaying: null, listeners: null, error: null });
  }

  /** 0-100; turning the volume up unmutes (lib/audio/output.ts). */
  setVolume(volume: number) {
    this.setLevels(this.output.setVolume(volume));
  }

  volumeBy(delta: number) {
    this.setLevels(this.output.volumeBy(delta));
  }

  toggleMute() {
    this.setLevels(this.output.toggleMute());
  }

  dismissError() {
    this.set({ error: null });
  }

  /** Where the shared position of the current track is now, in seconds (null when not a catalog track). */
  expectedPosition(): number | null {
    const current = this.state.nowPlaying?.current;
    if (!current) return null;
    return this.clock.secondsSince(current.startedAt);
  }

  // ---------- Internals ----------

  /** Tunes in to the current station and plays from the shared position. */
  private async start(failure: RadioErrorCode) {
    const station = this.state.station;
    if (!station) return;
    const op = ++this.op;
    this.clearTrackTimer();
    this.set({ status: "loading", error: null });
    this.options.onStart?.();
    const audio = this.element();
    this.output.ensureAnalyser();
    this.output.resume();
    try {
      const sentAt = this.options.now();
      const tuned = await this.options.tune(station.id);
      if (op !== this.op) return;
      const receivedAt = this.options.now();
      this.clock.sync(sentAt, receivedAt, tuned.nowPlaying.serverTime);
      this.set({ nowPlaying: tuned.nowPlaying, listeners: this.state.listeners ?? tuned.nowPlaying.listeners });
      const current = tuned.kind === "catalog" ? tuned.nowPlaying.current : null;
      if (current) {
        const remaining = this.clock.secondsUntil(current.endsAt);
        if (remaining < TAIL_SECONDS) {
          // The track is all but over: start the next one at its boundary instead.
          this.trackTimer = setTimeout(() => op === this.op && void this.start(failure), Math.max(0, remaining * 1000) + 100);
          return;
        }
      }
      audio.src = tuned.url;
      audio.load();
      this.playingStartedAt = current?.startedAt ?? null;
      if (current) await this.waitForMetadata(audio, op);
      if (op !== this.op) return;
      const position = this.playingPosition();
      if (position !== null && position > 0) audio.currentTime = position;
      await audio.play();
      if (op !== this.op) return;
      this.retriedAfterError = false;
      this.set({ status: "playing" });
      this.persist();
      this.socket.open(station.id);
    } catch (error) {
      if (op !== this.op) return;
      const status = statusOf(error);
      this.log("tuning in failed", error);
      this.stopPlayback();
      this.socket.close();
      const code: RadioErrorCode =
        status === 401 || status === 403 ? "access_denied" : (error as { name?: string })?.name === "NotAllowedError" ? "play_failed" : failure;
      this.set({ status: "paused", error: code });
    }
  }

  private waitForMetadata(audio: RadioAudioLike, op: number) {
    return new Promise<void>((resolve, reject) => {
      const done = () => {
        audio.removeEventListener("loadedmetadata", done);
        audio.removeEventListener("error", failed);
        resolve();
      };
      const failed = () => {
        audio.removeEventListener("loadedmetadata", done);
        audio.removeEventListener("error", failed);
        reject(op === this.op ? new Error("media error") : Object.assign(new Error("superseded"), { name: "AbortError" }));
      };
      audio.addEventListener("loadedmetadata", done);
      audio.addEventListener("error", failed);
    });
  }

  private element(): RadioAudioLike {
    if (this.audio) return this.audio;
    const audio = this.options.createAudio();
    audio.preload = "auto";
    audio.addEventListener("ended", () => {
      if (this.state.status === "playing") void this.start("stream_failed");
    });
    audio.addEventListener("playing", () => this.correctDrift(DRIFT_TOLERANCE_S));
    audio.addEventListener("timeupdate", () => {
      if (this.state.status === "playing" && this.options.now() - this.driftCheckedAt >= DRIFT_RECHECK_MS) this.correctDrift(DRIFT_RECHECK_TOLERANCE_S);
    });
    audio.addEventListener("pause", () => {
      // The system paused us (headset unplugged, another app): reflect it. A track's end also
      // fires 'pause' (just before 'ended', which tunes in to what plays next), and is no pause.
      if (!this.pausingInternally && !audio.ended && this.state.status === "playing") this.pause();
    });
    audio.addEventListener("error", () => {
      if (this.state.status !== "playing") return;
      // A dropped connection or an expired URL: tune in again once, then give up with the error.
      if (!this.retriedAfterError) {
        this.retriedAfterError = true;
        void this.start("stream_failed");
      } else {
        this.stopPlayback();
        this.socket.close();
        this.set({ status: "paused", error: "stream_failed" });
      }
    });
    this.audio = audio;
    this.output.add(audio);
    return audio;
  }

  /**
   * Where the station is in the track the element plays, in seconds (null for a stream). The
   * station's frames move its titles on before the element's 'ended': a newer track's position
   * would send the old track's audio back to that time.
   */
  private playingPosition(): number | null {
    return this.playingStartedAt === null ? null : this.clock.secondsSince(this.playingStartedAt);
  }

  /** Moves a listener who has drifted more than `tolerance` seconds from the shared position back to it. */
  private correctDrift(tolerance: number) {
    this.driftCheckedAt = this.options.now();
    const audio = this.audio;
    const expected = this.playingPosition();
    if (!audio || expected === null || expected < 0) return;
    if (Math.abs(audio.currentTime - expected) > tolerance && expected < audio.duration) audio.currentTime = expected;
  }

  private stopPlayback() {
    this.op++;
    this.clearTrackTimer();
    this.playingStartedAt = null;
    const audio = this.audio;
    if (!audio) return;
    this.pausingInternally = true;
    try {
      audio.pause();
      audio.removeAttribute("src");
      audio.load();
    } finally {
      this.pausingInternally = false;
    }
  }

  private clearTrackTimer() {
    if (this.trackTimer !== null) clearTimeout(this.trackTimer);
    this.trackTimer = null;
  }

  /** The output's levels after a change: into the state (what the controls show), then saved. */
  private setLevels(levels: OutputLevels) {
    this.set({ volume: levels.volume, muted: levels.muted });
    this.persist();
  }

  // ---------- Live socket ----------

  /** VIP ended while listening: the stream stops now rather than when its media token runs out. */
  private endForLostAccess() {
    this.op++;
    this.clearTrackTimer();
    this.stopPlayback();
    this.set({ status: "paused", error: "access_denied" });
  }

  private onFrame(stationId: string, frame: RadioServerFrame) {
    if (this.state.station?.id !== stationId) return;
    if (frame.type === "listeners" && typeof frame.count === "number") this.set({ listeners: frame.count });
    if (frame.type === "now_playing" && frame.nowPlaying?.stationId === stationId) {
      // Titles and history move on; the audio itself moves on with its own 'ended'.
      this.set({ nowPlaying: frame.nowPlaying, listeners: frame.nowPlaying.listeners });
    }
  }

  // ---------- Saved settings ----------

  private restore() {
    const saved = readSavedRadio(this.options.storage);
    if (!saved) return;
    if (saved.station !== null) this.savedStationId = saved.station;
    const { volume, muted } = this.output.setLevels(saved.levels);
    this.set({ volume, muted });
  }

  private persist() {
    saveRadio(this.options.storage, { station: this.state.station?.id ?? this.savedStationId, volume: this.state.volume, muted: this.state.muted });
  }

  private log(message: string, error?: unknown) {
    if ((error as { name?: string } | undefined)?.name === "AbortError") return;
    this.options.log(message, error);
  }
}
