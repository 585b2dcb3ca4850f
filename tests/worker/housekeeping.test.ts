import { createScheduledController, createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "../../worker/db/auth";
import { emailVerifications, loginThrottles, passwordResets, sessions, signInLinks } from "../../worker/db/schema/accounts";
import { rateLimits } from "../../worker/db/schema/operations";
import { call, createUser, db } from "./helpers";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

async function seedRows(userId: string, now: number) {
  const d = db();
  const at = (ms: number) => new Date(ms);
  await d.insert(sessions).values([
    { idHash: "live", userId, lastSeenAt: at(now - HOUR), expiresAt: at(now + DAY) },
    { idHash: "idle", userId, lastSeenAt: at(now - SESSION_IDLE_MS - HOUR), expiresAt: at(now + DAY) },
    { idHash: "expired", userId, lastSeenAt: at(now - HOUR), expiresAt: at(now - 1) },
  ]);
  await d.insert(passwordResets).values([
    { tokenHash: "open", userId, expiresAt: at(now + HOUR) },
    { tokenHash: "used-just-now", userId, expiresAt: at(now + HOUR), usedAt: at(now - HOUR) },
    { tokenHash: "used-long-ago", userId, expiresAt: at(now - 2 * DAY + HOUR), usedAt: at(now - 2 * DAY) },
    { tokenHash: "expired-long-ago", userId, expiresAt: at(now - 2 * DAY) },
  ]);
  await d.insert(signInLinks).values([
    { tokenHash: "link-open", userId, expiresAt: at(now + HOUR) },
    { tokenHash: "link-expired-today", userId, expiresAt: at(now - HOUR), usedAt: at(now - 2 * HOUR) },
    { tokenHash: "link-expired-long-ago", userId, expiresAt: at(now - 2 * DAY) },
  ]);
  await d.insert(emailVerifications).values([
    { tokenHash: "verify-open", userId, email: "a@example.com", expiresAt: at(now + DAY) },
    { tokenHash: "verify-expired-long-ago", userId, email: "a@example.com", expiresAt: at(now - 2 * DAY) },
  ]);
  await d.insert(loginThrottles).values([
    { email: "recent@example.com", failures: 12, lastFailureAt: at(now - HOUR), notBefore: at(now - HOUR) },
    { email: "quiet@example.com", failures: 30, lastFailureAt: at(now - 2 * DAY), notBefore: at(now - 2 * DAY) },
  ]);
  const second = Math.floor(now / 1000);
  await d.insert(rateLimits).values([
    { key: "login:ip:1", windowStart: second - 60, count: 3 },
    { key: "login:ip:1", windowStart: second - 2 * 86_400, count: 9 },
  ]);
}

describe("hourly housekeeping (scheduled handler)", () => {
  it("removes ended sessions, old reset, sign-in and verification links, closed rate-limit windows and quiet sign-in slowdowns, and keeps the rest", async () => {
    const user = await createUser("user");
    const now = Date.now();
    await seedRows(user.id, now);

    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "0 * * * *" }), env, createExecutionContext());

    const d = db();
    const sessionIds = (await d.select({ id: sessions.idHash }).from(sessions).where(eq(sessions.userId, user.id))).map((r) => r.id);
    expect(sessionIds).toContain("live");
    expect(sessionIds).not.toContain("idle");
    expect(sessionIds).not.toContain("expired");
    const resetIds = (await d.select({ id: passwordResets.tokenHash }).from(passwordResets)).map((r) => r.id).sort();
    expect(resetIds).toEqual(["open", "used-just-now"]);
    const windows = await d.select().from(rateLimits).where(eq(rateLimits.key, "login:ip:1"));
    expect(windows.map((w) => w.count)).toEqual([3]);
    expect((await d.select({ id: signInLinks.tokenHash }).from(signInLinks)).map((r) => r.id).sort()).toEqual(["link-expired-today", "link-open"]);
    expect((await d.select({ id: emailVerifications.tokenHash }).from(emailVerifications)).map((r) => r.id)).toEqual(["verify-open"]);
    expect((await d.select({ email: loginThrottles.email }).from(loginThrottles)).map((r) => r.email)).toEqual(["recent@example.com"]);
  });

  it("leaves the signed-in member signed in", async () => {
    const user = await createUser("user");
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "0 * * * *" }), env, createExecutionContext());
    const res = await call("/api/auth/me", { cookie: user.cookie });
    expect((await res.json<{ user: { id: string } | null }>()).user?.id).toBe(user.id);
  });

  it("ends a session once its absolute lifetime is over, even if it was used recently", async () => {
    const user = await createUser("user");
    await worker.scheduled(
      createScheduledController({ scheduledTime: Date.now() + SESSION_ABSOLUTE_MS + HOUR, cron: "0 * * * *" }),
      env,
      createExecutionContext(),
    );
    const left = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toEqual([]);
  });
});
