import { app } from "./app";
import type { AppEnv } from "./env";
import { endExpiredVipGraces } from "./services/payments/scheduled";

export { FeedHub } from "./durable-objects/FeedHub";

export default {
  fetch: app.fetch,
  // Cron trigger (wrangler.toml [triggers]): time-based housekeeping.
  scheduled: async (controller, env) => {
    await endExpiredVipGraces(controller, env);
  },
} satisfies ExportedHandler<AppEnv>;
