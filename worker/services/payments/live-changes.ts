// Live tier changes through Stripe (decision 098): the tier's product, the price an item moves to,
// an upgrade now with its prorated invoice, and a downgrade at the period's end as a subscription
// schedule. Every amount is the Worker's (price_data), never a catalog price's.
import type Stripe from "stripe";
import { placeOfAddress } from "#contracts/tax-model.ts";
import { PaymentProviderError, type RetentionDiscountInput, type SubscriptionChangeInput, type TierProductInput } from "./types";

type Call = <T>(what: string, run: (stripe: Stripe) => Promise<T>) => Promise<T>;
type ChangeDeps = {
  call: Call;
  /** The VIP price an item moves to on `plan` (the configured Prices, decision 055). */
  vipPrice: (input: SubscriptionChangeInput) => Promise<Stripe.SubscriptionUpdateParams.Item>;
};

/** A tier's product at Stripe has an id of our own, so it is found again without storing it. */
export const tierProductId = (tierId: string) => `fansite_tier_${tierId}`;

/** The tier's product, made on first use (its name the tier's English name). */
export async function ensureTierProduct(call: Call, tier: TierProductInput): Promise<string> {
  const id = tierProductId(tier.id);
  try {
    return (await call("products.retrieve", (stripe) => stripe.products.retrieve(id))).id;
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (code !== "resource_missing") throw err;
  }
  const made = await call("products.create", (stripe) =>
    stripe.products.create({ id, name: tier.name, metadata: { tier_id: tier.id } }, { idempotencyKey: `tier-product:${tier.id}` }),
  );
  return made.id;
}

/** The price_data of a tier's amount on a plan. */
export async function tierPriceData(call: Call, input: Pick<SubscriptionChangeInput, "amount" | "plan" | "taxBehavior">, tier: TierProductInput) {
  return {
    currency: input.amount.currency.toLowerCase(),
    unit_amount: input.amount.cents,
    product: await ensureTierProduct(call, tier),
    recurring: { interval: input.plan === "yearly" ? ("year" as const) : ("month" as const) },
    tax_behavior: input.taxBehavior,
  };
}

