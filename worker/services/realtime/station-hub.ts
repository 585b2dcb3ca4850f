// How the Worker reaches a station's hub (durable-objects/StationHub.ts): one object per station.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { stationsCached } from "../../db/broadcast";
import { remember } from "../../lib/memo";
import type { SocketClose, SocketTarget } from "./socket-sessions";

/** The station id header the Worker sets on the upgrade (the hub stores it for its alarms). */
export const STATION_ID_HEADER = "x-station-id";

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
