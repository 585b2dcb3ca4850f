// VIP membership: checkout, the result page's status, the member's membership, self-service
// (portal), and the local test checkout's endpoints (local mode only). The provider's webhook, which
// every kind of purchase shares, is routes/payments-webhook.ts.
// No route here (or anywhere) takes an is_vip field: paid VIP changes only through a verified event
// (the other source of VIP, a comp granted in the back office, never touches subscriptions).
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import type { HonoEnv } from "../types";
import type { DB } from "../db/client";
import { readTaxSettings } from "../db/tax-settings";
import {
  endExpiredGraces,
  claimLocalCheckout,
  findBillingCustomer,
  findLatestOwnCheckoutSession,
  findOwnCheckoutSession,
  findUserForPayments,
  hasExpiredGrace,
  insertCheckoutSession,
  listSubscriptions,
} from "../db/payments";
import {
  CHECKOUT_RATE_LIMITS,
  PAYMENT_MESSAGES,
  checkoutBodySchema,
  checkoutSessionParamSchema,
  localCheckoutParamSchema,
  localCheckoutTaxParamSchema,
  localSubscriptionParamSchema,
  localSwitchParamSchema,
  type CheckoutStatusResponse,
  type LocalSwitchTermsResponse,
  type LocalCheckoutResultResponse,
  type MembershipResponse,
  type RedirectResponse,
} from "#contracts/payments.ts";
import { conflict, notFound, routeError, unauthorized } from "../lib/errors";
import { newId } from "../lib/crypto";
import { checkBody, readOptionalJson, validate } from "../lib/validate";
import { billingPlaceSchema, localVipPayBodySchema, type LocalTaxPreviewResponse } from "#contracts/tax.ts";
import { jurisdictionOf } from "#contracts/tax-model.ts";
import { requireUser } from "../middleware/guards";
import { requireVerifiedEmail } from "../middleware/email-verified";
import { isLoopbackRequest } from "../middleware/local-only";
import { clientIp, hitRateLimit, knownClientIp } from "../services/rate-limit";
import { createPaymentsService, PaymentsConfigError, paymentsModeOf, type PaymentsService } from "../services/payments";
import type { FollowUpContext } from "../services/payments/purchase-kind";
import { currentSubscription, describeMembership, statusOf } from "../services/membership/membership";
import { LOCAL_ID_PREFIX } from "../services/payments/local";
import {
  cancelLocalCheckout,
  declineLocalCheckout,
  localSwitchTerms,
  manageLocalSubscription,
  localVipTax,
  payLocalCheckout,
  switchTarget,
  type LocalDeps,
} from "../services/membership/local-checkout";
import { trialDaysFor } from "../services/membership/trials";
import { vipPlanPrices, type PlanPrices } from "../services/membership/plans";
import type { VipPlan } from "#contracts/vip-plans.ts";
import { offerOfCheckout } from "../db/tiers/offers";
import { readTiers } from "../db/tiers/tiers";
import { firstPeriodCents } from "#contracts/tiers/offers-model.ts";
import { VIP_TIER_ID } from "#contracts/tiers/tiers.ts";
import { cancelBodySchema, TIER_MOVE_MESSAGES, tierChangeBodySchema, tierChangeConfirmSchema, type TierChangePreviewResponse } from "#contracts/tiers/moves.ts";
import { recordCancellation } from "../db/tiers/moves";
import { mayBuyBeside, tierPrice } from "../services/membership/tier-prices";
import {
  applyTierChange,
  cancelPendingChange,
  changeableSubscription,
  confirmedPricingInstant,
  planTierChange,
  renewLocalSubscription,
  tierMovesOf,
} from "../services/membership/tier-changes";
import { PaymentProviderError } from "../services/payments/types";
import { acceptRetentionOffer, declineRetentionOffer, retentionOfferFor } from "../services/membership/retention";
import type { RetentionOfferResponse } from "#contracts/tiers/retention-offer-model.ts";

const paymentFailed = () => routeError("payment_failed");
const portalFailed = () => routeError("portal_failed");
const alreadyVip = () => conflict(PAYMENT_MESSAGES.alreadyVip, "already_vip");
const noMembership = () => notFound(PAYMENT_MESSAGES.noMembership, "no_membership");

function paymentsFor(env: AppEnv): PaymentsService {
  try {
    return createPaymentsService(env);
  } catch (err) {
    if (!(err instanceof PaymentsConfigError)) throw err;
    console.error(`payments: ${err.message}`);
    throw routeError("payments_unavailable");
  }
}

