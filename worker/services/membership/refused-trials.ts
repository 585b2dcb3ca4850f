// A subscription refused its free trial (decision 149): the member already had that tier's trial,
// through another checkout opened before the first was paid. The provider made it trialing (the
// checkout was opened with the trial); the site gives it nothing ('incomplete', db/payments.ts
// `takeTrial`) and, once, right after the batch that refused it, asks the provider to end the trial
// now, so the tier's price is charged from the first day and its paid invoice makes it active.
import type { SubscriptionRow } from "../../db/payments";
import { findSubscription } from "../../db/payments";
import { createPaymentsService } from "../payments";
import { deliver } from "../payments/local-delivery";
import { localEvent } from "../payments/local-events";
import type { FollowUpContext, PurchaseKind } from "../payments/purchase-kind";
import type { PaymentsService } from "../payments/types";
import { invoiceObject, periodEndAfter, subscriptionObject, type LocalSubscription } from "./local-events";
import { vipPlanPrices } from "./plans";
import type { VipPlan } from "#contracts/vip-plans.ts";

/**
 * The local provider's trial ended now, as Stripe does it for `trial_end: "now"`: the subscription
 * active with a new period from now, and an invoice of its full price paid.
 */
async function endLocalTrial(c: FollowUpContext, kind: PurchaseKind, service: PaymentsService, row: SubscriptionRow, now: number) {
  const prices = await vipPlanPrices(c.env, c.var.db);
  const plan: VipPlan = row.plan ?? "monthly";
  const sub: LocalSubscription = {
    id: row.id,
    customerId: row.customerId,
    userId: row.userId,
    status: "active",
    periodStart: now,
    periodEnd: periodEndAfter(plan, now),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    priceCents: row.priceCents ?? prices[plan].cents,
    currency: row.priceCurrency ?? prices[plan].currency,
    plan,
    tierId: row.tierId,
  };
  const delivery = { db: c.var.db, service, secret: c.env.LOCAL_PAYMENTS_SECRET ?? "", kinds: [kind], followUp: c };
  await deliver(
    delivery,
    [
      localEvent("customer.subscription.updated", subscriptionObject(sub, now), now),
      localEvent("invoice.paid", invoiceObject(sub, { reason: "subscription_update" }), now),
    ],
    now,
  );
}

/** After the batch that refused the trial of `subscriptionId` (once per subscription): charged now. */
export async function chargeRefusedTrial(c: FollowUpContext, kind: PurchaseKind, subscriptionId: string, now = Date.now()) {
  try {
    const service = createPaymentsService(c.env);
    if (service.mode !== "local") {
      await service.endTrialNow?.(subscriptionId);
      return;
    }
    const row = await findSubscription(c.var.db, subscriptionId);
    if (row?.status === "incomplete") await endLocalTrial(c, kind, service, row, now);
  } catch (err) {
    // Left as it is, the provider charges at the trial's end and that invoice makes it active.
    console.error(`membership: the refused trial of subscription ${subscriptionId} could not be ended; end it at the provider`, err);
  }
}
