// The local provider's refunds: what Stripe would do for refunds.create, offline. The "provider"
// here is the kind that took the payment (its localCharge): it refuses more than is left, answers a
// repeated idempotency key with the same refund, and then sends the charge.refunded event Stripe
// would (the charge with its payment intent, the cumulative amount_refunded and the list of
// refunds), signed with the local secret and passed through the same verification and fulfilment
// as the live webhook. The purchase changes only through that event.
import type { DB } from "../../db/client";
import { sha256Hex } from "../../lib/crypto";
import { fulfilPayload } from "./fulfilment";
import { verifyStripeSignature } from "./live";
import { signLocalEvent } from "./local";
import { localEvent, unixSeconds } from "./local-events";
import type { LocalCharge, PurchaseKind } from "./purchase-kind";
import { PaymentProviderError, type RefundInput, type RefundResult } from "./types";

/** `kinds`: the kinds whose payments may be refunded (the one that took it answers for its charge). */
export type LocalRefundDeps = { db: DB; secret: string; kinds: readonly PurchaseKind[] };

const localIdFor = async (prefix: string, key: string) => prefix + (await sha256Hex(key)).slice(0, 24);

async function chargeOf(db: DB, kinds: readonly PurchaseKind[], paymentIntentId: string): Promise<LocalCharge | null> {
  for (const kind of kinds) {
    const charge = (await kind.localCharge?.(db, paymentIntentId)) ?? null;
    if (charge) return charge;
  }
  return null;
}

/**
 * Refunds of one charge, one after another, as Stripe makes them: each reads the charge after the
 * one before has been sent, so its event's amount_refunded counts every earlier refund. Side by side,
 * two refunds both read the charge before either was booked and each event counted only its own.
 */
const refundsInFlight = new Map<string, Promise<unknown>>();

export function refundLocally(deps: LocalRefundDeps, input: RefundInput, now = Date.now()): Promise<RefundResult> {
  const before = refundsInFlight.get(input.paymentIntentId) ?? Promise.resolve();
  const mine = before.catch(() => {}).then(() => refundNow(deps, input, now));
  refundsInFlight.set(input.paymentIntentId, mine);
  const forget = () => void (refundsInFlight.get(input.paymentIntentId) === mine && refundsInFlight.delete(input.paymentIntentId));
  mine.then(forget, forget);
  return mine;
}

async function refundNow({ db, secret, kinds }: LocalRefundDeps, input: RefundInput, now: number): Promise<RefundResult> {
  const refundId = await localIdFor("re_local_", input.idempotencyKey);
  const charge = await chargeOf(db, kinds, input.paymentIntentId);
  if (!charge) throw new PaymentProviderError(`No such payment_intent: '${input.paymentIntentId}'`);
  // The same key again: Stripe answers with the refund it already made.
  if (charge.refunds.some((r) => r.id === refundId)) return { id: refundId, status: "succeeded" };
  if (input.amountCents < 1 || input.amountCents > charge.amountCents - charge.refundedCents) {
    throw new PaymentProviderError(
      `Refund amount (${input.amountCents}) is greater than unrefunded amount on charge (${charge.amountCents - charge.refundedCents})`,
    );
  }

  const refunds = [
    ...charge.refunds.map((r) => ({ id: r.id, amount: r.amountCents, created: unixSeconds(r.at) })),
    { id: refundId, amount: input.amountCents, created: unixSeconds(now) },
  ];
  const refunded = charge.refundedCents + input.amountCents;
  const object = {
    id: await localIdFor("ch_local_", input.paymentIntentId),
    object: "charge",
    amount: charge.amountCents,
    amount_refunded: refunded,
    currency: charge.currency,
    payment_intent: input.paymentIntentId,
    refunded: refunded >= charge.amountCents,
    refunds: {
      object: "list",
      data: refunds.map((r) => ({ ...r, object: "refund", currency: charge.currency, payment_intent: input.paymentIntentId, status: "succeeded" })),
      has_more: false,
    },
    livemode: false,
  };
  const { rawBody, signature } = await signLocalEvent(localEvent("charge.refunded", object, now, input.idempotencyKey), secret);
  await fulfilPayload(db, await verifyStripeSignature(rawBody, signature, secret), { kinds, now });
  return { id: refundId, status: "succeeded" };
}
