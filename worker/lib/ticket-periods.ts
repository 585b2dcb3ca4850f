// The ticket list's time filters as instants, in the admin's time zone (spec: Today runs from the
// start to the end of the current day; Last 7 Days and Last 30 Days run to now, Last 30 Days
// being one calendar month back). Calendar arithmetic is done on the zone's wall clock, so a
// daylight-saving change inside the span moves nothing: a week ago is the same local time.
import { utcOffsetMinutes } from "#contracts/time-zones.ts";
import type { TicketTimeFilter } from "#contracts/tickets/admin-limits.ts";

/** [from, to): `to` is exclusive. */
export type Period = { from: number; to: number };

type Wall = { year: number; month: number; day: number; ms: number };

/** The zone's wall clock at `instant`: date fields and the milliseconds into that day. */
function wallOf(instant: number, zone: string): Wall {
  const wallMs = instant + utcOffsetMinutes(instant, zone) * 60_000;
  const wall = new Date(wallMs);
  const [year, month, day] = [wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()];
  return { year, month, day, ms: wallMs - Date.UTC(year, month, day) };
}

/**
 * The instant the zone's clocks show this wall time (month 0-11, `ms` into the day; days and
 * months out of range roll over, as Date.UTC does). Two passes, as the offset at the answer may
 * differ from the one at the wall time read as UTC; a wall time a clock change skips lands an
 * hour off it.
 */
export function zonedInstant(year: number, month: number, day: number, ms: number, zone: string): number {
  const wall = Date.UTC(year, month, day) + ms;
  const first = wall - utcOffsetMinutes(wall, zone) * 60_000;
  return wall - utcOffsetMinutes(first, zone) * 60_000;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The same local time `months` calendar months earlier, on the month's last day when it is shorter (31 March → 28 February). */
function monthsBack(instant: number, months: number, zone: string): number {
  const w = wallOf(instant, zone);
  const target = new Date(Date.UTC(w.year, w.month - months, 1));
  const year = target.getUTCFullYear();
  const month = target.getUTCMonth();
  return zonedInstant(year, month, Math.min(w.day, daysInMonth(year, month)), w.ms, zone);
}

/** The span a time filter covers at `now`; null for All Time. */
export function ticketPeriod(time: TicketTimeFilter, zone: string, now: number): Period | null {
  switch (time) {
    case "all":
      return null;
    case "today": {
      const w = wallOf(now, zone);
      return { from: zonedInstant(w.year, w.month, w.day, 0, zone), to: zonedInstant(w.year, w.month, w.day + 1, 0, zone) };
    }
    case "7d": {
      const w = wallOf(now, zone);
      return { from: zonedInstant(w.year, w.month, w.day - 7, w.ms, zone), to: now + 1 };
    }
    case "30d":
      return { from: monthsBack(now, 1, zone), to: now + 1 };
  }
}
