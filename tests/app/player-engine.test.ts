// The player engine (docs/features.md#music, the player) against a fake <audio> element: toggling,
// loading, counting plays, queue order, repeat/shuffle, retries, network reloads, overlapping loads,
// volume, progress ticks, persistence, the Media Session and the Web Audio analyser.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MEDIA_ERR_NETWORK, PlayerEngine, type PlayerEngineOptions } from "../../app/features/music/player/engine";
import type { MediaSessionActionLike, MediaSessionDetails, MediaSessionLike } from "../../app/features/music/player/mediaSession";
import type { AudioContextLike, StorageLike } from "../../app/lib/audio/output";
import { formatTime } from "../../app/lib/audio/formatTime";
import type { StreamResponse } from "../../worker/contracts/music/music";
import { FakeAudio, MemoryStorage, track } from "./player-fakes";

// ---------- Fakes ----------

class FakeMediaSession implements MediaSessionLike {
  metadata: unknown = null;
  playbackState = "none";
  handlers = new Map<MediaSessionActionLike, (details: MediaSessionDetails) => void>();
  positions: { duration: number; playbackRate?: number; position?: number }[] = [];
  setActionHandler(action: MediaSessionActionLike, handler: ((details: MediaSessionDetails) => void) | null) {
    if (handler) this.handlers.set(action, handler);
    else this.handlers.delete(action);
  }
  setPositionState(state?: { duration: number; playbackRate?: number; position?: number }) {
    if (state) this.positions.push(state);
  }
  call(action: MediaSessionActionLike, details: MediaSessionDetails = {}) {
    const handler = this.handlers.get(action);
    if (!handler) throw new Error(`no handler for ${action}`);
    handler({ action, ...details });
  }
}

const TRACKS = [track(1), track(2), track(3)];

/** Drains pending promise callbacks (no timers, no sleeping). */
async function flush() {
  for (let i = 0; i < 30; i++) await Promise.resolve();
}

