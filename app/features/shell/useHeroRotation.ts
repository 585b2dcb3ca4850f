// Cycles the hero background every 5 s (spec 2.3 / section 9). People who ask the system for
// reduced motion get a still first image instead.
import { useEffect, useState } from "react";

export const HERO_ROTATION_MS = 5000;

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function useHeroRotation(count: number, intervalMs = HERO_ROTATION_MS): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count < 2 || prefersReducedMotion()) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [count, intervalMs]);
  return index;
}
