// Live payments through Stripe: Checkout Sessions (subscription mode), the Customer Portal and
// webhook signature checks. Uses only the stripe SDK with its fetch HTTP client and WebCrypto,
// so the same module runs in workerd and, in tests, in Node against a fake Stripe server.
import type Stripe from "stripe";
import { stripeCryptoProvider, stripeSdk } from "./sdk";
import { STRIPE_TAX_CODE_BY_KIND } from "./tax-codes";
import { liveSubscriptionChanges, tierPriceData } from "./live-changes";
import {
  cancelUrl,
  orderCancelUrl,
  orderSuccessUrl,
  PaymentProviderError,
  SignatureError,
  successUrl,
  type CheckoutInput,
  type OrderCheckoutInput,
  type PaymentEvent,
  type PaymentsService,
  type PortalInput,
  type RefundInput,
} from "./types";

export type LivePaymentsOptions = {
  secretKey: string;
  /** The monthly plan's Price (STRIPE_PRICE_ID). */
  priceId: string;
  /** The yearly plan's Price (STRIPE_YEARLY_PRICE_ID), when the operator made one; else price_data on the monthly price's product. */
  yearlyPriceId?: string;
  webhookSecret: string | undefined;
  /** Overrides of the API address (a fake Stripe server in tests). */
  api?: { host?: string; port?: string | number; protocol?: "http" | "https" };
  timeoutMs?: number;
};

/**
 * Prices looked up, per isolate: a Price's amount, interval and product never change, so one
 * lookup serves every later checkout (a failed one is forgotten and asked again next time).
 */
const priceLookups = new Map<string, Promise<Stripe.Price>>();

/** Checks a webhook's Stripe-Signature over the exact raw body it came with. */
export async function verifyStripeSignature(rawBody: string, signatureHeader: string | undefined, secret: string | undefined): Promise<PaymentEvent> {
  if (!secret) throw new SignatureError("No webhook secret is configured");
  if (!signatureHeader) throw new SignatureError("Missing Stripe-Signature header");
  const [Sdk, cryptoProvider] = await Promise.all([stripeSdk(), stripeCryptoProvider()]);
  try {
    return await Sdk.webhooks.constructEventAsync(rawBody, signatureHeader, secret, undefined, cryptoProvider);
  } catch (err) {
    throw new SignatureError(err instanceof Error ? err.message : "Invalid signature", { cause: err });
  }
}

