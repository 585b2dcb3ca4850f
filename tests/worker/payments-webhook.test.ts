// POST /api/stripe/webhook and the fulfilment behind it: signatures, exactly-once, any order,
// the past-due grace period, and what VIP follows.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { eq } from "drizzle-orm";
import { sha256Hex } from "../../worker/lib/crypto";
import { call, createUser, db, errorOf } from "./helpers";
import { paymentEvents } from "../../worker/db/schema/vip";
import {
  DAY_MS,
  checkoutCompletedEvent,
  checkoutRow,
  customerOf,
  deliver,
  event,
  eventRecorded,
  invoiceEvent,
  isVip,
  newCustomerId,
  newSubscriptionId,
  paymentStateOf,
  postWebhook,
  signatureFor,
  subscribeViaEvents,
  subscriptionEvent,
  subscriptionRow,
} from "./payments-fixtures";

const HOUR_MS = 60 * 60 * 1000;

describe("verified events without a usable envelope", () => {
  async function deliverRaw(payload: unknown) {
    const raw = JSON.stringify(payload);
    return postWebhook(raw, await signatureFor(raw));
  }

  it.each([
    ["without an id", (sub: ReturnType<typeof subscriptionEvent>) => ({ ...sub, id: undefined })],
    ["without data", (sub: ReturnType<typeof subscriptionEvent>) => ({ ...sub, data: undefined })],
    ["with data.object null", (sub: ReturnType<typeof subscriptionEvent>) => ({ ...sub, data: { object: null } })],
    ["with a non-numeric created", (sub: ReturnType<typeof subscriptionEvent>) => ({ ...sub, created: "yesterday" })],
    ["with a numeric type", (sub: ReturnType<typeof subscriptionEvent>) => ({ ...sub, type: 42 })],
  ])("acknowledges an event %s (200 ignored), records it and changes nothing", async (_label, damage) => {
    const user = await createUser("user");
    const good = subscriptionEvent("created", { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id });
    const before = await paymentStateOf(user.id);
    const damaged = damage(good);
    const res = await deliverRaw(damaged);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "ignored" });
    expect(await paymentStateOf(user.id)).toEqual(before);
    // Recorded under its own id, or (having none) under one derived from its content.
    const id = damaged.id ?? `malformed:${await sha256Hex(JSON.stringify(damaged))}`;
    const row = await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, id)).limit(1).get();
    expect(row?.type).toBe(typeof damaged.type === "string" ? damaged.type : "unknown");
  });

  it("records a malformed event once, however often it is delivered", async () => {
    const user = await createUser("user");
    const good = subscriptionEvent("created", { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id });
    const bad = { ...good, created: "not a number" };
    for (let i = 0; i < 3; i++) expect((await deliverRaw(bad)).status).toBe(200);
    expect(await eventRecorded(good.id)).toBe(true);
    const rows = await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, good.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.type).toBe("customer.subscription.created");
    expect(await isVip(user.id)).toBe(false);
  });

  it("answers a signed body that is not even an object with 200 ignored", async () => {
    for (const payload of [[], "event", 42, null]) {
      const res = await deliverRaw(payload);
      expect(res.status).toBe(200);
      expect((await res.json<{ outcome: string }>()).outcome).toBe("ignored");
    }
  });
});

