// Number, percent, duration, file size and date formatting for the back office, in the active
// locale.
import type { IntlShape } from "react-intl";
import { durationMessages } from "./messages";

/** A count: 1,234 (en) or 1.234 (pt-BR). */
export const formatCount = (intl: IntlShape, value: number) => intl.formatNumber(value, { maximumFractionDigits: 0 });

/** An average such as plays per day: at most two decimals, so small rates do not read as zero. */
export const formatAverage = (intl: IntlShape, value: number) => intl.formatNumber(value, { maximumFractionDigits: 2 });

/** A percentage given as 0-100, with one decimal: 42.5% (en), 42,5% (pt-BR). */
export const formatPercent = (intl: IntlShape, pct: number) =>
  intl.formatNumber(pct / 100, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });

const KB = 1024;
const MB = 1024 * 1024;

/** Bytes in KB or MB (binary, as the caps are), e.g. "1.5 MB", "100 MB", "820 KB". */
export function formatBytes(intl: IntlShape, bytes: number): string {
  if (bytes >= MB) return intl.formatNumber(bytes / MB, { style: "unit", unit: "megabyte", maximumFractionDigits: bytes >= 10 * MB ? 0 : 1 });
  return intl.formatNumber(Math.max(bytes, 0) / KB, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 });
}

/** Seconds as the back office shows a session: 45s, 2m 5s, 1h 3m. */
export function formatDuration(intl: IntlShape, totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return intl.formatMessage(durationMessages.seconds, { seconds });
  if (seconds < 3600) return intl.formatMessage(durationMessages.minutes, { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
  return intl.formatMessage(durationMessages.hours, { hours: Math.floor(seconds / 3600), minutes: Math.floor((seconds % 3600) / 60) });
}

/** A calendar date the server gave as YYYY-MM-DD (already in the admin's zone): no zone shift. */
function calendarDay(date: string): number {
  const [year, month, day] = date.split("-").map(Number);
  return Date.UTC(year!, (month ?? 1) - 1, day ?? 1);
}

/** "Mar 5" / "5 de mar.": the chart's axis. */
export const formatShortDay = (intl: IntlShape, date: string) => intl.formatDate(calendarDay(date), { month: "short", day: "numeric", timeZone: "UTC" });

/** "Mar 5, 2026" / "5 de mar. de 2026": the tables. */
export const formatDay = (intl: IntlShape, date: string) =>
  intl.formatDate(calendarDay(date), { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** An hour of the day, 0-23, as the locale writes it: 12 AM ... 11 PM (en), 00 ... 23 (pt-BR). */
export const formatHour = (intl: IntlShape, hour: number) => intl.formatTime(Date.UTC(2000, 0, 1, hour), { hour: "numeric", timeZone: "UTC" });

/** A moment (ISO string) in the admin's own zone, date and time. */
export const formatMoment = (intl: IntlShape, iso: string | number) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