export function createLivePaymentsService(opts: LivePaymentsOptions): PaymentsService {
  // The client is made on the first call (the SDK loads then).
  let client: Promise<Stripe> | undefined;
  const makeClient = (Sdk: typeof Stripe) =>
    new Sdk(opts.secretKey, {
      httpClient: Sdk.createFetchHttpClient(),
      // Creates are safe to retry: each carries an idempotency key.
      maxNetworkRetries: 1,
      timeout: opts.timeoutMs ?? 15_000,
      ...(opts.api?.host ? { host: opts.api.host } : {}),
      ...(opts.api?.port !== undefined ? { port: opts.api.port } : {}),
      ...(opts.api?.protocol ? { protocol: opts.api.protocol } : {}),
    });

  async function call<T>(what: string, run: (stripe: Stripe) => Promise<T>): Promise<T> {
    try {
      if (!client) {
        client = stripeSdk().then(makeClient);
        client.catch(() => (client = undefined));
      }
      return await run(await client);
    } catch (err) {
      throw new PaymentProviderError(`Stripe ${what} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }

  function priceOf(id: string): Promise<Stripe.Price> {
    const key = `${opts.api?.host ?? ""}:${opts.api?.port ?? ""}:${id}`;
    let lookup = priceLookups.get(key);
    if (!lookup) {
      lookup = call("prices.retrieve", (stripe) => stripe.prices.retrieve(id));
      lookup.catch(() => priceLookups.delete(key));
      priceLookups.set(key, lookup);
    }
    return lookup;
  }

  /**
   * The yearly plan's line. With STRIPE_YEARLY_PRICE_ID, that Price, refused unless it charges
   * exactly what the site shows (the admin's amount, yearly): the site never shows one amount and
   * charges another. Without it, price_data with the admin's amount, yearly, on the monthly
   * price's product, so both plans are one product in Stripe's reports and the invoices.
   */
  async function yearlyLineItem(
    amount: CheckoutInput["amount"],
    taxBehavior: CheckoutInput["taxBehavior"],
  ): Promise<Stripe.Checkout.SessionCreateParams.LineItem> {
    const currency = amount.currency.toLowerCase();
    if (opts.yearlyPriceId) {
      const price = await priceOf(opts.yearlyPriceId);
      if (
        price.unit_amount !== amount.cents ||
        price.currency !== currency ||
        price.recurring?.interval !== "year" ||
        (price.recurring.interval_count ?? 1) !== 1
      ) {
        throw new PaymentProviderError(
          `STRIPE_YEARLY_PRICE_ID ${price.id} charges ${price.unit_amount} ${price.currency} every ${price.recurring?.interval_count ?? 1} ${price.recurring?.interval ?? "(one-time)"}; the settings' yearly price is ${amount.cents} ${currency} a year`,
        );
      }
      return { price: price.id, quantity: 1 };
    }
    const monthly = await priceOf(opts.priceId);
    const product = typeof monthly.product === "string" ? monthly.product : monthly.product.id;
    return { price_data: { currency, unit_amount: amount.cents, product, recurring: { interval: "year" }, tax_behavior: taxBehavior }, quantity: 1 };
  }

  /**
   * The offer's coupon: its percent off, once (the first invoice only), redeemable once, made once
   * per offer (the idempotency key), so a retried claim reuses it.
   */
  async function offerCoupon({ percentOff, offerId }: NonNullable<CheckoutInput["firstPeriodDiscount"]>) {
    const coupon = await call("coupons.create", (stripe) =>
      stripe.coupons.create(
        { percent_off: percentOff, duration: "once", max_redemptions: 1, name: `${percentOff}% off the first period`, metadata: { offer_id: offerId } },
        { idempotencyKey: `tier-offer-coupon:${offerId}` },
      ),
    );
    return { couponId: coupon.id, offerId };
  }

  /** The VIP price a changed subscription's item moves to: the configured Prices (decision 055). */
  async function vipItemPrice({ plan, amount, taxBehavior }: Pick<CheckoutInput, "plan" | "amount" | "taxBehavior">) {
    const line = plan === "yearly" ? await yearlyLineItem(amount, taxBehavior) : { price: opts.priceId };
    return line.price ? { price: line.price } : { price_data: line.price_data as Stripe.SubscriptionUpdateParams.Item.PriceData };
  }

  return {
    mode: "live",
    ...liveSubscriptionChanges({ call, vipPrice: vipItemPrice }),

    async createCheckout({ user, customerId, origin, attemptId, plan, amount, taxBehavior, buyerIp, tier, firstPeriodDiscount, trialDays }: CheckoutInput) {
      // A tier above VIP: its own product, the Worker's amount, its id in the metadata (decision 098).
      const tierLine = tier ? { price_data: await tierPriceData(call, { amount, plan, taxBehavior }, tier), quantity: 1 } : null;
      const lineItem = tierLine ?? (plan === "yearly" ? await yearlyLineItem(amount, taxBehavior) : { price: opts.priceId, quantity: 1 });
      // The monthly key is the one it always was; the yearly one names its amount, so a price
      // changed by the admin between two retries of one attempt opens a session of its own.
      const vipKey = plan === "yearly" ? `vip-checkout:${user.id}:${attemptId}:yearly:${amount.cents}` : `vip-checkout:${user.id}:${attemptId}`;
      const planKey = tier ? `tier-checkout:${user.id}:${attemptId}:${tier.id}:${plan}:${amount.currency}:${amount.cents}` : vipKey;
      const discount = firstPeriodDiscount ? await offerCoupon(firstPeriodDiscount) : null;
      const offerKey = discount ? `${planKey}:offer:${discount.offerId}` : planKey;
      const idempotencyKey = trialDays ? `${offerKey}:trial:${trialDays}` : offerKey;
      // A trial still takes the card (Stripe would otherwise skip it for a 0 first invoice), so
      // the trial's end charges the tier's price without the member coming back.
      const trial = trialDays ? { trial_period_days: trialDays } : {};
      const tierMeta: Record<string, string> = tier ? { tier_id: tier.id } : {};
      const session = await call("checkout.sessions.create", (stripe) =>
        stripe.checkout.sessions.create(
          {
            mode: "subscription",
            line_items: [lineItem],
            client_reference_id: user.id,
            ...(customerId ? { customer: customerId } : { customer_email: user.email }),
            success_url: successUrl(origin),
            cancel_url: cancelUrl(origin),
            // Carried by every subscription and invoice event, so fulfilment can tell which
            // member a subscription belongs to whatever order the events arrive in.
            subscription_data: { metadata: { user_id: user.id, ...tierMeta }, ...trial },
            ...(trialDays ? { payment_method_collection: "always" as const } : {}),
            metadata: { user_id: user.id, ...tierMeta, ...(buyerIp ? { buyer_ip: buyerIp } : {}), ...(discount ? { offer_id: discount.offerId } : {}) },
            ...(discount ? { discounts: [{ coupon: discount.couponId }] } : {}),
            ...taxParams,
            // An existing customer's address is where Stripe Tax reads the place: the one given here is kept.
            ...(customerId ? { customer_update: { address: "auto", name: "auto" } } : {}),
          },
          { idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentProviderError(`Stripe checkout session ${session.id} came back without a URL`);
      return { id: session.id, url: session.url };
    },

    async createOrderCheckout(input: OrderCheckoutInput) {
      const session = await call("checkout.sessions.create", (stripe) =>
        stripe.checkout.sessions.create(orderSessionParams(input), { idempotencyKey: `store-checkout:${input.checkoutId}` }),
      );
      if (!session.url) throw new PaymentProviderError(`Stripe checkout session ${session.id} came back without a URL`);
      return { id: session.id, url: session.url };
    },

    async createPortal({ userId, customerId, origin }: PortalInput) {
      const portal = await call("billingPortal.sessions.create", (stripe) =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: `${origin}/social/profile/${encodeURIComponent(userId)}` }),
      );
      return { url: portal.url };
    },

    async cancelSubscription(subscriptionId: string) {
      await call("subscriptions.cancel", (stripe) => stripe.subscriptions.cancel(subscriptionId));
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }: RefundInput) {
      const refund = await call("refunds.create", (stripe) =>
        stripe.refunds.create({ payment_intent: paymentIntentId, amount: amountCents }, { idempotencyKey }),
      );
      return { id: refund.id, status: refund.status ?? "pending" };
    },

    async invoicePaymentIntent(invoiceId) {
      const list = await call("invoicePayments.list", (stripe) => stripe.invoicePayments.list({ invoice: invoiceId, status: "paid", limit: 1 }));
      const intent = list.data[0]?.payment.payment_intent;
      return (typeof intent === "string" ? intent : intent?.id) ?? null;
    },

    async submitDisputeEvidence(disputeId, evidence) {
      // Submitted at once: the admin reviewed it in the back office.
      await call("dispute update", (stripe) =>
        stripe.disputes.update(disputeId, { evidence, submit: true }, { idempotencyKey: `dispute-submit:${disputeId}` }),
      );
    },

    verifyEvent: (rawBody, signatureHeader) => verifyStripeSignature(rawBody, signatureHeader, opts.webhookSecret),
  };
}

