// Ending a session (logout, password reset, later a ban) closes every live socket it opened: the
// feed's and the radio stations'. Failures are logged by each hub's helper, never thrown: the
// session is already gone from D1, and the hubs re-check sessions before they send.
import type { AppEnv } from "../env";
import type { DB } from "../db/client";
import { closeFeedSockets } from "./feed-hub";
import { closeStationSockets } from "./radio";
import type { SocketTarget } from "./socket-sessions";

export async function closeMemberSockets(env: AppEnv, db: DB, target: SocketTarget) {
  await Promise.all([closeFeedSockets(env, target), closeStationSockets(env, db, target)]);
}