describe("webhook signature", () => {
  async function forgedAttempt(makeSignature: (raw: string) => Promise<string | null>, makeBody?: (raw: string) => string) {
    const user = await createUser("user");
    const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id };
    const raw = JSON.stringify(subscriptionEvent("created", sub));
    const before = await paymentStateOf(user.id);
    const res = await postWebhook(makeBody ? makeBody(raw) : raw, await makeSignature(raw));
    return { res, before, after: await paymentStateOf(user.id), user };
  }

  it("refuses a delivery without a Stripe-Signature header (400, nothing changed)", async () => {
    const { res, before, after } = await forgedAttempt(async () => null);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_signature");
    expect(after).toEqual(before);
    expect(after.user?.isVip).toBe(false);
  });

  it("refuses a signature made with another secret", async () => {
    const { res, after } = await forgedAttempt((raw) => signatureFor(raw, "whsec_not_the_right_secret_0123456789"));
    expect(res.status).toBe(400);
    expect(after.subscriptions).toEqual([]);
    expect(after.user?.isVip).toBe(false);
  });

  it("refuses a body changed after signing (the raw bytes are what is verified)", async () => {
    const { res, after } = await forgedAttempt(
      (raw) => signatureFor(raw),
      (raw) => raw.replace('"status":"active"', '"status":"trialing"'),
    );
    expect(res.status).toBe(400);
    expect(after.subscriptions).toEqual([]);
  });

  it("refuses a malformed signature header", async () => {
    const { res, after } = await forgedAttempt(async () => "t=1,v1=deadbeef");
    expect(res.status).toBe(400);
    expect(after.user?.isVip).toBe(false);
  });

  it("refuses a stale signature (replayed long after it was made)", async () => {
    const { res, after } = await forgedAttempt(async (raw) => {
      const { default: Stripe } = await import("stripe");
      return Stripe.webhooks.generateTestHeaderStringAsync({
        payload: raw,
        secret: (env as unknown as { LOCAL_PAYMENTS_SECRET: string }).LOCAL_PAYMENTS_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
        cryptoProvider: Stripe.createSubtleCryptoProvider(),
      });
    });
    expect(res.status).toBe(400);
    expect(after.user?.isVip).toBe(false);
  });

  it("accepts a correctly signed delivery and makes the member VIP", async () => {
    const user = await createUser("user");
    const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id };
    expect(await deliver(subscriptionEvent("created", sub))).toEqual(["applied"]);
    expect(await isVip(user.id)).toBe(true);
  });

  it("refuses a local-secret signature when STRIPE_WEBHOOK_SECRET is configured", async () => {
    const user = await createUser("user");
    const raw = JSON.stringify(subscriptionEvent("created", { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id }));
    const liveEnv = { ...env, STRIPE_WEBHOOK_SECRET: "whsec_live_secret_for_this_test_0123456789" };
    const req = (signature: string) =>
      new Request("https://fans.test/api/stripe/webhook", {
        method: "POST",
        body: raw,
        headers: { "stripe-signature": signature, "content-type": "application/json" },
      });
    const ctx = createExecutionContext();
    const refused = await worker.fetch(req(await signatureFor(raw)), liveEnv, ctx);
    expect(refused.status).toBe(400);
    expect(await isVip(user.id)).toBe(false);
    const accepted = await worker.fetch(req(await signatureFor(raw, liveEnv.STRIPE_WEBHOOK_SECRET)), liveEnv, ctx);
    await waitOnExecutionContext(ctx);
    expect(accepted.status).toBe(200);
    expect(await isVip(user.id)).toBe(true);
  });

  it("refuses everything in production when no webhook secret is configured (no local fallback)", async () => {
    const user = await createUser("user");
    const raw = JSON.stringify(subscriptionEvent("created", { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id }));
    const prodEnv = { ...env, APP_ENV: "production" };
    const res = await worker.fetch(
      new Request("https://fans.test/api/stripe/webhook", { method: "POST", body: raw, headers: { "stripe-signature": await signatureFor(raw) } }),
      prodEnv,
      createExecutionContext(),
    );
    expect(res.status).toBe(400);
    expect(await isVip(user.id)).toBe(false);
  });

  it("needs no Origin header or cookie (server to server), unlike the rest of the API", async () => {
    const res = await postWebhook("{}", null);
    expect(res.status).toBe(400); // refused for the signature, not by the CSRF guard (403)
  });
});

