// The payments service interface (docs/design.md#5-outside-services-live-and-local). The live implementation talks to
// Stripe; the local one backs the built-in test checkout. Both hand verified events to the same
// fulfilment code (fulfilment.ts).
import type Stripe from "stripe";

export type PaymentsMode = "live" | "local";

/** A verified provider event (Stripe's shape; the local mode builds and signs the same shape). */
export type PaymentEvent = Stripe.Event;

export type CheckoutInput = {
  user: { id: string; email: string };
  /** The member's existing billing customer, reused so one member has one customer. */
  customerId: string | null;
  /** The site's own origin, for the return URLs. */
  origin: string;
  /** Chosen per click on Join: a retry of the same attempt reuses the same session. */
  attemptId: string;
};

export type PortalInput = {
  userId: string;
  customerId: string;
  origin: string;
};

/** A refund of a one-time payment (a store order), whole or in part. */
export type RefundInput = {
  paymentIntentId: string;
  amountCents: number;
  /** The same key is the same refund: a retried request never refunds twice. */
  idempotencyKey: string;
};

/** The provider accepted the refund; the order changes when its charge.refunded event arrives. */
export type RefundResult = { id: string; status: string };

export interface PaymentsService {
  readonly mode: PaymentsMode;
  /** Opens a subscription checkout; `url` is where the browser goes to pay. */
  createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /** Opens self-service membership management (cancel, card, invoices). */
  createPortal(input: PortalInput): Promise<{ url: string }>;
  /**
   * Ends a subscription now (account deletion, decision 041): no further charge, no proration. The
   * provider's own event then arrives as any cancellation does.
   */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Refunds part or all of a payment; throws PaymentProviderError when the provider refuses. */
  refund(input: RefundInput): Promise<RefundResult>;
  /** Checks the signature over the raw body; throws SignatureError when it does not hold. */
  verifyEvent(rawBody: string, signatureHeader: string | undefined): Promise<PaymentEvent>;
}

/** The event's signature is missing, malformed, stale or wrong. */
export class SignatureError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SignatureError";
  }
}

/** The provider refused or failed a call (network, API error, unexpected answer). */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PaymentProviderError";
  }
}

/** Return URLs shared by both implementations, so the browser lands on the same pages. */
export const successUrl = (origin: string, sessionId = "{CHECKOUT_SESSION_ID}") => `${origin}/vip-confirmation?session_id=${sessionId}`;
export const cancelUrl = (origin: string) => `${origin}/vip-signup`;
