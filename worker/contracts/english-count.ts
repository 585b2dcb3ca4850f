// An English count with its thousands grouped ("10,000"), for texts built when a module loads.
// `toLocaleString` there would load ICU's number data on the Worker's start-up path: that one call
// cost the start-up 113 M instructions of its 277 M (docs/measurements.md, 2026-11-29).

/** `10000` -> "10,000": the grouping en-US writes, without Intl. */
export function englishCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