describe("each event applied once", () => {
  it("the same event delivered twice changes nothing the second time", async () => {
    const user = await createUser("user");
    const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id };
    const created = subscriptionEvent("created", sub, Date.now() - 2 * HOUR_MS);
    expect(await deliver(created)).toEqual(["applied"]);
    // A later cancellation, then the first event again: it must not revive anything.
    expect(await deliver(subscriptionEvent("deleted", { ...sub, status: "canceled" }))).toEqual(["applied"]);
    const afterDelete = await paymentStateOf(user.id);
    expect(await deliver(created)).toEqual(["duplicate"]);
    expect(await paymentStateOf(user.id)).toEqual(afterDelete);
    expect(afterDelete.user?.isVip).toBe(false);
  });

  it("a duplicate invoice.payment_failed does not restart the grace period", async () => {
    const user = await createUser("user");
    const sub = await subscribeViaEvents(user.id, { createdMs: Date.now() - 2 * DAY_MS });
    const failed = invoiceEvent("invoice.payment_failed", { subscriptionId: sub.id, customerId: sub.customerId }, Date.now() - DAY_MS);
    await deliver(failed);
    const first = await subscriptionRow(sub.id);
    expect(first?.status).toBe("past_due");
    expect(await deliver(failed)).toEqual(["duplicate"]);
    expect(await subscriptionRow(sub.id)).toEqual(first);
  });

  it("ignores event types it does not handle, without recording them", async () => {
    const e = event("customer.created", { id: newCustomerId(), object: "customer" });
    expect(await deliver(e)).toEqual(["ignored"]);
    expect(await eventRecorded(e.id)).toBe(false);
  });

  it("records a handled event it cannot read, so Stripe does not retry it forever", async () => {
    const e = event("customer.subscription.updated", { object: "subscription", status: 42 });
    expect(await deliver(e)).toEqual(["applied"]);
    expect(await eventRecorded(e.id)).toBe(true);
  });

  it("leaves alone subscriptions that are not ours (no member metadata, no known row)", async () => {
    const sub = { id: newSubscriptionId(), customerId: newCustomerId() };
    await deliver(subscriptionEvent("created", sub));
    expect(await subscriptionRow(sub.id)).toBeUndefined();
  });

  it("ignores a member id that does not exist", async () => {
    const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId: crypto.randomUUID() };
    expect(await deliver(subscriptionEvent("created", sub))).toEqual(["applied"]);
    expect(await subscriptionRow(sub.id)).toBeUndefined();
  });
});

