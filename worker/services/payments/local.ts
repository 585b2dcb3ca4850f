// Local payments: the built-in test checkout (no Stripe account, works offline). Checkout and
// "portal" point at the SPA's test-mode pages; their buttons make the Worker build Stripe-shaped
// events, sign them with LOCAL_PAYMENTS_SECRET exactly as Stripe signs webhooks, and feed them
// through the same verification and fulfilment as the live webhook.
import { sha256Hex } from "../../lib/crypto";
import { verifyStripeSignature } from "./live";
import { stripeCryptoProvider, stripeSdk } from "./sdk";
import { PaymentProviderError, type PaymentsService, type RefundInput, type RefundResult } from "./types";

export const LOCAL_CHECKOUT_PATH = "/vip-checkout/test";
export const LOCAL_ORDER_CHECKOUT_PATH = "/store/checkout/test";
export const LOCAL_MANAGE_PATH = "/vip-membership/manage";
export const LOCAL_ID_PREFIX = {
  session: "cs_local_",
  customer: "cus_local_",
  subscription: "sub_local_",
  invoice: "in_local_",
  event: "evt_local_",
  paymentIntent: "pi_local_",
  dispute: "dp_local_",
  fraudWarning: "issfr_local_",
} as const;

export type SignedEvent = { rawBody: string; signature: string };

/** Serialises and signs an event the way Stripe signs webhook deliveries. */
export async function signLocalEvent(event: object, secret: string): Promise<SignedEvent> {
  const rawBody = JSON.stringify(event);
  const [Sdk, cryptoProvider] = await Promise.all([stripeSdk(), stripeCryptoProvider()]);
  const signature = await Sdk.webhooks.generateTestHeaderStringAsync({ payload: rawBody, secret, cryptoProvider });
  return { rawBody, signature };
}

export type LocalPaymentsOptions = {
  secret: string;
  /** Refunds made offline (local-refunds.ts), which need the database; without it refunds are refused. */
  refund?: (input: RefundInput) => Promise<RefundResult>;
  /** Disputes' evidence "submitted" offline (local-disputes.ts), which needs the database too. */
  submitDispute?: (disputeId: string) => Promise<void>;
};

export function createLocalPaymentsService({ secret, refund, submitDispute }: LocalPaymentsOptions): PaymentsService {
  return {
    mode: "local",

    async createCheckout({ user, attemptId, plan, amount, tier }) {
      // Same member + same attempt gives the same session, like Stripe's idempotency key (the live
      // one: the yearly plan's names its amount, a tier's its tier, plan, currency and amount).
      const vipKey = plan === "yearly" ? `${user.id}:${attemptId}:yearly:${amount.cents}` : `${user.id}:${attemptId}`;
      const key = tier ? `${user.id}:${attemptId}:${tier.id}:${plan}:${amount.currency}:${amount.cents}` : vipKey;
      const id = LOCAL_ID_PREFIX.session + (await sha256Hex(key)).slice(0, 32);
      return { id, url: `${LOCAL_CHECKOUT_PATH}?session=${id}` };
    },

    async createOrderCheckout({ checkoutId }) {
      // One session per checkout, like the live idempotency key: a retry gets the same one.
      const id = LOCAL_ID_PREFIX.session + (await sha256Hex(`order:${checkoutId}`)).slice(0, 32);
      return { id, url: `${LOCAL_ORDER_CHECKOUT_PATH}?session=${id}` };
    },

    async createPortal() {
      return { url: LOCAL_MANAGE_PATH };
    },

    // The local checkout keeps its subscriptions in D1 only; they go with the account's rows.
    async cancelSubscription() {},

    async refund(input) {
      if (!refund) throw new PaymentProviderError("The local test checkout refunds only with its database");
      return refund(input);
    },

    // The local test checkout's invoices carry their payment in the event itself.
    async invoicePaymentIntent() {
      return null;
    },

    async submitDisputeEvidence(disputeId) {
      if (!submitDispute) throw new PaymentProviderError("The local test checkout takes evidence only with its database");
      await submitDispute(disputeId);
    },

    verifyEvent: (rawBody, signatureHeader) => verifyStripeSignature(rawBody, signatureHeader, secret),
  };
}
