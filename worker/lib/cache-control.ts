// The public answers that change by the clock (a release, a presale, a perk's start or end): kept
// by browsers and the edge a minute at most, and never past the moment they next change.

/** How long a public answer may be kept when nothing is due to change it sooner. */
export const PUBLIC_MAX_AGE_S = 60;

/** `public, max-age=N`: `maxAgeS`, cut to the whole seconds left before `changesAt` (ms) when it is set. */
export function publicCacheControl(changesAt: number | null, now = Date.now(), maxAgeS = PUBLIC_MAX_AGE_S): string {
  const seconds = changesAt === null ? maxAgeS : Math.min(maxAgeS, Math.floor((changesAt - now) / 1000));
  return `public, max-age=${Math.max(0, seconds)}`;
}
