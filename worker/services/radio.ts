// The radio's shared logic for routes and the station hubs: which stations exist and what a
// station plays now (lib/radio-rotation.ts). The hubs' stubs are in realtime/station-hub.ts.
import type { DB } from "../db/client";
import { listRotationTracks, STATIONS_TTL_MS, stationsCached, type Station } from "../db/broadcast";
import { rememberUntil } from "../lib/memo";
import { rotationAt, slotView } from "../lib/radio-rotation";
import type { NowPlaying } from "#contracts/radio.ts";

export async function findStationCached(db: DB, id: string): Promise<Station | null> {
  return (await stationsCached(db)).find((s) => s.id === id) ?? null;
}

/** A station's tracks, until the back office changes them or a track's early access begins. */
const rotationTracksCached = (db: DB, station: Station) =>
  rememberUntil(`music:radio:tracks:${station.id}`, STATIONS_TTL_MS, () => listRotationTracks(db, station.albumIds));

/** What `station` plays at `now`; stream stations know no titles. */
export async function nowPlayingOf(db: DB, station: Station, now: number, listeners: number): Promise<NowPlaying> {
  const base: NowPlaying = { stationId: station.id, serverTime: new Date(now).toISOString(), current: null, next: null, history: [], listeners };
  if (station.sourceType !== "catalog") return base;
  const rotation = rotationAt(await rotationTracksCached(db, station), station.seed, now);
  if (!rotation) return base;
  return { ...base, current: slotView(rotation.current), next: slotView(rotation.next), history: rotation.history.map(slotView) };
}