function setup(options: Partial<PlayerEngineOptions> & { storage?: StorageLike } = {}) {
  let clock = Date.parse("2030-01-01T12:00:00Z");
  let urlCounter = 0;
  const audios: FakeAudio[] = [];
  const resolveSource = vi.fn(async (trackId: string): Promise<StreamResponse> => ({
    url: `/media/${trackId}?sig=${++urlCounter}`,
    expiresAt: new Date(clock + 10 * 60_000).toISOString(),
  }));
  const recordPlay = vi.fn(async (trackId: string) => ({ counted: true, plays: 1, totalPlays: 10, trackId }));
  const mediaSession = new FakeMediaSession();
  const storage = options.storage ?? new MemoryStorage();
  const engine = new PlayerEngine({
    resolveSource,
    recordPlay,
    createAudio: () => {
      const audio = new FakeAudio();
      audios.push(audio);
      return audio;
    },
    createAudioContext: null,
    mediaSession,
    createMediaMetadata: (fields) => fields,
    storage,
    random: () => 0,
    now: () => clock,
    artist: "Neon Test Brand",
    log: () => {},
    ...options,
  });
  /** The fake element that holds `trackId`'s audio. */
  const audioFor = (trackId: string) => {
    const found = audios.find((a) => a.src.startsWith(`/media/${trackId}?`));
    if (!found) throw new Error(`no element holds ${trackId}`);
    return found;
  };
  /** Lets the load of `trackId` resolve its URL, get its metadata and start. */
  const loadAndStart = async (trackId: string, duration = 210) => {
    await flush();
    audioFor(trackId).fireMetadata(duration);
    await flush();
  };
  return {
    engine,
    audios,
    audioFor,
    loadAndStart,
    resolveSource,
    recordPlay,
    mediaSession,
    storage,
    state: () => engine.getState(),
    advanceClock: (ms: number) => {
      clock += ms;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

// ---------- Tests ----------

describe("PlayerEngine: playing and pausing", () => {
  it("starts idle with volume 100", () => {
    const { state } = setup();
    expect(state()).toMatchObject({ status: "idle", queue: [], index: -1, current: null, volume: 100, error: null });
  });

  it("plays a track, and clicking the playing track again pauses it (resuming needs no new request or count)", async () => {
    const t = setup();
    t.engine.playTrack(TRACKS[0]!, TRACKS);
    expect(t.state().status).toBe("loading");
    await t.loadAndStart("t1");
    expect(t.state()).toMatchObject({ status: "playing", index: 0 });
    expect(t.state().current?.id).toBe("t1");
    const audio = t.audioFor("t1");
    expect(audio.paused).toBe(false);

    t.engine.playTrack(TRACKS[0]!, TRACKS);
    expect(t.state().status).toBe("paused");
    expect(audio.paused).toBe(true);

    t.engine.playTrack(TRACKS[0]!, TRACKS);
    await flush();
    expect(t.state().status).toBe("playing");
    expect(audio.paused).toBe(false);
    expect(t.resolveSource.mock.calls.filter(([id]) => id === "t1")).toHaveLength(1);
    expect(t.recordPlay).toHaveBeenCalledTimes(1);
  });

  it("choosing another track loads it, waits for its metadata, plays it and records exactly one play", async () => {
    const t = setup();
    t.engine.playTrack(TRACKS[0]!, TRACKS);
    await t.loadAndStart("t1");
    const first = t.audioFor("t1");
    const playsBefore = first.playCalls;

    t.engine.playTrack(TRACKS[2]!, TRACKS);
    expect(t.state()).toMatchObject({ status: "loading", index: 2 });
    expect(first.paused).toBe(true);
    await flush();
    expect(t.resolveSource).toHaveBeenLastCalledWith("t3", false);
    const third = t.audioFor("t3"); // the active element, now holding t3 (t2 is preloaded in the other)
    expect(third).toBe(first);
    // Not played before its metadata is known.
    expect(third.playCalls).toBe(playsBefore);
    expect(t.state().status).toBe("loading");

    third.fireMetadata(180);
    await flush();
    expect(third.playCalls).toBe(playsBefore + 1);
    expect(t.state()).toMatchObject({ status: "playing", duration: 180 });
    expect(t.recordPlay.mock.calls.map(([id]) => id)).toEqual(["t1", "t3"]);

    // Progress, pauses and resumes do not count it again.
    t.engine.toggle();
    t.engine.toggle();
    await flush();
    expect(t.state().status).toBe("playing");
    expect(t.recordPlay).toHaveBeenCalledTimes(2);
  });

  it("a failed play counting is only logged", async () => {
    const log = vi.fn();
    const t = setup({ log, recordPlay: () => Promise.reject(new Error("offline")) });
    t.engine.playTrack(TRACKS[0]!, TRACKS);
    await t.loadAndStart("t1");
    expect(t.state()).toMatchObject({ status: "playing", error: null });
    expect(log).toHaveBeenCalledWith("could not count the play", expect.any(Error));
  });

  it("refuses a track without audio: error state, no request, no element", () => {
    const t = setup();
    t.engine.playTrack(track(9, { playable: false }));
    expect(t.state()).toMatchObject({ status: "idle", error: "not_playable", queue: [] });
    t.engine.playQueue([track(9, { playable: false }), track(2)], 0);
    expect(t.state().error).toBe("not_playable");
    expect(t.resolveSource).not.toHaveBeenCalled();
    expect(t.audios).toHaveLength(0);
  });

  it("a 401/403 from the stream route stops with access_denied, without retrying", async () => {
    const denied = Object.assign(new Error("VIP only"), { status: 403 });
    const t = setup({ resolveSource: vi.fn(() => Promise.reject(denied)) });
    vi.useFakeTimers();
    t.engine.playTrack(TRACKS[0]!, TRACKS);
    await flush();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.state()).toMatchObject({ status: "paused", error: "access_denied", index: 0 });
  });
});

describe("PlayerEngine: queue order", () => {
  it("next and previous wrap around both ways", async () => {
    const t = setup();
    t.engine.playQueue(TRACKS, 2);
    await t.loadAndStart("t3");
    t.engine.next();
    expect(t.state().index).toBe(0);
    t.engine.previous();
    expect(t.state().index).toBe(2);
    t.engine.previous();
    expect(t.state().index).toBe(1);
    await t.loadAndStart("t2");
    expect(t.state()).toMatchObject({ status: "playing", index: 1 });
  });

  it("next and previous skip tracks that cannot be played", () => {
    const t = setup();
    const queue = [track(1), track(2, { playable: false }), track(3)];
    t.engine.playQueue(queue, 0);
    t.engine.next();
    expect(t.state().index).toBe(2);
    t.engine.previous();
    expect(t.state().index).toBe(0);
  });

  it("at the end of a track the next one plays; with repeat the same one replays (and counts again)", async () => {
    const t = setup();
    t.engine.playQueue(TRACKS, 0);
    await t.loadAndStart("t1");
    t.audioFor("t1").fireEnded();
    await t.loadAndStart("t2");
    expect(t.state()).toMatchObject({ status: "playing", index: 1 });

    t.engine.toggleRepeat();
    expect(t.state().repeat).toBe(true);
    const second = t.audioFor("t2");
    second.currentTime = 210;
    second.fireEnded();
    await flush();
    expect(t.state()).toMatchObject({ status: "playing", index: 1, currentTime: 0 });
    expect(second.currentTime).toBe(0);
    expect(second.paused).toBe(false);
    expect(t.recordPlay.mock.calls.map(([id]) => id)).toEqual(["t1", "t2", "t2"]);
  });

  it("the last track of the queue wraps to the first when it ends", async () => {
    const t = setup();
    t.engine.playQueue(TRACKS, 2);
    await t.loadAndStart("t3");
    t.audioFor("t3").fireEnded();
    expect(t.state().index).toBe(0);
  });

  it("a queue of one stops at the end of its track (nothing to wrap to) unless repeat is on", async () => {
    const t = setup();
    t.engine.playTrack(TRACKS[0]!);
    await t.loadAndStart("t1");
    const audio = t.audioFor("t1");
    audio.fireEnded();
    await flush();
    expect(t.state()).toMatchObject({ status: "paused", currentTime: 0, index: 0 });
    expect(audio.playCalls).toBe(1);
    expect(t.recordPlay).toHaveBeenCalledTimes(1);
  });

  it("shuffle: next picks a random index other than the current one", () => {
    const queue = [track(1), track(2), track(3), track(4), track(5)];
    for (const [value, expected] of [
      [0, 1],
      [0.3, 2],
      [0.5, 3],
      [0.99, 4],
    ] as const) {
      const t = setup({ random: () => value });
      t.engine.playQueue(queue, 0);
      t.engine.toggleShuffle();
      t.engine.next();
      expect(t.state().index).toBe(expected);
    }
    // From the middle, random 0 gives the first other index, never the current one.
    const t = setup({ random: () => 0 });
    t.engine.toggleShuffle();
    t.engine.playQueue(queue, 0);
    t.engine.next();
    expect(t.state().index).not.toBe(0);
  });

  it("the queue dialog's jump plays that index", async () => {
    const t = setup();
    t.engine.playQueue(TRACKS, 0);
    await t.loadAndStart("t1");
    t.engine.jumpTo(2);
    await t.loadAndStart("t3");
    expect(t.state()).toMatchObject({ status: "playing", index: 2 });
  });
});

describe("PlayerEngine: failures", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it("a failed play reloads and retries once after 100 ms, then skips to the next track", async () => {
    const t = setup();
    t.engine.playQueue(TRACKS, 0);
    await flush();
    const audio = t.audioFor("t1");
    audio.failPlays = 2;
    audio.fireMetadata();
    await flush();
    expect(audio.playCalls).toBe(1);
    expect(t.state().error).toBeNull();
    const loadsBefore = audio.loadCalls;

    await vi.advanceTimersByTimeAsync(99);
    expect(audio.loadCalls).toBe(loadsBefore);
    expect(t.resolveSource).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(t.resolveSource).toHaveBeenCalledTimes(2); // a fresh URL for the reload
    expect(audio.loadCalls).toBe(loadsBefore + 1);
    t.audioFor("t1").fireMetadata();
    await flush();
    expect(audio.playCalls).toBe(2);

    // Given up: the error is shown and the next track loads.
    expect(t.state()).toMatchObject({ error: "play_failed", index: 1, status: "loading" });
    expect(t.recordPlay).not.toHaveBeenCalled();
    await t.loadAndStart("t2");
    expect(t.state()).toMatchObject({ status: "playing", index: 1, error: "play_failed" });
    expect(t.recordPlay.mock.calls.map(([id]) => id)).toEqual(["t2"]);
  });

  it("a retry that works plays on without skipping", async () => {
    const t = setup();
    t.engine.playQueue(TRACKS, 0);
    await flush();
    t.audioFor("t1").failPlays = 1;
    t.audioFor("t1").fireMetadata();
    await flush();
    await vi.advanceTimersByTimeAsync(100);
    await t.loadAndStart("t1");
    expect(t.state()).toMatchObject({ status: "playing", index: 0, error: null });
    expect(t.recordPlay).toHaveBeenCalledTimes(1);
  });

  it("stops skipping once every track has failed", async () => {
    const t = setup();
    t.engine.playQueue([track(1), track(2)], 0);
    for (const id of ["t1", "t2"]) {
      for (let attempt = 0; attempt < 2; attempt++) {
        await flush();
        const audio = t.audioFor(id);
        audio.failPlays = 1;
        audio.fireMetadata();
        await flush();
        await vi.advanceTimersByTimeAsync(100);
      }
    }
    await flush();
    expect(t.state()).toMatchObject({ status: "paused", error: "play_failed" });
  });

  it("a network error while playing reloads at the same position, keeping a still-valid URL", async () => {
    const t = setup();
    t.engine.playQueue(TRACKS, 0);
    await t.loadAndStart("t1");
    const audio = t.audioFor("t1");
    audio.currentTime = 42;
    const loads = audio.loadCalls;
    audio.fireError(MEDIA_ERR_NETWORK);
    expect(t.state()).toMatchObject({ status: "loading", currentTime: 42 });
    await flush();
    expect(audio.loadCalls).toBe(loads + 1);
    expect(t.resolveSource.mock.calls.filter(([id]) => id === "t1")).toHaveLength(1);
    audio.fireMetadata();
    await flush();
    expect(audio.currentTime).toBe(42);
    expect(t.state()).toMatchObject({ status: "playing", index: 0 });
    expect(t.recordPlay).toHaveBeenCalledTimes(1); // a reload is not a new play
  });

  it("a network error after the signed URL expired reloads with a fresh URL", async () => {
    const t = setup();
    t.engine.playQueue(TRACKS, 0);
    await t.loadAndStart("t1");
    const audio = t.audioFor("t1");
    const oldUrl = audio.src;
    audio.currentTime = 125;
    t.advanceClock(11 * 60_000);
    audio.fireError(MEDIA_ERR_NETWORK);
    await flush();
    expect(t.resolveSource.mock.calls.filter(([id]) => id === "t1")).toHaveLength(2);
    expect(audio.src).not.toBe(oldUrl);
    audio.fireMetadata();
    await flush();
    expect(audio.currentTime).toBe(125);
    expect(t.state().status).toBe("playing");
  });
});

describe("PlayerEngine: overlapping loads", () => {
  function deferredSources() {
    const pending = new Map<string, (value: StreamResponse) => void>();
    const resolveSource = vi.fn(
      (trackId: string) =>
        new Promise<StreamResponse>((resolve) => {
          pending.set(trackId, resolve);
        }),
    );
    const answer = (trackId: string) => pending.get(trackId)!({ url: `/media/${trackId}?sig=1`, expiresAt: "2030-01-01T12:10:00Z" });
    return { resolveSource, answer };
  }

  it("a superseded load never plays and is never counted", async () => {
    const { resolveSource, answer } = deferredSources();
    const t = setup({ resolveSource });
    t.engine.playTrack(TRACKS[0]!, TRACKS);
    t.engine.playTrack(TRACKS[1]!, TRACKS);
    expect(t.state()).toMatchObject({ status: "loading", index: 1 });

    answer("t2");
    await t.loadAndStart("t2");
    expect(t.state()).toMatchObject({ status: "playing", index: 1 });

    answer("t1"); // the old request comes back late
    await flush();
    expect(t.audios.some((a) => a.src.startsWith("/media/t1?"))).toBe(false);
    expect(t.state()).toMatchObject({ status: "playing", index: 1 });
    expect(t.recordPlay.mock.calls.map(([id]) => id)).toEqual(["t2"]);
  });

  it("a superseded load that already had its metadata does not start", async () => {
    const t = setup();
    t.engine.playTrack(TRACKS[0]!, TRACKS);
    await flush();
    const first = t.audioFor("t1");
    t.engine.playTrack(TRACKS[2]!, TRACKS);
    first.fireMetadata(); // late metadata of the old source
    await flush();
    expect(first.src.startsWith("/media/t1?")).toBe(false); // the element moved on to t3
    expect(t.recordPlay).not.toHaveBeenCalled();
    await t.loadAndStart("t3");
    expect(t.state()).toMatchObject({ status: "playing", index: 2 });
    expect(t.recordPlay.mock.calls.map(([id]) => id)).toEqual(["t3"]);
  });

  it("asking again for the track that is loading is ignored", async () => {
    const t = setup();
    t.engine.playTrack(TRACKS[0]!, TRACKS);
    t.engine.playTrack(TRACKS[0]!, TRACKS);
    t.engine.play();
    await t.loadAndStart("t1");
    expect(t.resolveSource.mock.calls.filter(([id]) => id === "t1")).toHaveLength(1);
    expect(t.audioFor("t1").playCalls).toBe(1);
    expect(t.recordPlay).toHaveBeenCalledTimes(1);
  });

  it("pausing while loading cancels the load", async () => {
    const t = setup();
    t.engine.playTrack(TRACKS[0]!, TRACKS);
    t.engine.toggle();
    expect(t.state().status).toBe("paused");
    await flush();
    expect(t.audios.every((a) => a.playCalls === 0)).toBe(true);
  });
});

describe("PlayerEngine: preloading the next track", () => {
  it("resolves and preloads the next track once one plays, and swaps it in on next", async () => {
    const t = setup();
    t.engine.playQueue(TRACKS, 0);
    await t.loadAndStart("t1");
    expect(t.resolveSource.mock.calls.map(([id]) => id)).toEqual(["t1", "t2"]);
    const standby = t.audioFor("t2");
    expect(standby).not.toBe(t.audioFor("t1"));
    expect(standby.preload).toBe("auto");
    expect(standby.playCalls).toBe(0);

    standby.fireMetadata(); // buffered ahead
    t.engine.next();
    await flush();
    expect(t.state()).toMatchObject({ status: "playing", index: 1 });
    expect(standby.playCalls).toBe(1);
    expect(t.resolveSource.mock.calls.filter(([id]) => id === "t2")).toHaveLength(1);
    expect(t.audios.filter((a) => !a.paused)).toEqual([standby]);
  });

  it("a failed preload is dropped: the next track then loads normally", async () => {
    const t = setup();
    t.engine.playQueue(TRACKS, 0);
    await t.loadAndStart("t1");
    const active = t.audioFor("t1");
    const standby = t.audioFor("t2");
    standby.fireError(4); // MEDIA_ERR_SRC_NOT_SUPPORTED
    t.engine.next();
    await flush();
    expect(active.src.startsWith("/media/t2?")).toBe(true);
    expect(standby.playCalls).toBe(0);
    active.fireMetadata();
    await flush();
    expect(t.state()).toMatchObject({ status: "playing", index: 1, error: null });
    expect(active.paused).toBe(false);
  });
});

describe("PlayerEngine: previews", () => {
  it("in preview mode asks for previews and counts preview plays, and plays a track only by its preview", async () => {
    const t = setup();
    t.engine.setPreviewMode(true);
    const noAudioButPreview = track(1, { playable: false, preview: true });
    t.engine.playTrack(noAudioButPreview, [noAudioButPreview]);
    await t.loadAndStart("t1", 30);
    expect(t.state()).toMatchObject({ status: "playing", preview: true, duration: 30 });
    expect(t.resolveSource.mock.calls).toEqual([["t1", true]]);
    expect(t.recordPlay.mock.calls).toEqual([["t1", true]]);

    const noPreview = track(2, { preview: false });
    t.engine.playTrack(noPreview, [noPreview]);
    expect(t.state().error).toBe("not_playable");
    expect(t.resolveSource).toHaveBeenCalledTimes(1);
  });

  it("a preview's end pauses with the VIP offer instead of playing the next preview", async () => {
    const t = setup();
    t.engine.setPreviewMode(true);
    t.engine.playQueue(TRACKS, 0);
    await t.loadAndStart("t1", 30);
    t.audioFor("t1").fireEnded();
    await flush();
    expect(t.state()).toMatchObject({ status: "paused", index: 0, currentTime: 0, previewEnded: true });
    // Nor is the next preview fetched ahead: it would not play on its own.
    expect(t.resolveSource.mock.calls).toEqual([["t1", true]]);

    t.engine.playTrack(TRACKS[1]!, TRACKS);
    expect(t.state().previewEnded).toBe(false);
  });

  it("changing between previews and full tracks stops and forgets the queue; the same mode again changes nothing", async () => {
    const t = setup();
    t.engine.playQueue(TRACKS, 0);
    await t.loadAndStart("t1");
    t.engine.setPreviewMode(false);
    expect(t.state().status).toBe("playing");
    t.engine.setPreviewMode(true);
    expect(t.state()).toMatchObject({ status: "idle", queue: [], current: null, preview: true });
    expect(t.audios.every((audio) => audio.paused)).toBe(true);
    t.engine.playTrack(TRACKS[0]!, TRACKS);
    await t.loadAndStart("t1", 30);
    expect(t.resolveSource.mock.calls.at(-1)).toEqual(["t1", true]);
  });
});

describe("PlayerEngine: seek, volume and progress", () => {
  it("seek clamps to the track", async () => {
    const t = setup();
    t.engine.playQueue(TRACKS, 0);
    await t.loadAndStart("t1", 200);
    t.engine.seek(-5);
    expect(t.state().currentTime).toBe(0);
    t.engine.seek(9_999);
    expect(t.state().currentTime).toBe(200);
    expect(t.audioFor("t1").currentTime).toBe(200);
    t.engine.seek(61.5);
    expect(t.audioFor("t1").currentTime).toBe(61.5);
  });

  it("volume stays within 0-100 and reaches the element as a fraction; mute is separate", async () => {
    const t = setup();
    t.engine.playQueue(TRACKS, 0);
    await t.loadAndStart("t1");
    const audio = t.audioFor("t1");
    t.engine.setVolume(150);
    expect(t.state().volume).toBe(100);
    expect(audio.volume).toBe(1);
    t.engine.setVolume(-20);
    expect(t.state().volume).toBe(0);
    expect(audio.volume).toBe(0);
    t.engine.setVolume(40);
    expect(audio.volume).toBeCloseTo(0.4);
    t.engine.volumeBy(10);
    expect(t.state().volume).toBe(50);
    expect(audio.volume).toBeCloseTo(0.5);
    t.engine.volumeBy(-60);
    expect(t.state().volume).toBe(0);
    t.engine.toggleMute();
    expect(t.state().muted).toBe(true);
    expect(audio.muted).toBe(true);
  });

  it("publishes the progress every 100 ms while playing, and not while paused", async () => {
    vi.useFakeTimers();
    const t = setup();
    t.engine.playQueue(TRACKS, 0);
    await t.loadAndStart("t1");
    const audio = t.audioFor("t1");
    const seen: number[] = [];
    t.engine.subscribe(() => seen.push(t.state().currentTime));

    audio.currentTime = 1;
    await vi.advanceTimersByTimeAsync(99);
    expect(t.state().currentTime).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.state().currentTime).toBe(1);
    audio.currentTime = 1.1;
    await vi.advanceTimersByTimeAsync(100);
    expect(t.state().currentTime).toBe(1.1);
    expect(seen).toEqual([1, 1.1]);

    t.engine.pause();
    audio.currentTime = 5;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.state().currentTime).toBe(1.1);
  });

  it("state snapshots are immutable and only replaced on change", async () => {
    const t = setup();
    const before = t.state();
    expect(Object.isFrozen(before)).toBe(true);
    t.engine.setVolume(100); // no change
    expect(t.state()).toBe(before);
    t.engine.setVolume(70);
    expect(t.state()).not.toBe(before);
    expect(before.volume).toBe(100);
  });
});

