// The queue's order: next and previous wrap around past tracks that cannot be played; in shuffle,
// next picks a random playable track other than the current one, and keeps that pick (made when
// the next track is preloaded) until the queue, the position or the shuffle changes.
import type { TrackView } from "#contracts/music/music.ts";

export type QueuePosition = Readonly<{ queue: readonly TrackView[]; index: number; shuffle: boolean }>;

export class QueueOrder {
  /** The shuffle pick for the track after the current one. */
  private plannedNext: { from: number; to: number } | null = null;

  constructor(private readonly random: () => number) {}

  /** The index that plays after `index`; `index` itself when no other track can play. */
  next({ queue, index, shuffle }: QueuePosition, playable: (track: TrackView) => boolean): number {
    if (shuffle) {
      const candidates = queue.flatMap((t, i) => (playable(t) && i !== index ? [i] : []));
      if (candidates.length === 0) return index;
      const planned = this.plannedNext;
      if (planned && planned.from === index && candidates.includes(planned.to)) return planned.to;
      const pick = candidates[Math.floor(this.random() * candidates.length)] ?? candidates[0]!;
      this.plannedNext = { from: index, to: pick };
      return pick;
    }
    return step(queue, index, 1, playable);
  }

  previous({ queue, index }: QueuePosition, playable: (track: TrackView) => boolean): number {
    return step(queue, index, -1, playable);
  }

  /** Drops the shuffle pick (a new queue, or shuffle switched). */
  forgetPlan() {
    this.plannedNext = null;
  }
}

/** The nearest playable index in a direction, wrapping around; the current one if none. */
function step(queue: readonly TrackView[], index: number, direction: 1 | -1, playable: (track: TrackView) => boolean): number {
  const n = queue.length;
  for (let k = 1; k <= n; k++) {
    const i = (((index + direction * k) % n) + n) % n;
    if (queue[i] && playable(queue[i])) return i;
  }
  return index;
}

export function playableCount(queue: readonly TrackView[], playable: (track: TrackView) => boolean) {
  return queue.filter((t) => playable(t)).length;
}

/**
 * The queue a track-list click plays: with `given`, that list (or the track alone when the list
 * does not hold it); without, the current queue when it holds the track, else the track alone.
 */
export function queueFor(track: TrackView, given: readonly TrackView[] | undefined, current: readonly TrackView[]) {
  const list = given ?? current;
  const index = list.findIndex((t) => t.id === track.id);
  if (index < 0) return { queue: [track], index: 0 };
  return { queue: given ? [...given] : current, index };
}
