// Nobody becomes VIP without a verified payment event: not through a profile edit, not through
// the result page, not through unknown fields on any payments route, not by a forged webhook.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { call, callLocal, createUser, db, errorOf } from "./helpers";
import { users } from "../../worker/db/schema/accounts";
import { isVip, newCustomerId, newSubscriptionId, postWebhook, subscriptionEvent } from "./payments-fixtures";

const VIP_FIELDS = [{ is_vip: true }, { isVIP: true }, { isVip: true }];

describe("VIP only through a verified payment event", () => {
  it("PATCH /api/profiles/me with an is_vip field does not make anyone VIP", async () => {
    const user = await createUser("user");
    for (const json of VIP_FIELDS) {
      const res = await call("/api/profiles/me", { method: "PATCH", json: { bio: "hi", ...json }, cookie: user.cookie });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    }
    expect(await isVip(user.id)).toBe(false);
  });

  it("signing up with an is_vip field is refused (400) and creates no account", async () => {
    const n = crypto.randomUUID().slice(0, 8);
    const email = `guard_${n}@example.com`;
    const res = await call("/api/auth/signup", {
      json: { username: `guard_${n}`, email, password: "secret123", confirmPassword: "secret123", is_vip: true, isVIP: true },
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
    expect(await db().select().from(users).where(eq(users.email, email)).limit(1).get()).toBeUndefined();
  });

  it("the result page's status endpoint grants nothing, whatever the query says", async () => {
    const user = await createUser("user");
    const checkout = await call("/api/payments/checkout", { json: {}, cookie: user.cookie });
    const sessionId = new URL((await checkout.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
    const res = await call(`/api/payments/checkout/${sessionId}/status?redirect_status=succeeded&payment_intent=pi_123&is_vip=true`, { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "pending",
      isVIP: false,
      tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
      plan: "monthly",
      amount: { cents: 999, currency: "USD" },
    });
    expect(await isVip(user.id)).toBe(false);
  });

  it("no payments route accepts a VIP field", async () => {
    const user = await createUser("user");
    for (const json of VIP_FIELDS) {
      const checkout = await call("/api/payments/checkout", { json, cookie: user.cookie });
      expect(checkout.status).toBe(400);
      expect((await errorOf(checkout)).code).toBe("invalid_input");
      // Routes without a body ignore one: a member with no membership has nothing to manage.
      const portal = await call("/api/payments/portal", { json, cookie: user.cookie });
      expect(portal.status).toBe(404);
      expect((await errorOf(portal)).code).toBe("no_membership");
      const resume = await callLocal("/api/payments/local/subscription/resume", { json, cookie: user.cookie });
      expect(resume.status).toBe(404);
      expect((await errorOf(resume)).code).toBe("no_membership");
    }
    for (const method of ["POST", "PUT", "PATCH"]) {
      const res = await call("/api/payments/membership", { method, json: { status: "active", isVIP: true }, cookie: user.cookie });
      expect(res.status).toBe(404);
    }
    expect(await isVip(user.id)).toBe(false);
  });

  it("an unsigned event posted to the webhook grants nothing, even with the member's cookie", async () => {
    const user = await createUser("user");
    const raw = JSON.stringify(subscriptionEvent("created", { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id }));
    const res = await call("/api/stripe/webhook", { method: "POST", body: raw, cookie: user.cookie, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect((await postWebhook(raw, "t=0,v1=00")).status).toBe(400);
    expect(await isVip(user.id)).toBe(false);
  });
});
