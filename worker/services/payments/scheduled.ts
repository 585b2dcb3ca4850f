// Cron trigger (wrangler.toml [triggers]): VIP ends when a past-due grace period runs out, even
// if the member never comes back to trigger the read-time check. Each member whose VIP it ended
// is announced like any other role change (decision 040): their chat, radio and VIP-only party
// sockets close 4403 vip_ended and their open pages refetch who is signed in.
import { createDb } from "../../db/client";
import { endExpiredGraces } from "../../db/payments";
import { announceRoleChange } from "../realtime/role-change";
import type { AppEnv } from "../../env";
import { notifyVipChanged } from "../notifications/membership";

export async function endExpiredVipGraces(controller: Pick<ScheduledController, "scheduledTime">, env: AppEnv) {
  const db = createDb(env.DB);
  const ended = await endExpiredGraces(db, controller.scheduledTime);
  if (ended.length > 0) console.log(`payments: VIP ended for ${ended.length} member(s) whose payment grace period ran out`);
  // One member at a time: an hourly run rarely ends more than a few, and each fan-out already
  // reaches every station and party room. announceRoleChange never throws.
  // Neither throws. vip_ended is keyed by this run: the grace ends once (is_vip went 1 -> 0 here).
  for (const userId of ended) {
    await announceRoleChange(env, db, userId);
    await notifyVipChanged(env, db, userId, false, `grace:${userId}:${controller.scheduledTime}`);
  }
  return ended.length;
}
