// VIP membership payments: request/response shapes shared by the Worker and the SPA.
import { z } from "./zod";
import { VIP_PLANS, type VipPlan } from "./vip-plans";
import { TIER_CURRENCIES, tierIdSchema } from "./tiers/moves";
export { PAYMENT_MESSAGES } from "./payment-limits";

/** A member whose renewal payment failed keeps VIP this long after the first failure. */
export const PAST_DUE_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

/** Checkout attempts per account and per IP: [max, window seconds]. */
export const CHECKOUT_RATE_LIMITS = {
  perAccount: [10, 60 * 60],
  perIp: [30, 60 * 60],
} as const satisfies Record<string, readonly [number, number]>;

/** How the result page polls the status endpoint before saying confirmation is slow. */
export const CONFIRMATION_POLL_MS = 1500;
export const CONFIRMATION_MAX_WAIT_MS = 30_000;

/**
 * POST /api/payments/checkout. `attemptId` is chosen by the browser per click on Join, so a
 * retried request reuses the same provider session instead of opening a second one. `plan`:
 * monthly when left out, so older clients keep buying what they did.
 */
export const checkoutBodySchema = z.strictObject({
  attemptId: z.uuid({ message: "attemptId must be a UUID" }).optional(),
  plan: z.enum(VIP_PLANS, { message: "plan must be monthly or yearly" }).default("monthly"),
  /** The paid tier sold (decision 098); VIP when left out. */
  tierId: tierIdSchema.default("vip"),
  /** The price's currency; left out: VIP's configured one, else USD. */
  currency: z.enum(TIER_CURRENCIES, { message: "currency must be usd or brl" }).optional(),
});

/** Checkout session ids: Stripe's `cs_...` or the local `cs_local_...`. */
export const checkoutSessionIdSchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9_]+$/, "Invalid checkout session id");
export const checkoutSessionParamSchema = z.object({ sessionId: checkoutSessionIdSchema });

export const LOCAL_CHECKOUT_ACTIONS = ["pay", "decline", "cancel"] as const;
export type LocalCheckoutAction = (typeof LOCAL_CHECKOUT_ACTIONS)[number];
export const localCheckoutParamSchema = z.object({ sessionId: checkoutSessionIdSchema, action: z.enum(LOCAL_CHECKOUT_ACTIONS) });
/** The VIP test checkout's DEMO tax for the member's place (decision 093). */
export const localCheckoutTaxParamSchema = z.object({ sessionId: checkoutSessionIdSchema });

export const LOCAL_SUBSCRIPTION_ACTIONS = ["cancel-at-period-end", "resume", "end-now", "switch-to-yearly", "switch-to-monthly"] as const;
export type LocalSubscriptionAction = (typeof LOCAL_SUBSCRIPTION_ACTIONS)[number];
export const localSubscriptionParamSchema = z.object({ action: z.enum(LOCAL_SUBSCRIPTION_ACTIONS) });
export const localSwitchParamSchema = z.object({ plan: z.enum(VIP_PLANS) });

/**
 * GET /api/payments/local/subscription/switch/:plan: what switching to `plan` now would come to,
 * computed from the membership as stored and the plans' prices (the portal asks before it
 * switches). Amounts in cents of `currency`; `periodEnd` (ISO) is the new plan's first renewal.
 */
export type LocalSwitchTermsResponse = {
  plan: VipPlan;
  priceCents: number;
  currency: string;
  /** The unused share of the period already paid for. */
  creditCents: number;
  /** Charged now: the new price less the credit. */
  chargeCents: number;
  /** The credit the new price does not use, kept for later payments. */
  leftoverCents: number;
  periodEnd: string;
};

/** Answer of POST /api/payments/checkout and POST /api/payments/portal: where to send the browser. */
export type RedirectResponse = { url: string };

export type CheckoutSessionStatus = "pending" | "complete" | "failed" | "canceled";

/** GET /api/payments/checkout/:sessionId/status (owner only). */
export type CheckoutStatusResponse = {
  status: CheckoutSessionStatus;
  /** True once a verified payment event has made the member VIP. The result page waits for it. */
  isVIP: boolean;
  /** The tier the checkout sells, named in both languages (the test checkout's item line). */
  tier: { id: string; name: { en: string; ptBR: string } };
  /** The plan the checkout sells and its amount (the test checkout page shows them). */
  plan: VipPlan;
  amount: PlanAmount;
  /** Only on an offer's checkout: what its first invoice charges, the offer's percent off `amount`. */
  firstPeriodCents?: number;
  /** Only on a checkout with a free trial: its days. Pay charges nothing today, the price from the trial's end. */
  trialDays?: number;
};

/** An amount in cents and its ISO 4217 code, as the configuration writes it (USD). */
export type PlanAmount = { cents: number; currency: string };

/**
 * The member's membership as it stands now (grace periods are evaluated at read time):
 * none: never subscribed; active: paid and renewing; canceling: paid, ends at the period end;
 * past_due: a renewal payment failed (VIP during the grace period); ended: canceled or unpaid.
 */
export type MembershipStatus = "none" | "active" | "canceling" | "past_due" | "ended";

/** GET /api/payments/membership (the signed-in member's own). Dates are ISO 8601. */
export type MembershipResponse = {
  status: MembershipStatus;
  /** Whether the member has VIP now (a membership, or VIP granted otherwise). */
  isVIP: boolean;
  /** Renewal date while active; the end date while canceling. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** When a canceling membership ends (the period end, or an explicit cancel date). */
  cancelsAt: string | null;
  /** While past due: when VIP ends unless the payment succeeds. */
  graceEndsAt: string | null;
  /** True when there is a billing account to open in Manage membership. */
  canManage: boolean;
  /** The plan of the membership; null when no event has told it yet (or none). */
  plan: VipPlan | null;
  /** What the next renewal charges, while active (not set to cancel); null otherwise. */
  renewalAmount: PlanAmount | null;
  /** The tier the subscription pays for (decision 098); null without one. */
  tierId?: string | null;
  /** A downgrade the next renewal makes (decision 098): the tier and plan from `startsAt`, at `renewalCents`. */
  pendingChange?: { tierId: string; plan: VipPlan; renewalCents: number | null; startsAt: string | null } | null;
  /** The paid tier's names and benefits in both languages, while a membership is live. */
  tier?: MembershipTier | null;
  /** The moves an active membership may make (each priced by the change preview before it is made). */
  moves?: (Pick<MembershipTier, "id" | "name"> & { plan: VipPlan; kind: "upgrade" | "downgrade" })[];
  /**
   * While a free trial runs (decision 102): when it ends, when `renewalAmount` is first charged
   * (or, set to cancel, when the member goes back to the free tier). Null otherwise.
   */
  trialEndsAt?: string | null;
  /** The tiers the member has had (a trial or paid): a checkout of one of them starts no trial. */
  hadTierIds?: string[];
};

export type MembershipTier = { id: string; name: { en: string; ptBR: string }; benefits: { en: string[]; ptBR: string[] } };

/** POST /api/payments/local/checkout/:id/{pay|decline|cancel} (local mode): where to go next. */
export type LocalCheckoutResultResponse = { redirectTo: string };