describe("PlayerEngine: persistence", () => {
  it("restores the queue, index, position, volume and modes after a reload, paused", async () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    const first = setup({ storage });
    first.engine.playQueue(TRACKS, 1);
    await first.loadAndStart("t2");
    first.engine.setVolume(30);
    first.engine.toggleRepeat();
    first.engine.toggleShuffle();
    first.audioFor("t2").currentTime = 30;
    first.advanceClock(1_000);
    await vi.advanceTimersByTimeAsync(100);
    expect(JSON.parse(storage.getItem("player.v1")!)).toMatchObject({ index: 1, position: 0 }); // not yet
    first.audioFor("t2").currentTime = 64;
    first.advanceClock(1_000);
    await vi.advanceTimersByTimeAsync(100); // the next progress tick saves (at most every 2 s)
    expect(JSON.parse(storage.getItem("player.v1")!)).toMatchObject({ index: 1, position: 64 });
    first.audioFor("t2").currentTime = 65;
    first.engine.pause(); // saved on pause

    // A new page: a new engine on the same storage.
    const second = setup({ storage });
    expect(second.engine.restore()).toBe(true);
    expect(second.state()).toMatchObject({
      status: "paused",
      index: 1,
      currentTime: 65,
      volume: 30,
      repeat: true,
      shuffle: true,
      muted: false,
      error: null,
    });
    expect(second.state().queue.map((x) => x.id)).toEqual(["t1", "t2", "t3"]);
    expect(second.resolveSource).not.toHaveBeenCalled();

    // Playing asks for a fresh signed URL and starts at the saved position.
    second.engine.play();
    await second.loadAndStart("t2");
    expect(second.resolveSource).toHaveBeenCalledWith("t2", false);
    expect(second.audioFor("t2").currentTime).toBe(65);
    expect(second.audioFor("t2").volume).toBeCloseTo(0.3);
    expect(second.state().status).toBe("playing");
  });

  it("ignores a missing or damaged saved state", () => {
    const storage = new MemoryStorage();
    expect(setup({ storage }).engine.restore()).toBe(false);
    storage.setItem("player.v1", "{not json");
    expect(setup({ storage }).engine.restore()).toBe(false);
    storage.setItem("player.v1", JSON.stringify({ v: 1, queue: [{ id: 3 }], index: 0 }));
    expect(setup({ storage }).engine.restore()).toBe(false);
  });

  it("reset forgets the queue and the saved copy", async () => {
    const storage = new MemoryStorage();
    const t = setup({ storage });
    t.engine.playQueue(TRACKS, 0);
    await t.loadAndStart("t1");
    t.engine.reset();
    expect(t.state()).toMatchObject({ status: "idle", queue: [], current: null });
    expect(storage.getItem("player.v1")).toBeNull();
    expect(t.audios.every((a) => a.paused)).toBe(true);
  });
});