/**
 * Stripe Tax on every session (decision 093): the tax computed from the buyer's billing address
 * (digital) or shipping address (physical), the address always asked, and an optional business
 * tax id. Stripe collects only where the account is registered; elsewhere the tax is 0.
 */
const taxParams = {
  automatic_tax: { enabled: true },
  billing_address_collection: "required",
  tax_id_collection: { enabled: true },
} as const satisfies Partial<Stripe.Checkout.SessionCreateParams>;

/**
 * A store order as a payment-mode Checkout Session: line items priced by the Worker (price_data,
 * never a catalog price), shipping to the one country chosen at the Worker's rate, the buyer's
 * e-mail fixed, the Worker's checkout id to match the events with, and the hold's expiry.
 */
export function orderSessionParams(input: OrderCheckoutInput): Stripe.Checkout.SessionCreateParams {
  const metadata: Record<string, string> = { checkout_id: input.checkoutId, ...(input.buyerIp ? { buyer_ip: input.buyerIp } : {}) };
  return {
    mode: "payment",
    line_items: input.lines.map((line) => ({
      quantity: line.quantity,
      price_data: {
        currency: input.currency,
        unit_amount: line.unitAmountCents,
        tax_behavior: input.taxBehavior,
        product_data: { name: line.name, tax_code: STRIPE_TAX_CODE_BY_KIND[line.taxKind] },
      },
    })),
    ...taxParams,
    // A business tax id is kept on a customer: payment mode makes one for every buyer.
    customer_creation: "always",
    customer_email: input.email,
    client_reference_id: input.checkoutId,
    metadata,
    payment_intent_data: { metadata },
    expires_at: Math.floor(input.expiresAt / 1000),
    locale: input.locale === "pt-BR" ? "pt-BR" : "en",
    success_url: orderSuccessUrl(input.origin),
    cancel_url: orderCancelUrl(input.origin),
    ...(input.shipping
      ? {
          shipping_address_collection: {
            allowed_countries: [input.shipping.country as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry],
          },
          shipping_options: [
            {
              shipping_rate_data: {
                type: "fixed_amount",
                display_name: input.shipping.label,
                fixed_amount: { amount: input.shipping.amountCents, currency: input.currency },
                tax_behavior: input.taxBehavior,
                tax_code: STRIPE_TAX_CODE_BY_KIND.shipping,
              },
            },
          ],
        }
      : {}),
  };
}
