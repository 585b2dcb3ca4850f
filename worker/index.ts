import { app } from "./app";
import type { AppEnv } from "./env";
import { endExpiredVipGraces } from "./services/payments/scheduled";
import { createDb } from "./db/client";
import { purgeStaleRows } from "./db/housekeeping";

export { FeedHub } from "./durable-objects/FeedHub";

export default {
  fetch: app.fetch,
  // Cron trigger (wrangler.toml [triggers]): time-based housekeeping.
  scheduled: async (controller, env) => {
    await endExpiredVipGraces(controller, env);
    const purged = await purgeStaleRows(createDb(env.DB), controller.scheduledTime);
    console.log(`housekeeping: removed ${purged.sessions} sessions, ${purged.passwordResets} reset links, ${purged.rateLimits} rate-limit windows`);
  },
} satisfies ExportedHandler<AppEnv>;