describe("PlayerEngine: Media Session", () => {
  it("publishes metadata and position, and its action handlers drive the engine", async () => {
    const t = setup();
    const detach = t.engine.attach();
    expect([...t.mediaSession.handlers.keys()].sort()).toEqual(["nexttrack", "pause", "play", "previoustrack", "seekbackward", "seekforward", "seekto"].sort());

    t.engine.playQueue(TRACKS, 0);
    await t.loadAndStart("t1", 200);
    expect(t.mediaSession.metadata).toEqual({
      title: "Track 1",
      artist: "Neon Test Brand",
      album: "Night Album",
      artwork: [{ src: "/covers/night-album.jpg" }],
    });
    expect(t.mediaSession.playbackState).toBe("playing");
    expect(t.mediaSession.positions.at(-1)).toEqual({ duration: 200, playbackRate: 1, position: 0 });

    t.mediaSession.call("pause");
    expect(t.state().status).toBe("paused");
    expect(t.mediaSession.playbackState).toBe("paused");
    t.mediaSession.call("seekto", { seekTime: 30 });
    expect(t.state().currentTime).toBe(30);
    t.mediaSession.call("seekbackward");
    expect(t.state().currentTime).toBe(20);
    t.mediaSession.call("seekforward", { seekOffset: 5 });
    expect(t.state().currentTime).toBe(25);
    expect(t.mediaSession.positions.at(-1)).toEqual({ duration: 200, playbackRate: 1, position: 25 });
    t.mediaSession.call("play");
    await flush();
    expect(t.state().status).toBe("playing");
    t.mediaSession.call("nexttrack");
    expect(t.state().index).toBe(1);
    t.mediaSession.call("previoustrack");
    expect(t.state().index).toBe(0);

    t.engine.setArtist("Another Brand");
    expect(t.mediaSession.metadata).toMatchObject({ artist: "Another Brand" });

    detach();
    expect(t.mediaSession.handlers.size).toBe(0);
  });
});

