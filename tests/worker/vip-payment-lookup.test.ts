// A paid VIP invoice whose event does not name its payment (Stripe's newer API versions): the
// payment is looked up after the batch; when Stripe fails, the lookup goes on the jobs queue and is
// retried with the queue's backoff until Stripe answers, so a dispute that comes later still finds
// the membership (decision 150). Stripe is a fake answering on 127.0.0.1; the queue's sends are
// caught, then given to the Worker's own consumer.
import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import type { AppEnv } from "../../worker/env";
import { createUser, ORIGIN } from "./helpers";
import {
  DAY_MS,
  deliver,
  event,
  invoiceEvent,
  isVip,
  newCustomerId,
  newInvoiceId,
  newSubscriptionId,
  signatureFor,
  subscriptionEvent,
  subscriptionRow,
} from "./payments-fixtures";

const LIVE = {
  STRIPE_SECRET_KEY: "sk_test_fake",
  STRIPE_PRICE_ID: "price_vip",
  STRIPE_API_HOST: "127.0.0.1",
  STRIPE_API_PORT: "12111",
  STRIPE_API_PROTOCOL: "http",
};

afterEach(() => vi.restoreAllMocks());

/** The fake Stripe's invoice payments: failing (500) until `answer` names the payment intent. */
function fakeStripe() {
  const state = { paymentIntent: null as string | null, lookups: 0 };
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input));
    if (url.pathname !== "/v1/invoice_payments") return Response.json({ error: { type: "invalid_request_error", message: "unexpected" } }, { status: 404 });
    state.lookups++;
    if (!state.paymentIntent) return Response.json({ error: { type: "api_error", message: "down" } }, { status: 500 });
    const data = [{ object: "invoice_payment", status: "paid", payment: { type: "payment_intent", payment_intent: state.paymentIntent } }];
    return Response.json({ object: "list", data, has_more: false, url: "/v1/invoice_payments" });
  });
  return state;
}

/** The Worker in live mode, its jobs queue's sends caught. */
function liveEnv(sent: unknown[]) {
  return { ...env, ...LIVE, CAMPAIGN_QUEUE: { send: async (body: unknown) => void sent.push(body), sendBatch: async () => undefined } } as unknown as AppEnv;
}

async function liveWebhook(e: ReturnType<typeof event>, sent: unknown[]) {
  const raw = JSON.stringify(e);
  const ctx = createExecutionContext();
  const headers = { "stripe-signature": await signatureFor(raw), "content-type": "application/json" };
  const res = await worker.fetch(new Request(`${ORIGIN}/api/stripe/webhook`, { method: "POST", headers, body: raw }), liveEnv(sent), ctx);
  await waitOnExecutionContext(ctx);
  expect(res.status, await res.clone().text()).toBe(200);
}

/** One delivery of the queued message to the Worker's consumer: acked or retried. */
async function consume(body: unknown, attempts: number) {
  const batch = createMessageBatch("freestyle-lovers-campaigns", [{ id: `m-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, ...LIVE } as unknown as AppEnv, ctx);
  const result = await getQueueResult(batch, ctx);
  return { acked: result.explicitAcks.length, retried: result.retryMessages.length };
}

const paymentsOf = async (invoiceId: string) =>
  (await env.DB.prepare("SELECT payment_intent_id AS pi, amount_cents FROM vip_payments WHERE invoice_id = ?1").bind(invoiceId).all()).results;

describe("a VIP payment whose lookup failed", { timeout: 60_000 }, () => {
  it("is looked up again on the queue until Stripe answers, and a dispute after that ends the membership", async () => {
    const user = await createUser("user");
    const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id };
    const periodEndMs = Date.now() + 30 * DAY_MS;
    await deliver(subscriptionEvent("created", { ...sub, periodEndMs }, Date.now() - 1000));
    const stripe = fakeStripe();
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const sent: unknown[] = [];
    const invoiceId = newInvoiceId();
    const paid = invoiceEvent("invoice.paid", {
      subscriptionId: sub.id,
      customerId: sub.customerId,
      userId: user.id,
      amountPaid: 999,
      currency: "usd",
      invoiceId,
      periodEndMs,
    });
    await liveWebhook(paid, sent);
    expect(stripe.lookups).toBeGreaterThan(0); // the SDK's own retries aside
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(`invoice ${invoiceId} could not be looked up; asking again on the queue`), expect.anything());
    expect(await paymentsOf(invoiceId)).toEqual([]);
    expect(sent).toEqual([
      { type: "vip_payment_lookup", payment: expect.objectContaining({ invoiceId, subscriptionId: sub.id, userId: user.id, amountCents: 999 }) },
    ]);

    // Stripe still down: retried (with the queue's backoff); then it answers: recorded, once.
    expect(await consume(sent[0], 1)).toEqual({ acked: 0, retried: 1 });
    stripe.paymentIntent = `pi_test_${crypto.randomUUID().slice(0, 8)}`;
    expect(await consume(sent[0], 2)).toEqual({ acked: 1, retried: 0 });
    expect(await consume(sent[0], 3)).toEqual({ acked: 1, retried: 0 });
    expect(await paymentsOf(invoiceId)).toEqual([{ pi: stripe.paymentIntent, amount_cents: 999 }]);

    const disputeId = `dp_test_${crypto.randomUUID().slice(0, 8)}`;
    const dispute = (stage: string, status: string) =>
      event(`charge.dispute.${stage}`, {
        id: disputeId,
        object: "dispute",
        amount: 999,
        currency: "usd",
        charge: `ch_${stripe.paymentIntent}`,
        payment_intent: stripe.paymentIntent,
        reason: "fraudulent",
        status,
      });
    await deliver(dispute("created", "needs_response"), { ...dispute("closed", "lost"), created: Math.floor(Date.now() / 1000) + 2 });
    const row = await env.DB.prepare("SELECT target_id, revoked_at IS NOT NULL AS revoked FROM payment_disputes WHERE id = ?1").bind(disputeId).first();
    expect(row).toEqual({ target_id: sub.id, revoked: 1 });
    expect((await subscriptionRow(sub.id))?.status).toBe("canceled");
    expect(await isVip(user.id)).toBe(false);
  });
});