export function liveSubscriptionChanges({ call, vipPrice }: ChangeDeps) {
  /** The subscription's one item, and the price it moves to. */
  async function movedItem(input: SubscriptionChangeInput): Promise<Stripe.SubscriptionUpdateParams.Item> {
    const sub = await call("subscriptions.retrieve", (stripe) => stripe.subscriptions.retrieve(input.subscriptionId));
    const item = sub.items.data[0];
    if (!item) throw new PaymentProviderError(`Stripe subscription ${input.subscriptionId} has no item`);
    const price = input.tier ? { price_data: await tierPriceData(call, input, input.tier) } : await vipPrice(input);
    return { id: item.id, ...price };
  }
  const metadata = (input: SubscriptionChangeInput) => ({ user_id: input.userId, tier_id: input.tierId });

  /** Stripe's preview of the subscription with its item moved: the amount due and the tax in it, in cents. */
  async function previewInvoice(
    input: SubscriptionChangeInput,
    proration: Pick<Stripe.InvoiceCreatePreviewParams.SubscriptionDetails, "proration_behavior" | "proration_date">,
  ) {
    const item = await movedItem(input);
    const preview = await call("invoices.createPreview", (stripe) =>
      stripe.invoices.createPreview({
        customer: input.customerId,
        subscription: input.subscriptionId,
        subscription_details: { items: [item], ...proration },
        // Taxed as the invoice will be, at the customer's address; without the retention coupon, which the move removes.
        automatic_tax: { enabled: true },
        discounts: "",
      }),
    );
    const taxCents = (preview.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0);
    // Until an invoice is finalized its customer_address is the customer's: where Stripe Tax taxed it.
    return { amountDueCents: preview.amount_due, taxCents, place: placeOfAddress(preview.customer_address) };
  }

  return {
    async previewSubscriptionChange(input: SubscriptionChangeInput) {
      return previewInvoice(input, { proration_behavior: "always_invoice", proration_date: input.prorationDate });
    },

    /**
     * Without prorations Stripe previews the invoice that bills the new price: the next renewal (or,
     * when the plan's interval changes, the new period's first invoice), taxed as it will be. A
     * downgrade's schedule bills exactly that price at the period's end.
     */
    async previewRenewalAfterChange(input: SubscriptionChangeInput) {
      return previewInvoice(input, { proration_behavior: "none" });
    },

    async changeSubscriptionNow(input: SubscriptionChangeInput) {
      const item = await movedItem(input);
      await call("subscriptions.update", (stripe) =>
        stripe.subscriptions.update(
          input.subscriptionId,
          // A retention discount belongs to the tier and plan it was made for (decision 148): the move ends it.
          { items: [item], proration_behavior: "always_invoice", proration_date: input.prorationDate, metadata: metadata(input), discounts: "" },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
    },

    /**
     * A schedule made from the subscription keeps its current phase to the period's end; the next
     * phase is the new price with the new tier in its metadata (Stripe sets it on the subscription
     * when the phase starts, so the renewal's customer.subscription.updated names the lower tier).
     * Released afterwards, the subscription simply goes on.
     */
    async scheduleSubscriptionChange(input: SubscriptionChangeInput) {
      const schedule = await call("subscriptionSchedules.create", (stripe) =>
        stripe.subscriptionSchedules.create({ from_subscription: input.subscriptionId }, { idempotencyKey: `${input.idempotencyKey}:schedule` }),
      );
      const current = schedule.phases[0];
      const currentPrice = current?.items[0]?.price;
      if (!current || !currentPrice) throw new PaymentProviderError(`Stripe schedule ${schedule.id} has no current phase`);
      const next = input.tier ? { price_data: await tierPriceData(call, input, input.tier) } : await vipPrice(input);
      await call("subscriptionSchedules.update", (stripe) =>
        stripe.subscriptionSchedules.update(
          schedule.id,
          {
            end_behavior: "release",
            proration_behavior: "none",
            phases: [
              {
                items: [{ price: typeof currentPrice === "string" ? currentPrice : currentPrice.id, quantity: 1 }],
                start_date: current.start_date,
                end_date: current.end_date,
              },
              {
                items: [{ ...withoutId(next), quantity: 1 }],
                metadata: metadata(input),
                duration: { interval: input.plan === "yearly" ? "year" : "month" },
                // The lower tier starts without the retention discount made for the current one (decision 148).
                discounts: "",
              },
            ],
          },
          { idempotencyKey: `${input.idempotencyKey}:phases` },
        ),
      );
      return { scheduleId: schedule.id };
    },

    async cancelAtPeriodEnd(subscriptionId: string) {
      // Setting the flag twice is harmless, so no idempotency key (one would replay a cancel made before a resume).
      await call("subscriptions.update", (stripe) => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    },

    async endTrialNow(subscriptionId: string) {
      // One key per subscription: a replayed event asks again and Stripe answers the first call.
      await call("subscriptions.update", (stripe) =>
        stripe.subscriptions.update(subscriptionId, { trial_end: "now", proration_behavior: "none" }, { idempotencyKey: `trial-refused:${subscriptionId}` }),
      );
    },

    async cancelScheduledChange(scheduleId: string) {
      await call("subscriptionSchedules.release", (stripe) => stripe.subscriptionSchedules.release(scheduleId));
    },

    /**
     * A coupon of the member's own (an accept is once per member, so its key never repeats) on the
     * subscription. A repeating coupon counts months from now, mid-period, so N months (12 N on a
     * yearly plan) cover exactly the next N renewals; one renewal is Stripe's "once".
     */
    async applyRetentionDiscount(input: RetentionDiscountInput) {
      const months = input.periods * (input.plan === "yearly" ? 12 : 1);
      const coupon = await call("coupons.create", (stripe) =>
        stripe.coupons.create(
          {
            percent_off: input.percentOff,
            ...(input.periods === 1 ? { duration: "once" as const } : { duration: "repeating" as const, duration_in_months: months }),
            max_redemptions: 1,
            metadata: { user_id: input.userId, kind: "retention" },
          },
          { idempotencyKey: `retention-coupon:${input.userId}` },
        ),
      );
      await call("subscriptions.update", (stripe) =>
        stripe.subscriptions.update(input.subscriptionId, { discounts: [{ coupon: coupon.id }] }, { idempotencyKey: `retention-discount:${input.userId}` }),
      );
    },
  };
}

/** A schedule phase's item: the price without the subscription item's id. */
function withoutId(item: Stripe.SubscriptionUpdateParams.Item) {
  const { price, price_data } = item;
  return price ? { price } : { price_data: price_data as Stripe.SubscriptionScheduleUpdateParams.Phase.Item.PriceData };
}
