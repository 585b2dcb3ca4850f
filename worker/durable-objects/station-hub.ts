// How the Worker reaches a station's hub (StationHub.ts): one object per station.
import type { AppEnv } from "../env";
import { remember } from "../lib/memo";

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
