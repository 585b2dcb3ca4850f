// Durations and UTC day arithmetic, one copy for the Worker and the scripts. Node imports this file
// directly (type stripping, from worker/db/analytics/sql.ts and scripts/lib), so it imports nothing
// and uses only erasable TypeScript.

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Midnight UTC of the day holding `ms`. */
export const utcDayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** The UTC day holding `ms`, as YYYY-MM-DD. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A moment (a Date or epoch milliseconds) as ISO 8601 in UTC, as the API answers it; null stays null. */
export function iso(moment: Date | number): string;
export function iso(moment: Date | number | null): string | null;
export function iso(moment: Date | number | null): string | null {
  return moment === null ? null : new Date(moment).toISOString();
}
