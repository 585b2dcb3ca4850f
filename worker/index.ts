import { app } from "./app";
import type { AppEnv } from "./env";
import { track, trackedContext } from "./lib/background-work";

export { FeedHub } from "./durable-objects/FeedHub";
export { StationHub } from "./durable-objects/StationHub";
export { ChatThread } from "./durable-objects/ChatThread";
export { AnalyticsBuffer } from "./durable-objects/AnalyticsBuffer";
export { PartyRoom } from "./durable-objects/PartyRoom";
export { RoomHub } from "./durable-objects/room/RoomHub";
export { RequestMetrics } from "./durable-objects/RequestMetrics";

const handler = {
  // Work left running after an answer is counted (lib/background-work.ts) as well as handed on.
  fetch: (request: Request, env: AppEnv, ctx: ExecutionContext) => app.fetch(request, env, trackedContext(ctx)),
  // The queues' consumers (wrangler.toml [[queues.consumers]]): notifications, campaigns, and what
  // failed every retry on either (their dead-letter queues, kept for the back office).
  queue: (batch, env, _ctx) => track(import("./queues").then(({ consume }) => consume(batch, env))),
  // Cron triggers (wrangler.toml [triggers]): the jobs the areas declare for the one that fired,
  // then the site's hourly housekeeping (services/cron.ts, loaded with the first cron event). The
  // context is Sentry's (its flush waits on it); the jobs await everything themselves.
  scheduled: async (controller, env, _ctx) => (await import("./services/cron")).runScheduled(controller, env),
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
