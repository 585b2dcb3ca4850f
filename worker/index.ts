import { app } from "./app";
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
import { track, trackedContext } from "./lib/background-work";
import { logicalQueueName } from "./lib/queue-names";

/** An image uploaded for a post is kept this long for the post to take it. */
const ABANDONED_IMAGE_MS = 60 * 60 * 1000;
/** R2 deletes at most this many keys in one call. */
const R2_DELETE_BATCH = 1000;

export { FeedHub } from "./durable-objects/FeedHub";
export { StationHub } from "./durable-objects/StationHub";
export { ChatThread } from "./durable-objects/ChatThread";
export { AnalyticsBuffer } from "./durable-objects/AnalyticsBuffer";
export { PartyRoom } from "./durable-objects/PartyRoom";
export { RequestMetrics } from "./durable-objects/RequestMetrics";

/** The queues (wrangler.toml), by their names without an environment's prefix; a queue's dead-letter queue is its name with "-dlq". */
const NOTIFY_QUEUE_NAME = "freestyle-lovers-notify";
const CAMPAIGN_QUEUE_NAME = "freestyle-lovers-campaigns";

function consume(batch: MessageBatch, env: AppEnv): Promise<void> {
  const queue = logicalQueueName(batch.queue);
  if (queue === CAMPAIGN_QUEUE_NAME) return campaignQueue(batch as MessageBatch<CampaignMessage | TicketJobMessage>, env);
  if (queue === NOTIFY_QUEUE_NAME) return notificationQueue(batch as MessageBatch<NotificationMessage>, env);
  return deadLetterQueue(batch, env);
}

const handler = {
  // Work left running after an answer is counted (lib/background-work.ts) as well as handed on.
  fetch: (request: Request, env: AppEnv, ctx: ExecutionContext) => app.fetch(request, env, trackedContext(ctx)),
  // The queues' consumers (wrangler.toml [[queues.consumers]]): notifications, campaigns, and what
  // failed every retry on either (their dead-letter queues, kept for the back office).
  queue: (batch, env, _ctx) => track(consume(batch, env)),
  // Cron triggers (wrangler.toml [triggers]): every 5 minutes the meets about to start are
  // announced and broadcast pages that stalled are queued again; hourly ("0 * * * *"), the time-based housekeeping below.
  // The context is Sentry's (its flush waits on it); the work below awaits everything itself.
  scheduled: async (controller, env, _ctx) => {
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
  },
} satisfies ExportedHandler<AppEnv>;

// Errors go to Sentry when its DSN secret is set, and nowhere otherwise; the SDK's defaults send no
// personal data (no addresses, cookies or bodies), and no performance traces are taken.
const sentryOptions = (env: AppEnv) => (env.SENTRY_DSN ? { dsn: env.SENTRY_DSN, environment: env.APP_ENV, tracesSampleRate: 0 } : undefined);

/**
 * The SDK loads with the first request of an isolate that has a DSN (an isolate's env never
 * changes): without one, nothing of Sentry is compiled at start-up (decision 075). withSentry
 * instruments the object it is given, so it gets a copy.
 */
let sentried: Promise<typeof handler> | undefined;
function withSentryWhenConfigured(env: AppEnv): typeof handler | Promise<typeof handler> {
  if (!env.SENTRY_DSN) return handler;
  sentried ??= import("@sentry/cloudflare").then(({ withSentry }) => withSentry(sentryOptions, { ...handler }));
  return sentried;
}

export default {
  fetch: async (request: Request, env: AppEnv, ctx: ExecutionContext) => (await withSentryWhenConfigured(env)).fetch(request, env, ctx),
  queue: async (batch: MessageBatch, env: AppEnv, ctx: ExecutionContext) => (await withSentryWhenConfigured(env)).queue(batch, env, ctx),
  scheduled: async (controller: ScheduledController, env: AppEnv, ctx: ExecutionContext) =>
    (await withSentryWhenConfigured(env)).scheduled(controller, env, ctx),
} satisfies ExportedHandler<AppEnv>;
