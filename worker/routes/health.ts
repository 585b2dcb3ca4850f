// GET /api/health: whether the Worker reaches what it needs, for uptime checks. D1 (the primary),
// R2 and a Durable Object, each with a time limit; 200 when all answer, 503 otherwise. It says
// which failed and how long each took, never an error's text.
import { Hono } from "hono";
import { requestMetrics } from "../durable-objects/RequestMetrics";
import type { HonoEnv } from "../types";
import type { AppEnv } from "../env";
import type { HealthResponse, HealthCheck } from "../contracts/health";

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

export const healthRoutes = new Hono<HonoEnv>().get("/", async (c) => {
  const [d1, r2, durableObject] = await Promise.all([
    check(() => healthProbes.d1(c.env)),
    check(() => healthProbes.r2(c.env)),
    check(() => healthProbes.durableObject(c.env)),
  ]);
  const ok = d1.ok && r2.ok && durableObject.ok;
  c.header("Cache-Control", "no-store");
  return c.json<HealthResponse>({ status: ok ? "ok" : "degraded", checks: { d1, r2, durableObject } }, ok ? 200 : 503);
});
