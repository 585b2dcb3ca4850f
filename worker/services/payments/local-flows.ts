// What the local test checkout's buttons do. Each builds the events Stripe would send, signs
// them with the local secret, then verifies and fulfils them exactly as the webhook does, so the
// local mode proves the real path rather than bypassing it.
import type { DB } from "../../db/client";
import { findBillingCustomer } from "../../db/payments";
import type { SubscriptionRow } from "../../db/payments";
import { fulfilPayload, type FulfilEffects } from "./fulfilment";
import { signLocalEvent } from "./local";
import {
  checkoutSessionObject,
  invoiceObject,
  localEvent,
  newLocalId,
  oneMonthAfter,
  subscriptionObject,
  type LocalEvent,
  type LocalSubscription,
} from "./local-events";
import type { PaymentsService } from "./types";

export type LocalDeps = { db: DB; service: PaymentsService; secret: string; price: { cents: number; currency: string }; effects?: FulfilEffects };

/** Signs, verifies and fulfils the events in order, as separate deliveries. */
export async function deliver({ db, service, secret, effects }: Pick<LocalDeps, "db" | "service" | "secret" | "effects">, events: LocalEvent[], now: number) {
  for (const event of events) {
    const { rawBody, signature } = await signLocalEvent(event, secret);
    const verified = await service.verifyEvent(rawBody, signature);
    await fulfilPayload(db, verified, now, effects);
  }
}

/** Pay: a new monthly subscription, its first invoice paid, the checkout completed. */
export async function payLocalCheckout(deps: LocalDeps, { sessionId, userId }: { sessionId: string; userId: string }, now = Date.now()) {
  const customerId = (await findBillingCustomer(deps.db, userId))?.customerId ?? newLocalId("customer");
  const sub: LocalSubscription = {
    id: newLocalId("subscription"),
    customerId,
    userId,
    status: "active",
    periodStart: now,
    periodEnd: oneMonthAfter(now),
    cancelAtPeriodEnd: false,
    priceCents: deps.price.cents,
    currency: deps.price.currency,
  };
  await deliver(
    deps,
    [
      localEvent("customer.subscription.created", subscriptionObject(sub, now), now),
      localEvent("invoice.paid", invoiceObject(sub), now),
      localEvent(
        "checkout.session.completed",
        checkoutSessionObject({ id: sessionId, userId, status: "complete", paymentStatus: "paid", customerId, subscriptionId: sub.id }),
        now,
      ),
    ],
    now,
  );
}

/** Decline: the card is refused; the checkout fails and nothing is granted. */
export async function declineLocalCheckout(deps: LocalDeps, { sessionId, userId }: { sessionId: string; userId: string }, now = Date.now()) {
  const object = checkoutSessionObject({ id: sessionId, userId, status: "complete", paymentStatus: "unpaid", customerId: null, subscriptionId: null });
  await deliver(deps, [localEvent("checkout.session.async_payment_failed", object, now)], now);
}

/** Cancel: the member leaves the checkout; the session expires. */
export async function cancelLocalCheckout(deps: LocalDeps, { sessionId, userId }: { sessionId: string; userId: string }, now = Date.now()) {
  const object = checkoutSessionObject({ id: sessionId, userId, status: "expired", paymentStatus: "unpaid", customerId: null, subscriptionId: null });
  await deliver(deps, [localEvent("checkout.session.expired", object, now)], now);
}

export type LocalManageAction = "cancel-at-period-end" | "resume" | "end-now";

/** The local stand-in for the Customer Portal: cancel at period end, undo that, or end now. */
export async function manageLocalSubscription(deps: LocalDeps, row: SubscriptionRow, action: LocalManageAction, now = Date.now()) {
  const base: LocalSubscription = {
    id: row.id,
    customerId: row.customerId,
    userId: row.userId,
    status: row.status,
    periodStart: now,
    periodEnd: row.currentPeriodEnd?.getTime() ?? oneMonthAfter(now),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    priceCents: deps.price.cents,
    currency: deps.price.currency,
  };
  const event =
    action === "end-now"
      ? localEvent("customer.subscription.deleted", subscriptionObject({ ...base, status: "canceled", cancelAtPeriodEnd: false }, now), now)
      : localEvent("customer.subscription.updated", subscriptionObject({ ...base, cancelAtPeriodEnd: action === "cancel-at-period-end" }, now), now);
  await deliver(deps, [event], now);
}
