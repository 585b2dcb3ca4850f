// What the payment result page may learn: GET /api/payments/checkout/latest/status (the member's
// own latest checkout, for a result page without a session id) next to the per-session status.
// "No checkout of yours" must look exactly like an unknown session: 404, no data of anyone else.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CheckoutStatusResponse } from "../../worker/contracts/payments";
import { checkoutSessions } from "../../worker/db/schema/vip";
import { call, createUser, db, errorOf, type TestUser } from "./helpers";
import {
  DAY_MS,
  checkoutCompletedEvent,
  checkoutRow,
  deliver,
  isVip,
  newCustomerId,
  newSubscriptionId,
  subscriptionEvent,
  invoiceEvent,
} from "./payments-fixtures";

const LATEST = "/api/payments/checkout/latest/status";

let ipSeq = 0;
/** Opens a checkout as the member (each call from its own address: checkout is limited per IP). */
async function startCheckout(user: TestUser) {
  ipSeq++;
  const res = await call("/api/payments/checkout", { json: {}, cookie: user.cookie, headers: { "cf-connecting-ip": `10.77.${ipSeq >> 8}.${ipSeq & 255}` } });
  expect(res.status).toBe(200);
  const { url } = await res.json<{ url: string }>();
  const sessionId = new URL(url, "https://fans.test").searchParams.get("session");
  expect(sessionId).toMatch(/^cs_local_/);
  return sessionId!;
}

const latest = (user: TestUser) => call(LATEST, { cookie: user.cookie });
const statusOf = (user: TestUser, sessionId: string) => call(`/api/payments/checkout/${sessionId}/status`, { cookie: user.cookie });

/** The 404 every "not yours / not there" answer must equal. */
async function unknownSessionError(user: TestUser) {
  const res = await statusOf(user, "cs_local_doesnotexist0000");
  expect(res.status).toBe(404);
  return errorOf(res);
}

describe("GET /api/payments/checkout/latest/status", () => {
  it("refuses a visitor (401)", async () => {
    expect((await call(LATEST)).status).toBe(401);
  });

  it("is 404 for a member who never opened a checkout, exactly like an unknown session id", async () => {
    const member = await createUser("user");
    const res = await latest(member);
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual(await unknownSessionError(member));
  });

  it("answers the member's own pending checkout: pending, not VIP", async () => {
    const member = await createUser("user");
    await startCheckout(member);
    const res = await latest(member);
    expect(res.status).toBe(200);
    expect(await res.json<CheckoutStatusResponse>()).toEqual({
      status: "pending",
      isVIP: false,
      tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
      plan: "monthly",
      amount: { cents: 999, currency: "USD" },
    });
  });

  it("answers about the newest of the member's checkouts", async () => {
    const member = await createUser("user");
    const first = await startCheckout(member);
    await db()
      .update(checkoutSessions)
      .set({ status: "failed", createdAt: new Date(Date.now() - 60_000) })
      .where(eq(checkoutSessions.id, first));
    await startCheckout(member);
    expect(await (await latest(member)).json<CheckoutStatusResponse>()).toEqual({
      status: "pending",
      isVIP: false,
      tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
      plan: "monthly",
      amount: { cents: 999, currency: "USD" },
    });
  });

  it("never tells a member about someone else's checkout: 404 with the same body, on both routes", async () => {
    const owner = await createUser("user");
    const sessionId = await startCheckout(owner);
    const other = await createUser("user");
    const expected = await unknownSessionError(other);

    const latestRes = await latest(other);
    expect(latestRes.status).toBe(404);
    expect(await errorOf(latestRes)).toEqual(expected);

    const byId = await statusOf(other, sessionId);
    expect(byId.status).toBe(404);
    expect(await errorOf(byId)).toEqual(expected);

    // The owner still sees it, unchanged.
    expect(await (await latest(owner)).json<CheckoutStatusResponse>()).toEqual({
      status: "pending",
      isVIP: false,
      tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
      plan: "monthly",
      amount: { cents: 999, currency: "USD" },
    });
    expect((await checkoutRow(sessionId))?.status).toBe("pending");
  });

  it("says VIP only once verified payment events made the member VIP", async () => {
    const member = await createUser("user");
    const sessionId = await startCheckout(member);
    expect(await (await latest(member)).json<CheckoutStatusResponse>()).toEqual({
      status: "pending",
      isVIP: false,
      tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
      plan: "monthly",
      amount: { cents: 999, currency: "USD" },
    });

    const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId: member.id };
    await deliver(
      checkoutCompletedEvent({ sessionId, userId: member.id, customerId: sub.customerId, subscriptionId: sub.id }),
      subscriptionEvent("created", sub),
      invoiceEvent("invoice.paid", { subscriptionId: sub.id, customerId: sub.customerId, userId: member.id }),
    );
    expect(await isVip(member.id)).toBe(true);
    expect(await (await latest(member)).json<CheckoutStatusResponse>()).toEqual({
      status: "complete",
      isVIP: true,
      tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
      plan: "monthly",
      amount: { cents: 999, currency: "USD" },
    });
  });

  it("is 404 for a VIP and for an administrator who opened no checkout (nothing to confirm)", async () => {
    for (const role of ["vip", "admin"] as const) {
      const user = await createUser(role);
      const res = await latest(user);
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual(await unknownSessionError(user));
    }
  });

  it("forgets checkouts older than a day (a Stripe session lives at most 24 hours)", async () => {
    const member = await createUser("user");
    const sessionId = await startCheckout(member);
    await db()
      .update(checkoutSessions)
      .set({ createdAt: new Date(Date.now() - DAY_MS - 60_000) })
      .where(eq(checkoutSessions.id, sessionId));
    expect((await latest(member)).status).toBe(404);
    // The session itself, asked for by its id, is still the owner's.
    expect((await statusOf(member, sessionId)).status).toBe(200);
  });
});
