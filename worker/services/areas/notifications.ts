// The notification centre's cron work (worker/services/notifications/scheduled.ts): every five
// minutes the meets about to start are announced, then broadcast pages that stalled are queued
// again; hourly, the renewal reminders and the daily digests.
import { announceMeetsStartingSoon, hourlyNotifications } from "../notifications/scheduled";
import { sweepStalledFanOuts } from "../notifications/fanout-sweeper";
import { FIVE_MINUTE_CRON, HOURLY_CRON, type WorkerArea } from "./area";

export const notifications = {
  cron: [
    {
      cron: FIVE_MINUTE_CRON,
      name: "notifications: meets starting soon",
      run: ({ env, db, scheduledTime }) => announceMeetsStartingSoon(env, db, scheduledTime),
    },
    { cron: FIVE_MINUTE_CRON, name: "notifications: fan-out sweep", run: ({ env, db, scheduledTime }) => sweepStalledFanOuts(env, db, scheduledTime) },
    { cron: HOURLY_CRON, name: "notifications: hourly work", run: ({ env, db, scheduledTime }) => hourlyNotifications(env, db, scheduledTime) },
  ],
} satisfies WorkerArea;
