// Durations and file sizes as the catalog page shows them, in the active locale.
import type { IntlShape } from "react-intl";

/** 187 -> "3:07"; an hour or more -> "1:02:03". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

const KB = 1024;
const MB = 1024 * 1024;

/** Bytes in KB or MB (binary, as the caps are), e.g. "1.5 MB", "100 MB", "820 KB". */
export function formatBytes(intl: IntlShape, bytes: number): string {
  if (bytes >= MB) return intl.formatNumber(bytes / MB, { style: "unit", unit: "megabyte", maximumFractionDigits: bytes >= 10 * MB ? 0 : 1 });
  return intl.formatNumber(Math.max(bytes, 0) / KB, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 });
}

/** The host of a remote address, for short labels. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
