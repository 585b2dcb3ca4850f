// Nobody becomes VIP without a verified payment event: not through a profile edit, not through
// the result page, not through unknown fields on any payments route, not by a forged webhook.
import { describe, expect, it } from "vitest";
import { call, createUser } from "./helpers";
import { isVip, newCustomerId, newSubscriptionId, postWebhook, subscriptionEvent } from "./payments-fixtures";

const VIP_FIELDS = [{ is_vip: true }, { isVIP: true }, { isVip: true }];

describe("VIP only through a verified payment event", () => {
  it("PATCH /api/profiles/me with an is_vip field does not make anyone VIP", async () => {
    const user = await createUser("user");
    for (const json of VIP_FIELDS) {
      const res = await call("/api/profiles/me", { method: "PATCH", json: { bio: "hi", ...json }, cookie: user.cookie });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await isVip(user.id)).toBe(false);
  });

  it("signing up with an is_vip field does not create a VIP", async () => {
    const n = crypto.randomUUID().slice(0, 8);
    const res = await call("/api/auth/signup", {
      json: { username: `guard_${n}`, email: `guard_${n}@example.com`, password: "secret123", confirmPassword: "secret123", is_vip: true, isVIP: true },
    });
    if (res.status === 201) {
      const { user } = await res.json<{ user: { id: string; isVIP: boolean } }>();
      expect(user.isVIP).toBe(false);
      expect(await isVip(user.id)).toBe(false);
    } else {
      expect(res.status).toBe(400);
    }
  });

  it("the result page's status endpoint grants nothing, whatever the query says", async () => {
    const user = await createUser("user");
    const checkout = await call("/api/payments/checkout", { json: {}, cookie: user.cookie });
    const sessionId = new URL((await checkout.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
    const res = await call(`/api/payments/checkout/${sessionId}/status?redirect_status=succeeded&payment_intent=pi_123&is_vip=true`, { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "pending", isVIP: false });
    expect(await isVip(user.id)).toBe(false);
  });

  it("no payments route accepts a VIP field", async () => {
    const user = await createUser("user");
    for (const json of VIP_FIELDS) {
      expect((await call("/api/payments/checkout", { json, cookie: user.cookie })).status).toBe(400);
      // Routes without a body ignore one; either way nothing changes.
      await call("/api/payments/portal", { json, cookie: user.cookie });
      await call("/api/payments/local/subscription/resume", { json, cookie: user.cookie });
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
