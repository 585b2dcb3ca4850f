// The listening party's clock and sync math: the walk through the tracks' durations (shared with
// the Worker), the server-clock estimate from round trips, the drift rule, and the room's player
// following the server's clock with a fake audio element.
import { afterEach, describe, expect, it, vi } from "vitest";
import { partyEndsAt, partyPhaseAt, partyPositionAt, tracksStartedBy, PARTY_OPENS_BEFORE_MS } from "../../worker/contracts/parties/clock";
import { driftCorrection, DRIFT_TOLERANCE_S, PartyPlayer, type PartyAudioLike } from "../../app/features/parties/engine";
import { ClockSync } from "../../app/lib/clockSync";
import type { PartyPlayResponse } from "../../worker/contracts/parties/parties";

const START = Date.UTC(2026, 5, 1, 20, 0, 0);
const TRACKS = [{ durationSeconds: 80 }, { durationSeconds: 38 }, { durationSeconds: 48 }];

describe("partyPositionAt: position = now - start, walked through the durations", () => {
  it.each([
    [-1, null],
    [0, { index: 0, offsetSeconds: 0 }],
    [79_999, { index: 0, offsetSeconds: 79.999 }],
    [80_000, { index: 1, offsetSeconds: 0 }],
    [100_000, { index: 1, offsetSeconds: 20 }],
    [130_500, { index: 2, offsetSeconds: 12.5 }],
    [165_999, { index: 2, offsetSeconds: 47.999 }],
    [166_000, null],
  ])("%i ms after the start → %j", (after, expected) => {
    const position = partyPositionAt(START, TRACKS, START + after);
    expect(position && { index: position.index, offsetSeconds: Number(position.offsetSeconds.toFixed(3)) }).toEqual(expected);
  });

  it("gives the track's own bounds, the end, the phases and the tracks begun", () => {
    expect(partyPositionAt(START, TRACKS, START + 100_000)).toMatchObject({ startedAt: START + 80_000, endsAt: START + 118_000 });
    expect(partyEndsAt(START, TRACKS)).toBe(START + 166_000);
    const end = partyEndsAt(START, TRACKS);
    expect(partyPhaseAt(START, end, START - PARTY_OPENS_BEFORE_MS - 1)).toBe("upcoming");
    expect(partyPhaseAt(START, end, START - PARTY_OPENS_BEFORE_MS)).toBe("open");
    expect(partyPhaseAt(START, end, START)).toBe("live");
    expect(partyPhaseAt(START, end, end)).toBe("ended");
    expect([START - 1, START, START + 90_000, end + 1].map((t) => tracksStartedBy(START, TRACKS, t))).toEqual([0, 1, 2, 3]);
  });
});

describe("ClockSync: the server's clock from round trips", () => {
  it("takes the midpoint of a round trip, and keeps the quickest sample", () => {
    const clock = new ClockSync();
    expect(clock.offsetMs()).toBe(0);
    // Server 5 s ahead; a slow trip (400 ms, answered late) and a quick one (20 ms).
    clock.add(1_000, 1_000 + 5_000 + 350, 1_400);
    clock.add(2_000, new Date(2_000 + 5_000 + 10).toISOString(), 2_020);
    expect(clock.offsetMs()).toBe(5_000);
    expect(clock.serverNow(10_000)).toBe(15_000);
  });

  it("ignores impossible samples and forgets old ones", () => {
    const clock = new ClockSync();
    clock.add(10, "not a date", 20);
    clock.add(30, 100, 20);
    expect(clock.known).toBe(false);
    clock.add(0, 1_000, 0); // a perfect sample, then eight worse ones push it out
    for (let i = 1; i <= 8; i++) clock.add(i * 100, i * 100 + 2_000 + 25, i * 100 + 50);
    expect(clock.offsetMs()).toBe(2_000);
  });

  it("keeps the estimate within half the best round trip of the truth", () => {
    const clock = new ClockSync();
    const skew = 1_234;
    // The request reaches the server after `up` ms and the answer comes back after `down` ms.
    for (const [up, down] of [
      [90, 10],
      [30, 30],
      [5, 60],
    ]) {
      const sentAt = 50_000;
      clock.add(sentAt, sentAt + up! + skew, sentAt + up! + down!);
    }
    expect(Math.abs(clock.offsetMs() - skew)).toBeLessThanOrEqual(30);
  });
});

describe("driftCorrection", () => {
  it(`seeks only beyond ${DRIFT_TOLERANCE_S} s`, () => {
    expect(driftCorrection(10, 10.2)).toBeNull();
    expect(driftCorrection(10, 9.76)).toBeNull();
    expect(driftCorrection(10, 10.3)).toBe(10.3);
    expect(driftCorrection(12, 10)).toBe(10);
  });
});

class FakeAudio extends EventTarget implements PartyAudioLike {
  src = "";
  currentTime = 0;
  paused = true;
  preload = "";
  async play() {
    this.paused = false;
  }
  pause() {
    this.paused = true;
  }
  load() {
    if (this.src) queueMicrotask(() => this.dispatchEvent(new Event("loadedmetadata")));
  }
  removeAttribute(name: string) {
    if (name === "src") this.src = "";
  }
}

describe("PartyPlayer: follows the server's clock", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts at the shared position, corrects drift, and asks for the next track at the boundary", async () => {
    vi.useFakeTimers();
    const skew = 3_000; // the server's clock is 3 s ahead of ours
    let local = START - skew + 70_000; // 70 s into the first track, on the server
    const audio = new FakeAudio();
    const clock = new ClockSync();
    const grants: number[] = [];
    const play = async (): Promise<PartyPlayResponse> => {
      const server = local + skew;
      const position = partyPositionAt(START, TRACKS, server)!;
      grants.push(position.index);
      return {
        serverTime: new Date(server).toISOString(),
        index: position.index,
        trackId: `t${position.index}`,
        offsetSeconds: position.offsetSeconds,
        url: `/media/tracks/t${position.index}`,
        expiresAt: "",
      };
    };
    const player = new PartyPlayer({ startsAt: START, tracks: TRACKS, clock, play, createAudio: () => audio, now: () => local });
    await player.start();
    expect(audio.src).toBe("/media/tracks/t0");
    expect(audio.currentTime).toBeCloseTo(70, 3);
    expect(audio.paused).toBe(false);

    // The element drifts 0.6 s behind: the next check moves it back.
    local += 1_000;
    audio.currentTime = 70.4;
    await player.check();
    expect(audio.currentTime).toBeCloseTo(71, 3);

    // A small drift is left alone.
    local += 1_000;
    audio.currentTime = 71.9;
    await player.check();
    expect(audio.currentTime).toBe(71.9);

    // Past the first track's end (80 s), the next track is asked for and played at its offset.
    local += 9_500;
    await player.check();
    expect(grants).toEqual([0, 1]);
    expect(audio.src).toBe("/media/tracks/t1");
    expect(audio.currentTime).toBeCloseTo(1.5, 3);
    player.stop();
    expect(audio.src).toBe("");
  });
});
