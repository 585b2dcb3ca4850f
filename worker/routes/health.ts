// GET /api/health: whether the Worker reaches what it needs, for uptime checks. D1 (the primary),
// R2 and a Durable Object, each with a time limit; 200 when all answer, 503 otherwise. It says
// which failed and how long each took, never an error's text. One round of checks answers every
// request for a few seconds.
import { Hono } from "hono";
import { requestMetrics } from "../services/realtime/request-metrics";
import type { HonoEnv } from "../types";
import type { AppEnv } from "../env";
import type { HealthResponse, HealthCheck } from "#contracts/health.ts";
import { remember } from "../lib/memo";

const CHECK_TIMEOUT_MS = 2_000;

/** Replaceable by tests, to see a failing dependency answered as one. */
export const healthProbes = {
  d1: (env: AppEnv) => env.DB.prepare("SELECT 1").first(),
  r2: (env: AppEnv) => env.MEDIA.head("health-check"),
  durableObject: (env: AppEnv) => requestMetrics(env).ping(),
};

async function check(probe: () => Promise<unknown>): Promise<HealthCheck> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), CHECK_TIMEOUT_MS)));
  try {
    const outcome = await Promise.race([probe().then(() => "ok" as const), timeout]);
    return { ok: outcome === "ok", ms: Date.now() - started, ...(outcome === "timeout" ? { error: "timeout" as const } : {}) };
  } catch {
    return { ok: false, ms: Date.now() - started, error: "unavailable" };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * How long one round of checks answers every caller in this isolate: uptime monitors ask every
 * few seconds at most, and nobody can make the Worker read D1, R2 and a Durable Object per request.
 */
export const HEALTH_MEMO_MS = 5_000;

async function runChecks(env: AppEnv) {
  const [d1, r2, durableObject] = await Promise.all([
    check(() => healthProbes.d1(env)),
    check(() => healthProbes.r2(env)),
    check(() => healthProbes.durableObject(env)),
  ]);
  return { d1, r2, durableObject };
}

export const healthRoutes = new Hono<HonoEnv>().get("/", async (c) => {
  const { d1, r2, durableObject } = await remember("health", HEALTH_MEMO_MS, () => runChecks(c.env));
  const ok = d1.ok && r2.ok && durableObject.ok;
  c.header("Cache-Control", "no-store");
  return c.json<HealthResponse>({ status: ok ? "ok" : "degraded", checks: { d1, r2, durableObject } }, ok ? 200 : 503);
});
