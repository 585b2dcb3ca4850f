// The notification centre's cron work (worker/services/notifications/scheduled.ts): every five
// minutes the meets about to start are announced, then broadcast pages that stalled are queued
// again; hourly, the renewal reminders and the daily digests.
import { FIVE_MINUTE_CRON, HOURLY_CRON, type WorkerArea } from "./area";

export const notifications = {
  cron: [
    {
      cron: FIVE_MINUTE_CRON,
      name: "notifications: meets starting soon",
      run: async ({ env, db, scheduledTime }) => (await import("../notifications/scheduled")).announceMeetsStartingSoon(env, db, scheduledTime),
    },
    {
      cron: FIVE_MINUTE_CRON,
      name: "notifications: fan-out sweep",
      run: async ({ env, db, scheduledTime }) => (await import("../notifications/fanout-sweeper")).sweepStalledFanOuts(env, db, scheduledTime),
    },
    {
      cron: HOURLY_CRON,
      name: "notifications: hourly work",
      run: async ({ env, db, scheduledTime }) => (await import("../notifications/scheduled")).hourlyNotifications(env, db, scheduledTime),
    },
  ],
} satisfies WorkerArea;
