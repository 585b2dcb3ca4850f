// Sorting the track table: by any column, either way. Text sorts in the locale's order; tracks
// never played stay at the bottom whichever way "Last Played" is sorted.
import type { TrackStatsRow } from "#contracts/admin/analytics.ts";

export type TrackSortKey = "title" | "albumTitle" | "totalPlays" | "previewPlays" | "dailyAvg" | "weeklyAvg" | "monthlyAvg" | "lastPlayed";
export type SortDirection = "ascending" | "descending";
export type TrackSort = { key: TrackSortKey; direction: SortDirection };

/** A first click sorts text A to Z, and figures and dates highest or latest first. */
export const firstDirection = (key: TrackSortKey): SortDirection => (key === "title" || key === "albumTitle" ? "ascending" : "descending");

/** The sort after a click on a column's heading: the same column reverses, another starts afresh. */
export const nextSort = (current: TrackSort, key: TrackSortKey): TrackSort =>
  current.key === key ? { key, direction: current.direction === "ascending" ? "descending" : "ascending" } : { key, direction: firstDirection(key) };

export function sortTracks(rows: readonly TrackStatsRow[], { key, direction }: TrackSort, locale: string): TrackStatsRow[] {
  const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  const sign = direction === "ascending" ? 1 : -1;
  const compare = (a: TrackStatsRow, b: TrackStatsRow): number => {
    if (key === "title" || key === "albumTitle") return sign * collator.compare(a[key], b[key]);
    if (key === "lastPlayed") {
      if (a.lastPlayed === b.lastPlayed) return 0;
      if (a.lastPlayed === null) return 1;
      if (b.lastPlayed === null) return -1;
      return sign * (Date.parse(a.lastPlayed) - Date.parse(b.lastPlayed));
    }
    return sign * (a[key] - b[key]);
  };
  // Ties keep a stable, readable order: by title.
  return [...rows].sort((a, b) => compare(a, b) || collator.compare(a.title, b.title));
}
