// The queue kept across reloads: queue, position, volume, mute, repeat and shuffle in localStorage,
// written on each change (and every few seconds while playing) and read back, paused, on the next
// visit. The queue's JSON is kept between writes, so a position update re-encodes only the rest.
import type { TrackView } from "#contracts/music/music.ts";
import { readSavedLevels, type OutputLevels, type StorageLike } from "../../../lib/audio/output";
import { clamp, type PlayerState } from "./state";

/** What a saved queue gives back. */
export type SavedQueue = {
  queue: TrackView[];
  index: number;
  /** Seconds. */
  position: number;
  levels: OutputLevels;
  repeat: boolean;
  shuffle: boolean;
};

function isTrack(value: unknown): value is TrackView {
  if (typeof value !== "object" || value === null) return false;
  const t = value as Record<string, unknown>;
  return (
    typeof t.id === "string" &&
    typeof t.title === "string" &&
    typeof t.albumTitle === "string" &&
    typeof t.playable === "boolean" &&
    typeof t.durationSeconds === "number" &&
    (t.coverUrl === null || typeof t.coverUrl === "string")
  );
}

export class SavedPlayer {
  private savedQueue: readonly TrackView[] | null = null;
  private savedQueueJson = "[]";

  /** `storage` null turns persistence off. */
  constructor(
    private readonly storage: StorageLike | null,
    private readonly key: string,
  ) {}

  save({ queue, index, currentTime, volume, muted, repeat, shuffle }: PlayerState) {
    if (!this.storage) return;
    try {
      if (queue.length === 0) {
        this.storage.removeItem(this.key);
        return;
      }
      if (queue !== this.savedQueue) {
        this.savedQueue = queue;
        this.savedQueueJson = JSON.stringify(queue);
      }
      const rest = JSON.stringify({ index, position: Math.round(currentTime * 10) / 10, volume, muted, repeat, shuffle });
      this.storage.setItem(this.key, `{"v":1,"queue":${this.savedQueueJson},${rest.slice(1)}`);
    } catch {
      // storage full or blocked: the queue lasts for this visit only
    }
  }

  /** The saved queue, or null when there is none (or it cannot be read). */
  load(): SavedQueue | null {
    if (!this.storage) return null;
    let saved: Record<string, unknown>;
    try {
      const raw = this.storage.getItem(this.key);
      if (!raw) return null;
      saved = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return null;
    }
    if (typeof saved !== "object" || saved === null || saved.v !== 1 || !Array.isArray(saved.queue)) return null;
    const queue = saved.queue.filter(isTrack);
    if (queue.length === 0) return null;
    const num = (value: unknown, fallback: number) => (typeof value === "number" && Number.isFinite(value) ? value : fallback);
    return {
      queue,
      index: clamp(Math.trunc(num(saved.index, 0)), 0, queue.length - 1),
      position: Math.max(0, num(saved.position, 0)),
      levels: readSavedLevels(saved),
      repeat: saved.repeat === true,
      shuffle: saved.shuffle === true,
    };
  }

  clear() {
    try {
      this.storage?.removeItem(this.key);
    } catch {
      // nothing saved then
    }
  }
}
