// The station clock keeps its best reading of the server's clock: a tune-in answered slowly (the
// server stamped its time early, the answer took seconds to arrive) does not move the listener off
// the shared position that a quick reading had found.
import { describe, expect, it } from "vitest";
import { StationClock } from "../../app/features/radio/clock";

const T0 = Date.parse("2026-11-30T02:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();
/** The server's clock runs 7 s behind ours. */
const SERVER_BEHIND_MS = 7_000;

function clockAt(start: number) {
  let now = start;
  const clock = new StationClock(() => now);
  return {
    clock,
    set: (ms: number) => void (now = ms),
    /** A reading whose answer the server stamped `stampedAfterMs` after we asked, arriving `roundTripMs` after we asked. */
    read(sentAt: number, roundTripMs: number, stampedAfterMs: number) {
      now = sentAt + roundTripMs;
      clock.sync(sentAt, now, iso(sentAt + stampedAfterMs - SERVER_BEHIND_MS));
    },
  };
}

/** Seconds since an instant the server calls `serverMs` on its clock, as the station clock sees it at `ours`. */
const since = (c: ReturnType<typeof clockAt>, ours: number, serverMs: number) => {
  c.set(ours);
  return c.clock.secondsSince(iso(serverMs));
};

describe("StationClock", () => {
  it("a quick reading places the listener within half its round trip", () => {
    const c = clockAt(T0);
    c.read(T0, 200, 100);
    // A track the server started at what it calls T0 - 7 s - 10 s: 10 s in at T0, 12 s in 2 s later.
    expect(since(c, T0 + 2_000, T0 - SERVER_BEHIND_MS - 10_000)).toBeCloseTo(12, 3);
  });

  it("a slow reading after a quick one does not move the listener off the shared position", () => {
    const c = clockAt(T0);
    c.read(T0, 200, 100);
    // The next tune-in: the server stamps its time 0.1 s after the ask, the answer arrives 10 s
    // after it (a busy device). Its midpoint would put us 4.9 s behind the station.
    c.read(T0 + 60_000, 10_000, 100);
    expect(since(c, T0 + 70_000, T0 - SERVER_BEHIND_MS)).toBeCloseTo(70, 3);
  });

  it("a quicker reading replaces a slower one", () => {
    const c = clockAt(T0);
    c.read(T0, 10_000, 100);
    // 10 s after the ask, the slow reading's midpoint puts us 4.9 s behind the station.
    expect(since(c, T0 + 10_000, T0 - SERVER_BEHIND_MS)).toBeCloseTo(5.1, 3);
    c.read(T0 + 20_000, 100, 50);
    expect(since(c, T0 + 30_000, T0 - SERVER_BEHIND_MS)).toBeCloseTo(30, 3);
  });
});
