// The radio engine (docs/features.md#radio-and-tv) against fakes: an <audio> element
// driven by hand, a tune call answered by the test (deferred promises), a clock the test moves and
// live sockets the test opens, feeds and closes. Covers the synced start (clock skew, shared
// position), pause/resume as re-tune, 'ended', station changes (wrap, resume, superseded tunes),
// the tail of a track, errors (access, tune, media), drift correction, the live socket (frames,
// reconnect with backoff) and the saved settings.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RADIO_STORAGE_KEY } from "../../app/features/radio/savedSettings";
import { RadioEngine, type RadioEngineOptions, type RadioSocketLike } from "../../app/features/radio/engine";
import type { NowPlaying, RadioSlot, RadioStationView, TuneResponse } from "../../worker/contracts/radio";
import { FakeAudio, MemoryStorage } from "./player-fakes";

// ---------- Fakes ----------

type SocketEventMap = { message: { data: unknown }; close: { code: number }; open: undefined };

/** A live socket the test drives: open(), frame(), serverClose(). */
class FakeSocket implements RadioSocketLike {
  readyState = 0;
  readonly sent: string[] = [];
  /** The code the engine closed it with (undefined while open). */
  closedWith: number | undefined;
  private readonly handlers: { [K in keyof SocketEventMap]: ((event: SocketEventMap[K]) => void)[] } = { message: [], close: [], open: [] };

  constructor(readonly stationId: string) {}

  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  addEventListener(type: "close", listener: (event: { code: number }) => void): void;
  addEventListener(type: "open", listener: () => void): void;
  addEventListener(type: keyof SocketEventMap, listener: (event: never) => void) {
    (this.handlers[type] as ((event: never) => void)[]).push(listener);
  }

  send(data: string) {
    this.sent.push(data);
  }

  /** The engine closing it: like a browser, the 'close' event follows. */
  close(code?: number) {
    if (this.readyState === 3) return;
    this.closedWith = code;
    this.readyState = 3;
    for (const listener of this.handlers.close) listener({ code: code ?? 1005 });
  }

  open() {
    this.readyState = 1;
    for (const listener of this.handlers.open) listener(undefined);
  }

  frame(data: unknown) {
    const text = typeof data === "string" ? data : JSON.stringify(data);
    for (const listener of this.handlers.message) listener({ data: text });
  }

  /** The server (or the network) closing it. */
  serverClose(code: number) {
    this.readyState = 3;
    for (const listener of this.handlers.close) listener({ code });
  }
}

type PendingTune = { stationId: string; resolve: (response: TuneResponse) => void; reject: (error: unknown) => void };

// ---------- Data ----------

const station = (id: string, name: string, position: number, sourceType: RadioStationView["sourceType"] = "catalog"): RadioStationView => ({
  id,
  name,
  description: `${name} (en)`,
  imageUrl: null,
  features: ["commercial_free"],
  sourceType,
  position,
});

const STATIONS = [station("freestyle", "Freestyle FM", 0), station("dance", "Dance Classics", 1), station("slow-jams", "Slow Jams", 2)];

