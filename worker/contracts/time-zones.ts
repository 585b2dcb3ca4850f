// IANA time zones for events: whether a zone name is one the runtime knows, and an instant written
// as local time with that zone's UTC offset then (2026-12-05T20:00:00-05:00), as schema.org wants
// an event's start. Pure; Intl does the zone rules (daylight saving included).

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function offsetFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
    offsetFormatters.set(zone, formatter);
  }
  return formatter;
}

/** True for a zone Intl knows ("America/Sao_Paulo", "UTC"); false for anything else. */
export function isValidTimeZone(zone: string): boolean {
  try {
    offsetFormatter(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone's offset from UTC at `instant`, in whole minutes (east positive: -300 for New York in
 * winter, 330 for Kolkata). Historic offsets with seconds (local mean time) are truncated.
 */
export function utcOffsetMinutes(instant: number, zone: string): number {
  const name =
    offsetFormatter(zone)
      .formatToParts(new Date(instant))
      .find((p) => p.type === "timeZoneName")?.value ?? "";
  // "GMT" at zero, else "GMT-05:00", "GMT+05:30" (or "GMT-04:56:02" long ago).
  const match = /^GMT(?:([+-])(\d{1,2})(?::?(\d{2}))?(?::?\d{2})?)?$/.exec(name);
  if (!match) throw new RangeError(`Unexpected time zone offset "${name}" for ${zone}`);
  if (!match[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === "-" ? -minutes : minutes;
}

/** "+HH:MM" / "-HH:MM" for an offset in minutes. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** ISO 8601 local date-time with the zone's offset at that instant, to the second. */
export function toZonedIso(instant: number, zone: string): string {
  const offset = utcOffsetMinutes(instant, zone);
  const wall = new Date(Math.floor(instant / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19);
  return `${wall}${formatOffset(offset)}`;
}