describe("PlayerEngine: Web Audio analyser", () => {
  function fakeContext(state: string) {
    const analyser = { fftSize: 0, smoothingTimeConstant: 0, connect: vi.fn() };
    const sources: unknown[] = [];
    const context = {
      state,
      destination: { destination: true },
      resume: vi.fn(() => Promise.resolve()),
      createAnalyser: vi.fn(() => analyser),
      createMediaElementSource: vi.fn((el: unknown) => {
        sources.push(el);
        return { connect: vi.fn() };
      }),
    };
    return { context, analyser, sources };
  }

  it("is created on the first play (fft 2048, smoothing 0.8), fed by the element, and a suspended context is resumed", async () => {
    const { context, analyser, sources } = fakeContext("suspended");
    const createAudioContext = vi.fn(() => context as unknown as AudioContextLike);
    const t = setup({ createAudioContext });
    expect(t.engine.getAnalyser()).toBeNull();
    expect(createAudioContext).not.toHaveBeenCalled();

    t.engine.playQueue(TRACKS, 0);
    expect(createAudioContext).toHaveBeenCalledTimes(1);
    expect(t.engine.getAnalyser()).toBe(analyser);
    expect(analyser.fftSize).toBe(2048);
    expect(analyser.smoothingTimeConstant).toBe(0.8);
    expect(analyser.connect).toHaveBeenCalledWith(context.destination);
    expect(context.resume).toHaveBeenCalled();
    await t.loadAndStart("t1");
    expect(sources).toContain(t.audioFor("t1"));
    // The preloading element is connected too, so the visualizer keeps working after a swap.
    expect(sources).toContain(t.audioFor("t2"));
    expect(createAudioContext).toHaveBeenCalledTimes(1);
  });

  it("plays without an analyser when Web Audio is unavailable", async () => {
    const t = setup({ createAudioContext: () => null });
    t.engine.playQueue(TRACKS, 0);
    await t.loadAndStart("t1");
    expect(t.state().status).toBe("playing");
    expect(t.engine.getAnalyser()).toBeNull();
  });
});

describe("formatTime", () => {
  it("is m:ss with padded seconds", () => {
    expect(formatTime(0)).toBe("0:00");
    expect(formatTime(65.9)).toBe("1:05");
    expect(formatTime(210)).toBe("3:30");
    expect(formatTime(Number.NaN)).toBe("0:00");
  });
});