/** Our clock at the start of each test. The server's clock is set apart from it on purpose. */
const T0 = Date.parse("2030-01-01T12:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();

const slot = (n: number, startedAt: number, durationSeconds = 200): RadioSlot => ({
  track: { id: `t${n}`, title: `Track ${n}`, albumId: "night-album", albumTitle: "Night Album", albumYear: 1988, coverUrl: null, durationSeconds },
  startedAt: iso(startedAt),
  endsAt: iso(startedAt + durationSeconds * 1000),
});

/**
 * A tune answer: the server's clock reads `serverTime`, and the current track (`n`, lasting
 * `durationSeconds`) started `offsetMs` before that.
 */
function tuned(
  stationId: string,
  {
    serverTime,
    offsetMs,
    n = 1,
    durationSeconds = 200,
    listeners = 3,
  }: { serverTime: number; offsetMs: number; n?: number; durationSeconds?: number; listeners?: number },
): TuneResponse {
  const startedAt = serverTime - offsetMs;
  const nowPlaying: NowPlaying = {
    stationId,
    serverTime: iso(serverTime),
    current: slot(n, startedAt, durationSeconds),
    next: slot(n + 1, startedAt + durationSeconds * 1000),
    history: [],
    listeners,
  };
  return { kind: "catalog", nowPlaying, url: `/media/radio/${stationId}/t${n}?sig=${serverTime}`, expiresAt: iso(serverTime + 600_000) };
}

/** The server's clock runs 7 minutes behind ours: positions must come from its clock, not ours. */
const SERVER_BEHIND_MS = 7 * 60_000;

// ---------- Setup ----------

/** Drains pending promise callbacks (no timers, no sleeping). */
async function flush() {
  for (let i = 0; i < 30; i++) await Promise.resolve();
}

function setup(options: Partial<RadioEngineOptions> = {}) {
  let clock = T0;
  const audios: FakeAudio[] = [];
  const sockets: FakeSocket[] = [];
  const pending: PendingTune[] = [];
  const tune = vi.fn(
    (stationId: string) =>
      new Promise<TuneResponse>((resolve, reject) => {
        pending.push({ stationId, resolve, reject });
      }),
  );
  const onStart = vi.fn();
  const storage = new MemoryStorage();
  const engine = new RadioEngine({
    tune,
    createAudio: () => {
      const audio = new FakeAudio();
      audios.push(audio);
      return audio;
    },
    createAudioContext: null,
    openSocket: (stationId) => {
      const socket = new FakeSocket(stationId);
      sockets.push(socket);
      return socket;
    },
    onStart,
    storage,
    now: () => clock,
    log: () => {},
    ...options,
  });
  engine.setStations(STATIONS);

  const t = {
    engine,
    tune,
    onStart,
    storage,
    audios,
    sockets,
    pending,
    state: () => engine.getState(),
    get audio() {
      const audio = audios[0];
      if (!audio) throw new Error("no audio element yet");
      return audio;
    },
    get socket() {
      const socket = sockets.at(-1);
      if (!socket) throw new Error("no socket yet");
      return socket;
    },
    get clock() {
      return clock;
    },
    /** Moves our clock (and, when fake timers are on, the timers) forward. */
    async advance(ms: number) {
      clock += ms;
      if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(ms);
      else await flush();
    },
    /** Answers the oldest unanswered tune call. */
    async answer(response: TuneResponse | ((stationId: string) => TuneResponse), { roundTripMs = 0 } = {}) {
      const call = pending.shift();
      if (!call) throw new Error("no tune call is waiting");
      clock += roundTripMs;
      call.resolve(typeof response === "function" ? response(call.stationId) : response);
      await flush();
      return call.stationId;
    },
    async fail(error: unknown) {
      const call = pending.shift();
      if (!call) throw new Error("no tune call is waiting");
      call.reject(error);
      await flush();
    },
    async metadata(duration = 200) {
      t.audio.fireMetadata(duration);
      await flush();
    },
    /** Answers the waiting tune with the track 30 s in (on the server's clock) and lets it play. */
    async tuneIn(offsetMs = 30_000) {
      const stationId = pending[0]?.stationId ?? "";
      await t.answer(tuned(stationId, { serverTime: clock - SERVER_BEHIND_MS, offsetMs }));
      await t.metadata();
      expect(t.state().status).toBe("playing");
    },
  };
  return t;
}

const apiError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

beforeEach(() => {
  vi.useRealTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

// ---------- Tests ----------

describe("RadioEngine: tuning in", () => {
  it("play tunes the current station and seeks to the shared position, corrected for the clock skew", async () => {
    const t = setup();
    expect(t.state()).toMatchObject({ status: "idle", index: 0, station: { id: "freestyle" } });

    t.engine.play();
    expect(t.state().status).toBe("loading");
    expect(t.tune).toHaveBeenCalledTimes(1);
    expect(t.tune).toHaveBeenCalledWith("freestyle");
    expect(t.onStart).toHaveBeenCalledTimes(1);

    // The request leaves at T0 and the answer arrives 2 s later; the server's clock read
    // startedAt + 10 s, on a clock 7 minutes behind ours, when it answered.
    const serverTime = T0 - SERVER_BEHIND_MS;
    const response = tuned("freestyle", { serverTime, offsetMs: 10_000, listeners: 12 });
    await t.answer(response, { roundTripMs: 2_000 });
    expect(t.audio.src).toBe(response.url);
    expect(t.audio.loadCalls).toBe(1);
    expect(t.state()).toMatchObject({ status: "loading", nowPlaying: response.nowPlaying, listeners: 12 });
    expect(t.audio.playCalls).toBe(0); // not before the metadata

    // The metadata comes 0.5 s after the answer.
    await t.advance(500);
    await t.metadata();
    // 10 s into the track when the server answered + half the round trip (1 s) + 0.5 s since.
    expect(t.audio.currentTime).toBe(11.5);
    expect(t.audio.paused).toBe(false);
    expect(t.audio.playCalls).toBe(1);
    expect(t.state().status).toBe("playing");
    expect(t.engine.expectedPosition()).toBe(11.5);
    await t.advance(3_000);
    expect(t.engine.expectedPosition()).toBe(14.5);

    // The live socket opens for the station once it plays.
    expect(t.sockets.map((s) => s.stationId)).toEqual(["freestyle"]);
  });

  it("a stream station plays its URL as it comes, without a seek", async () => {
    const t = setup();
    t.engine.setStations([station("live", "Live Stream", 0, "stream"), ...STATIONS]);
    t.engine.selectStation(0);
    t.engine.play();
    const nowPlaying: NowPlaying = { stationId: "live", serverTime: iso(T0), current: null, next: null, history: [], listeners: 1 };
    await t.answer({ kind: "stream", nowPlaying, url: "/api/radio/stations/live/stream?sig=1", expiresAt: iso(T0 + 600_000) });
    expect(t.state().status).toBe("playing");
    expect(t.audio.src).toBe("/api/radio/stations/live/stream?sig=1");
    expect(t.audio.currentTime).toBe(0);
    expect(t.engine.expectedPosition()).toBeNull();
  });

  it("pause stops the audio and closes the socket; play again tunes in anew at the live position", async () => {
    const t = setup();
    t.engine.play();
    await t.tuneIn(30_000);
    expect(t.audio.currentTime).toBe(30);
    const socket = t.socket;

    t.engine.pause();
    expect(t.state().status).toBe("paused");
    expect(t.audio.paused).toBe(true);
    expect(t.audio.src).toBe("");
    expect(socket.closedWith).toBe(1000);

    // A minute later: the radio went on without us.
    await t.advance(60_000);
    t.engine.play();
    expect(t.tune).toHaveBeenCalledTimes(2);
    expect(t.tune).toHaveBeenLastCalledWith("freestyle");
    expect(t.state().status).toBe("loading");
    await t.tuneIn(90_000);
    expect(t.audio.currentTime).toBe(90);
    expect(t.sockets).toHaveLength(2);
    expect(t.onStart).toHaveBeenCalledTimes(2);
  });

  it("toggle pauses while playing or loading and plays while paused", async () => {
    const t = setup();
    t.engine.toggle();
    expect(t.state().status).toBe("loading");
    t.engine.toggle();
    expect(t.state().status).toBe("paused");
    // The abandoned tune answers late: nothing plays.
    await t.answer(tuned("freestyle", { serverTime: T0, offsetMs: 5_000 }));
    expect(t.audio.src).toBe("");
    expect(t.state().status).toBe("paused");
    t.engine.toggle();
    expect(t.tune).toHaveBeenCalledTimes(2);
    await t.tuneIn();
  });

  it("a track's end ('pause', then 'ended', as browsers fire them) tunes in again on the same station and keeps its socket", async () => {
    const t = setup();
    t.engine.play();
    await t.tuneIn();
    t.audio.fireEnded();
    expect(t.state().status).toBe("loading");
    expect(t.tune).toHaveBeenCalledTimes(2);
    expect(t.tune).toHaveBeenLastCalledWith("freestyle");
    await t.answer(tuned("freestyle", { serverTime: t.clock - SERVER_BEHIND_MS, offsetMs: 400, n: 2 }));
    await t.metadata();
    expect(t.state()).toMatchObject({ status: "playing", nowPlaying: { current: { track: { id: "t2" } } } });
    expect(t.audio.src).toBe(`/media/radio/freestyle/t2?sig=${t.clock - SERVER_BEHIND_MS}`);
    expect(t.audio.currentTime).toBe(0.4);
    expect(t.sockets).toHaveLength(1);
    expect(t.sockets[0]!.closedWith).toBeUndefined();
    expect(t.onStart).toHaveBeenCalledTimes(2);
  });

  it("a track within a second of its end is not played: the engine waits for the boundary, then tunes in again", async () => {
    vi.useFakeTimers();
    const t = setup();
    t.engine.play();
    // No round trip: the server says the track ends 600 ms from now.
    await t.answer(tuned("freestyle", { serverTime: T0 - SERVER_BEHIND_MS, offsetMs: 199_400, durationSeconds: 200 }));
    expect(t.audio.src).toBe("");
    expect(t.audio.playCalls).toBe(0);
    expect(t.state().status).toBe("loading");

    await t.advance(599);
    expect(t.tune).toHaveBeenCalledTimes(1);
    await t.advance(1_000);
    expect(t.tune).toHaveBeenCalledTimes(2);
    expect(t.tune).toHaveBeenLastCalledWith("freestyle");

    // The next track started 0.6 s ago (our clock has moved 1.599 s; the boundary was at 0.6 s in).
    await t.answer(tuned("freestyle", { serverTime: t.clock - SERVER_BEHIND_MS, offsetMs: 999, n: 2 }));
    await t.metadata();
    expect(t.state().status).toBe("playing");
    expect(t.audio.currentTime).toBe(0.999);
    expect(t.audio.src).toContain("/t2?");
  });

  it("pausing while waiting for the boundary cancels the wait", async () => {
    vi.useFakeTimers();
    const t = setup();
    t.engine.play();
    await t.answer(tuned("freestyle", { serverTime: T0 - SERVER_BEHIND_MS, offsetMs: 199_500, durationSeconds: 200 }));
    t.engine.pause();
    await t.advance(10_000);
    expect(t.tune).toHaveBeenCalledTimes(1);
    expect(t.state().status).toBe("paused");
  });
});

describe("RadioEngine: stations", () => {
  it("next and previous wrap both ways and resume playback on the new station", async () => {
    const t = setup();
    t.engine.play();
    await t.tuneIn();
    const first = t.socket;

    t.engine.previousStation();
    expect(t.state()).toMatchObject({ index: 2, station: { id: "slow-jams" }, status: "loading", nowPlaying: null });
    expect(t.tune).toHaveBeenLastCalledWith("slow-jams");
    expect(t.audio.src).toBe("");
    expect(first.closedWith).toBe(1000);
    await t.tuneIn();
    expect(t.socket.stationId).toBe("slow-jams");

    t.engine.nextStation();
    expect(t.state()).toMatchObject({ index: 0, status: "loading" });
    expect(t.tune).toHaveBeenLastCalledWith("freestyle");
    await t.tuneIn();

    t.engine.nextStation();
    expect(t.state()).toMatchObject({ index: 1, status: "loading" });
    expect(t.tune).toHaveBeenLastCalledWith("dance");
    await t.tuneIn();
    expect(t.tune.mock.calls.map(([id]) => id)).toEqual(["freestyle", "slow-jams", "freestyle", "dance"]);
    expect(JSON.parse(t.storage.getItem(RADIO_STORAGE_KEY)!)).toMatchObject({ station: "dance" });
  });

  it("changing station while paused or idle does not play", async () => {
    const t = setup();
    t.engine.nextStation();
    expect(t.state()).toMatchObject({ index: 1, status: "idle" });
    t.engine.play();
    await t.tuneIn();
    t.engine.pause();

    t.engine.nextStation();
    expect(t.state()).toMatchObject({ index: 2, status: "paused" });
    t.engine.nextStation();
    expect(t.state()).toMatchObject({ index: 0, status: "paused" });
    t.engine.previousStation();
    t.engine.previousStation();
    expect(t.state()).toMatchObject({ index: 1, status: "paused" });
    t.engine.selectStationById("slow-jams");
    expect(t.state()).toMatchObject({ index: 2, status: "paused" });
    expect(t.tune).toHaveBeenCalledTimes(1);
    expect(t.sockets).toHaveLength(1);
  });

  it("selectStation with autoplay starts a paused radio on the chosen station", async () => {
    const t = setup();
    t.engine.selectStation(2, { autoplay: true });
    expect(t.state()).toMatchObject({ index: 2, status: "loading" });
    expect(t.tune).toHaveBeenCalledWith("slow-jams");
    await t.tuneIn();
  });

  it("a tune superseded by a station change never plays its URL", async () => {
    const t = setup();
    t.engine.play();
    t.engine.nextStation(); // while the first tune is pending
    expect(t.tune.mock.calls.map(([id]) => id)).toEqual(["freestyle", "dance"]);

    // The old answer arrives first, then the new one.
    await t.answer(tuned("freestyle", { serverTime: T0, offsetMs: 5_000 }));
    expect(t.audio.src).toBe("");
    expect(t.state()).toMatchObject({ status: "loading", nowPlaying: null, station: { id: "dance" } });
    await t.answer(tuned("dance", { serverTime: T0, offsetMs: 5_000 }));
    expect(t.audio.src).toBe(`/media/radio/dance/t1?sig=${T0}`);
    await t.metadata();
    expect(t.state()).toMatchObject({ status: "playing", station: { id: "dance" }, nowPlaying: { stationId: "dance" } });
    expect(t.audio.playCalls).toBe(1);
    expect(t.sockets.map((s) => s.stationId)).toEqual(["dance"]);
  });

  it("a tune superseded while waiting for its metadata never plays either", async () => {
    const t = setup();
    t.engine.play();
    await t.answer(tuned("freestyle", { serverTime: T0, offsetMs: 5_000 }));
    expect(t.audio.src).toContain("/freestyle/");
    t.engine.nextStation();
    expect(t.audio.src).toBe("");
    await t.answer(tuned("dance", { serverTime: T0, offsetMs: 8_000 }));
    await t.metadata(); // both starts hear it; only the current one goes on
    expect(t.audio.src).toContain("/dance/");
    expect(t.audio.playCalls).toBe(1);
    expect(t.audio.currentTime).toBe(8);
    expect(t.state()).toMatchObject({ status: "playing", station: { id: "dance" } });
  });

  it("a superseded tune that fails leaves no error", async () => {
    const t = setup();
    t.engine.play();
    t.engine.nextStation();
    await t.fail(apiError(500));
    expect(t.state()).toMatchObject({ status: "loading", error: null });
    await t.tuneIn();
  });

  it("setStations keeps the current station by id, restores the saved one and handles an empty list", () => {
    const storage = new MemoryStorage();
    storage.setItem(RADIO_STORAGE_KEY, JSON.stringify({ station: "slow-jams", volume: 40, muted: false }));
    const t = setup({ storage });
    expect(t.state()).toMatchObject({ index: 2, station: { id: "slow-jams" }, volume: 40 });

    // Reordered: the same station, at its new place.
    const [a, b, c] = STATIONS as [RadioStationView, RadioStationView, RadioStationView];
    t.engine.setStations([c, a, b]);
    expect(t.state()).toMatchObject({ index: 0, station: { id: "slow-jams" } });
    t.engine.nextStation();
    t.engine.setStations([b, c, a]);
    expect(t.state()).toMatchObject({ index: 2, station: { id: "freestyle" } });
    // Gone: the first station.
    t.engine.setStations([b, c]);
    expect(t.state()).toMatchObject({ index: 0, station: { id: "dance" } });
    t.engine.setStations([]);
    expect(t.state()).toMatchObject({ index: -1, station: null });
  });

  it("an unknown saved station falls back to the first one", () => {
    const storage = new MemoryStorage();
    storage.setItem(RADIO_STORAGE_KEY, JSON.stringify({ station: "gone" }));
    const t = setup({ storage });
    expect(t.state()).toMatchObject({ index: 0, station: { id: "freestyle" } });
  });
});

describe("RadioEngine: errors", () => {
  it.each([401, 403])("a %i from tune stops with access_denied", async (status) => {
    const t = setup();
    t.engine.play();
    await t.fail(apiError(status));
    expect(t.state()).toMatchObject({ status: "paused", error: "access_denied" });
    expect(t.tune).toHaveBeenCalledTimes(1);
    expect(t.sockets).toHaveLength(0);
  });

  it("a rejected tune on play stops with stream_failed; the next play clears the error", async () => {
    const t = setup();
    t.engine.play();
    await t.fail(apiError(500));
    expect(t.state()).toMatchObject({ status: "paused", error: "stream_failed" });
    t.engine.play();
    expect(t.state()).toMatchObject({ status: "loading", error: null });
    await t.tuneIn();
  });

  it("a rejected tune after a station change stops with change_failed", async () => {
    const t = setup();
    t.engine.selectStation(1, { autoplay: true });
    await t.fail(apiError(500));
    expect(t.state()).toMatchObject({ status: "paused", error: "change_failed", station: { id: "dance" } });

    t.engine.play();
    await t.tuneIn();
    t.engine.nextStation();
    await t.fail(new TypeError("Failed to fetch"));
    expect(t.state()).toMatchObject({ status: "paused", error: "change_failed", station: { id: "slow-jams" } });
  });

  it("a play() refused by the browser's autoplay policy is play_failed", async () => {
    const t = setup();
    t.engine.play();
    await t.answer(tuned("freestyle", { serverTime: T0, offsetMs: 5_000 }));
    vi.spyOn(t.audio, "play").mockRejectedValueOnce(new DOMException("user gesture needed", "NotAllowedError"));
    await t.metadata();
    expect(t.state()).toMatchObject({ status: "paused", error: "play_failed" });
  });

  it("a media error while playing tunes in once again; a second error stops with stream_failed", async () => {
    const t = setup();
    t.engine.play();
    await t.tuneIn();
    const socket = t.socket;

    t.audio.fireError(2);
    expect(t.tune).toHaveBeenCalledTimes(2);
    expect(t.tune).toHaveBeenLastCalledWith("freestyle");
    expect(t.state()).toMatchObject({ status: "loading", error: null });
    await t.answer(tuned("freestyle", { serverTime: t.clock - SERVER_BEHIND_MS, offsetMs: 40_000 }));

    t.audio.fireError(2);
    await flush();
    expect(t.tune).toHaveBeenCalledTimes(2);
    expect(t.state()).toMatchObject({ status: "paused", error: "stream_failed" });
    expect(t.audio.paused).toBe(true);
    expect(t.audio.src).toBe("");
    expect(socket.closedWith).toBe(1000);
  });

  it("a media error during a re-tune that then plays is forgotten: a later error is retried again", async () => {
    const t = setup();
    t.engine.play();
    await t.tuneIn();
    t.audio.fireError(2);
    await t.tuneIn();
    t.audio.fireError(2);
    expect(t.tune).toHaveBeenCalledTimes(3);
    expect(t.state().status).toBe("loading");
  });

  it("a media error while paused is ignored", async () => {
    const t = setup();
    t.engine.play();
    await t.tuneIn();
    t.engine.pause();
    t.audio.fireError(4);
    await flush();
    expect(t.tune).toHaveBeenCalledTimes(1);
    expect(t.state()).toMatchObject({ status: "paused", error: null });
  });

  it("a pause from outside (headset unplugged) pauses the radio and closes the socket", async () => {
    const t = setup();
    t.engine.play();
    await t.tuneIn();
    t.audio.pause();
    expect(t.state().status).toBe("paused");
    expect(t.sockets[0]!.closedWith).toBe(1000);
  });
});

describe("RadioEngine: drift", () => {
  it("on 'playing', a drift over 0.25 s is corrected by one seek; a smaller one is left alone", async () => {
    const t = setup();
    t.engine.play();
    await t.tuneIn(30_000);
    expect(t.audio.currentTime).toBe(30);

    // A stall: 4 s pass on the clock while the element stays at 30 s, then it plays again.
    await t.advance(4_000);
    t.audio.dispatchEvent(new Event("playing"));
    expect(t.audio.currentTime).toBe(34);

    // 0.2 s behind: within tolerance.
    await t.advance(200);
    t.audio.dispatchEvent(new Event("playing"));
    expect(t.audio.currentTime).toBe(34);

    // 0.3 s ahead: corrected.
    t.audio.currentTime = 34.5;
    t.audio.dispatchEvent(new Event("playing"));
    expect(t.audio.currentTime).toBe(34.2);
  });

  it("while playing, a drift over a second that no 'playing' reported is corrected at a timeupdate, at most every 3 s", async () => {
    const t = setup();
    t.engine.play();
    await t.tuneIn(30_000);
    expect(t.audio.currentTime).toBe(30);
    // The browser dropped the start's seek: the track plays from its start.
    t.audio.currentTime = 0.5;
    await t.advance(2_000);
    t.audio.dispatchEvent(new Event("timeupdate"));
    expect(t.audio.currentTime).toBe(0.5); // within 3 s of the last check (the start's 'playing')
    await t.advance(1_000);
    t.audio.dispatchEvent(new Event("timeupdate"));
    expect(t.audio.currentTime).toBe(33);

    // Under a second off: left alone, not to be heard as a skip every few seconds.
    t.audio.currentTime = 35.5;
    await t.advance(3_000);
    t.audio.dispatchEvent(new Event("timeupdate"));
    expect(t.audio.currentTime).toBe(35.5);

    // Paused: nothing moves it.
    t.engine.pause();
    t.audio.currentTime = 1;
    await t.advance(3_000);
    t.audio.dispatchEvent(new Event("timeupdate"));
    expect(t.audio.currentTime).toBe(1);
  });

  it("holds the track the element plays to that track's position, not to a newer one a frame names", async () => {
    const t = setup();
    t.engine.play();
    await t.tuneIn(190_000); // 10 s before the end of track 1
    t.socket.open();
    // The element stalls at 195 s while the station moves on: its frame names track 2, 2 s in.
    t.audio.currentTime = 195;
    await t.advance(12_000);
    const next = tuned("freestyle", { serverTime: t.clock - SERVER_BEHIND_MS, offsetMs: 2_000, n: 2 }).nowPlaying;
    t.socket.frame({ type: "now_playing", nowPlaying: next });
    expect(t.state().nowPlaying).toEqual(next);
    // Track 1 is left to play out (its 'ended' tunes in to track 2); it is not sent back to 2 s.
    t.audio.dispatchEvent(new Event("timeupdate"));
    t.audio.dispatchEvent(new Event("playing"));
    expect(t.audio.currentTime).toBe(195);
    expect(t.audio.src).toContain("/t1?");
  });

  it("does not seek past the end of the element's media", async () => {
    const t = setup();
    t.engine.play();
    await t.tuneIn(30_000);
    await t.advance(200_000); // the shared position (230 s) is beyond the 200 s track
    t.audio.dispatchEvent(new Event("playing"));
    expect(t.audio.currentTime).toBe(30);
  });
});

describe("RadioEngine: live socket", () => {
  it("listener and now-playing frames update the state; frames for another station are ignored", async () => {
    const t = setup();
    t.engine.play();
    await t.tuneIn();
    const socket = t.socket;
    socket.open();

    socket.frame({ type: "listeners", count: 42 });
    expect(t.state().listeners).toBe(42);

    const next = tuned("freestyle", { serverTime: t.clock - SERVER_BEHIND_MS, offsetMs: 1_000, n: 2, listeners: 43 }).nowPlaying;
    socket.frame({ type: "now_playing", nowPlaying: next });
    expect(t.state().nowPlaying).toEqual(next);
    expect(t.state().listeners).toBe(43);

    const other = tuned("dance", { serverTime: t.clock, offsetMs: 1_000, n: 7, listeners: 99 }).nowPlaying;
    socket.frame({ type: "now_playing", nowPlaying: other });
    socket.frame("pong");
    socket.frame("{not json");
    expect(t.state()).toMatchObject({ nowPlaying: next, listeners: 43 });

    // Frames from the old station's socket after a change are ignored.
    t.engine.nextStation();
    socket.frame({ type: "listeners", count: 500 });
    expect(t.state().listeners).toBeNull();
  });

  it("pings every 30 s while open", async () => {
    vi.useFakeTimers();
    const t = setup();
    t.engine.play();
    await t.tuneIn();
    t.socket.open();
    await t.advance(29_999);
    expect(t.socket.sent).toEqual([]);
    await t.advance(1);
    expect(t.socket.sent).toEqual(["ping"]);
    await t.advance(30_000);
    expect(t.socket.sent).toEqual(["ping", "ping"]);
  });

  it("reconnects after a close with a growing backoff, reset once a socket opens", async () => {
    vi.useFakeTimers();
    const t = setup();
    t.engine.play();
    await t.tuneIn();
    t.socket.open();

    t.socket.serverClose(1006);
    await t.advance(999);
    expect(t.sockets).toHaveLength(1);
    await t.advance(1);
    expect(t.sockets).toHaveLength(2);
    expect(t.socket.stationId).toBe("freestyle");

    // That one fails before opening: the next wait is longer (2 s), then longer again (5 s).
    t.socket.serverClose(1006);
    await t.advance(1_999);
    expect(t.sockets).toHaveLength(2);
    await t.advance(1);
    expect(t.sockets).toHaveLength(3);
    t.socket.serverClose(1006);
    await t.advance(4_999);
    expect(t.sockets).toHaveLength(3);
    await t.advance(1);
    expect(t.sockets).toHaveLength(4);

    // Once a socket opens, the backoff starts over.
    t.socket.open();
    t.socket.serverClose(1006);
    await t.advance(1_000);
    expect(t.sockets).toHaveLength(5);
  });

  it("does not reconnect after the server's 'session ended' close (4401)", async () => {
    vi.useFakeTimers();
    const t = setup();
    t.engine.play();
    await t.tuneIn();
    t.socket.open();
    t.socket.serverClose(4401);
    await t.advance(60_000);
    expect(t.sockets).toHaveLength(1);
    expect(t.state().status).toBe("playing");
  });

  it("stops playing at the server's 'VIP ended' close (4403): paused with access_denied, no reconnect", async () => {
    vi.useFakeTimers();
    const t = setup();
    t.engine.play();
    await t.tuneIn();
    t.socket.open();
    t.socket.serverClose(4403);
    expect(t.state()).toMatchObject({ status: "paused", error: "access_denied" });
    await t.advance(60_000);
    expect(t.sockets).toHaveLength(1);
    expect(t.state().status).toBe("paused");
  });

  it("does not reconnect when paused, even with a reconnect already scheduled", async () => {
    vi.useFakeTimers();
    const t = setup();
    t.engine.play();
    await t.tuneIn();
    t.socket.open();
    t.engine.pause();
    await t.advance(60_000);
    expect(t.sockets).toHaveLength(1);

    t.engine.play();
    await t.tuneIn();
    expect(t.sockets).toHaveLength(2);
    t.socket.serverClose(1006);
    t.engine.pause();
    await t.advance(60_000);
    expect(t.sockets).toHaveLength(2);
  });
});

describe("RadioEngine: settings and focus", () => {
  it("volume is clamped to 0..100, applied to the element and saved with the station", async () => {
    const t = setup();
    t.engine.play();
    await t.tuneIn();
    t.engine.setVolume(150);
    expect(t.state().volume).toBe(100);
    t.engine.setVolume(-20);
    expect(t.state().volume).toBe(0);
    t.engine.setVolume(42.4);
    expect(t.state().volume).toBe(42);
    expect(t.audio.volume).toBeCloseTo(0.42);
    t.engine.volumeBy(10);
    expect(t.state().volume).toBe(52);
    t.engine.toggleMute();
    expect(t.audio.muted).toBe(true);
    expect(JSON.parse(t.storage.getItem(RADIO_STORAGE_KEY)!)).toEqual({ station: "freestyle", volume: 52, muted: true });
    // Changing the volume unmutes.
    t.engine.setVolume(60);
    expect(t.state().muted).toBe(false);
    expect(t.audio.muted).toBe(false);
  });

  it("saved volume and mute come back in a new engine, clamped", () => {
    const storage = new MemoryStorage();
    storage.setItem(RADIO_STORAGE_KEY, JSON.stringify({ station: "dance", volume: 250, muted: true }));
    expect(setup({ storage }).state()).toMatchObject({ volume: 100, muted: true, station: { id: "dance" } });
    storage.setItem(RADIO_STORAGE_KEY, "{broken");
    expect(setup({ storage }).state()).toMatchObject({ volume: 100, muted: false, station: { id: "freestyle" } });
  });

  it("onStart is called on every start: play, 'ended', a station change, a media-error retry", async () => {
    const t = setup();
    t.engine.play();
    expect(t.onStart).toHaveBeenCalledTimes(1);
    await t.tuneIn();
    t.audio.fireEnded();
    expect(t.onStart).toHaveBeenCalledTimes(2);
    await t.tuneIn();
    t.engine.nextStation();
    expect(t.onStart).toHaveBeenCalledTimes(3);
    await t.tuneIn();
    t.audio.fireError(2);
    expect(t.onStart).toHaveBeenCalledTimes(4);
    await t.tuneIn();
    t.engine.pause();
    t.engine.setVolume(20);
    t.engine.nextStation();
    expect(t.onStart).toHaveBeenCalledTimes(4);
  });

  it("reset stops everything and forgets the error", async () => {
    const t = setup();
    t.engine.play();
    await t.tuneIn();
    t.engine.reset();
    expect(t.state()).toMatchObject({ status: "idle", nowPlaying: null, listeners: null, error: null, station: { id: "freestyle" } });
    expect(t.audio.paused).toBe(true);
    expect(t.audio.src).toBe("");
    expect(t.sockets[0]!.closedWith).toBe(1000);
  });
});
