// One JSON line per request (Workers Logs, `[observability]` in wrangler.toml): the route pattern,
// status, duration, D1 trips, what the edge cache did, the kind of member and the location. Never
// personal data: no address, no id, no e-mail, no query string, no user agent. The same request
// is counted into this isolate's per-minute figures, handed to RequestMetrics every few seconds
// for the back office's last-hour error rate and p95 latency.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import { countRequest, emptyMinute, minuteOf, type MinuteStats } from "../lib/request-stats";
import { requestMetrics } from "../services/realtime/request-metrics";
import type { AppEnv } from "../env";
import type { HonoEnv } from "../types";

/** How often an isolate hands its figures over, at most. */
export const REQUEST_STATS_FLUSH_MS = 10_000;

export type RequestLogLine = {
  t: "request";
  method: string;
  route: string;
  status: number;
  ms: number;
  d1: { primary: number; replica: number } | null;
  cache: string | null;
  role: "visitor" | "member" | "vip" | "admin";
  colo: string | null;
};

const pending = new Map<number, MinuteStats>();
let lastFlushAt = 0;

/** Hands this isolate's counted minutes to RequestMetrics; they are counted again if that fails. */
export async function flushRequestStats(env: AppEnv, now = Date.now()): Promise<void> {
  lastFlushAt = now;
  if (pending.size === 0) return;
  const minutes = [...pending.values()];
  pending.clear();
  try {
    await requestMetrics(env).record(minutes);
  } catch (err) {
    console.error("request stats: handing over failed", err);
  }
}

/** The pattern of the handler that answered (after next(), the route index is the last one run). */
function routeOf(c: Context<HonoEnv>): string {
  const pattern = c.get("answeredBy") ?? routePath(c);
  return pattern && pattern !== "*" && pattern !== "/*" ? pattern : "(page or not found)";
}

function roleOf(c: Context<HonoEnv>): RequestLogLine["role"] {
  const user = c.get("user");
  if (!user) return "visitor";
  return user.isAdmin ? "admin" : user.isVIP ? "vip" : "member";
}

export const requestLog = createMiddleware<HonoEnv>(async (c, next) => {
  const started = Date.now();
  let status = 500;
  try {
    await next();
    status = c.res.status;
  } finally {
    const ms = Date.now() - started;
    const trips = c.get("d1Trips");
    const line: RequestLogLine = {
      t: "request",
      method: c.req.method,
      route: routeOf(c),
      status,
      ms,
      d1: trips ? { primary: trips.primary, replica: trips.replica } : null,
      cache: c.get("edgeCache") ?? null,
      role: roleOf(c),
      colo: (c.req.raw.cf?.colo as string | undefined) ?? null,
    };
    if (c.env.APP_ENV !== "test" || c.env.REQUEST_LOG === "on") console.log(JSON.stringify(line));
    const minute = minuteOf(started);
    const stats = pending.get(minute) ?? emptyMinute(minute);
    pending.set(minute, stats);
    countRequest(stats, status, ms);
    if (started - lastFlushAt >= REQUEST_STATS_FLUSH_MS) {
      try {
        c.executionCtx.waitUntil(flushRequestStats(c.env, started));
      } catch {
        // No execution context (a unit call of app.fetch): the next request hands them over.
      }
    }
  }
});
