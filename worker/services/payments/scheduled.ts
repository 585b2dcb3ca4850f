// Cron trigger (wrangler.toml [triggers]): VIP ends when a past-due grace period runs out, even
// if the member never comes back to trigger the read-time check.
import { createDb } from "../../db/client";
import { endExpiredGraces } from "../../db/payments";
import type { AppEnv } from "../../env";

export async function endExpiredVipGraces(controller: Pick<ScheduledController, "scheduledTime">, env: AppEnv) {
  const ended = await endExpiredGraces(createDb(env.DB), controller.scheduledTime);
  if (ended > 0) console.log(`payments: VIP ended for ${ended} member(s) whose payment grace period ran out`);
  return ended;
}
