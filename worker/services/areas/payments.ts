// VIP membership's cron work, hourly: VIP ends when a past-due grace period or a gifted VIP runs out
// (worker/services/payments/scheduled.ts).
import { HOURLY_CRON, type WorkerArea } from "./area";

export const payments = {
  cron: [
    {
      cron: HOURLY_CRON,
      name: "payments: ending VIP",
      run: async ({ env, scheduledTime }) => (await import("../payments/scheduled")).endExpiredVipGraces({ scheduledTime }, env),
    },
  ],
} satisfies WorkerArea;
