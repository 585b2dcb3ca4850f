// The store's orders as a kind of purchase (decisions 054, 089): the payment-mode Checkout Sessions
// (a cart of store lines, tickets and gift VIP; tickets and gifts are lines of a store order, so
// they are this kind too) and the refunds of their charges. What each event does is planned by
// order-fulfilment.ts and refund-fulfilment.ts, its disputes by disputes.ts; the payments core runs it once.
import type { DB } from "../../db/client";
import { findOrderByPaymentIntent, ledgerRefundsOf } from "../../db/store/refunds";
import { checkoutSessionMode, unreadableEvent, type LocalCharge, type PurchaseKind } from "../payments/purchase-kind";
import { sendOrderMails } from "./order-mails";
import { planOrderEvent } from "./order-fulfilment";
import { planChargeRefunded } from "./refund-fulfilment";
import { planOrderDispute } from "./disputes";
import { accessChanged } from "../access-changed";
import { isWaitlistCheckout } from "#contracts/waitlist/model.ts";

const REFUND_PREFIX = "refund:";

const isWaitlistSession = (object: unknown) =>
  typeof object === "object" && object !== null && isWaitlistCheckout((object as { client_reference_id?: unknown }).client_reference_id);

export const storeOrders: PurchaseKind = {
  name: "store order",
  // A waitlist claim's session is the waitlist's own kind (decision 185), though it is payment-mode too.
  claims: (event) => (checkoutSessionMode(event) === "payment" && !isWaitlistSession(event.data.object)) || event.type === "charge.refunded",

  async plan(db, event, now) {
    if (event.type === "charge.refunded") {
      const refund = await planChargeRefunded(db, event.data.object, event, now);
      if (!refund) return unreadableEvent(event);
      const { statements, orderId } = refund;
      if (!orderId) return { statements };
      // A full refund ends the order's tickets: their holders' sockets in ticket rooms follow.
      return { statements, followUp: (_results, c) => c.executionCtx.waitUntil(accessChanged(c.env, c.var.db, { kind: "order-tickets", orderId: orderId })) };
    }
    const { statements, paidOrderId } = await planOrderEvent(db, event.type, event.data.object, event.created * 1000, now);
    if (!paidOrderId) return { statements };
    return {
      statements,
      // Its receipt and the admins' "new order" notice follow, only from the delivery whose batch
      // inserted the order (statements[0]), so a replay sends nothing.
      followUp: (results, c) => {
        if ((results[0]?.meta.changes ?? 0) > 0) c.executionCtx.waitUntil(sendOrderMails(c.env, c.var.db, paidOrderId));
      },
    };
  },

  // Disputes and early fraud warnings on an order's payment (decision 094).
  dispute: (db, dispute, when, now) => planOrderDispute(storeOrders, db, dispute, when, now),

  // The order a payment intent paid: its total, what was refunded, and each refund in the ledger.
  async localCharge(db: DB, paymentIntentId: string): Promise<LocalCharge | null> {
    const order = await findOrderByPaymentIntent(db, paymentIntentId);
    if (!order) return null;
    const refunds = await ledgerRefundsOf(db, order.id);
    return {
      amountCents: order.totalCents,
      refundedCents: order.refundedCents,
      currency: order.currency,
      refunds: refunds.map((r) => ({ id: r.ref.slice(REFUND_PREFIX.length), amountCents: -r.amountCents, at: r.occurredAt })),
    };
  },
};

/** What the store's refunds hand the payments service: the local provider refunds a store order's charge. */
export const storeRefunds = (db: DB) => ({ db, kinds: [storeOrders] });
