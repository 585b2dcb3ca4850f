// The local test checkout's refunds: what Stripe would do for refunds.create, offline. The
// "provider" here is the order itself: it refuses more than is left, answers a repeated
// idempotency key with the same refund, and then sends the charge.refunded event Stripe would
// (the charge with its payment intent, the cumulative amount_refunded and the list of refunds),
// signed with the local secret and passed through the same verification and fulfilment as the
// live webhook. The order changes only through that event.
import type { DB } from "../../db/client";
import { findOrderByPaymentIntent, ledgerRefundsOf } from "../../db/store-refunds";
import { refundRef } from "../../db/store-order-history";
import { sha256Hex } from "../../lib/crypto";
import { fulfilPayload } from "./fulfilment";
import { verifyStripeSignature } from "./live";
import { signLocalEvent } from "./local";
import { newLocalId, unixSeconds } from "./local-events";
import { PaymentProviderError, type RefundInput, type RefundResult } from "./types";

export type LocalRefundDeps = { db: DB; secret: string };

const localIdFor = async (prefix: string, key: string) => prefix + (await sha256Hex(key)).slice(0, 24);

export async function refundLocally({ db, secret }: LocalRefundDeps, input: RefundInput, now = Date.now()): Promise<RefundResult> {
  const refundId = await localIdFor("re_local_", input.idempotencyKey);
  const order = await findOrderByPaymentIntent(db, input.paymentIntentId);
  if (!order) throw new PaymentProviderError(`No such payment_intent: '${input.paymentIntentId}'`);
  const earlier = await ledgerRefundsOf(db, order.id);
  // The same key again: Stripe answers with the refund it already made.
  if (earlier.some((r) => r.ref === refundRef(refundId))) return { id: refundId, status: "succeeded" };
  if (input.amountCents < 1 || input.amountCents > order.totalCents - order.refundedCents) {
    throw new PaymentProviderError(
      `Refund amount (${input.amountCents}) is greater than unrefunded amount on charge (${order.totalCents - order.refundedCents})`,
    );
  }

  const refunds = [
    ...earlier.map((r) => ({ id: r.ref.slice("refund:".length), amount: -r.amountCents, created: unixSeconds(r.occurredAt) })),
    { id: refundId, amount: input.amountCents, created: unixSeconds(now) },
  ];
  const refunded = order.refundedCents + input.amountCents;
  const charge = {
    id: await localIdFor("ch_local_", input.paymentIntentId),
    object: "charge",
    amount: order.totalCents,
    amount_refunded: refunded,
    currency: order.currency,
    payment_intent: input.paymentIntentId,
    refunded: refunded >= order.totalCents,
    refunds: {
      object: "list",
      data: refunds.map((r) => ({ ...r, object: "refund", currency: order.currency, payment_intent: input.paymentIntentId, status: "succeeded" })),
      has_more: false,
    },
    livemode: false,
  };
  const event = {
    id: newLocalId("event"),
    object: "event",
    api_version: "local-test-mode",
    created: unixSeconds(now),
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: input.idempotencyKey },
    type: "charge.refunded",
    data: { object: charge },
  };
  const { rawBody, signature } = await signLocalEvent(event, secret);
  await fulfilPayload(db, await verifyStripeSignature(rawBody, signature, secret), now);
  return { id: refundId, status: "succeeded" };
}
