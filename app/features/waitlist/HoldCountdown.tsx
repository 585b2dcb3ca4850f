// The time left on an offer's hold, ticking each second as a timer that screen readers are not
// made to read (role=timer is not live); a polite status says once when the hold ends, and again
// once if it passes while the page is open. The hold ends by the Worker's clock: at zero the offer
// says it has passed, and the Worker refuses a claim after it whatever this page shows.
import { useEffect, useState, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { waitlistMessages as m } from "./messages";

const SECOND = 1_000;

/** Now, renewed each second until `until`; then it stops ticking. */
function useNowUntil(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  const over = now >= until;
  useEffect(() => {
    if (over) return;
    const timer = setInterval(() => setNow(Date.now()), SECOND);
    return () => clearInterval(timer);
  }, [over]);
  return now;
}

/** "12:05" or "1:02:09": what is left, never below zero. */
export function clockOf(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / SECOND));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

export function HoldCountdown({ holdUntil, children }: { holdUntil: string; children: (passed: boolean) => ReactNode }) {
  const intl = useIntl();
  const until = Date.parse(holdUntil);
  const now = useNowUntil(until);
  const passed = now >= until;
  // Said from the first tick on (a live region's content at mount is often not read), then once
  // more when the hold ends; the same text each second is not read again.
  const [shownAt] = useState(() => Date.now());
  const said = passed
    ? intl.formatMessage(m.holdPassed)
    : now > shownAt
      ? intl.formatMessage(m.holdUntil, { time: intl.formatTime(until, { hour: "numeric", minute: "2-digit" }) })
      : "";
  return (
    <>
      <p className="waitlist-hold" role="status">
        {said}
      </p>
      {!passed && (
        <p className="waitlist-timer">
          <span role="timer" aria-atomic="true">
            {intl.formatMessage(m.holdLeft, { left: clockOf(until - now) })}
          </span>
        </p>
      )}
      {children(passed)}
    </>
  );
}
