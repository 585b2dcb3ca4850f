// Cycles the hero's background every 5 s (docs/features.md#landing-page), with three pauses:
// - people who ask the system for reduced motion get a still first image (and the page does not
//   download the other three for them);
// - a hidden tab does not rotate (no work, no downloads, nobody watching); it picks up again 5 s
//   after the tab is shown;
// - it only moves to an image that has loaded (`isReady`), so the crossfade never shows a blank.
import { useEffect, useRef, useState } from "react";
import { usePageVisible, useReducedMotion } from "../../lib/motion";

export const HERO_ROTATION_MS = 5000;

/**
 * The index of the image to show out of `count`. `isReady(i)` says whether image i has loaded;
 * the rotation skips those that have not (and stays put when none has).
 */
export function useHeroRotation(
  count: number,
  { intervalMs = HERO_ROTATION_MS, isReady = () => true }: { intervalMs?: number; isReady?: (index: number) => boolean } = {},
): number {
  const [index, setIndex] = useState(0);
  const reduced = useReducedMotion();
  const visible = usePageVisible();
  const readyRef = useRef(isReady);
  useEffect(() => {
    readyRef.current = isReady;
  }, [isReady]);

  useEffect(() => {
    if (count < 2 || reduced || !visible) return;
    const timer = window.setInterval(() => {
      setIndex((current) => {
        for (let step = 1; step < count; step++) {
          const next = (current + step) % count;
          if (readyRef.current(next)) return next;
        }
        return current;
      });
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [count, intervalMs, reduced, visible]);

  return reduced ? 0 : index;
}
