// How the Worker reaches the request figures of the last hour (durable-objects/RequestMetrics.ts).
import type { AppEnv } from "../../env";

/** One object: it takes a call per isolate every few seconds. */
export const requestMetrics = (env: AppEnv) => env.REQUEST_METRICS.get(env.REQUEST_METRICS.idFromName("request-metrics"));
