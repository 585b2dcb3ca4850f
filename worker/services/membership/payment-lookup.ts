// A paid VIP invoice whose event did not name its payment (API version 2025-03-31 and later leave
// the invoice's `payments` out of events, decision 094): the provider is asked which payment paid
// it, so a later dispute or fraud warning on that payment finds the membership. Asked at once after
// the invoice's batch; when the provider fails, asked again on the jobs queue with its backoff, and
// after the queue's last retry the message waits in the dead letters for the back office
// (decision 150).
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { runBatch } from "../../db/d1";
import { recordVipPayment, type VipPaymentInput } from "../../db/tiers/vip-payments";
import { createPaymentsService } from "../payments";
import type { FollowUpContext } from "../payments/purchase-kind";

export type UnmatchedPayment = Omit<VipPaymentInput, "paymentIntentId"> & { userId: string; paidAt: number };

/** The jobs queue's message that asks again. */
export type VipPaymentLookupMessage = { type: "vip_payment_lookup"; payment: UnmatchedPayment };

export const isVipPaymentLookup = (body: unknown): body is VipPaymentLookupMessage =>
  typeof body === "object" && body !== null && (body as { type?: unknown }).type === "vip_payment_lookup";

/** Asks the provider and records the payment once (a replay writes nothing more); throws when the provider fails. */
export async function lookUpVipPayment(env: AppEnv, db: DB, p: UnmatchedPayment): Promise<void> {
  const paymentIntentId = await createPaymentsService(env).invoicePaymentIntent(p.invoiceId);
  if (!paymentIntentId) {
    console.error(`membership: the provider knows no paid payment of invoice ${p.invoiceId}; a dispute on it will not be matched`);
    return;
  }
  await runBatch(db, [recordVipPayment(db, { ...p, paymentIntentId }, p.userId, p.paidAt)]);
}

/** After the invoice.paid batch: asked now, else queued to be asked again. */
export async function matchInvoicePayment(c: FollowUpContext, p: UnmatchedPayment) {
  try {
    await lookUpVipPayment(c.env, c.var.db, p);
  } catch (err) {
    console.error(`membership: the payment of invoice ${p.invoiceId} could not be looked up; asking again on the queue`, err);
    try {
      await c.env.CAMPAIGN_QUEUE.send({ type: "vip_payment_lookup", payment: p } satisfies VipPaymentLookupMessage);
    } catch (queueErr) {
      console.error(`membership: the lookup of invoice ${p.invoiceId} could not be queued; a dispute on it will not be matched`, queueErr);
    }
  }
}
