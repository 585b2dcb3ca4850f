// The checkout of an offer (decision 185): a one-time payment for exactly what the sellers paid,
// one line per ticket at its own face value (tax included, as it was booked on the seller's order:
// admission is taxed where the show is, so the same for any buyer), nothing added. The provider is
// told the Worker's amounts, never asked. Its session lives the provider's shortest time; the hold
// is judged again when the payment arrives, and a payment after it is refunded in full.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import type { SessionUser } from "#contracts/auth.ts";
import type { Locale } from "#contracts/locale.ts";
import { routeError } from "../../lib/errors";
import { createPaymentsService, PaymentsConfigError, type PaymentsService } from "../payments";
import { findOffer, offeredSeats, offeredTickets, openClaimCheckout, setClaimSession } from "../../db/waitlist/claims";
import { ticketLineName } from "../store/ticket-pricing";
import { readTaxSettings } from "../../db/tax-settings";
import { STORE_LIMITS } from "#contracts/store/model.ts";
import { ticketCurrencyOf } from "#contracts/tickets/event-tickets-model.ts";
import { WAITLIST_CHECKOUT_PREFIX } from "#contracts/waitlist/model.ts";

function paymentsFor(env: AppEnv): PaymentsService {
  try {
    return createPaymentsService(env);
  } catch (err) {
    if (!(err instanceof PaymentsConfigError)) throw err;
    console.error(`payments: ${err.message}`);
    throw routeError("payments_unavailable");
  }
}

export async function openOfferCheckout(
  env: AppEnv,
  db: DB,
  p: { user: SessionUser; offerId: string; locale: Locale; origin: string; buyerIp: string | null; now: number },
): Promise<{ url: string }> {
  const offer = await findOffer(db, p.user.id, p.offerId);
  if (!offer) throw routeError("waitlist_offer_not_found");
  if (offer.status !== "offered" || offer.hold_until <= p.now) throw routeError("waitlist_offer_gone");
  const currency = ticketCurrencyOf(offer.currency);
  if (!currency) throw routeError("waitlist_offer_gone");
  const service = paymentsFor(env);
  // Returns at what their sellers paid, then seats at the price they were listed at (decision 190).
  const [returned, seats] = await Promise.all([offeredTickets(db, offer.id), offeredSeats(db, offer.id)]);
  const tickets = [...returned, ...seats];
  // Returns carry the tax their sellers paid; seats (an offer holds one or the other) are taxed as
  // the general sale's tickets are, by the store's setting for the currency (decision 190).
  const taxBehavior = seats.length > 0 ? (await readTaxSettings(db)).behavior[currency] : "inclusive";
  const checkoutId = WAITLIST_CHECKOUT_PREFIX + offer.id;
  const expiresAt = p.now + STORE_LIMITS.checkoutTtlMs;
  await openClaimCheckout(db, {
    id: checkoutId,
    mode: service.mode,
    userId: p.user.id,
    email: p.user.email,
    locale: p.locale,
    offer,
    taxBehavior,
    expiresAt,
    now: p.now,
  });
  let session: { id: string; url: string };
  try {
    session = await service.createOrderCheckout({
      checkoutId,
      email: p.user.email,
      locale: p.locale,
      currency,
      lines: tickets.map((t) => ({
        name: ticketLineName(
          { eventTitle: t.event_title, eventTitlePtBr: t.event_title_pt_br, typeName: t.type_name, typeNamePtBr: t.type_name_pt_br },
          p.locale,
        ),
        unitAmountCents: t.unit_cents,
        quantity: 1,
        taxKind: "event_admission",
      })),
      taxBehavior,
      shipping: null,
      expiresAt,
      origin: p.origin,
      buyerIp: p.buyerIp,
    });
  } catch (err) {
    console.error(`waitlist: the provider refused the checkout of offer ${offer.id}`, err);
    throw routeError("payment_failed");
  }
  await setClaimSession(db, checkoutId, offer.id, session.id, p.now);
  return { url: session.url };
}