describe("events in any order", () => {
  it("subscription.deleted after updated ends the membership", async () => {
    const user = await createUser("user");
    const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id };
    const t = Date.now() - HOUR_MS;
    await deliver(subscriptionEvent("created", sub, t), subscriptionEvent("updated", { ...sub, cancelAtPeriodEnd: true }, t + 1000));
    expect(await isVip(user.id)).toBe(true);
    await deliver(subscriptionEvent("deleted", { ...sub, status: "canceled" }, t + 2000));
    expect((await subscriptionRow(sub.id))?.status).toBe("canceled");
    expect(await isVip(user.id)).toBe(false);
  });

  it("subscription.deleted before an older updated: the late update does not revive it", async () => {
    const user = await createUser("user");
    const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id };
    const t = Date.now() - HOUR_MS;
    await deliver(subscriptionEvent("deleted", { ...sub, status: "canceled" }, t + 2000));
    await deliver(subscriptionEvent("updated", sub, t + 1000), subscriptionEvent("created", sub, t));
    expect((await subscriptionRow(sub.id))?.status).toBe("canceled");
    expect(await isVip(user.id)).toBe(false);
  });

  it("a deleted subscription stays ended even if a newer-looking update arrives", async () => {
    const user = await createUser("user");
    const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id };
    const t = Date.now() - HOUR_MS;
    await deliver(subscriptionEvent("deleted", { ...sub, status: "canceled" }, t));
    await deliver(subscriptionEvent("updated", sub, t + 5000));
    expect((await subscriptionRow(sub.id))?.status).toBe("canceled");
    expect(await isVip(user.id)).toBe(false);
  });

  it("an older update arriving late does not overwrite a newer one", async () => {
    const user = await createUser("user");
    const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id };
    const t = Date.now() - HOUR_MS;
    await deliver(subscriptionEvent("updated", { ...sub, cancelAtPeriodEnd: true }, t + 2000));
    await deliver(subscriptionEvent("updated", { ...sub, cancelAtPeriodEnd: false }, t + 1000));
    expect((await subscriptionRow(sub.id))?.cancelAtPeriodEnd).toBe(true);
  });

  it("checkout.session.completed before the subscription events: VIP at once, details filled in later", async () => {
    const user = await createUser("user");
    const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id };
    const sessionId = `cs_test_${crypto.randomUUID().replace(/-/g, "")}`;
    const t = Date.now() - HOUR_MS;
    await deliver(checkoutCompletedEvent({ sessionId, userId: user.id, customerId: sub.customerId, subscriptionId: sub.id }, t + 1000));
    expect(await isVip(user.id)).toBe(true);
    expect((await customerOf(user.id))?.customerId).toBe(sub.customerId);
    // Stripe created the subscription (incomplete) a moment before the checkout completed.
    const periodEndMs = Date.now() + 30 * DAY_MS;
    await deliver(subscriptionEvent("created", { ...sub, status: "incomplete", periodEndMs, periodOnItems: true }, t));
    const row = await subscriptionRow(sub.id);
    expect(row?.status).toBe("active");
    expect(row?.currentPeriodEnd?.getTime()).toBe(Math.floor(periodEndMs / 1000) * 1000);
    expect(await isVip(user.id)).toBe(true);
  });

  it("an unpaid checkout completion links the customer but grants nothing", async () => {
    const user = await createUser("user");
    const sessionId = `cs_test_${crypto.randomUUID().replace(/-/g, "")}`;
    await deliver(checkoutCompletedEvent({ sessionId, userId: user.id, customerId: newCustomerId(), subscriptionId: newSubscriptionId(), paid: false }));
    expect(await isVip(user.id)).toBe(false);
    expect(await customerOf(user.id)).toBeDefined();
  });

  it("marks our own checkout session complete", async () => {
    const user = await createUser("user");
    const res = await call("/api/payments/checkout", { json: {}, cookie: user.cookie });
    const { url } = await res.json<{ url: string }>();
    const sessionId = new URL(url, "https://fans.test").searchParams.get("session")!;
    expect((await checkoutRow(sessionId))?.status).toBe("pending");
    await deliver(checkoutCompletedEvent({ sessionId, userId: user.id, customerId: newCustomerId(), subscriptionId: newSubscriptionId() }));
    expect((await checkoutRow(sessionId))?.status).toBe("complete");
  });
});

