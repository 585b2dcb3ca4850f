// GET /api/health's answer.
export type HealthCheck = { ok: boolean; ms: number; error?: "timeout" | "unavailable" };

export type HealthResponse = {
  status: "ok" | "degraded";
  checks: { d1: HealthCheck; r2: HealthCheck; durableObject: HealthCheck };
};

/** The last hour's requests as the back office's Overview shows them (RequestMetrics). */
export type RequestHealth = { requests: number; errorRate: number; p95Ms: number | null };
