// The remix contests in the Worker (decision 184): every five minutes, contests whose voting ended
// get their results, once; then contests that opened or got their results since get the artist's
// feed post, once each. Every hour, entry uploads in parts idle for a day are given up and their
// stored parts aborted, as the folder import's are, and entries whose streaming copy waited long are
// queued again (decision 195); each job's module loads on its first run, not with the Worker.
import { FIVE_MINUTE_CRON, HOURLY_CRON, type WorkerArea } from "./area";

export const contests = {
  cron: [
    {
      cron: FIVE_MINUTE_CRON,
      name: "contests: results",
      run: async ({ env, db, scheduledTime }) => (await import("../contests/results")).settleContests(env, db, scheduledTime),
    },
    {
      cron: FIVE_MINUTE_CRON,
      name: "contests: feed posts",
      run: async ({ env, db, scheduledTime }) => (await import("../contests/feed-posts")).postContestNews(env, db, scheduledTime),
    },
    {
      cron: HOURLY_CRON,
      name: "contests: streaming copies catch-up",
      run: async ({ env, scheduledTime }) => (await import("../contests/entry-stream")).queuePendingEntryStreams(env, scheduledTime),
    },
    {
      cron: HOURLY_CRON,
      name: "contests: stale entry uploads",
      run: async ({ env, db, scheduledTime }) => (await import("../contests/entry-upload")).expireStaleUploads(env, db, scheduledTime),
    },
  ],
} satisfies WorkerArea;
