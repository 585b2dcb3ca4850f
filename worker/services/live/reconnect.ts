// A live show whose source dropped (decision 146): Stream's disconnect starts a reconnect window
// (webhook.ts), a reconnect within it takes the drop back, and the first read of the show after
// the window (the watch page's, a token's, the control room's) ends it at the drop, once, and
// tells the pages on its room.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { endLostShow, findLiveShow, type LiveShowRow } from "../../db/live";
import { notifyShowEnded } from "../realtime/room-hub";
import { LIVE_RECONNECT_WINDOW_MS } from "#contracts/live-limits.ts";

/** The show as it stands at `now`: ended when its source has been gone longer than the window. */
export async function settleLostSource(env: AppEnv, db: DB, row: LiveShowRow, now: number, waitUntil: (work: Promise<unknown>) => void): Promise<LiveShowRow> {
  const show = row.show;
  if (show?.state !== "live" || show.sourceLostAt === null || now < show.sourceLostAt + LIVE_RECONNECT_WINDOW_MS) return row;
  const endedAt = await endLostShow(db, row.eventId, now);
  if (endedAt === null) return (await findLiveShow(db, row.eventId)) ?? row;
  waitUntil(notifyShowEnded(env, show.roomId));
  return { ...row, show: { ...show, state: "ended", endedAt } };
}