describe("failed and recovered payments", () => {
  it("payment_failed starts a grace period (still VIP), then paid makes it active again", async () => {
    const user = await createUser("user");
    const sub = await subscribeViaEvents(user.id, { createdMs: Date.now() - 31 * DAY_MS });
    await deliver(invoiceEvent("invoice.payment_failed", { subscriptionId: sub.id, customerId: sub.customerId }, Date.now() - HOUR_MS));
    let row = await subscriptionRow(sub.id);
    expect(row?.status).toBe("past_due");
    expect(row?.pastDueSince).not.toBeNull();
    expect(await isVip(user.id)).toBe(true);

    const membership = await (await call("/api/payments/membership", { cookie: user.cookie })).json<{ status: string; graceEndsAt: string }>();
    expect(membership.status).toBe("past_due");
    expect(new Date(membership.graceEndsAt).getTime()).toBeGreaterThan(Date.now() + 2 * DAY_MS);

    const nextPeriodEnd = Date.now() + 30 * DAY_MS;
    await deliver(invoiceEvent("invoice.paid", { subscriptionId: sub.id, customerId: sub.customerId, periodEndMs: nextPeriodEnd }));
    row = await subscriptionRow(sub.id);
    expect(row?.status).toBe("active");
    expect(row?.pastDueSince).toBeNull();
    expect(row?.currentPeriodEnd?.getTime()).toBe(Math.floor(nextPeriodEnd / 1000) * 1000);
    expect(await isVip(user.id)).toBe(true);
  });

  it("a payment that failed more than 3 days ago gives no VIP", async () => {
    const user = await createUser("user");
    const sub = await subscribeViaEvents(user.id, { createdMs: Date.now() - 35 * DAY_MS });
    await deliver(invoiceEvent("invoice.payment_failed", { subscriptionId: sub.id, customerId: sub.customerId }, Date.now() - 4 * DAY_MS));
    expect(await isVip(user.id)).toBe(false);
  });

  it("the scheduled handler ends VIP when the grace period runs out", async () => {
    const user = await createUser("user");
    const sub = await subscribeViaEvents(user.id, { createdMs: Date.now() - 31 * DAY_MS });
    await deliver(invoiceEvent("invoice.payment_failed", { subscriptionId: sub.id, customerId: sub.customerId }, Date.now() - 2 * DAY_MS));
    expect(await isVip(user.id)).toBe(true);

    // An hourly run within the grace period changes nothing...
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "0 * * * *" }), env, createExecutionContext());
    expect(await isVip(user.id)).toBe(true);
    // ...the first run after it ends VIP.
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now() + 1.5 * DAY_MS, cron: "0 * * * *" }), env, createExecutionContext());
    expect(await isVip(user.id)).toBe(false);
    expect((await subscriptionRow(sub.id))?.status).toBe("past_due"); // Stripe may still collect
  });

  it("the scheduled handler leaves members alone who have another paying subscription", async () => {
    const user = await createUser("user");
    const old = await subscribeViaEvents(user.id, { createdMs: Date.now() - 40 * DAY_MS });
    await deliver(invoiceEvent("invoice.payment_failed", { subscriptionId: old.id, customerId: old.customerId }, Date.now() - 2 * DAY_MS));
    await subscribeViaEvents(user.id);
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now() + 2 * DAY_MS }), env, createExecutionContext());
    expect(await isVip(user.id)).toBe(true);
  });

  it("a first payment that fails (no membership yet) grants and changes nothing", async () => {
    const user = await createUser("user");
    const before = await paymentStateOf(user.id);
    await deliver(invoiceEvent("invoice.payment_failed", { subscriptionId: newSubscriptionId(), customerId: newCustomerId(), userId: user.id }));
    expect(await paymentStateOf(user.id)).toEqual(before);
  });

  it("unpaid (collection given up) ends VIP", async () => {
    const user = await createUser("user");
    const sub = await subscribeViaEvents(user.id, { createdMs: Date.now() - HOUR_MS });
    await deliver(subscriptionEvent("updated", { ...sub, status: "unpaid" }));
    expect(await isVip(user.id)).toBe(false);
  });

  it("trialing gives VIP", async () => {
    const user = await createUser("user");
    await deliver(subscriptionEvent("created", { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id, status: "trialing" }));
    expect(await isVip(user.id)).toBe(true);
  });
});

describe("roles", () => {
  it("an admin stays admin after their subscription is deleted", async () => {
    const admin = await createUser("admin");
    const sub = await subscribeViaEvents(admin.id, { createdMs: Date.now() - HOUR_MS });
    expect(await isVip(admin.id)).toBe(true);
    await deliver(subscriptionEvent("deleted", { ...sub, status: "canceled" }));
    const state = await paymentStateOf(admin.id);
    expect(state.user?.isVip).toBe(false);
    const me = await (await call("/api/auth/me", { cookie: admin.cookie })).json<{ user: { isAdmin: boolean; isVIP: boolean } }>();
    expect(me.user.isAdmin).toBe(true);
    expect(me.user.isVIP).toBe(false);
  });

  it("VIP shows on the session user right after a verified event", async () => {
    const user = await createUser("user");
    await subscribeViaEvents(user.id);
    const me = await (await call("/api/auth/me", { cookie: user.cookie })).json<{ user: { isVIP: boolean } }>();
    expect(me.user.isVIP).toBe(true);
  });
});
