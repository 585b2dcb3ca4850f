// The radio's shared clock (worker/lib/radio-rotation.ts): what a catalog station plays is a pure
// function of wall-clock time. Expected slots are laid out by hand in this file (cycle starts,
// cumulative durations), from small synthetic track lists with known durations; the only thing
// taken from the module is each cycle's shuffled order (cycleOrder), whose own properties are
// checked separately.
import { describe, expect, it } from "vitest";
import { cycleOrder, RADIO_EPOCH_MS, rotationAt, type RotationSlot, type RotationState } from "../../worker/lib/radio-rotation";
import { RADIO_HISTORY_SIZE } from "../../worker/contracts/radio";

type T = { id: string; durationSeconds: number };

/** Three tracks of 10, 20 and 30 s: a 60 s cycle. */
const THREE: T[] = [
  { id: "a", durationSeconds: 10 },
  { id: "b", durationSeconds: 20 },
  { id: "c", durationSeconds: 30 },
];
const THREE_CYCLE_MS = 60_000;

/** Eight tracks of different lengths (sum 3 + 5 + 7 + 11 + 13 + 17 + 19 + 23 = 98 s). */
const EIGHT: T[] = [3, 5, 7, 11, 13, 17, 19, 23].map((s, i) => ({ id: `t${i}`, durationSeconds: s }));
const EIGHT_CYCLE_MS = 98_000;

const SEED = 1988;

/** The hand-laid schedule of cycles `from`..`to` (inclusive): every slot with its start and end (ms). */
function schedule(tracks: T[], seed: number, cycleMs: number, from: number, to: number): RotationSlot<T>[] {
  const slots: RotationSlot<T>[] = [];
  for (let cycle = from; cycle <= to; cycle++) {
    let at = RADIO_EPOCH_MS + cycle * cycleMs;
    for (const track of cycleOrder(tracks, seed, cycle)) {
      slots.push({ track, startedAt: at, endsAt: at + track.durationSeconds * 1000 });
      at += track.durationSeconds * 1000;
    }
    expect(at).toBe(RADIO_EPOCH_MS + (cycle + 1) * cycleMs); // the cycle is exactly as long as its tracks
  }
  return slots;
}

/** What the schedule says plays at `now`, what comes next and the 10 slots before, most recent first. */
function expectedAt(slots: RotationSlot<T>[], now: number): RotationState<T> {
  const i = slots.findIndex((s) => s.startedAt <= now && now < s.endsAt);
  if (i < RADIO_HISTORY_SIZE || i + 1 >= slots.length) throw new Error("the schedule does not cover this instant with enough history");
  return { current: slots[i]!, next: slots[i + 1]!, history: slots.slice(i - RADIO_HISTORY_SIZE, i).reverse() };
}

const at = (tracks: T[], now: number, seed = SEED) => {
  const state = rotationAt(tracks, seed, now);
  if (!state) throw new Error("expected a rotation");
  return state;
};

describe("cycleOrder: each cycle's shuffle", () => {
  it("is a permutation of the tracks, the same every time for the same seed and cycle", () => {
    for (const cycle of [-3, 0, 1, 17, 123_456]) {
      const order = cycleOrder(EIGHT, SEED, cycle);
      expect(order.map((t) => t.id).sort()).toEqual(EIGHT.map((t) => t.id).sort());
      expect(cycleOrder(EIGHT, SEED, cycle)).toEqual(order);
    }
  });

  it("changes from one cycle to the next and from one seed to another", () => {
    const ids = (seed: number, cycle: number) =>
      cycleOrder(EIGHT, seed, cycle)
        .map((t) => t.id)
        .join(",");
    const cycles = Array.from({ length: 6 }, (_, c) => ids(SEED, c));
    expect(new Set(cycles).size).toBeGreaterThan(1);
    expect(ids(1, 5)).not.toBe(ids(2, 5));
  });

  it("does not modify the list it is given", () => {
    const copy = EIGHT.map((t) => ({ ...t }));
    cycleOrder(EIGHT, SEED, 42);
    expect(EIGHT).toEqual(copy);
  });
});