/**
 * The member as stored now. A grace period that ran out since the last cron run ends here, at
 * read time (a write only in that rare case, so reads stay reads).
 */
async function freshMember(db: DB, userId: string, now = Date.now()) {
  const member = await findUserForPayments(db, userId);
  if (!member) throw unauthorized();
  if (!member.isVip || !(await hasExpiredGrace(db, userId, now))) return member;
  await endExpiredGraces(db, now, userId);
  const after = await findUserForPayments(db, userId);
  if (!after) throw unauthorized();
  return after;
}

async function membershipOf(env: AppEnv, db: DB, userId: string): Promise<MembershipResponse> {
  const member = await freshMember(db, userId);
  const [rows, customer, prices] = await Promise.all([listSubscriptions(db, userId), findBillingCustomer(db, userId), vipPlanPrices(env, db)]);
  const membership = describeMembership(rows, { isVIP: member.isVip, hasCustomer: Boolean(customer) }, prices);
  const live = membership.status !== "none" && membership.status !== "ended";
  return { ...membership, ...(await tierMovesOf(env, db, live ? currentSubscription(rows) : null, membership.status === "active")) };
}

/** A checkout's answer on the status routes: its state, the member's VIP, its tier, its plan and the amount it was opened with. */
async function checkoutStatusOf(
  env: AppEnv,
  db: DB,
  session: {
    id: string;
    status: CheckoutStatusResponse["status"];
    plan: CheckoutStatusResponse["plan"];
    tierId: string;
    amountCents: number | null;
    currency: string | null;
    trialDays: number;
  },
  isVIP: boolean,
): Promise<CheckoutStatusResponse> {
  const price = (await vipPlanPrices(env, db))[session.plan];
  const currency = session.currency?.toUpperCase() ?? price.currency;
  const cents = session.amountCents ?? price.cents;
  const [firstPeriod, tiers] = await Promise.all([firstPeriodOf(db, session.id, cents), readTiers(db)]);
  // A tier archived since keeps its name; one deleted outright is named by its id.
  const tier = tiers.find((t) => t.id === session.tierId);
  return {
    status: session.status,
    isVIP,
    tier: { id: session.tierId, name: tier?.name ?? { en: session.tierId, ptBR: session.tierId } },
    plan: session.plan,
    amount: { cents, currency },
    ...(firstPeriod === null ? {} : { firstPeriodCents: firstPeriod }),
    ...(session.trialDays > 0 ? { trialDays: session.trialDays } : {}),
  };
}

/** What a checkout's first invoice charges when an offer discounts it (decision 101); null: no offer. */
async function firstPeriodOf(db: DB, sessionId: string, fullCents: number) {
  const offer = await offerOfCheckout(db, sessionId);
  return offer ? firstPeriodCents(fullCents, offer.percentOff) : null;
}

const originOf = (requestUrl: string) => new URL(requestUrl).origin;

/** A checkout session lives at most 24 hours at Stripe; an older one has nothing left to confirm. */
const RECENT_CHECKOUT_MS = 24 * 60 * 60 * 1000;

/** The local test checkout exists only in local payments mode on the developer's machine. */
/**
 * The member's local subscription a portal action applies to (404 no_membership without one); a
 * switch to `target` only from an active membership on the other plan.
 */
async function localSubscriptionFor(db: DB, userId: string, target: VipPlan | null) {
  const current = currentSubscription(await listSubscriptions(db, userId));
  const status = statusOf(current);
  if (!current || status === "none" || status === "ended" || !current.id.startsWith(LOCAL_ID_PREFIX.subscription)) throw noMembership();
  if (target && status !== "active") throw routeError("vip_plan_switch_unavailable");
  if (target && (current.plan ?? "monthly") === target) throw routeError("vip_plan_unchanged");
  return current;
}

const localOnly = createMiddleware<HonoEnv>(async (c, next) => {
  if (paymentsModeOf(c.env) !== "local" || !isLoopbackRequest(c.req.url)) throw notFound();
  await next();
});

/** The local test checkout's deliveries: this request's context runs what follows them (the VIP notices). */
function localDeps(c: FollowUpContext, prices: PlanPrices): LocalDeps {
  return {
    db: c.var.db,
    service: paymentsFor(c.env),
    secret: c.env.LOCAL_PAYMENTS_SECRET ?? "",
    prices,
    followUp: c,
  };
}

