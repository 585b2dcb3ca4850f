// The radio's engine: one shared radio state for the page, the mini player and the popup
// (docs/features.md#radio-and-tv), free of React so it can be tested with fakes.
//
// - A catalog station is live: tuning in asks the server what plays now (POST …/tune: the track,
//   when it started, the server's clock, a signed URL) and starts the track at the offset every
//   other listener is at. The server's clock is read against ours (half the round trip), and once
//   the audio plays (and again whenever it resumes after buffering), a drift of more than
//   DRIFT_TOLERANCE_S is corrected by a seek.
// - When a track ends the engine tunes in again; pausing and resuming also re-tunes (live radio
//   does not resume where it paused). A stream station plays its proxied stream as it comes.
// - Previous and next station wrap around and resume playback if it was playing.
// - While playing, a WebSocket to the station's hub brings the listener count and now-playing
//   changes (titles, history) and reconnects with backoff; it is closed when paused.
// - Volume, mute and the analyser are the shared output's (app/lib/audio/output.ts): the analyser
//   (fft 2048, smoothing 0.8) is created on the first play; volume is kept 0-100.
// - Starting the radio claims the audio focus (app/lib/audioFocus.ts): the music player and the
//   radio in other windows pause.
// - While it plays, the radio owns the page's Media Session: its metadata is the station and the
//   track now playing (title, the artist's name, album and station, cover or station picture),
//   replacing the music track's.
import type { NowPlaying, RadioServerFrame, RadioStationView, TuneResponse } from "../../../worker/contracts/radio";
import {
  AudioOutput,
  browserAudioContext,
  browserStorage,
  DEFAULT_VOLUME,
  readSavedLevels,
  VOLUME_STEP,
  type AudioContextLike,
  type OutputLevels,
} from "../../lib/audio/output";
import { browserMediaMetadata, browserMediaSession, type MediaMetadataFields, type MediaSessionLike } from "../../lib/audio/mediaSession";

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

/** The part of HTMLAudioElement the engine uses (tests pass a fake). */
export interface RadioAudioLike extends EventTarget {
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  volume: number;
  muted: boolean;
  preload: string;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
}

/** The part of WebSocket the engine uses. */
export interface RadioSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  addEventListener(type: "close", listener: (event: { code: number }) => void): void;
  addEventListener(type: "open", listener: () => void): void;
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

export const RADIO_STORAGE_KEY = "radio.v1";
export { DEFAULT_VOLUME, VOLUME_STEP };
/** A listener further than this from the shared position is moved to it once (seconds). */
export const DRIFT_TOLERANCE_S = 0.25;
/** Within this much of a track's end, wait for the next track instead of playing the tail. */
const TAIL_SECONDS = 1;
const PING_MS = 30_000;
const RECONNECT_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** The server's "session ended" close: do not reconnect. */
const CLOSE_SESSION_ENDED = 4401;
/** The member's VIP ended (decision 040): stop playing, do not reconnect; the page shows its VIP gate. */
const CLOSE_VIP_ENDED = 4403;

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

