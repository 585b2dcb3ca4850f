// The payments service interface (docs/design.md#5-outside-services-live-and-local). The live implementation talks to
// Stripe; the local one backs the built-in test checkout. Both hand verified events to the same
// fulfilment code (fulfilment.ts).
import type Stripe from "stripe";
import type { VipPlan } from "#contracts/vip-plans.ts";
import type { TaxBehavior, TaxLineKind, TaxPlace } from "#contracts/tax-model.ts";

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
  /** The plan sold, and its amount as the site shows it (the configuration's monthly price, the settings' yearly one). */
  plan: VipPlan;
  amount: { cents: number; currency: string };
  /** The member's IP address at checkout, for the provider's fraud scoring (metadata `buyer_ip`). */
  buyerIp?: string | null;
  /** The prices' tax behaviour in the plan's currency (decision 093): the yearly price_data's. */
  taxBehavior: TaxBehavior;
  /**
   * A percent off the first period only (an upgrade or win-back offer, decision 101): live, a
   * once-only coupon made for the offer; locally, the first invoice charges the discounted amount.
   */
  firstPeriodDiscount?: { percentOff: number; offerId: string };
  /** A tier above VIP (decision 098): sold with price_data on the tier's own product, named in the metadata. Absent: VIP. */
  tier?: TierProductInput;
  /** A free trial of this many days before the first charge (decision 102), the card taken at checkout. Absent: none. */
  trialDays?: number;
};

/** A paid tier as the provider's product: its id (the product is `fansite_tier_<id>`) and name. */
export type TierProductInput = { id: string; name: string };

/**
 * A store order's checkout (payment mode, decision 054): every amount is the Worker's own,
 * computed from its rows; the provider is told them, never asked.
 */
export type OrderCheckoutInput = {
  /** The Worker's checkout id: client_reference_id and metadata, and the idempotency key. */
  checkoutId: string;
  email: string;
  locale: "en" | "pt-BR";
  currency: "usd" | "brl";
  /** One per cart line: its name in the buyer's language, the unit price after discounts, in cents, what it is for tax. */
  lines: { name: string; unitAmountCents: number; quantity: number; taxKind: TaxLineKind }[];
  /** Whether the amounts include the tax or have it added (decision 093). */
  taxBehavior: TaxBehavior;
  /** Only for a cart with physical items: the one country shipped to and the Worker's rate. */
  shipping: { country: string; amountCents: number; label: string } | null;
  /** When the session (and the stock it holds) expires, epoch ms. */
  expiresAt: number;
  origin: string;
  /** The buyer's IP address at checkout, for the provider's fraud scoring (metadata `buyer_ip`). */
  buyerIp?: string | null;
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

/** The dispute evidence the site sends: Stripe's own fields, every one text (no file uploads). */
export type DisputeEvidenceInput = Pick<
  Stripe.DisputeUpdateParams.Evidence,
  | "access_activity_log"
  | "customer_email_address"
  | "customer_purchase_ip"
  | "product_description"
  | "refund_policy_disclosure"
  | "shipping_carrier"
  | "shipping_tracking_number"
  | "uncategorized_text"
>;

/**
 * Moving a subscription to another tier or plan (decision 098). `tier` null: VIP (its configured
 * Prices); else the tier's own product with the Worker's amount as price_data. `prorationDate`
 * (epoch seconds) makes the preview and the change come to the same amount.
 */
/** A provider's invoice preview: the amount due and the tax in it (cents), and the place it was taxed for, when it says. */
export type InvoicePreview = { amountDueCents: number; taxCents: number; place: TaxPlace | null };

export type SubscriptionChangeInput = {
  subscriptionId: string;
  customerId: string;
  userId: string;
  tier: TierProductInput | null;
  tierId: string;
  plan: VipPlan;
  amount: { cents: number; currency: string };
  taxBehavior: TaxBehavior;
  prorationDate: number;
  /** The same key is the same change: a retried request never charges twice. */
  idempotencyKey: string;
};

/** The retention offer a member accepted: `periods` renewals of a `plan` subscription at `percentOff` off. */
export type RetentionDiscountInput = { subscriptionId: string; userId: string; percentOff: number; periods: number; plan: VipPlan };

/** The provider accepted the refund; the order changes when its charge.refunded event arrives. */
export type RefundResult = { id: string; status: string };

export interface PaymentsService {
  readonly mode: PaymentsMode;
  /** Opens a subscription checkout; `url` is where the browser goes to pay. */
  createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /** Opens a one-time checkout for a store order; `url` is where the browser goes to pay. */
  createOrderCheckout(input: OrderCheckoutInput): Promise<{ id: string; url: string }>;
  /** Opens self-service membership management (cancel, card, invoices). */
  createPortal(input: PortalInput): Promise<{ url: string }>;
  /**
   * Ends a subscription now (account deletion, decision 041): no further charge, no proration. The
   * provider's own event then arrives as any cancellation does.
   */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Refunds part or all of a payment; throws PaymentProviderError when the provider refuses. */
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * The payment intent that paid an invoice (decision 094), for an invoice.paid event that does not
   * carry it (API version 2025-03-31 and later leave the invoice's `payments` out of events); null
   * when none is known.
   */
  invoicePaymentIntent(invoiceId: string): Promise<string | null>;
  /** Submits a dispute's evidence (decision 094); throws PaymentProviderError when the provider refuses. */
  submitDisputeEvidence(disputeId: string, evidence: DisputeEvidenceInput): Promise<void>;
  /** Tier changes (decision 098), live only: the local test checkout makes them through its own flows. */
  /** What an upgrade now would charge at once (the provider's prorated invoice, tax included), and the tax in it, in cents. */
  previewSubscriptionChange?(input: SubscriptionChangeInput): Promise<InvoicePreview>;
  /** What the first renewal at the new price would charge (the provider's invoice without prorations, tax included), and the tax in it. */
  previewRenewalAfterChange?(input: SubscriptionChangeInput): Promise<InvoicePreview>;
  /** Upgrades now: the item's price swapped, the prorated difference invoiced and charged at once. */
  changeSubscriptionNow?(input: SubscriptionChangeInput): Promise<void>;
  /** Downgrades at the period's end: a schedule whose next phase is the new price and tier. */
  scheduleSubscriptionChange?(input: SubscriptionChangeInput): Promise<{ scheduleId: string }>;
  /** Sets the subscription to end at its period's end (the member cancelled on the site). */
  cancelAtPeriodEnd?(subscriptionId: string): Promise<void>;
  /** Drops a scheduled downgrade: the subscription goes on as it is. */
  cancelScheduledChange?(scheduleId: string): Promise<void>;
  /** The retention offer (decision 103): a percent off the subscription's next `periods` renewals. */
  applyRetentionDiscount?(input: RetentionDiscountInput): Promise<void>;
  /**
   * Ends a subscription's free trial now (decision 149: the member already had that tier's trial),
   * so its price is invoiced and charged at once. Live only: the local test checkout builds the
   * same events itself (membership/refused-trials.ts).
   */
  endTrialNow?(subscriptionId: string): Promise<void>;
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

/** Where a store checkout returns: the status page, and the cart when the buyer goes back. */
export const orderSuccessUrl = (origin: string, sessionId = "{CHECKOUT_SESSION_ID}") => `${origin}/store/thanks?session_id=${sessionId}`;
export const orderCancelUrl = (origin: string) => `${origin}/store/cart`;