export const paymentRoutes = new Hono<HonoEnv>()
  .use("*", requireUser)

  .post("/checkout", requireVerifiedEmail, validate("json", checkoutBodySchema), async (c) => {
    const user = c.var.user;
    const db = c.var.db;
    await hitRateLimit(db, `checkout:user:${user.id}`, CHECKOUT_RATE_LIMITS.perAccount);
    await hitRateLimit(db, `checkout:ip:${clientIp(c.req)}`, CHECKOUT_RATE_LIMITS.perIp);
    const { attemptId, plan, tierId, currency } = c.req.valid("json");
    // Refused before anything else is read: an unknown, free or archived tier, or a price not sold.
    const { tier, amount } = await tierPrice(c.env, db, tierId, plan, currency);
    const member = await freshMember(db, user.id);
    if (member.isVip) {
      // A paying member moves through the change flow; VIP given otherwise (a comp, a gift) may buy
      // only a higher tier beside it.
      if (tierId !== VIP_TIER_ID && statusOf(currentSubscription(await listSubscriptions(db, user.id))) === "active") {
        throw conflict(TIER_MOVE_MESSAGES.subscriptionExists, "subscription_exists");
      }
      if (!(await mayBuyBeside(db, member, tier.id))) throw alreadyVip();
    }

    const service = paymentsFor(c.env);
    const [customer, tax, trialDays] = await Promise.all([findBillingCustomer(db, user.id), readTaxSettings(db), trialDaysFor(db, user.id, tier)]);
    let session: { id: string; url: string };
    try {
      session = await service.createCheckout({
        user: { id: member.id, email: member.email },
        customerId: customer?.customerId ?? null,
        origin: originOf(c.req.url),
        attemptId: attemptId ?? newId(),
        plan,
        amount,
        taxBehavior: amount.currency.toLowerCase() === "brl" ? tax.behavior.brl : tax.behavior.usd,
        buyerIp: knownClientIp(c.req),
        ...(tier.id === VIP_TIER_ID ? {} : { tier: { id: tier.id, name: tier.name.en } }),
        ...(trialDays > 0 ? { trialDays } : {}),
      });
    } catch (err) {
      // Nothing is stored before the provider answers, so a failure leaves nothing behind.
      console.error(`payments: checkout for user ${user.id} failed`, err);
      throw paymentFailed();
    }
    const sold = tier.id === VIP_TIER_ID ? {} : { tierId: tier.id, currency: amount.currency };
    await insertCheckoutSession(db, { id: session.id, userId: user.id, mode: service.mode, plan, amountCents: amount.cents, trialDays, ...sold });
    return c.json<RedirectResponse>({ url: session.url });
  })

  // The result page without a session id (opened by hand, or a provider return that carries only
  // payment_intent / redirect_status): the member's own most recent checkout of the last 24 hours.
  // None is the same 404 as an unknown or someone else's session id. Registered before the
  // :sessionId route so that one never sees "latest" (no real session id is "latest").
  .get("/checkout/latest/status", async (c) => {
    const user = c.var.user;
    const db = c.var.db;
    const session = await findLatestOwnCheckoutSession(db, user.id, new Date(Date.now() - RECENT_CHECKOUT_MS));
    if (!session) throw notFound();
    const member = await freshMember(db, user.id);
    return c.json<CheckoutStatusResponse>(await checkoutStatusOf(c.env, db, session, member.isVip));
  })

  .get("/checkout/:sessionId/status", validate("param", checkoutSessionParamSchema), async (c) => {
    const user = c.var.user;
    const db = c.var.db;
    // Someone else's session is "not found", exactly like one that does not exist.
    const session = await findOwnCheckoutSession(db, c.req.valid("param").sessionId, user.id);
    if (!session) throw notFound();
    const member = await freshMember(db, user.id);
    return c.json<CheckoutStatusResponse>(await checkoutStatusOf(c.env, db, session, member.isVip));
  })

  .get("/membership", async (c) => c.json<MembershipResponse>(await membershipOf(c.env, c.var.db, c.var.user.id)))

  // A move to another tier or plan (decision 098): what it costs now and what renews when ...
  .post("/subscription/change/preview", validate("json", tierChangeBodySchema), async (c) => {
    const planned = await planTierChange(c.env, c.var.db, paymentsFor(c.env), c.var.user.id, c.req.valid("json"));
    c.header("Cache-Control", "private, no-store");
    return c.json<TierChangePreviewResponse>(planned.preview);
  })

  // ... and the confirmed move: an upgrade charged now, a downgrade scheduled for the period's end.
  .post("/subscription/change", validate("json", tierChangeConfirmSchema), async (c) => {
    const db = c.var.db;
    const service = paymentsFor(c.env);
    const { pricedAt, ...to } = c.req.valid("json");
    // Priced at the instant the member was shown, so the charge is the preview's to the cent.
    const at = confirmedPricingInstant(pricedAt);
    const planned = await planTierChange(c.env, db, service, c.var.user.id, to, at);
    try {
      await applyTierChange(localDeps(c, await vipPlanPrices(c.env, db)), planned);
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      console.error(`payments: tier change for user ${c.var.user.id} failed`, err);
      throw paymentFailed();
    }
    return c.json<TierChangePreviewResponse>(planned.preview);
  })

  // Cancelling on the site: the reason kept, then the membership ends at its period's end.
  .post("/subscription/cancel", validate("json", cancelBodySchema), async (c) => {
    const db = c.var.db;
    const user = c.var.user;
    const { reason, other, offerDeclined } = c.req.valid("json");
    const row = await changeableSubscription(db, user.id);
    const service = paymentsFor(c.env);
    try {
      if (service.mode === "live") {
        if (!service.cancelAtPeriodEnd) throw new PaymentProviderError("This provider cannot cancel a subscription");
        await service.cancelAtPeriodEnd(row.id);
      } else {
        await manageLocalSubscription(localDeps(c, await vipPlanPrices(c.env, db)), row, "cancel-at-period-end");
      }
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      console.error(`payments: cancelling for user ${user.id} failed`, err);
      throw paymentFailed();
    }
    await recordCancellation(db, { userId: user.id, subscriptionId: row.id, tierId: row.tierId, reason, other: reason === "other" ? (other ?? null) : null });
    // Only a "no" the member gave to the offer they saw; a cancel whose offer read failed keeps it.
    if (offerDeclined) await declineRetentionOffer(db, row);
    return c.json<MembershipResponse>(await membershipOf(c.env, db, user.id));
  })

  // The retention offer (decision 103), asked for between the reason and the cancel's confirm ...
  .get("/subscription/retention-offer", async (c) => {
    const row = await changeableSubscription(c.var.db, c.var.user.id);
    c.header("Cache-Control", "private, no-store");
    return c.json<RetentionOfferResponse>(await retentionOfferFor(c.var.db, row, paymentsFor(c.env).mode));
  })

  // ... and accepted: the subscription stays, its next renewals discounted.
  .post("/subscription/retention-offer/accept", async (c) => {
    const db = c.var.db;
    const user = c.var.user;
    const row = await changeableSubscription(db, user.id);
    try {
      await acceptRetentionOffer(db, paymentsFor(c.env), row);
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      console.error(`payments: the retention offer for user ${user.id} failed`, err);
      throw paymentFailed();
    }
    return c.json<MembershipResponse>(await membershipOf(c.env, db, user.id));
  })

  .delete("/subscription/change", async (c) => {
    await cancelPendingChange(c.var.db, paymentsFor(c.env), c.var.user.id);
    return c.json<MembershipResponse>(await membershipOf(c.env, c.var.db, c.var.user.id));
  })

  .post("/portal", async (c) => {
    const user = c.var.user;
    const db = c.var.db;
    const current = currentSubscription(await listSubscriptions(db, user.id));
    const customerId = current?.customerId ?? (await findBillingCustomer(db, user.id))?.customerId;
    if (!customerId) throw noMembership();
    const service = paymentsFor(c.env);
    try {
      return c.json<RedirectResponse>(await service.createPortal({ userId: user.id, customerId, origin: originOf(c.req.url) }));
    } catch (err) {
      console.error(`payments: portal for user ${user.id} failed`, err);
      throw portalFailed();
    }
  })

  // The DEMO tax the VIP test checkout shows for the member's place (Pay computes it again).
  .post("/local/checkout/:sessionId/tax", localOnly, validate("param", localCheckoutTaxParamSchema), async (c) => {
    const db = c.var.db;
    const { sessionId } = c.req.valid("param");
    const session = await findOwnCheckoutSession(db, sessionId, c.var.user.id);
    if (!session || session.mode !== "local") throw notFound();
    const place = checkBody(billingPlaceSchema, await readOptionalJson(c));
    const prices = await vipPlanPrices(c.env, db);
    // What Pay charges today: nothing during a free trial (its first invoice is 0, taxed nothing),
    // an offer's checkout its discounted first invoice.
    const fullCents = session.amountCents ?? prices[session.plan].cents;
    const todayCents = session.trialDays > 0 ? 0 : ((await firstPeriodOf(db, sessionId, fullCents)) ?? fullCents);
    const amount = { cents: todayCents, currency: session.currency ?? prices[session.plan].currency };
    const tax = (await localVipTax(db, amount, place))!;
    return c.json<LocalTaxPreviewResponse>({
      jurisdiction: jurisdictionOf(place),
      status: tax.status,
      behavior: tax.behavior,
      amountCents: amount.cents,
      taxCents: tax.cents,
      totalCents: amount.cents + (tax.behavior === "exclusive" ? tax.cents : 0),
      demo: true,
    });
  })

  .post("/local/checkout/:sessionId/:action", localOnly, validate("param", localCheckoutParamSchema), async (c) => {
    const user = c.var.user;
    const db = c.var.db;
    const { sessionId, action } = c.req.valid("param");
    const session = await findOwnCheckoutSession(db, sessionId, user.id);
    if (!session || session.mode !== "local") throw notFound();
    if (session.status !== "pending") throw conflict(PAYMENT_MESSAGES.checkoutFinished, "checkout_finished");
    const deps = localDeps(c, await vipPlanPrices(c.env, db));
    const ids = { sessionId, userId: user.id };
    // Read before anything is claimed, so a bad place stores nothing.
    const billing = action === "pay" ? (checkBody(localVipPayBodySchema, await readOptionalJson(c)).billing ?? null) : null;
    if (action === "pay" && !(await mayBuyBeside(db, await freshMember(db, user.id), session.tierId ?? VIP_TIER_ID))) throw alreadyVip();
    if (!(await claimLocalCheckout(db, ids, LOCAL_OUTCOME[action]))) throw conflict(PAYMENT_MESSAGES.checkoutFinished, "checkout_finished");
    if (action === "pay") {
      // The plan and amount the checkout was opened with, as a Stripe session keeps its own; the
      // tax the Worker computes for the member's place (decision 093).
      // An offer's checkout (decision 101): its first invoice has the offer's percent off.
      const firstPeriod = await firstPeriodOf(db, sessionId, session.amountCents ?? deps.prices[session.plan].cents);
      await payLocalCheckout(
        deps,
        {
          ...ids,
          plan: session.plan,
          amountCents: session.amountCents,
          tierId: session.tierId,
          currency: session.currency,
          firstPeriodCents: firstPeriod,
          trialDays: session.trialDays,
        },
        billing,
      );
      return c.json<LocalCheckoutResultResponse>({ redirectTo: `/vip-confirmation?session_id=${sessionId}` });
    }
    if (action === "decline") {
      await declineLocalCheckout(deps, ids);
      return c.json<LocalCheckoutResultResponse>({ redirectTo: `/vip-confirmation?session_id=${sessionId}&redirect_status=failed` });
    }
    await cancelLocalCheckout(deps, ids);
    return c.json<LocalCheckoutResultResponse>({ redirectTo: "/vip-signup" });
  })

  .get("/local/subscription/switch/:plan", localOnly, validate("param", localSwitchParamSchema), async (c) => {
    const db = c.var.db;
    const { plan } = c.req.valid("param");
    const current = await localSubscriptionFor(db, c.var.user.id, plan);
    const terms = localSwitchTerms(current, await vipPlanPrices(c.env, db), plan, Date.now());
    c.header("Cache-Control", "private, no-store");
    return c.json<LocalSwitchTermsResponse>({ ...terms, periodEnd: new Date(terms.periodEnd).toISOString() });
  })

  // The local test clock: the member's local subscription reaches its period's end now.
  .post("/local/subscription/renew", localOnly, async (c) => {
    const db = c.var.db;
    const current = await localSubscriptionFor(db, c.var.user.id, null);
    await renewLocalSubscription(localDeps(c, await vipPlanPrices(c.env, db)), current);
    return c.json<MembershipResponse>(await membershipOf(c.env, db, c.var.user.id));
  })

  .post("/local/subscription/:action", localOnly, validate("param", localSubscriptionParamSchema), async (c) => {
    const user = c.var.user;
    const db = c.var.db;
    const action = c.req.valid("param").action;
    const current = await localSubscriptionFor(db, user.id, switchTarget(action));
    await manageLocalSubscription(localDeps(c, await vipPlanPrices(c.env, db)), current, action);
    return c.json<MembershipResponse>(await membershipOf(c.env, db, user.id));
  });

/** The checkout's state once a local button is clicked (the events that follow say the same). */
const LOCAL_OUTCOME = { pay: "complete", decline: "failed", cancel: "canceled" } as const;
