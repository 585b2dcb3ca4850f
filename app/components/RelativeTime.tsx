// "5 minutes ago" / "há 5 minutos": Intl.RelativeTimeFormat in the active locale (through
// react-intl), in a <time> element whose title holds the full date. One shared clock ticks once
// a minute for every time on the page, and only while something shows one.
import { useSyncExternalStore } from "react";
import { useIntl } from "react-intl";

const TICK_MS = 60_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((l) => l());
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** A stable snapshot: the last tick, refreshed when nothing has been ticking for a while. */
function getNow() {
  if (timer === undefined && Date.now() - now > 1_000) now = Date.now();
  return now;
}

type Unit = "second" | "minute" | "hour" | "day" | "week" | "month" | "year";

const STEPS: [limitSeconds: number, unit: Unit, secondsPerUnit: number][] = [
  [45, "second", 1],
  [45 * 60, "minute", 60],
  [22 * 3600, "hour", 3600],
  [6 * 86400, "day", 86400],
  [4 * 7 * 86400, "week", 7 * 86400],
  [330 * 86400, "month", 30 * 86400],
  [Infinity, "year", 365 * 86400],
];

/** The value and unit to say how long ago (negative) or ahead `then` is from `at`. */
export function relativeParts(then: number, at: number): { value: number; unit: Unit } {
  const seconds = (then - at) / 1000;
  const abs = Math.abs(seconds);
  if (abs < 45) return { value: 0, unit: "second" }; // "now"
  for (const [limit, unit, perUnit] of STEPS) {
    if (abs < limit) return { value: Math.round(seconds / perUnit), unit };
  }
  return { value: Math.round(seconds / (365 * 86400)), unit: "year" };
}

export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const intl = useIntl();
  const at = useSyncExternalStore(subscribe, getNow, getNow);
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return null;
  const { value, unit } = relativeParts(then, at);
  return (
    <time className={className} dateTime={iso} title={intl.formatDate(then, { dateStyle: "full", timeStyle: "short" })}>
      {intl.formatRelativeTime(value, unit, { numeric: "auto" })}
    </time>
  );
}
