// Each seller's refund after a waitlist sale (decisions 185, 191): asked of the provider under the
// key `waitlist-refund:<return>` (asked again, refunded once), its outcome recorded on the return,
// and, the one time it is done, the seller's refund receipt in their language (keyed by the return,
// so no replay mails twice). The five-minute job asks again what was refused or never settled, up
// to WAITLIST_REFUND_ATTEMPTS, then tells the admin once.
import { readConfig, type AppEnv } from "../../env";
import type { DB } from "../../db/client";
import type { PaymentsService } from "../payments/types";
import { createPaymentsService } from "../payments";
import { storeRefunds } from "../store/purchase";
import { createMailService } from "../mail";
import { waitlistRefundMail } from "../mail/waitlist-refund";
import { notifyAdmin } from "../admin-notifications";
import { giveUpRefunds, refundsDue, settleRefund, type SellerRefund } from "../../db/waitlist/refunds";
import { isLocale } from "#contracts/locale.ts";

export type SellerRefundDeps = { payments?: PaymentsService };

async function sendRefundReceipt(env: AppEnv, db: DB, r: SellerRefund): Promise<void> {
  const locale = isLocale(r.seller_locale) ? r.seller_locale : "en";
  const mail = waitlistRefundMail({
    to: r.seller_email,
    locale,
    brandName: readConfig(env).BRAND_NAME,
    eventTitle: (locale === "pt-BR" && r.event_title_pt_br) || r.event_title,
    startsAt: new Date(r.event_date),
    timeZone: r.time_zone,
    typeName: (locale === "pt-BR" && r.type_name_pt_br) || r.type_name,
    amountCents: r.unit_cents,
    currency: r.currency,
    orderNumber: r.order_number,
  });
  await createMailService(env, db).send({ ...mail, idempotencyKey: `waitlist-refund-receipt:${r.return_id}` });
}

/** One ask of one seller's refund; never throws (a refusal or an error is recorded for the job). */
export async function refundSeller(env: AppEnv, db: DB, payments: PaymentsService, r: SellerRefund, now: number): Promise<void> {
  let outcome: { ok: true } | { ok: false; error: string };
  try {
    if (!r.payment_intent_id) throw new Error("the seller's order has no payment");
    await payments.refund({ paymentIntentId: r.payment_intent_id, amountCents: r.unit_cents, idempotencyKey: `waitlist-refund:${r.return_id}` });
    outcome = { ok: true };
  } catch (err) {
    console.error(`waitlist: refunding the seller of return ${r.return_id} failed`, err);
    outcome = { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  try {
    if (await settleRefund(db, r.return_id, outcome, now)) await sendRefundReceipt(env, db, r);
  } catch (err) {
    console.error(`waitlist: recording the refund of return ${r.return_id} failed`, err);
  }
}

export const sellerPayments = (env: AppEnv, db: DB, deps: SellerRefundDeps = {}) => deps.payments ?? createPaymentsService(env, storeRefunds(db));

/** The job's pass: refunds refused or never settled asked again, then those out of attempts given to the admin. */
export async function retrySellerRefunds(env: AppEnv, db: DB, now: number, deps: SellerRefundDeps = {}): Promise<void> {
  const due = await refundsDue(db, now);
  if (due.length > 0) {
    const payments = sellerPayments(env, db, deps);
    for (const r of due) await refundSeller(env, db, payments, r, now);
  }
  for (const r of await giveUpRefunds(db, now)) {
    await notifyAdmin(
      env,
      db,
      {
        kind: "waitlist_refund_failed",
        returnId: r.return_id,
        refund: {
          eventTitle: r.event_title,
          orderNumber: r.order_number,
          sellerEmail: r.seller_email,
          amountCents: r.unit_cents,
          currency: r.currency,
          attempts: r.refund_attempts,
          reason: r.refund_error,
        },
      },
      now,
    );
  }
}
