// Observability: one JSON log line per request without personal data, /api/health over D1, R2 and
// a Durable Object, and the Overview's last hour (requests, error share, p95) from RequestMetrics.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { app } from "../../worker/app";
import { HEALTH_MEMO_MS, healthProbes } from "../../worker/routes/health";
import { summarize, emptyMinute, countRequest } from "../../worker/lib/request-stats";
import type { RequestLogLine } from "../../worker/middleware/request-log";
import type { HealthResponse } from "../../worker/contracts/health";
import type { OverviewResponse } from "../../worker/contracts/admin/analytics";
import { createUser, ORIGIN, useFreshClientIp } from "./helpers";

async function send(path: string, { cookie, vars = {} }: { cookie?: string; vars?: Record<string, string> } = {}) {
  const headers = new Headers({ "cf-connecting-ip": useFreshClientIp() });
  if (cookie) headers.set("cookie", cookie);
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(ORIGIN + path, { headers }), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The request log's lines printed while `run` ran. */
async function loggedLines(run: () => Promise<unknown>): Promise<RequestLogLine[]> {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  await run();
  const lines = log.mock.calls.map(([first]) => String(first)).filter((text) => text.startsWith('{"t":"request"'));
  log.mockRestore();
  return lines.map((text) => JSON.parse(text) as RequestLogLine);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the request log", () => {
  it("writes one line per request: route pattern, status, duration, trips, cache, role; nothing personal", async () => {
    const member = await createUser("vip", { email: "someone.private@example.com" });
    const lines = await loggedLines(async () => {
      await send("/api/music/albums/moonlight-boulevard?email=someone.private%40example.com", { vars: { REQUEST_LOG: "on" } });
      await send("/api/auth/me", { cookie: member.cookie, vars: { REQUEST_LOG: "on" } });
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ t: "request", method: "GET", route: "/api/music/albums/:id", status: 200, role: "visitor" });
    expect(lines[0]!.d1).toMatchObject({ primary: 0 });
    expect(lines[1]).toMatchObject({ route: "/api/auth/me", status: 200, role: "vip", d1: { primary: 1, replica: 0 } });
    for (const line of lines) expect(typeof line.ms).toBe("number");
    const text = JSON.stringify(lines);
    for (const secret of ["someone.private", member.id, member.username, "198.18.", "moonlight-boulevard", "email="]) expect(text).not.toContain(secret);
  });

  it("logs a request that failed with 500 too", async () => {
    const lines = await loggedLines(() => send("/api/health", { vars: { REQUEST_LOG: "on", APP_ENV: "nonsense" } }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status: 500 });
  });

  it("stays quiet in the tests unless asked", async () => {
    expect(await loggedLines(() => send("/api/config"))).toEqual([]);
  });
});

describe("GET /api/health", () => {
  it("answers 200 when D1, R2 and a Durable Object answer", async () => {
    const res = await send("/api/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json<HealthResponse>();
    expect(body.status).toBe("ok");
    // Named, so an answer that lost a check (or all of them) fails here.
    expect(Object.keys(body.checks).sort()).toEqual(["d1", "durableObject", "r2"]);
    for (const name of ["d1", "r2", "durableObject"] as const) expect(body.checks[name]).toMatchObject({ ok: true });
  });

  it("answers 503 naming the part that failed, without its error text", async () => {
    vi.spyOn(healthProbes, "r2").mockRejectedValue(new Error("bucket secret-name is gone"));
    const res = await send("/api/health");
    expect(res.status).toBe(503);
    const body = await res.json<HealthResponse>();
    expect(body.status).toBe("degraded");
    expect(body.checks.r2).toMatchObject({ ok: false, error: "unavailable" });
    expect(body.checks.d1.ok).toBe(true);
    expect(JSON.stringify(body)).not.toContain("secret-name");
  });
});

describe("GET /api/health under load", () => {
  afterEach(() => vi.useRealTimers());

  // A request never awaits another request's checks (workerd cancels I/O with the request that
  // started it): the first answer is kept, and every request after it within the window reads it.
  it(`runs each check once for any number of requests within ${HEALTH_MEMO_MS / 1000} s after the first, then again`, async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const d1 = vi.spyOn(healthProbes, "d1");
    const r2 = vi.spyOn(healthProbes, "r2");
    const durableObject = vi.spyOn(healthProbes, "durableObject");
    expect((await send("/api/health")).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 50 }, () => send("/api/health")));
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect([d1.mock.calls.length, r2.mock.calls.length, durableObject.mock.calls.length]).toEqual([1, 1, 1]);

    vi.setSystemTime(Date.now() + HEALTH_MEMO_MS - 1);
    expect((await send("/api/health")).status).toBe(200);
    expect(d1).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 2);
    expect((await send("/api/health")).status).toBe(200);
    expect([d1.mock.calls.length, r2.mock.calls.length, durableObject.mock.calls.length]).toEqual([2, 2, 2]);
  });
});

describe("the Overview's last hour", () => {
  it("counts requests, 5xx and the p95 bucket", () => {
    const minute = emptyMinute(1);
    for (let i = 0; i < 95; i++) countRequest(minute, 200, 20);
    for (let i = 0; i < 5; i++) countRequest(minute, 503, 900);
    expect(summarize([minute])).toEqual({ requests: 100, errorRate: 0.05, p95Ms: 25 });
    countRequest(minute, 200, 900);
    expect(summarize([minute]).p95Ms).toBe(1000);
    expect(summarize([])).toEqual({ requests: 0, errorRate: 0, p95Ms: null });
  });

  it("shows admins the requests of the last hour, failures included; others may not read it", async () => {
    const admin = await createUser("admin");
    const before = (await (await send("/api/admin/overview", { cookie: admin.cookie })).json<OverviewResponse>()).health;
    await send("/api/config");
    await send("/api/health", { vars: { APP_ENV: "nonsense" } }); // a 500
    const after = (await (await send("/api/admin/overview", { cookie: admin.cookie })).json<OverviewResponse>()).health;
    // This isolate's counts are handed over before the Overview reads them: the three requests
    // above (the first Overview, the config, the 500) are all in.
    expect(after.requests - before.requests).toBe(3);
    expect(after.errorRate).toBeGreaterThan(0);
    expect(after.p95Ms).not.toBeNull();

    expect((await send("/api/admin/overview")).status).toBe(401);
    expect((await send("/api/admin/overview", { cookie: (await createUser("user")).cookie })).status).toBe(403);
    expect((await send("/api/admin/overview", { cookie: (await createUser("vip")).cookie })).status).toBe(403);
  });
});
