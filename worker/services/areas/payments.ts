// VIP membership in the Worker: the VIP subscription as a kind of purchase (its events, through the
// payments core), and the hourly cron work: VIP ends when a past-due grace period or a gifted VIP
// runs out (worker/services/membership/).
import { endExpiredVipGraces } from "../membership/scheduled";
import { vipSubscriptions } from "../membership/purchase";
import { HOURLY_CRON, type WorkerArea } from "./area";

export const payments = {
  purchases: [vipSubscriptions],
  cron: [{ cron: HOURLY_CRON, name: "payments: ending VIP", run: ({ env, scheduledTime }) => endExpiredVipGraces({ scheduledTime }, env) }],
} satisfies WorkerArea;
