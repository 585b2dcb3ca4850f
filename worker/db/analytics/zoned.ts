// Placing UTC hours in the admin's time zone (Intl does the zone rules, daylight saving included).
// The rollups count per UTC hour, so a zone a whole number of hours from UTC gets exact local
// hours and dates; in a half-hour zone an hour counts where its UTC hour starts.
import { utcOffsetMinutes } from "#contracts/time-zones.ts";
import { DAY_MS, HOUR_MS, utcDayStart } from "../../lib/time";

export class ZoneClock {
  /** Offset (minutes) per UTC day start, when it is the same all day; per hour otherwise. */
  private dayOffsets = new Map<number, number | null>();

  constructor(readonly zone: string) {}

  /** The zone's offset from UTC at `instant`, in minutes (east positive). */
  offsetAt(instant: number): number {
    const day = utcDayStart(instant);
    let offset = this.dayOffsets.get(day);
    if (offset === undefined) {
      const first = utcOffsetMinutes(day, this.zone);
      offset = first === utcOffsetMinutes(day + DAY_MS - HOUR_MS, this.zone) ? first : null;
      this.dayOffsets.set(day, offset);
    }
    return offset ?? utcOffsetMinutes(instant, this.zone);
  }

  /** Local wall-clock time of `instant` as if it were UTC (for reading the date and hour). */
  private wall(instant: number) {
    return instant + this.offsetAt(instant) * 60_000;
  }

  /** The local date (YYYY-MM-DD) of `instant`. */
  dateOf(instant: number): string {
    return new Date(this.wall(instant)).toISOString().slice(0, 10);
  }

  /** The local hour (0-23) of `instant`. */
  hourOf(instant: number): number {
    return new Date(this.wall(instant)).getUTCHours();
  }

  /** The instant local midnight began on the local date holding `instant`. */
  startOfDay(instant: number): number {
    const midnightWall = utcDayStart(this.wall(instant));
    let start = midnightWall - this.offsetAt(instant) * 60_000;
    // The offset at midnight may differ from the one now (a daylight-saving change today).
    start = midnightWall - this.offsetAt(start) * 60_000;
    return start;
  }

  /** The instant local midnight began on `date` (YYYY-MM-DD): near local noon, then back to its midnight. */
  startOfDate(date: string): number {
    const noonWall = Date.parse(`${date}T12:00:00Z`);
    return this.startOfDay(noonWall - this.offsetAt(noonWall) * 60_000);
  }

  /** The `count` local dates ending with the one holding `instant`, oldest first. */
  datesEndingAt(instant: number, count: number): string[] {
    const last = Date.parse(`${this.dateOf(instant)}T00:00:00Z`);
    return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  }
}
