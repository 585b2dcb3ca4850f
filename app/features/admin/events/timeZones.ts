// The time zones the event form offers: every IANA zone this browser knows, plus the event's own
// when the browser lists it under another name (so an edit never changes it unasked).
let known: string[] | null = null;

function knownZones(): string[] {
  if (!known) {
    try {
      known = Intl.supportedValuesOf("timeZone");
    } catch {
      known = [];
    }
  }
  return known;
}

export function timeZoneOptions(current: string): string[] {
  const zones = knownZones();
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}
