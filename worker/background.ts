// The Worker's work outside requests: the queues' consumers and the cron triggers' passes. Loaded
// with the first batch or cron event of an isolate (worker/index.ts), never at start-up.
import type { AppEnv } from "./env";
import { endExpiredVipGraces } from "./services/payments/scheduled";
import { expireStaleStoreCheckouts } from "./services/store/scheduled";
import { createDb } from "./db/client";
import { purgeStaleRows } from "./db/housekeeping";
import { takeAbandonedImages } from "./db/feed";
import { rollupAnalytics } from "./db/analytics";
import { notificationQueue, type NotificationMessage } from "./services/notifications";
import { campaignQueue, type CampaignMessage } from "./services/newsletter/campaigns";
import type { TicketJobMessage } from "./services/tickets/cancellation";
import { newsletterEveryFiveMinutes } from "./services/newsletter/scheduled";
import { announceMeetsStartingSoon, hourlyNotifications, MEETS_CRON } from "./services/notifications/scheduled";
import { sweepStalledFanOuts } from "./services/notifications/fanout-sweeper";
import { runReminderPass } from "./services/reminders/pass";
import { runNotifyPass } from "./services/notify-me/pass";
import { deadLetterQueue } from "./services/dead-letters";
import { logicalQueueName } from "./lib/queue-names";

/** An image uploaded for a post is kept this long for the post to take it. */
const ABANDONED_IMAGE_MS = 60 * 60 * 1000;
/** R2 deletes at most this many keys in one call. */
const R2_DELETE_BATCH = 1000;

/** The queues (wrangler.toml), by their names without an environment's prefix; a queue's dead-letter queue is its name with "-dlq". */
const NOTIFY_QUEUE_NAME = "freestyle-lovers-notify";
const CAMPAIGN_QUEUE_NAME = "freestyle-lovers-campaigns";

export function consume(batch: MessageBatch, env: AppEnv): Promise<void> {
  const queue = logicalQueueName(batch.queue);
  if (queue === CAMPAIGN_QUEUE_NAME) return campaignQueue(batch as MessageBatch<CampaignMessage | TicketJobMessage>, env);
  if (queue === NOTIFY_QUEUE_NAME) return notificationQueue(batch as MessageBatch<NotificationMessage>, env);
  return deadLetterQueue(batch, env);
}

// Cron triggers (wrangler.toml [triggers]): every 5 minutes the meets about to start are
// announced and broadcast pages that stalled are queued again; hourly ("0 * * * *"), the time-based housekeeping below.
export async function runScheduled(controller: ScheduledController, env: AppEnv): Promise<void> {
  const db = createDb(env.DB);
  if (controller.cron === MEETS_CRON) {
    await announceMeetsStartingSoon(env, db, controller.scheduledTime);
    await sweepStalledFanOuts(env, db, controller.scheduledTime).catch((err: unknown) => console.error("notifications: fan-out sweep failed", err));
    await runReminderPass(env, db, controller.scheduledTime).catch((err: unknown) => console.error("reminders: pass failed", err));
    await runNotifyPass(env, db, controller.scheduledTime).catch((err: unknown) => console.error("notify-me: pass failed", err));
    await newsletterEveryFiveMinutes(env, db, controller.scheduledTime);
    await expireStaleStoreCheckouts(env, controller.scheduledTime).catch((err: unknown) => console.error("store: checkout sweep failed", err));
    return;
  }
  await endExpiredVipGraces(controller, env);
  await hourlyNotifications(env, db, controller.scheduledTime);
  const purged = await purgeStaleRows(db, controller.scheduledTime);
  // Images uploaded for a post that was never written: the rows first, then their R2 objects.
  const abandoned = await takeAbandonedImages(db, controller.scheduledTime, ABANDONED_IMAGE_MS);
  for (let i = 0; i < abandoned.length; i += R2_DELETE_BATCH) await env.MEDIA.delete(abandoned.slice(i, i + R2_DELETE_BATCH));
  const analytics = await rollupAnalytics(db, controller.scheduledTime);
  console.log(`analytics: rolled up ${analytics.days.join(", ")}; removed ${analytics.deletedViews} page views past retention`);
  console.log(
    `housekeeping: removed ${purged.sessions} sessions, ${purged.passwordResets} reset links, ${purged.links} sign-in and verification links, ${purged.rateLimits} rate-limit windows, ${purged.loginThrottles} sign-in slowdowns, ${purged.mailDeliveries} mail report ids, ${abandoned.length} unused post images`,
  );
}
