// The Worker's one copy of the durations and UTC day helpers (worker/lib/time.ts).
import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS, MINUTE_MS, iso, utcDay, utcDayStart } from "../../worker/lib/time";

describe("time helpers", () => {
  it("have the durations", () => {
    expect([MINUTE_MS, HOUR_MS, DAY_MS]).toEqual([60_000, 3_600_000, 86_400_000]);
  });

  it("place a moment in its UTC day", () => {
    const moment = Date.UTC(2026, 10, 25, 23, 59, 59, 999);
    expect(utcDayStart(moment)).toBe(Date.UTC(2026, 10, 25));
    expect(utcDayStart(Date.UTC(2026, 10, 26))).toBe(Date.UTC(2026, 10, 26));
    expect(utcDay(moment)).toBe("2026-11-25");
  });

  it("write a Date or epoch milliseconds as ISO 8601, and null as null", () => {
    const moment = Date.UTC(2026, 10, 25, 8, 12);
    expect(iso(moment)).toBe("2026-11-25T08:12:00.000Z");
    expect(iso(new Date(moment))).toBe("2026-11-25T08:12:00.000Z");
    expect(iso(null)).toBeNull();
  });
});
