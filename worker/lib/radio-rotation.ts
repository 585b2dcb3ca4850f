// The radio's shared clock: a catalog station plays its tracks in an order computed from wall-clock
// time alone, so every listener who asks at the same instant gets the same track and offset, with
// no state to store or keep in step. Time since RADIO_EPOCH_MS is cut into cycles as long as the
// whole rotation; each cycle plays every track once, in a shuffle seeded by the station and the
// cycle number (so the order changes from one cycle to the next but is the same for everyone).
import { RADIO_HISTORY_SIZE, type RadioSlot, type RadioTrack } from "#contracts/radio.ts";

export const RADIO_EPOCH_MS = Date.UTC(2025, 0, 1);

export type RotationTrack = Pick<RadioTrack, "id" | "durationSeconds">;

export type RotationSlot<T> = { track: T; startedAt: number; endsAt: number };

export type RotationState<T> = {
  current: RotationSlot<T>;
  next: RotationSlot<T>;
  /** Most recent first. */
  history: RotationSlot<T>[];
};

/** A 32-bit hash of the station seed and cycle (FNV-1a with a murmur finaliser). */
function cycleSeed(seed: number, cycle: number): number {
  let hash = 0x811c9dc5;
  for (const ch of `${seed}:${cycle}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** The cycle's play order: a Fisher-Yates shuffle driven by mulberry32. */
export function cycleOrder<T>(tracks: readonly T[], seed: number, cycle: number): T[] {
  let state = cycleSeed(seed, cycle);
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const order = [...tracks];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * What plays at `now` (ms), what comes next and what played before (up to `historySize`).
 * Null when there is nothing to rotate. Durations are whole seconds, so every boundary falls on a
 * whole second since the epoch.
 */
export function rotationAt<T extends RotationTrack>(
  tracks: readonly T[],
  seed: number,
  now: number,
  historySize = RADIO_HISTORY_SIZE,
): RotationState<T> | null {
  const playable = tracks.filter((t) => t.durationSeconds > 0);
  if (playable.length === 0) return null;
  const cycleMs = playable.reduce((sum, t) => sum + t.durationSeconds * 1000, 0);
  const elapsed = now - RADIO_EPOCH_MS;
  const cycle = Math.floor(elapsed / cycleMs);
  const cycleStart = RADIO_EPOCH_MS + cycle * cycleMs;

  const orders = new Map<number, T[]>();
  const orderOf = (c: number) => {
    let order = orders.get(c);
    if (!order) orders.set(c, (order = cycleOrder(playable, seed, c)));
    return order;
  };

  // Find the current slot in this cycle.
  const order = orderOf(cycle);
  let start = cycleStart;
  let index = 0;
  while (index < order.length - 1 && start + order[index]!.durationSeconds * 1000 <= now) {
    start += order[index]!.durationSeconds * 1000;
    index++;
  }
  const slot = (track: T, startedAt: number): RotationSlot<T> => ({ track, startedAt, endsAt: startedAt + track.durationSeconds * 1000 });
  const current = slot(order[index]!, start);

  const next = index + 1 < order.length ? slot(order[index + 1]!, current.endsAt) : slot(orderOf(cycle + 1)[0]!, current.endsAt);

  const history: RotationSlot<T>[] = [];
  let c = cycle;
  let i = index;
  let end = current.startedAt;
  while (history.length < historySize) {
    i--;
    if (i < 0) {
      c--;
      i = orderOf(c).length - 1;
    }
    const track = orderOf(c)[i]!;
    const startedAt = end - track.durationSeconds * 1000;
    history.push({ track, startedAt, endsAt: end });
    end = startedAt;
  }
  return { current, next, history };
}

/** A slot as the API sends it. */
export const slotView = (slot: RotationSlot<RadioTrack>): RadioSlot => ({
  track: slot.track,
  startedAt: new Date(slot.startedAt).toISOString(),
  endsAt: new Date(slot.endsAt).toISOString(),
});
