// A member's upgrade and win-back offers (decision 101):
//   GET  /               OffersResponse: the offers the member can still claim (none for a paying member)
//   POST /:id/claim      { plan } → RedirectResponse: claims the offer once and opens the tier's checkout
//                        with the offer's percent off the first period only
// The discount comes from the offer's row, never from the request. Someone else's offer is 404, as
// one that does not exist; an expired one 410 offer_expired; a claimed one 409 offer_claimed.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import type { AppEnv } from "../env";
import { claimOffer, findOffer, linkOfferCheckout, openOffersOf, releaseOffer, type OfferRow } from "../db/tier-offers";
import { findBillingCustomer, findUserForPayments, insertCheckoutSession } from "../db/payments";
import { readTaxSettings } from "../db/tax-settings";
import { readTiers } from "../db/tiers";
import { CHECKOUT_RATE_LIMITS, PAYMENT_MESSAGES, type RedirectResponse } from "#contracts/payments.ts";
import { firstPeriodCents, OFFER_MESSAGES, type OfferView, type OffersResponse } from "#contracts/tier-offers-model.ts";
import { offerClaimSchema, offerParamSchema } from "#contracts/tier-offers.ts";
import { VIP_TIER_ID, type TierView } from "#contracts/tiers.ts";
import { conflict, notFound, routeError, unauthorized } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireUser } from "../middleware/guards";
import { requireVerifiedEmail } from "../middleware/email-verified";
import { clientIp, hitRateLimit, knownClientIp } from "../services/rate-limit";
import { createPaymentsService, PaymentsConfigError, type PaymentsService } from "../services/payments";
import { vipPlanPrices, type PlanPrices } from "../services/membership/plans";

function paymentsFor(env: AppEnv): PaymentsService {
  try {
    return createPaymentsService(env);
  } catch (err) {
    if (!(err instanceof PaymentsConfigError)) throw err;
    console.error(`payments: ${err.message}`);
    throw routeError("payments_unavailable");
  }
}

/** The tier's plans as the offer shows them: full and first-period amounts (VIP's from its configured prices). */
function offerPrices(prices: PlanPrices, percent: number): OfferView["prices"] {
  const plan = (p: { cents: number; currency: string }) => ({ fullCents: p.cents, firstPeriodCents: firstPeriodCents(p.cents, percent), currency: p.currency });
  return { monthly: plan(prices.monthly), yearly: plan(prices.yearly) };
}

function viewOf(offer: OfferRow, tier: TierView | undefined, prices: PlanPrices): OfferView {
  return {
    id: offer.id,
    kind: offer.kind,
    tier: { id: offer.tierId, name: tier?.name ?? { en: offer.tierId, ptBR: offer.tierId } },
    percentOff: offer.percentOff,
    issuedAt: new Date(offer.issuedAt).toISOString(),
    expiresAt: new Date(offer.expiresAt).toISOString(),
    prices: offerPrices(prices, offer.percentOff),
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
    const offers = (await openOffersOf(db, user.id, Date.now())).filter((o) => o.tierId === VIP_TIER_ID);
    if (offers.length === 0) return c.json<OffersResponse>({ offers: [] });
    const [tiers, prices] = await Promise.all([readTiers(db), vipPlanPrices(c.env, db)]);
    return c.json<OffersResponse>({
      offers: offers.map((o) =>
        viewOf(
          o,
          tiers.find((t) => t.id === o.tierId),
          prices,
        ),
      ),
    });
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
    if (member.isVip) throw conflict(PAYMENT_MESSAGES.alreadyVip, "already_vip");
    // The checkout sells VIP; an offer of another tier waits for that tier's checkout.
    if (offer.tierId !== VIP_TIER_ID) throw routeError("offer_tier_unavailable");
    const service = paymentsFor(c.env);

    // Once: of racing claims, one changes the row; the others are told why theirs did not.
    if (!(await claimOffer(db, offer.id, user.id, now))) throw refusal(await findOffer(db, offer.id), user.id, now) ?? notFound();
    const [customer, prices, tax] = await Promise.all([findBillingCustomer(db, user.id), vipPlanPrices(c.env, db), readTaxSettings(db)]);
    const amount = prices[plan];
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
      });
    } catch (err) {
      // Nothing was sold: the claim is undone so the member can try again while the offer lasts.
      console.error(`payments: offer checkout for user ${user.id} failed`, err);
      await releaseOffer(db, offer.id, now);
      throw routeError("payment_failed");
    }
    await db.batch([
      insertCheckoutSession(db, { id: session.id, userId: user.id, mode: service.mode, plan, amountCents: amount.cents }),
      linkOfferCheckout(db, offer.id, session.id),
    ]);
    return c.json<RedirectResponse>({ url: session.url });
  });
