// The retention offer at cancel (decision 103): after a paying member gives their reason and before
// they confirm, the admin's discount on their next renewals, offered once per member ever. Accepting
// keeps the subscription and is stored before the provider is called (one conditional INSERT, so
// racing accepts apply it once); declining is the cancel itself, which stores the answer too.
import type { DB } from "../../db/client";
import type { SubscriptionRow } from "../../db/payments";
import { answerRetentionOffer, forgetRetentionAnswer, hasAnsweredRetentionOffer, readRetentionSettings } from "../../db/tiers/retention-offers";
import { routeError } from "../../lib/errors";
import { firstPeriodCents } from "#contracts/tiers/offers-model.ts";
import type { RetentionOfferResponse, RetentionSettings } from "#contracts/tiers/retention-offer-model.ts";
import { PaymentProviderError, type PaymentsService } from "../payments/types";
import { jurisdictionOf } from "#contracts/tax-model.ts";
import { billingPlaceOf, localVipTax } from "./local-checkout";

/** The settings when the member may still be offered the discount, else null. */
async function openOffer(db: DB, userId: string): Promise<RetentionSettings | null> {
  const settings = await readRetentionSettings(db);
  if (!settings.enabled || (await hasAnsweredRetentionOffer(db, userId))) return null;
  return settings;
}

/** The tier and plan the offer discounts: those the next renewal charges (a scheduled downgrade's, when one waits). */
const madeFor = (row: SubscriptionRow) => ({
  tierId: row.pendingTierId ?? row.tierId,
  plan: (row.pendingTierId ? row.pendingPlan : row.plan) ?? "monthly",
});

/**
 * What the member is offered on `row` (their active subscription), priced from the price it renews
 * at, with the tax each discounted renewal carries in the member's billing place (decision 147):
 * locally the amount the test clock's renewal will charge; live Stripe Tax computes it at the
 * renewal, so the place and the behaviour are said without an amount.
 */
export async function retentionOfferFor(db: DB, row: SubscriptionRow, mode: PaymentsService["mode"]): Promise<RetentionOfferResponse> {
  const settings = await openOffer(db, row.userId);
  // A scheduled downgrade renews at its own price: that is the renewal the discount applies to.
  const renewalCents = row.pendingTierId ? row.pendingPriceCents : row.priceCents;
  if (!settings || renewalCents === null) return { offer: null };
  const currency = (row.priceCurrency ?? "usd").toLowerCase();
  const discountedCents = firstPeriodCents(renewalCents, settings.percentOff);
  const place = billingPlaceOf(row);
  const tax = await localVipTax(db, { cents: discountedCents, currency }, place);
  const collected = place && tax?.status === "collected" && tax.cents > 0;
  return {
    offer: {
      percentOff: settings.percentOff,
      periods: settings.periods,
      currency,
      renewalCents,
      discountedCents,
      tax: collected ? { jurisdiction: jurisdictionOf(place), behavior: tax.behavior, cents: mode === "live" ? null : tax.cents } : null,
    },
  };
}

/**
 * Accepts the offer on `row`: stored once (409 retention_offer_unavailable when off, answered, or
 * lost to a racing accept), then applied live by a Stripe coupon; locally the stored periods are
 * what the test clock's renewals discount. A provider failure gives the answer back.
 */
export async function acceptRetentionOffer(db: DB, service: PaymentsService, row: SubscriptionRow): Promise<void> {
  const settings = await openOffer(db, row.userId);
  if (!settings || row.priceCents === null) throw routeError("retention_offer_unavailable");
  const answer = {
    ...madeFor(row),
    userId: row.userId,
    subscriptionId: row.id,
    response: "accepted" as const,
    percentOff: settings.percentOff,
    periods: settings.periods,
  };
  if (!(await answerRetentionOffer(db, answer))) throw routeError("retention_offer_unavailable");
  if (service.mode !== "live") return;
  try {
    if (!service.applyRetentionDiscount) throw new PaymentProviderError("This provider cannot discount a subscription");
    await service.applyRetentionDiscount({ ...answer, plan: row.plan ?? "monthly" });
  } catch (err) {
    await forgetRetentionAnswer(db, row.userId);
    throw err;
  }
}

/** The member saw the offer and cancelled anyway: their "no", never offered again. */
export async function declineRetentionOffer(db: DB, row: SubscriptionRow): Promise<void> {
  const settings = await openOffer(db, row.userId);
  if (!settings) return;
  await answerRetentionOffer(db, {
    ...madeFor(row),
    userId: row.userId,
    subscriptionId: row.id,
    response: "declined",
    percentOff: settings.percentOff,
    periods: settings.periods,
  });
}
