// Whether this page needs the music player. The player (engine, bar, Web Audio) loads with the
// music routes, not with the entry chunk; the root layout mounts it once something asks for it:
// a music page, or a queue saved by an earlier visit (so the bar comes back after a reload).
import { useSyncExternalStore } from "react";

/** Where the player keeps its queue and position between visits. */
export const PLAYER_STORAGE_KEY = "player.v1";

function hasSavedQueue(): boolean {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(PLAYER_STORAGE_KEY) ?? "null") as { queue?: unknown[] } | null;
    return Array.isArray(saved?.queue) && saved.queue.length > 0;
  } catch {
    return false;
  }
}

let requested: boolean | null = null;
const listeners = new Set<() => void>();

const isRequested = () => (requested ??= hasSavedQueue());

/** Asks the root layout to load and mount the player (idempotent). */
export function requestPlayer() {
  if (isRequested()) return;
  requested = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const usePlayerRequested = () => useSyncExternalStore(subscribe, isRequested, () => false);
