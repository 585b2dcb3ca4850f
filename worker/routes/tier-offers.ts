// A member's upgrade and win-back offers (decision 101):
//   GET  /               OffersResponse: the offers the member can still claim (none for a paying member)
//   POST /:id/claim      { plan } → RedirectResponse: claims the offer once and opens the tier's checkout
//                        with the offer's percent off the first period only
// The discount comes from the offer's row, never from the request. Someone else's offer is 404, as
// one that does not exist; an expired one 410 offer_expired; a claimed one 409 offer_claimed.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import type { AppEnv } from "../env";
import { claimOffer, findOffer, linkOfferCheckout, openOffersOf, releaseOffer, type OfferRow } from "../db/tiers/offers";
import { findBillingCustomer, findUserForPayments, insertCheckoutSession } from "../db/payments";
import { readTaxSettings } from "../db/tax-settings";
import { CHECKOUT_RATE_LIMITS, PAYMENT_MESSAGES, type RedirectResponse } from "#contracts/payments.ts";
import { firstPeriodCents, OFFER_MESSAGES, type OfferView, type OffersResponse } from "#contracts/tiers/offers-model.ts";
import { offerClaimSchema, offerParamSchema } from "#contracts/tiers/offers.ts";
import { VIP_TIER_ID } from "#contracts/tiers/tiers.ts";
import { VIP_PLANS } from "#contracts/vip-plans.ts";
import { conflict, notFound, routeError, unauthorized } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireUser } from "../middleware/guards";
import { requireVerifiedEmail } from "../middleware/email-verified";
import { clientIp, hitRateLimit, knownClientIp } from "../services/rate-limit";
import { createPaymentsService, PaymentsConfigError, type PaymentsService } from "../services/payments";
import { mayBuyBeside, priceIfSold, type TierPrice } from "../services/membership/tier-prices";
import type { DB } from "../db/client";

function paymentsFor(env: AppEnv): PaymentsService {
  try {
    return createPaymentsService(env);
  } catch (err) {
    if (!(err instanceof PaymentsConfigError)) throw err;
    console.error(`payments: ${err.message}`);
    throw routeError("payments_unavailable");
  }
}

/** A plan's full and first-period amounts, as the offer shows them. */
const planTerms = (price: TierPrice, percent: number) => ({
  fullCents: price.amount.cents,
  firstPeriodCents: firstPeriodCents(price.amount.cents, percent),
  currency: price.amount.currency,
});

/** The offer as the member sees it, with the plans its tier is sold on now; null when it is sold on none (archived since). */
async function viewOf(env: AppEnv, db: DB, offer: OfferRow): Promise<OfferView | null> {
  const [monthly, yearly] = await Promise.all(VIP_PLANS.map((plan) => priceIfSold(env, db, offer.tierId, plan)));
  const tier = monthly?.tier ?? yearly?.tier;
  if (!tier) return null;
  return {
    id: offer.id,
    kind: offer.kind,
    tier: { id: offer.tierId, name: tier.name },
    percentOff: offer.percentOff,
    issuedAt: new Date(offer.issuedAt).toISOString(),
    expiresAt: new Date(offer.expiresAt).toISOString(),
    prices: {
      ...(monthly ? { monthly: planTerms(monthly, offer.percentOff) } : {}),
      ...(yearly ? { yearly: planTerms(yearly, offer.percentOff) } : {}),
    },
  };
}

/** Why an offer that was not claimed now cannot be: someone else's or gone (404), claimed (409), expired (410). */
function refusal(offer: OfferRow | null, userId: string, now: number) {
  if (!offer || offer.userId !== userId) return notFound();
  if (offer.claimedAt !== null) return conflict(OFFER_MESSAGES.claimed, "offer_claimed");
  if (offer.expiresAt <= now) return routeError("offer_expired");
  return null;
}

export const tierOfferRoutes = new Hono<HonoEnv>()
  .use("*", requireUser)

  .get("/", async (c) => {
    const user = c.var.user;
    c.header("Cache-Control", "private, no-store");
    // Offers are for free members: one who pays now (or an administrator) has none to claim.
    if (user.isVIP || user.isAdmin) return c.json<OffersResponse>({ offers: [] });
    const db = c.var.db;
    const offers = await Promise.all((await openOffersOf(db, user.id, Date.now())).map((offer) => viewOf(c.env, db, offer)));
    return c.json<OffersResponse>({ offers: offers.filter((offer) => offer !== null) });
  })

  .post("/:id/claim", requireVerifiedEmail, validate("param", offerParamSchema), validate("json", offerClaimSchema), async (c) => {
    const user = c.var.user;
    const db = c.var.db;
    const now = Date.now();
    await hitRateLimit(db, `checkout:user:${user.id}`, CHECKOUT_RATE_LIMITS.perAccount);
    await hitRateLimit(db, `checkout:ip:${clientIp(c.req)}`, CHECKOUT_RATE_LIMITS.perIp);
    const { id } = c.req.valid("param");
    const { plan } = c.req.valid("json");
    const offer = await findOffer(db, id);
    const refused = refusal(offer, user.id, now);
    if (refused || !offer) throw refused ?? notFound();
    const member = await findUserForPayments(db, user.id);
    if (!member) throw unauthorized();
    if (!(await mayBuyBeside(db, member, offer.tierId))) throw conflict(PAYMENT_MESSAGES.alreadyVip, "already_vip");
    // Priced now from the tier's row (VIP's configured prices): a tier archived since, or not sold
    // on this plan, cannot be bought with it.
    const price = await priceIfSold(c.env, db, offer.tierId, plan);
    if (!price) throw routeError("offer_tier_unavailable");
    const service = paymentsFor(c.env);

    // Once: of racing claims, one changes the row; the others are told why theirs did not.
    if (!(await claimOffer(db, offer.id, user.id, now))) throw refusal(await findOffer(db, offer.id), user.id, now) ?? notFound();
    const [customer, tax] = await Promise.all([findBillingCustomer(db, user.id), readTaxSettings(db)]);
    const { tier, amount } = price;
    const vip = tier.id === VIP_TIER_ID;
    let session: { id: string; url: string };
    try {
      session = await service.createCheckout({
        user: { id: member.id, email: member.email },
        customerId: customer?.customerId ?? null,
        origin: new URL(c.req.url).origin,
        // The offer is the attempt: a retried claim reopens the same session.
        attemptId: offer.id,
        plan,
        amount,
        taxBehavior: amount.currency.toLowerCase() === "brl" ? tax.behavior.brl : tax.behavior.usd,
        buyerIp: knownClientIp(c.req),
        firstPeriodDiscount: { percentOff: offer.percentOff, offerId: offer.id },
        ...(vip ? {} : { tier: { id: tier.id, name: tier.name.en } }),
      });
    } catch (err) {
      // Nothing was sold: the claim is undone so the member can try again while the offer lasts.
      console.error(`payments: offer checkout for user ${user.id} failed`, err);
      await releaseOffer(db, offer.id, now);
      throw routeError("payment_failed");
    }
    await db.batch([
      insertCheckoutSession(db, {
        id: session.id,
        userId: user.id,
        mode: service.mode,
        plan,
        amountCents: amount.cents,
        ...(vip ? {} : { tierId: tier.id, currency: amount.currency }),
      }),
      linkOfferCheckout(db, offer.id, session.id),
    ]);
    return c.json<RedirectResponse>({ url: session.url });
  });
