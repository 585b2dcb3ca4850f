// Claims of waitlist offers as a kind of purchase (decision 185): the payment-mode sessions whose
// checkout id starts with WAITLIST_CHECKOUT_PREFIX (the store's kind leaves them alone). A paid
// session is one batch (db/waitlist/claims.ts): the offer claimed if still offered and paid inside
// its hold, the tickets moved to the buyer on an order of their own with new codes, its seats
// issued as new tickets there (decision 190), the returns sold, the place served, the sale and each
// seller's refund in the ledger once. What follows runs only for the delivery whose batch was stored: each seller's refund asked of the provider under a
// key of its return (asked twice, refunded once), or, when the payment claimed nothing (late, or
// a ticket gone), the payer's refund in full under a key of the checkout.
import type { DB } from "../../db/client";
import { newTicketCode } from "../../lib/ticket-code";
import { newId } from "../../lib/crypto";
import { checkoutSessionMode, unreadableEvent, type FollowUpContext, type LocalCharge, type PurchaseKind } from "../payments/purchase-kind";
import { createPaymentsService } from "../payments";
import { sendClaimReceipt } from "./claim-receipt";
import { refundSeller, sellerPayments } from "./seller-refunds";
import { markRefundsPending, refundsOfClaim } from "../../db/waitlist/refunds";
import { claimedBy, claimStatements, offeredSeats, offeredTickets, type OfferedTicket } from "../../db/waitlist/claims";
import { isWaitlistCheckout, WAITLIST_CHECKOUT_PREFIX } from "#contracts/waitlist/model.ts";

type Session = {
  client_reference_id?: unknown;
  metadata?: { checkout_id?: unknown } | null;
  payment_status?: unknown;
  payment_intent?: unknown;
  amount_total?: unknown;
  total_details?: { amount_tax?: unknown } | null;
};

const sessionOf = (object: unknown): Session => (typeof object === "object" && object !== null ? (object as Session) : {});
const checkoutIdOf = (s: Session) => (typeof s.client_reference_id === "string" ? s.client_reference_id : s.metadata?.checkout_id);

/** The buyer and offer behind a claim's checkout. */
async function checkoutOf(db: DB, checkoutId: string) {
  return db.$client
    .prepare(
      `SELECT c.user_id, c.email, c.locale, o.id AS offer_id, o.total_cents, o.tax_cents
         FROM store_checkouts c JOIN waitlist_offers o ON o.checkout_id = c.id WHERE c.id = ?1`,
    )
    .bind(checkoutId)
    .first<{ user_id: string | null; email: string; locale: string; offer_id: string; total_cents: number; tax_cents: number }>();
}

/**
 * After a stored claim: the buyer's receipt, then each seller's refund of exactly what they paid,
 * asked once per return (the key makes a retry the same refund; a refusal is left to the job).
 */
async function afterClaim(c: FollowUpContext, orderId: string, tickets: readonly OfferedTicket[]) {
  await sendClaimReceipt(c.env, c.var.db, orderId, tickets);
  const refunds = await refundsOfClaim(c.var.db, orderId);
  if (refunds.length === 0) return;
  const payments = sellerPayments(c.env, c.var.db);
  for (const r of refunds) await refundSeller(c.env, c.var.db, payments, r, Date.now());
}

/** A payment that claimed nothing goes back whole to the payer. */
async function refundPayer(c: FollowUpContext, checkoutId: string, paymentIntentId: string, amountCents: number) {
  // Another paid event of the same session claimed the offer: this payment is that one, not a second.
  if (await claimedBy(c.var.db, checkoutId)) return;
  try {
    await createPaymentsService(c.env, { db: c.var.db, kinds: [waitlistClaims] }).refund({
      paymentIntentId,
      amountCents,
      idempotencyKey: `waitlist-late:${checkoutId}`,
    });
  } catch (err) {
    console.error(`waitlist: refunding the late payment of ${checkoutId} failed`, err);
  }
}

export const waitlistClaims: PurchaseKind = {
  name: "waitlist claim",
  claims: (event) => checkoutSessionMode(event) === "payment" && isWaitlistCheckout(checkoutIdOf(sessionOf(event.data.object))),

  async plan(db, event, now) {
    const session = sessionOf(event.data.object);
    const paid =
      (event.type === "checkout.session.completed" && session.payment_status === "paid") || event.type === "checkout.session.async_payment_succeeded";
    // An expired or failed session changes nothing: the offer lapses by its hold.
    if (!paid) return { statements: [] };
    const checkoutId = String(checkoutIdOf(session));
    const checkout = await checkoutOf(db, checkoutId);
    const paymentIntentId = typeof session.payment_intent === "string" ? session.payment_intent : null;
    const amountTotal = typeof session.amount_total === "number" ? session.amount_total : 0;
    const amountTax = typeof session.total_details?.amount_tax === "number" ? session.total_details.amount_tax : 0;
    if (!checkout || checkout.user_id === null || checkout.offer_id !== checkoutId.slice(WAITLIST_CHECKOUT_PREFIX.length)) return unreadableEvent(event);
    const [tickets, seats] = await Promise.all([offeredTickets(db, checkout.offer_id), offeredSeats(db, checkout.offer_id)]);
    const orderId = crypto.randomUUID();
    const statements = claimStatements(
      {
        offerId: checkout.offer_id,
        checkoutId,
        orderId,
        buyer: { userId: checkout.user_id, email: checkout.email, locale: checkout.locale },
        paidAt: event.created * 1000,
        paymentIntentId,
        // Returns at what their sellers paid, tax included; seats with the tax the provider added
        // or found in the price, as a general sale's order books it (decision 190).
        totalCents: seats.length > 0 ? amountTotal : checkout.total_cents,
        taxCents: seats.length > 0 ? amountTax : checkout.tax_cents,
        tickets: tickets.map((t) => ({
          returnId: t.return_id,
          ticketId: t.ticket_id,
          newCode: newTicketCode(),
          unitCents: t.unit_cents,
          taxCents: t.tax_cents,
          sellerUserId: t.seller_user_id,
          sellerOrderId: t.seller_order_id,
        })),
        seats: seats.map((seat) => ({ seatId: seat.seat_id, ticketId: newId(), code: newTicketCode() })),
      },
      now,
    );
    // The sellers' refunds to ask become pending in the same batch, so the job finds any the follow-up misses.
    statements.push(markRefundsPending(orderId));
    // The late payment is remembered on its offer, so the local provider can find the charge to refund.
    statements.push({
      sql: `UPDATE waitlist_offers SET late_payment_intent = ?2, late_paid_cents = ?3 WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM orders WHERE id = ?4)`,
      params: [checkout.offer_id, paymentIntentId, amountTotal, orderId],
    });
    return {
      statements,
      followUp: (results, c) => {
        if ((results[0]?.meta.changes ?? 0) > 0) c.executionCtx.waitUntil(afterClaim(c, orderId, tickets));
        else if (paymentIntentId && amountTotal > 0) c.executionCtx.waitUntil(refundPayer(c, checkoutId, paymentIntentId, amountTotal));
      },
    };
  },

  // A late payment's charge, as the local provider's refund reads it.
  async localCharge(db: DB, paymentIntentId: string): Promise<LocalCharge | null> {
    const row = await db.$client
      .prepare(`SELECT o.late_paid_cents, o.currency FROM waitlist_offers o WHERE o.late_payment_intent = ?1`)
      .bind(paymentIntentId)
      .first<{ late_paid_cents: number; currency: string }>();
    return row ? { amountCents: row.late_paid_cents, refundedCents: 0, currency: row.currency.toLowerCase(), refunds: [] } : null;
  },
};
