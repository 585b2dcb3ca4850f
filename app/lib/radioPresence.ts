// Whether this page needs the radio. The radio (engine, mini player, Web Audio) loads with the
// radio routes, not with the entry chunk; the root layout mounts its host once a radio page asks
// for it, and keeps it mounted so the mini player plays on across route changes.
import { useSyncExternalStore } from "react";

let requested = false;
const listeners = new Set<() => void>();

/** Asks the root layout to load and mount the radio host (idempotent). */
export function requestRadio() {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useRadioRequested = () =>
  useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
