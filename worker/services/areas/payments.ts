// VIP membership's cron work, hourly: VIP ends when a past-due grace period or a gifted VIP runs out
// (worker/services/payments/scheduled.ts).
import { endExpiredVipGraces } from "../payments/scheduled";
import { HOURLY_CRON, type WorkerArea } from "./area";

export const payments = {
  cron: [{ cron: HOURLY_CRON, name: "payments: ending VIP", run: ({ env, scheduledTime }) => endExpiredVipGraces({ scheduledTime }, env) }],
} satisfies WorkerArea;