function defaultSocket(stationId: string): RadioSocketLike {
  const url = new URL(`/api/radio/stations/${encodeURIComponent(stationId)}/live`, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return new WebSocket(url);
}

export class RadioEngine {
  private state: RadioState = Object.freeze({
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
  private readonly listeners = new Set<() => void>();
  private readonly options: Required<Omit<RadioEngineOptions, "onStart">> & Pick<RadioEngineOptions, "onStart">;
  private audio: RadioAudioLike | null = null;
  /** Bumped by every action that takes over playback; a tune whose op is stale stops. */
  private op = 0;
  /** Our clock minus the server's, from the last tune (ms). */
  private skewMs = 0;
  private trackTimer: ReturnType<typeof setTimeout> | null = null;
  private socket: RadioSocketLike | null = null;
  private socketStation: string | null = null;
  private socketAttempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  /** Volume, mute and the analyser of the element. */
  private readonly output: AudioOutput<RadioAudioLike>;
  /** Set while the engine pauses the element itself, so the 'pause' event is not the user's. */
  private pausingInternally = false;
  private retriedAfterError = false;

  constructor(options: RadioEngineOptions) {
    this.options = {
      createAudio: defaultAudio,
      createAudioContext: browserAudioContext,
      openSocket: defaultSocket,
      storage: browserStorage(),
      mediaSession: browserMediaSession(),
      createMediaMetadata: browserMediaMetadata,
      now: Date.now,
      log: (message, error) => console.warn(`[radio] ${message}`, error ?? ""),
      ...options,
    };
    this.output = new AudioOutput({ createAudioContext: this.options.createAudioContext, log: (message, error) => this.log(message, error) });
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
    this.syncMediaSession(before);
    for (const listener of [...this.listeners]) listener();
  }

  // ---------- Media Session ----------

  /** The metadata the radio last wrote (so reset clears only its own, never the music's). */
  private sessionMetadata: unknown = null;
  /** The artist's name (the back office's setting), for the artist line of a catalog track. */
  private artist = "";

  /** The lock screen's artist line for catalog tracks; rewrites the metadata while the radio owns it. */
  setArtist(artist: string) {
    if (artist === this.artist) return;
    this.artist = artist;
    if (this.ownsSession()) this.writeMetadata();
  }
  private ownsSession() {
    return this.state.status === "loading" || this.state.status === "playing";
  }

  /** Starting (or a new track, or another station) while active writes the radio's metadata. */
  private syncMediaSession(before: RadioState) {
    const session = this.options.mediaSession;
    if (!session) return;
    const { status, station, nowPlaying } = this.state;
    try {
      if (this.ownsSession()) {
        if (before.status !== status || before.station !== station || before.nowPlaying?.current !== nowPlaying?.current) this.writeMetadata();
        session.playbackState = status === "playing" ? "playing" : "paused";
      } else if (session.metadata === this.sessionMetadata && this.sessionMetadata !== null) {
        // Still the radio's: paused keeps it (the lock screen can resume), idle clears it.
        session.playbackState = status === "idle" ? "none" : "paused";
        if (status === "idle") session.metadata = this.sessionMetadata = null;
      }
    } catch (error) {
      this.log("could not update the media session", error);
    }
  }

  private writeMetadata() {
    const session = this.options.mediaSession;
    const { station, nowPlaying } = this.state;
    if (!session || !station) return;
    // Stream stations have no known titles: the station stands in for the track.
    const track = nowPlaying?.current?.track ?? null;
    const picture = track?.coverUrl ?? station.imageUrl;
    try {
      session.metadata = this.sessionMetadata = this.options.createMediaMetadata({
        title: track?.title ?? station.name,
        // A catalog track names the artist who sang it and the station it is on; a stream, whose
        // titles are unknown, names the station on air.
        artist: track && this.artist ? this.artist : station.name,
        album: track ? `${track.albumTitle} · ${station.name}` : "",
        artwork: picture ? [{ src: picture }] : [],
      });
    } catch (error) {
      this.log("could not set media metadata", error);
    }
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
      this.closeSocket();
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
    this.closeSocket();
    this.set({ status: "paused" });
  }

  /** Stops everything (signed out, not VIP, or the mini player's stop): back to not started. */
  reset() {
    this.stopPlayback();
    this.closeSocket();
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
    return (this.options.now() - this.skewMs - Date.parse(current.startedAt)) / 1000;
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
      this.skewMs = (sentAt + receivedAt) / 2 - Date.parse(tuned.nowPlaying.serverTime);
      this.set({ nowPlaying: tuned.nowPlaying, listeners: this.state.listeners ?? tuned.nowPlaying.listeners });
      const current = tuned.kind === "catalog" ? tuned.nowPlaying.current : null;
      if (current) {
        const remaining = (Date.parse(current.endsAt) - (this.options.now() - this.skewMs)) / 1000;
        if (remaining < TAIL_SECONDS) {
          // The track is all but over: start the next one at its boundary instead.
          this.trackTimer = setTimeout(() => op === this.op && void this.start(failure), Math.max(0, remaining * 1000) + 100);
          return;
        }
      }
      audio.src = tuned.url;
      audio.load();
      if (current) await this.waitForMetadata(audio, op);
      if (op !== this.op) return;
      const position = this.expectedPosition();
      if (position !== null && position > 0) audio.currentTime = position;
      await audio.play();
      if (op !== this.op) return;
      this.retriedAfterError = false;
      this.set({ status: "playing" });
      this.persist();
      this.openSocket(station.id);
    } catch (error) {
      if (op !== this.op) return;
      const status = statusOf(error);
      this.log("tuning in failed", error);
      this.stopPlayback();
      this.closeSocket();
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
    audio.addEventListener("playing", () => this.correctDrift());
    audio.addEventListener("pause", () => {
      // The system paused us (headset unplugged, another app): reflect it.
      if (!this.pausingInternally && this.state.status === "playing") this.pause();
    });
    audio.addEventListener("error", () => {
      if (this.state.status !== "playing") return;
      // A dropped connection or an expired URL: tune in again once, then give up with the error.
      if (!this.retriedAfterError) {
        this.retriedAfterError = true;
        void this.start("stream_failed");
      } else {
        this.stopPlayback();
        this.closeSocket();
        this.set({ status: "paused", error: "stream_failed" });
      }
    });
    this.audio = audio;
    this.output.add(audio);
    return audio;
  }

  /** Moves a listener who has drifted from the shared position back to it (on every 'playing'). */
  private correctDrift() {
    const audio = this.audio;
    const expected = this.expectedPosition();
    if (!audio || expected === null || expected < 0) return;
    if (Math.abs(audio.currentTime - expected) > DRIFT_TOLERANCE_S && expected < audio.duration) audio.currentTime = expected;
  }

  private stopPlayback() {
    this.op++;
    this.clearTrackTimer();
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

  private openSocket(stationId: string) {
    if (!this.options.openSocket || (this.socket && this.socketStation === stationId)) return;
    // A reconnect keeps its place in the backoff (reset once a socket opens).
    const attempts = this.socketAttempts;
    this.closeSocket();
    this.socketAttempts = attempts;
    let socket: RadioSocketLike;
    try {
      socket = this.options.openSocket(stationId);
    } catch (error) {
      this.log("live socket failed", error);
      return;
    }
    this.socket = socket;
    this.socketStation = stationId;
    socket.addEventListener("open", () => {
      this.socketAttempts = 0;
    });
    socket.addEventListener("message", (event) => this.onFrame(stationId, event.data));
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.socketStation = null;
      this.stopPing();
      const listening = this.state.status === "playing" && this.state.station?.id === stationId;
      if (event.code === CLOSE_VIP_ENDED) {
        this.endForLostAccess();
        return;
      }
      if (!listening || event.code === CLOSE_SESSION_ENDED) return;
      const delay = RECONNECT_MS[Math.min(this.socketAttempts++, RECONNECT_MS.length - 1)]!;
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        if (this.state.status === "playing" && this.state.station?.id === stationId) this.openSocket(stationId);
      }, delay);
    });
    this.pingTimer = setInterval(() => {
      if (socket.readyState === 1) socket.send("ping");
    }, PING_MS);
  }

  /** VIP ended while listening: the stream stops now rather than when its media token runs out. */
  private endForLostAccess() {
    this.op++;
    this.clearTrackTimer();
    this.stopPlayback();
    this.set({ status: "paused", error: "access_denied" });
  }

  private onFrame(stationId: string, data: unknown) {
    if (typeof data !== "string" || !data.startsWith("{") || this.state.station?.id !== stationId) return;
    let frame: RadioServerFrame;
    try {
      frame = JSON.parse(data) as RadioServerFrame;
    } catch {
      return;
    }
    if (frame.type === "listeners" && typeof frame.count === "number") this.set({ listeners: frame.count });
    if (frame.type === "now_playing" && frame.nowPlaying?.stationId === stationId) {
      // Titles and history move on; the audio itself moves on with its own 'ended'.
      this.set({ nowPlaying: frame.nowPlaying, listeners: frame.nowPlaying.listeners });
    }
  }

  private stopPing() {
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private closeSocket() {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    this.socketStation = null;
    this.socketAttempts = 0;
    try {
      socket?.close(1000, "done");
    } catch {
      // already closed
    }
  }

  // ---------- Saved settings ----------

  private savedStationId: string | null = null;

  private restore() {
    try {
      const saved = JSON.parse(this.options.storage?.getItem(RADIO_STORAGE_KEY) ?? "null") as { station?: unknown; volume?: unknown; muted?: unknown } | null;
      if (!saved || typeof saved !== "object") return;
      if (typeof saved.station === "string") this.savedStationId = saved.station;
      const { volume, muted } = this.output.setLevels(readSavedLevels(saved));
      this.set({ volume, muted });
    } catch {
      // nothing saved, or unreadable: defaults
    }
  }

  private persist() {
    try {
      this.options.storage?.setItem(
        RADIO_STORAGE_KEY,
        JSON.stringify({ station: this.state.station?.id ?? this.savedStationId, volume: this.state.volume, muted: this.state.muted }),
      );
    } catch {
      // storage full or blocked: settings are not kept
    }
  }

  private log(message: string, error?: unknown) {
    if ((error as { name?: string } | undefined)?.name === "AbortError") return;
    this.options.log(message, error);
  }
}
