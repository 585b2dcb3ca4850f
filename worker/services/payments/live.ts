// Live payments through Stripe: Checkout Sessions (subscription mode), the Customer Portal and
// webhook signature checks. Uses only the stripe SDK with its fetch HTTP client and WebCrypto,
// so the same module runs in workerd and, in tests, in Node against a fake Stripe server.
import Stripe from "stripe";
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
  priceId: string;
  webhookSecret: string | undefined;
  /** Overrides of the API address (a fake Stripe server in tests). */
  api?: { host?: string; port?: string | number; protocol?: "http" | "https" };
  timeoutMs?: number;
};

const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** Checks a webhook's Stripe-Signature over the exact raw body it came with. */
export async function verifyStripeSignature(rawBody: string, signatureHeader: string | undefined, secret: string | undefined): Promise<PaymentEvent> {
  if (!secret) throw new SignatureError("No webhook secret is configured");
  if (!signatureHeader) throw new SignatureError("Missing Stripe-Signature header");
  try {
    return await Stripe.webhooks.constructEventAsync(rawBody, signatureHeader, secret, undefined, cryptoProvider);
  } catch (err) {
    throw new SignatureError(err instanceof Error ? err.message : "Invalid signature", { cause: err });
  }
}

export function createLivePaymentsService(opts: LivePaymentsOptions): PaymentsService {
  const stripe = new Stripe(opts.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    // Creates are safe to retry: each carries an idempotency key.
    maxNetworkRetries: 1,
    timeout: opts.timeoutMs ?? 15_000,
    ...(opts.api?.host ? { host: opts.api.host } : {}),
    ...(opts.api?.port !== undefined ? { port: opts.api.port } : {}),
    ...(opts.api?.protocol ? { protocol: opts.api.protocol } : {}),
  });

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw new PaymentProviderError(`Stripe ${what} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }

  return {
    mode: "live",

    async createCheckout({ user, customerId, origin, attemptId }: CheckoutInput) {
      const session = await call("checkout.sessions.create", () =>
        stripe.checkout.sessions.create(
          {
            mode: "subscription",
            line_items: [{ price: opts.priceId, quantity: 1 }],
            client_reference_id: user.id,
            ...(customerId ? { customer: customerId } : { customer_email: user.email }),
            success_url: successUrl(origin),
            cancel_url: cancelUrl(origin),
            // Carried by every subscription and invoice event, so fulfilment can tell which
            // member a subscription belongs to whatever order the events arrive in.
            subscription_data: { metadata: { user_id: user.id } },
            metadata: { user_id: user.id },
          },
          { idempotencyKey: `vip-checkout:${user.id}:${attemptId}` },
        ),
      );
      if (!session.url) throw new PaymentProviderError(`Stripe checkout session ${session.id} came back without a URL`);
      return { id: session.id, url: session.url };
    },

    async createOrderCheckout(input: OrderCheckoutInput) {
      const session = await call("checkout.sessions.create", () =>
        stripe.checkout.sessions.create(orderSessionParams(input), { idempotencyKey: `store-checkout:${input.checkoutId}` }),
      );
      if (!session.url) throw new PaymentProviderError(`Stripe checkout session ${session.id} came back without a URL`);
      return { id: session.id, url: session.url };
    },

    async createPortal({ userId, customerId, origin }: PortalInput) {
      const portal = await call("billingPortal.sessions.create", () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: `${origin}/social/profile/${encodeURIComponent(userId)}` }),
      );
      return { url: portal.url };
    },

    async cancelSubscription(subscriptionId: string) {
      await call("subscriptions.cancel", () => stripe.subscriptions.cancel(subscriptionId));
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }: RefundInput) {
      const refund = await call("refunds.create", () => stripe.refunds.create({ payment_intent: paymentIntentId, amount: amountCents }, { idempotencyKey }));
      return { id: refund.id, status: refund.status ?? "pending" };
    },

    verifyEvent: (rawBody, signatureHeader) => verifyStripeSignature(rawBody, signatureHeader, opts.webhookSecret),
  };
}

/**
 * A store order as a payment-mode Checkout Session: line items priced by the Worker (price_data,
 * never a catalog price), shipping to the one country chosen at the Worker's rate, the buyer's
 * e-mail fixed, the Worker's checkout id to match the events with, and the hold's expiry.
 */
export function orderSessionParams(input: OrderCheckoutInput): Stripe.Checkout.SessionCreateParams {
  const metadata = { checkout_id: input.checkoutId };
  return {
    mode: "payment",
    line_items: input.lines.map((line) => ({
      quantity: line.quantity,
      price_data: { currency: input.currency, unit_amount: line.unitAmountCents, product_data: { name: line.name } },
    })),
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
              },
            },
          ],
        }
      : {}),
  };
}
