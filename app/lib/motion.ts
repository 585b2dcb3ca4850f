// The visitor's reduced-motion setting and the page's visibility, as values and hooks: the
// hero rotation, the visualizers and the router's scroll all pause or jump for them.
import { useSyncExternalStore } from "react";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

const motionQuery = () => (typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(REDUCED_MOTION) : null);

export function prefersReducedMotion(): boolean {
  return motionQuery()?.matches ?? false;
}

function subscribeReducedMotion(onChange: () => void) {
  const query = motionQuery();
  query?.addEventListener?.("change", onChange);
  return () => query?.removeEventListener?.("change", onChange);
}

/** Whether the visitor asks for reduced motion, following changes of the setting. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}

/** Whether the page is visible (not a background tab or a minimised window). */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== "hidden",
    () => true,
  );
}
