// The radio's shared logic for routes and the station hubs: which stations exist and what a
// station plays now (lib/radio-rotation.ts). The hubs' stubs are in durable-objects/station-hub.ts.
import type { AppEnv } from "../env";
import type { DB } from "../db/client";
import { listRotationTracks, listStations, type Station } from "../db/broadcast";
import { remember, rememberUntil } from "../lib/memo";
import { rotationAt, slotView } from "../lib/radio-rotation";
import type { NowPlaying } from "../contracts/radio";
import type { SocketClose, SocketTarget } from "../durable-objects/socket-sessions";
import { stationHub } from "../durable-objects/station-hub";

/** Station rows and rotations change only from the back office, which forgets "music:" keys. */
const STATIONS_TTL_MS = 60_000;

export const stationsCached = (db: DB) => remember("music:radio:stations", STATIONS_TTL_MS, () => listStations(db));

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

/**
 * Closes a session's (or a member's) radio sockets on every station, as a session's end or with
 * `close` (VIP ended, decision 040). Logged, never thrown.
 */
export async function closeStationSockets(env: AppEnv, db: DB, target: SocketTarget, close?: SocketClose) {
  try {
    const stations = await stationsCached(db);
    await Promise.all(stations.map((s) => stationHub(env, s.id).closeSockets(target, close)));
  } catch (err) {
    console.error("radio: closing sockets failed", err);
  }
}
