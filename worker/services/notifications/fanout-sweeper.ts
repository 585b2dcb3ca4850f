// The broadcast sweeper (decision 062), run by the 5-minute cron (worker/services/areas/notifications.ts).
// A broadcast's pages are all queued when it is recorded; a page whose message was lost, or that
// failed every retry and went to the dead-letter queue, would leave the announcement short and
// never "done". So each pass queues again the pages still open FANOUT_PAGE_STALL_MS after they were
// last queued. Writing a page twice writes nothing twice (worker/db/notification-fanout.ts), so a
// page that was only slow costs one more message that finds it done. A page is swept at most
// FANOUT_MAX_SWEEPS times: one that keeps failing stays in the dead letters for an administrator.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { stalledFanOutPages } from "../../db/notification-fanout";
import { queueFanOutPages } from "./index";

/** A page still open this long after it was queued is queued again (well beyond the queue's retries). */
export const FANOUT_PAGE_STALL_MS = 10 * 60 * 1000;
/** How many times one page is queued again before it is left to the dead letters. */
export const FANOUT_MAX_SWEEPS = 3;
/** Pages queued again by one pass (a million members' worth); the next pass takes the rest. */
const SWEEP_LIMIT = 1000;

/** Queues the stalled pages again; returns how many. */
export async function sweepStalledFanOuts(env: AppEnv, db: DB, now: number): Promise<number> {
  const pages = await stalledFanOutPages(db, now, FANOUT_PAGE_STALL_MS, FANOUT_MAX_SWEEPS, SWEEP_LIMIT);
  if (pages.length === 0) return 0;
  const queued = await queueFanOutPages(env, pages);
  console.log(`notifications: queued ${queued} stalled fan-out page(s) again`);
  return queued;
}
