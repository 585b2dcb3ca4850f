// The cron handler's work (wrangler.toml [triggers], `scheduled` in worker/index.ts): the areas'
// jobs for the trigger that fired (worker/services/areas/), then the site's own hourly
// housekeeping. Each job's failure is logged and the next job runs: one bad step must not stop
// the rest.
import type { AppEnv } from "../env";
import { createDb } from "../db/client";
import { purgeStaleRows } from "../db/housekeeping";
import { takeAbandonedImages } from "../db/feed";
import { rollupAnalytics } from "../db/analytics/analytics";
import { AREA_CRON_JOBS } from "./areas";
import { FIVE_MINUTE_CRON, HOURLY_CRON, type CronJob, type CronWork } from "./areas/area";

/** An image uploaded for a post is kept this long for the post to take it. */
const ABANDONED_IMAGE_MS = 60 * 60 * 1000;
/** R2 deletes at most this many keys in one call. */
const R2_DELETE_BATCH = 1000;

async function housekeeping({ env, db, scheduledTime }: CronWork): Promise<void> {
  const purged = await purgeStaleRows(db, scheduledTime);
  // Images uploaded for a post that was never written: the rows first, then their R2 objects.
  const abandoned = await takeAbandonedImages(db, scheduledTime, ABANDONED_IMAGE_MS);
  for (let i = 0; i < abandoned.length; i += R2_DELETE_BATCH) await env.MEDIA.delete(abandoned.slice(i, i + R2_DELETE_BATCH));
  console.log(
    `housekeeping: removed ${purged.sessions} sessions, ${purged.passwordResets} reset links, ${purged.links} sign-in and verification links, ${purged.rateLimits} rate-limit windows, ${purged.loginThrottles} sign-in slowdowns, ${purged.mailDeliveries} mail report ids, ${purged.botCheckTokens} spent bot check tokens, ${abandoned.length} unused post images`,
  );
}

async function analyticsRollup({ db, scheduledTime }: CronWork): Promise<void> {
  const analytics = await rollupAnalytics(db, scheduledTime);
  console.log(`analytics: rolled up ${analytics.days.join(", ")}; removed ${analytics.deletedViews} page views past retention`);
}

/** Every job: the areas', then the site's own, no area's (expired rows and files, the analytics rollup). */
export const CRON_JOBS: readonly CronJob[] = [
  ...AREA_CRON_JOBS,
  { cron: HOURLY_CRON, name: "housekeeping", run: housekeeping },
  { cron: HOURLY_CRON, name: "analytics: rollup", run: analyticsRollup },
];

/** Runs `cron`'s jobs in order, each failure logged as "<name> failed". */
export async function runCronJobs(jobs: readonly CronJob[], cron: string, work: CronWork): Promise<void> {
  for (const job of jobs) {
    if (job.cron !== cron) continue;
    try {
      await job.run(work);
    } catch (err) {
      console.error(`${job.name} failed`, err);
    }
  }
}

/** The fired trigger's jobs; any other than the five-minute one (a run by hand included) is the hourly one. */
export function runScheduled(controller: Pick<ScheduledController, "cron" | "scheduledTime">, env: AppEnv): Promise<void> {
  const cron = controller.cron === FIVE_MINUTE_CRON ? FIVE_MINUTE_CRON : HOURLY_CRON;
  return runCronJobs(CRON_JOBS, cron, { env, db: createDb(env.DB), scheduledTime: controller.scheduledTime });
}
