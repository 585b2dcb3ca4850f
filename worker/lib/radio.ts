// The radio's shared logic for routes and the station hubs: which stations exist, what a station
// plays now (lib/radio-rotation.ts), and how to reach a station's hub.
import type { AppEnv } from "../env";
import type { DB } from "../db/client";
import { listRotationTracks, listStations, type Station } from "../db/broadcast";
import { remember } from "./memo";
import { rotationAt, slotView } from "./radio-rotation";
import type { NowPlaying } from "../contracts/radio";
import type { SocketTarget } from "./socket-sessions";

/** Station rows and rotations change only from the back office, which forgets "music:" keys. */
const STATIONS_TTL_MS = 60_000;

export const stationsCached = (db: DB) => remember("music:radio:stations", STATIONS_TTL_MS, () => listStations(db));

export async function findStationCached(db: DB, id: string): Promise<Station | null> {
  return (await stationsCached(db)).find((s) => s.id === id) ?? null;
}

const rotationTracksCached = (db: DB, station: Station) =>
  remember(`music:radio:tracks:${station.id}`, STATIONS_TTL_MS, () => listRotationTracks(db, station.albumIds));

/** What `station` plays at `now`; stream stations know no titles. */
export async function nowPlayingOf(db: DB, station: Station, now: number, listeners: number): Promise<NowPlaying> {
  const base: NowPlaying = { stationId: station.id, serverTime: new Date(now).toISOString(), current: null, next: null, history: [], listeners };
  if (station.sourceType !== "catalog") return base;
  const rotation = rotationAt(await rotationTracksCached(db, station), station.seed, now);
  if (!rotation) return base;
  return { ...base, current: slotView(rotation.current), next: slotView(rotation.next), history: rotation.history.map(slotView) };
}

export const stationHub = (env: AppEnv, stationId: string) => env.STATION_HUB.get(env.STATION_HUB.idFromName(stationId));

/** Public now-playing answers reuse a count this fresh, so visitors do not wake the hub each time. */
const LISTENERS_TTL_MS = 5_000;

/** Listeners now, or 0 when the hub cannot be asked (the count is informative, never essential). */
export async function listenerCount(env: AppEnv, stationId: string): Promise<number> {
  try {
    return await remember(`radio:listeners:${stationId}`, LISTENERS_TTL_MS, () => stationHub(env, stationId).listenerCount());
  } catch (err) {
    console.error(`radio: counting listeners of ${stationId} failed`, err);
    return 0;
  }
}

/** Closes a session's (or a member's) radio sockets on every station. Logged, never thrown. */
export async function closeStationSockets(env: AppEnv, db: DB, target: SocketTarget) {
  try {
    const stations = await stationsCached(db);
    await Promise.all(stations.map((s) => stationHub(env, s.id).closeSockets(target)));
  } catch (err) {
    console.error("radio: closing sockets failed", err);
  }
}
