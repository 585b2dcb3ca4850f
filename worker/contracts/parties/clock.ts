// A listening party's shared clock (decision 028), zod-free so the room's page and the Worker use
// the very same walk. Like the radio's rotation (worker/lib/radio-rotation.ts), what plays is a
// function of time alone: position = server now - start, walked through the tracks' durations, so
// every listener who asks at the same instant gets the same track and offset and nothing is kept
// in step. A listener's clock differs from the server's by an offset estimated from round trips
// (PartyClockSync in app/features/parties/engine.ts).

/** The room opens this long before the start (the countdown, the chat, the listeners). */
export const PARTY_OPENS_BEFORE_MS = 15 * 60_000;

export type PartyPhase = "upcoming" | "open" | "live" | "ended";

/** What a walk needs of a track. */
export type TimedTrack = { durationSeconds: number };

/** Where the party is: the track's index in the list, and the seconds into it. */
export type PartyPosition = { index: number; offsetSeconds: number; startedAt: number; endsAt: number };

/** The party's end (ms): its start plus every track's duration. */
export const partyEndsAt = (startsAt: number, tracks: readonly TimedTrack[]) => startsAt + tracks.reduce((sum, t) => sum + t.durationSeconds * 1000, 0);

/** Before the room opens, in the 15 minutes before the start, playing, or over. */
export function partyPhaseAt(startsAt: number, endsAt: number, now: number): PartyPhase {
  if (now >= endsAt) return "ended";
  if (now >= startsAt) return "live";
  if (now >= startsAt - PARTY_OPENS_BEFORE_MS) return "open";
  return "upcoming";
}

/**
 * The track playing at `now` (ms, the server's clock) and the offset into it; null before the start
 * and from the end on. A track of 0 s is skipped (it would never play).
 */
export function partyPositionAt(startsAt: number, tracks: readonly TimedTrack[], now: number): PartyPosition | null {
  if (now < startsAt) return null;
  let start = startsAt;
  for (let index = 0; index < tracks.length; index++) {
    const end = start + tracks[index]!.durationSeconds * 1000;
    if (now < end) return { index, offsetSeconds: (now - start) / 1000, startedAt: start, endsAt: end };
    start = end;
  }
  return null;
}

/** How many tracks have begun by `now` (the summary's "tracks played"), at most all of them. */
export function tracksStartedBy(startsAt: number, tracks: readonly TimedTrack[], now: number): number {
  if (now < startsAt) return 0;
  const position = partyPositionAt(startsAt, tracks, now);
  return position ? position.index + 1 : tracks.filter((t) => t.durationSeconds > 0).length;
}
