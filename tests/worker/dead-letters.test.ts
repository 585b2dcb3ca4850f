// Failed background jobs (decision 049): a message that failed every retry on its queue reaches the
// dead-letter queue's consumer, is stored once, and the back office lists it, sends it back to its
// queue or dismisses it; each handled once, audited, for administrators only.
import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import type { AppEnv } from "../../worker/env";
import type { DeadLetterListResponse, DeadLetterView } from "../../worker/contracts/dead-letters";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { NON_ADMIN_ROLES } from "./admin-gate-matrix";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/dead-letters";

async function deliver(queue: string, messages: { id: string; body: unknown; attempts?: number }[]) {
  const batch = createMessageBatch(
    queue,
    messages.map((m) => ({ id: m.id, body: m.body, attempts: m.attempts ?? 6, timestamp: Date.now() })),
  );
  const ctx = createExecutionContext();
  vi.spyOn(console, "error").mockImplementation(() => {});
  await worker.queue!(batch, env as unknown as AppEnv, ctx);
  return getQueueResult(batch, ctx);
}

const stored = (id: string) =>
  D1.prepare("SELECT * FROM dead_letters WHERE id = ?").bind(id).first<{ status: string; handled_by: string | null; queue: string }>();
const auditOf = (id: string) => D1.prepare("SELECT action FROM audit_log WHERE target_id = ? ORDER BY id").bind(id).all<{ action: string }>();
const list = async (admin: TestUser, status = "open") => (await call(`${API}?status=${status}`, { cookie: admin.cookie })).json<DeadLetterListResponse>();

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the dead-letter queues' consumer", () => {
  it("stores each message once, acks it, and keeps which queue it failed on", async () => {
    const id = crypto.randomUUID();
    const body = { type: "fanout", eventId: "evt-1", after: "u-9" };
    const first = await deliver("freestyle-lovers-notify-dlq", [{ id, body }]);
    expect(first.ackAll).toBe(true);
    await deliver("freestyle-lovers-notify-dlq", [{ id, body, attempts: 7 }]);
    const rows = await D1.prepare("SELECT queue, body, attempts, status FROM dead_letters WHERE id = ?").bind(id).all();
    expect(rows.results).toEqual([{ queue: "freestyle-lovers-notify", body: JSON.stringify(body), attempts: 6, status: "open" }]);
  });

  it("knows a deployed environment's queue by its name without the environment's prefix", async () => {
    const id = crypto.randomUUID();
    const body = { type: "send", campaignId: "c-staging" };
    expect((await deliver("staging--freestyle-lovers-campaigns-dlq", [{ id, body }])).ackAll).toBe(true);
    const rows = await D1.prepare("SELECT queue, body FROM dead_letters WHERE id = ?").bind(id).all();
    expect(rows.results).toEqual([{ queue: "freestyle-lovers-campaigns", body: JSON.stringify(body) }]);
  });

  it("drops a batch from a queue that is not one of ours, storing nothing", async () => {
    const id = crypto.randomUUID();
    expect((await deliver("someone-elses-dlq", [{ id, body: {} }])).ackAll).toBe(true);
    expect(await stored(id)).toBeNull();
  });
});

describe("/api/admin/dead-letters", () => {
  it("lists the open jobs with their kind and ids, never the raw body", async () => {
    const admin = await createUser("admin");
    const id = crypto.randomUUID();
    await deliver("freestyle-lovers-campaigns-dlq", [{ id, body: { type: "send", campaignId: "c-42", secret: "not shown" } }]);
    const res = await list(admin);
    const item = res.items.find((i) => i.id === id)!;
    expect(item).toMatchObject({ queue: "freestyle-lovers-campaigns", kind: "send", refs: { campaignId: "c-42" }, attempts: 6, status: "open" });
    expect(JSON.stringify(item)).not.toContain("not shown");
    expect(res.open).toBeGreaterThanOrEqual(1);
  });

  it("retry sends the job back to the queue it failed on, once, audited", async () => {
    const admin = await createUser("admin");
    const id = crypto.randomUUID();
    const body = { type: "fanout", eventId: "evt-retry", after: null };
    await deliver("freestyle-lovers-notify-dlq", [{ id, body }]);
    const sent = vi.spyOn(env as unknown as { NOTIFY_QUEUE: Queue }, "NOTIFY_QUEUE", "get");
    const queued: unknown[] = [];
    sent.mockReturnValue({ send: async (message: unknown) => void queued.push(message) } as unknown as Queue);
    const res = await call(`${API}/${id}/retry`, { method: "POST", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await res.json<DeadLetterView>()).status).toBe("retried");
    expect(queued).toEqual([body]);
    expect(await stored(id)).toMatchObject({ status: "retried", handled_by: admin.id });
    expect((await auditOf(id)).results).toEqual([{ action: "dead_letter.retry" }]);

    const again = await call(`${API}/${id}/retry`, { method: "POST", cookie: admin.cookie });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("dead_letter_already_handled");
    expect(queued).toHaveLength(1);
  });

  it("dismiss puts the job aside, audited; it leaves the open list", async () => {
    const admin = await createUser("admin");
    const id = crypto.randomUUID();
    await deliver("freestyle-lovers-notify-dlq", [{ id, body: { type: "push", eventId: "e" } }]);
    const res = await call(`${API}/${id}/dismiss`, { method: "POST", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await stored(id)).toMatchObject({ status: "dismissed", handled_by: admin.id });
    expect((await auditOf(id)).results).toEqual([{ action: "dead_letter.dismiss" }]);
    expect((await list(admin)).items.some((i) => i.id === id)).toBe(false);
    expect((await list(admin, "dismissed")).items.some((i) => i.id === id)).toBe(true);
  });

  it("answers an unknown job 404 and a bad status 400, changing nothing", async () => {
    const admin = await createUser("admin");
    const unknown = await call(`${API}/no-such-job/dismiss`, { method: "POST", cookie: admin.cookie });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("dead_letter_not_found");
    expect((await call(`${API}?status=everything`, { cookie: admin.cookie })).status).toBe(400);
  });

  it.each(NON_ADMIN_ROLES)("refuses a %s (%i %s) and changes nothing", async (role, status, code) => {
    const id = crypto.randomUUID();
    await deliver("freestyle-lovers-notify-dlq", [{ id, body: { type: "fanout" } }]);
    const cookie = role === "visitor" ? undefined : (await createUser(role)).cookie;
    for (const res of [
      await call(API, { cookie }),
      await call(`${API}/${id}/retry`, { method: "POST", cookie }),
      await call(`${API}/${id}/dismiss`, { method: "POST", cookie }),
    ]) {
      expect(res.status).toBe(status);
      expect((await errorOf(res)).code).toBe(code);
    }
    expect(await stored(id)).toMatchObject({ status: "open", handled_by: null });
  });
});