describe("rotationAt", () => {
  // 1000 cycles after the epoch, plus a bit.
  const CYCLE = 1000;
  const base = RADIO_EPOCH_MS + CYCLE * THREE_CYCLE_MS;
  const slots = schedule(THREE, SEED, THREE_CYCLE_MS, CYCLE - 5, CYCLE + 2);

  it("answers the same track and offset to two listeners asking at the same instant", () => {
    const now = base + 12_345;
    const first = at(THREE, now);
    const second = at(THREE, now);
    expect(second).toEqual(first);
    expect(now - second.current.startedAt).toBe(now - first.current.startedAt);
    // ...and it is the slot the hand-laid schedule has at that instant.
    expect(first).toEqual(expectedAt(slots, now));
  });

  it("matches the hand-laid schedule at every slot's first and last millisecond across several cycles", () => {
    for (const slot of slots.slice(RADIO_HISTORY_SIZE, -1)) {
      for (const now of [slot.startedAt, slot.startedAt + 1, slot.endsAt - 1]) {
        expect(at(THREE, now), new Date(now).toISOString()).toEqual(expectedAt(slots, now));
      }
    }
  });

  it("moves to `next` exactly at the current track's end, and `next` then is `current`", () => {
    const before = at(THREE, base + 1);
    const last = at(THREE, before.current.endsAt - 1);
    const after = at(THREE, before.current.endsAt);
    expect(last.current).toEqual(before.current);
    expect(after.current).toEqual(before.next);
    expect(after.current).not.toEqual(before.current);
    expect(after.current.startedAt).toBe(before.current.endsAt);
    // The `next` announced at any instant is `current` at its own start.
    for (const now of [base + 7, base + 29_999, base + 59_999, base - 1]) {
      const { next } = at(THREE, now);
      expect(at(THREE, next.startedAt).current).toEqual(next);
    }
  });

  it("gives 10 history slots, most recent first and contiguous", () => {
    const state = at(THREE, base + 45_000);
    expect(state.history).toHaveLength(RADIO_HISTORY_SIZE);
    expect(state.history[0]!.endsAt).toBe(state.current.startedAt);
    for (let i = 1; i < state.history.length; i++) expect(state.history[i]!.endsAt).toBe(state.history[i - 1]!.startedAt);
    for (const slot of state.history) expect(slot.endsAt - slot.startedAt).toBe(slot.track.durationSeconds * 1000);
    expect(state.history).toEqual(expectedAt(slots, base + 45_000).history);
    // Each history slot is what played then.
    for (const slot of state.history) expect(at(THREE, slot.startedAt).current).toEqual(slot);
  });

  it("honours a smaller history size", () => {
    const state = rotationAt(THREE, SEED, base + 45_000, 2)!;
    expect(state.history).toEqual(expectedAt(slots, base + 45_000).history.slice(0, 2));
  });

  it("crosses a cycle boundary: the last track of cycle k, then the first of cycle k + 1", () => {
    const boundary = RADIO_EPOCH_MS + (CYCLE + 1) * THREE_CYCLE_MS;
    const lastOfK = cycleOrder(THREE, SEED, CYCLE).at(-1)!;
    const firstOfNext = cycleOrder(THREE, SEED, CYCLE + 1)[0]!;
    const before = at(THREE, boundary - 1);
    const after = at(THREE, boundary);
    expect(before.current).toEqual({ track: lastOfK, startedAt: boundary - lastOfK.durationSeconds * 1000, endsAt: boundary });
    expect(before.next).toEqual({ track: firstOfNext, startedAt: boundary, endsAt: boundary + firstOfNext.durationSeconds * 1000 });
    expect(after.current).toEqual(before.next);
    expect(after.history[0]).toEqual(before.current);
  });

  it("plays every track exactly once per cycle (followed slot by slot through `next`)", () => {
    for (const [tracks, cycleMs] of [
      [THREE, THREE_CYCLE_MS],
      [EIGHT, EIGHT_CYCLE_MS],
    ] as const) {
      for (const cycle of [0, 1, 2, 500, -2]) {
        const start = RADIO_EPOCH_MS + cycle * cycleMs;
        const played: string[] = [];
        let state = at(tracks, start);
        expect(state.current.startedAt).toBe(start);
        // Bounded: a rotation that stops advancing fails here instead of looping forever.
        for (let steps = 0; state.current.startedAt < start + cycleMs && steps <= tracks.length; steps++) {
          played.push(state.current.track.id);
          const next = at(tracks, state.next.startedAt);
          expect(next.current.startedAt).toBeGreaterThan(state.current.startedAt);
          state = next;
        }
        expect(state.current.startedAt).toBe(start + cycleMs);
        expect(played.sort()).toEqual(tracks.map((t) => t.id).sort());
      }
    }
  });

  it("always covers `now`, with the track's own length, on whole seconds since the epoch", () => {
    // A fixed spread of instants (no randomness: a failure names its instant).
    for (let k = 0; k < 400; k++) {
      const now = RADIO_EPOCH_MS + k * 7_919_773 - 1_000_000_000;
      const { current, next } = at(EIGHT, now);
      expect(current.startedAt).toBeLessThanOrEqual(now);
      expect(now).toBeLessThan(current.endsAt);
      expect(current.endsAt - current.startedAt).toBe(current.track.durationSeconds * 1000);
      expect(Math.abs((current.startedAt - RADIO_EPOCH_MS) % 1000)).toBe(0);
      expect(next.startedAt).toBe(current.endsAt);
    }
  });

  it("plays different orders for different seeds", () => {
    const order = (seed: number) => {
      const ids: string[] = [];
      let state = at(EIGHT, RADIO_EPOCH_MS + 3 * EIGHT_CYCLE_MS, seed);
      for (let i = 0; i < EIGHT.length; i++) {
        ids.push(state.current.track.id);
        state = at(EIGHT, state.next.startedAt, seed);
      }
      return ids.join(",");
    };
    expect(order(1986)).not.toBe(order(2001));
    expect(order(1986)).toBe(order(1986));
  });

  it("returns null for an empty list, or one with nothing to play", () => {
    expect(rotationAt([], SEED, base)).toBeNull();
    expect(rotationAt([{ id: "silent", durationSeconds: 0 }], SEED, base)).toBeNull();
  });

  it("skips tracks without a duration", () => {
    const withSilent = [...THREE, { id: "silent", durationSeconds: 0 }];
    const state = at(withSilent, base + 45_000);
    expect(state).toEqual(expectedAt(slots, base + 45_000));
    expect([state.current, state.next, ...state.history].some((s) => s.track.id === "silent")).toBe(false);
  });

  it("plays one track back to back, on its own length's grid", () => {
    const only: T[] = [{ id: "solo", durationSeconds: 7 }];
    const now = RADIO_EPOCH_MS + 7_000 * 1234 + 3_500;
    const state = at(only, now);
    expect(state.current).toEqual({ track: only[0], startedAt: RADIO_EPOCH_MS + 7_000 * 1234, endsAt: RADIO_EPOCH_MS + 7_000 * 1235 });
    expect(state.next).toEqual({ track: only[0], startedAt: RADIO_EPOCH_MS + 7_000 * 1235, endsAt: RADIO_EPOCH_MS + 7_000 * 1236 });
    expect(state.history.map((s) => s.startedAt)).toEqual(Array.from({ length: 10 }, (_, i) => RADIO_EPOCH_MS + 7_000 * (1233 - i)));
  });

  it("works before the epoch (negative cycles)", () => {
    const before = schedule(THREE, SEED, THREE_CYCLE_MS, -8, 1);
    // One millisecond before the epoch: the last track of cycle -1.
    const justBefore = at(THREE, RADIO_EPOCH_MS - 1);
    expect(justBefore).toEqual(expectedAt(before, RADIO_EPOCH_MS - 1));
    expect(justBefore.current.endsAt).toBe(RADIO_EPOCH_MS);
    expect(justBefore.current.track).toEqual(cycleOrder(THREE, SEED, -1).at(-1));
    expect(at(THREE, RADIO_EPOCH_MS).current.track).toEqual(cycleOrder(THREE, SEED, 0)[0]);
    for (const now of [RADIO_EPOCH_MS - 60_000, RADIO_EPOCH_MS - 59_999, RADIO_EPOCH_MS - 250_001]) {
      expect(at(THREE, now)).toEqual(expectedAt(before, now));
    }
    // Years before: still covers the instant.
    const long = Date.UTC(2000, 5, 15, 12, 0, 0, 123);
    const state = at(EIGHT, long);
    expect(state.current.startedAt).toBeLessThanOrEqual(long);
    expect(long).toBeLessThan(state.current.endsAt);
    expect(state.history[0]!.endsAt).toBe(state.current.startedAt);
  });
});
