// /api/waitlist: the waitlist for sold-out ticket types (decision 185). Members only (a visitor and
// a banned member, whose session is not read, get 401); another member's place, return or offer is
// the same 404 as an unknown one.
//   GET    /places             my open places, each with how busy its list is and my live offer
//   POST   /places             { ticketTypeId, quantity } → 201: join a sold-out type's list
//   GET    /places/:id         one of my places
//   DELETE /places/:id         leave (a live offer on it is withdrawn and passes on)
//   GET    /returns            the tickets I handed back
//   POST   /returns            { ticketId } → 201: hand a ticket back; it stays mine until someone pays
//   DELETE /returns/:id        take it back while no fan has been offered it
//   POST   /offers/:id/decline the offer passes to the next place; I keep mine
//   POST   /offers/:id/checkout  → { url }: a one-time payment for exactly what the sellers paid,
//                               inside the hold (409 waitlist_offer_gone after it)
// Each bound is held by the one statement that writes (worker/db/waitlist/); a refusal is then
// told apart by reading why.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { requireUser } from "../middleware/guards";
import { routeError } from "../lib/errors";
import { parseJsonBody } from "../lib/validate";
import { findPlace, joinRefusal, joinWaitlist, leaveWaitlist, listPlaces, type PlaceRow } from "../db/waitlist/places";
import { findReturn, listReturn, listReturns, paidAmountOf, returnRefusal, withdrawReturn, type ReturnRow } from "../db/waitlist/returns";
import { declineOffer, liveOffersOf, type OfferRow } from "../db/waitlist/offers";
import { readTaxSettings } from "../db/tax-settings";
import type { TaxSettings } from "#contracts/tax-model.ts";
import { checkMayWait } from "../services/waitlist/join";
import { passOn } from "../services/waitlist/offers";
import { openOfferCheckout } from "../services/waitlist/claim-checkout";
import { requestLanguage } from "../middleware/content-language";
import { knownClientIp } from "../services/rate-limit";
import { joinWaitlistSchema, returnTicketSchema } from "#contracts/waitlist/waitlist.ts";
import {
  busyLevelOf,
  WAITLIST_ID_PATTERN,
  type TicketReturn,
  type TicketReturnResponse,
  type TicketReturnsResponse,
  type WaitlistOffer,
  type WaitlistPlace,
  type WaitlistPlaceResponse,
  type WaitlistPlacesResponse,
  type WaitlistCheckoutResponse,
} from "#contracts/waitlist/model.ts";
import { ticketCurrencyOf } from "#contracts/tickets/event-tickets-model.ts";

const currencyOf = (currency: string) => ticketCurrencyOf(currency) ?? "usd";

/** Seats are taxed as the general sale's tickets (decision 190): where the store adds tax, the page says so. */
const offerView = (o: OfferRow, tax: TaxSettings): WaitlistOffer => ({
  id: o.id,
  quantity: o.quantity,
  holdUntil: new Date(o.hold_until).toISOString(),
  unitCents: Math.round(o.total_cents / o.quantity),
  totalCents: o.total_cents,
  currency: currencyOf(o.currency),
  taxAdded: o.has_seats === 1 && tax.behavior[currencyOf(o.currency)] === "exclusive",
});

const placeView = (p: PlaceRow, offer: OfferRow | undefined, tax: TaxSettings): WaitlistPlace => ({
  id: p.id,
  ticketTypeId: p.ticket_type_id,
  eventId: p.event_id,
  quantity: p.quantity,
  joinedAt: new Date(p.joined_at).toISOString(),
  busy: busyLevelOf(p.waiting),
  offer: offer ? offerView(offer, tax) : null,
});

const returnView = (r: ReturnRow): TicketReturn => ({
  id: r.id,
  ticketId: r.ticket_id,
  eventId: r.event_id,
  status: r.status,
  refundCents: r.unit_cents,
  currency: currencyOf(r.currency),
  listedAt: new Date(r.listed_at).toISOString(),
});

const idOf = (value: string | undefined) => (value && WAITLIST_ID_PATTERN.test(value) ? value : null);

export const waitlistRoutes = new Hono<HonoEnv>()
  .use(requireUser)
  .use(async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  })

  .get("/places", async (c) => {
    const places = await listPlaces(c.var.db, c.var.user!.id);
    const offers = await liveOffersOf(
      c.var.db,
      places.map((p) => p.id),
    );
    const tax = await readTaxSettings(c.var.db);
    return c.json<WaitlistPlacesResponse>({ places: places.map((p) => placeView(p, offers.get(p.id), tax)) });
  })

  .post("/places", async (c) => {
    const now = Date.now();
    const user = c.var.user!;
    const { ticketTypeId, quantity } = await parseJsonBody(c, joinWaitlistSchema);
    await checkMayWait(c.var.db, user, ticketTypeId, quantity, now);
    const id = crypto.randomUUID();
    if (!(await joinWaitlist(c.var.db, { id, ticketTypeId, userId: user.id, quantity, now }))) {
      const why = await joinRefusal(c.var.db, { ticketTypeId, userId: user.id, quantity, now });
      if (why === "not_found") throw routeError("waitlist_type_not_found");
      if (why === "already_joined") throw routeError("waitlist_already_joined");
      if (why === "closed") throw routeError("waitlist_closed");
      if (why === "not_sold_out") throw routeError("waitlist_not_sold_out");
      throw routeError("quantity_over_limit", { field: "quantity" });
    }
    const place = (await findPlace(c.var.db, user.id, id))!;
    // Returns already listed (a show whose admin allows them before anyone waited) go to the line.
    await passOn(c.env, c.var.db, [ticketTypeId], now);
    const offers = await liveOffersOf(c.var.db, [id]);
    return c.json<WaitlistPlaceResponse>({ place: placeView(place, offers.get(id), await readTaxSettings(c.var.db)) }, 201);
  })

  .get("/places/:id", async (c) => {
    const id = idOf(c.req.param("id"));
    const place = id ? await findPlace(c.var.db, c.var.user!.id, id) : null;
    if (!place) throw routeError("waitlist_place_not_found");
    const offers = await liveOffersOf(c.var.db, [place.id]);
    return c.json<WaitlistPlaceResponse>({ place: placeView(place, offers.get(place.id), await readTaxSettings(c.var.db)) });
  })

  .delete("/places/:id", async (c) => {
    const now = Date.now();
    const id = idOf(c.req.param("id"));
    const outcome = id ? await leaveWaitlist(c.var.db, c.var.user!.id, id, now) : null;
    if (!outcome?.left) throw routeError("waitlist_place_not_found");
    await passOn(c.env, c.var.db, [outcome.ticketTypeId!], now);
    return c.body(null, 204);
  })

  .get("/returns", async (c) => {
    const returns = await listReturns(c.var.db, c.var.user!.id);
    return c.json<TicketReturnsResponse>({ returns: returns.map(returnView) });
  })

  .post("/returns", async (c) => {
    const now = Date.now();
    const user = c.var.user!;
    const { ticketId } = await parseJsonBody(c, returnTicketSchema);
    const amount = await paidAmountOf(c.var.db, ticketId);
    const id = crypto.randomUUID();
    const listed = amount ? await listReturn(c.var.db, { id, ticketId, userId: user.id, amount, now }) : null;
    if (!listed) {
      const why = await returnRefusal(c.var.db, ticketId, user.id, now);
      if (why === "not_found") throw routeError("ticket_not_found");
      if (why === "inactive") throw routeError("ticket_inactive");
      if (why === "already") throw routeError("waitlist_already_returned");
      throw routeError("waitlist_returns_closed");
    }
    await passOn(c.env, c.var.db, [listed.ticketTypeId], now);
    return c.json<TicketReturnResponse>({ return: returnView((await findReturn(c.var.db, user.id, id))!) }, 201);
  })

  .delete("/returns/:id", async (c) => {
    const id = idOf(c.req.param("id"));
    const user = c.var.user!;
    const found = id ? await findReturn(c.var.db, user.id, id) : null;
    if (!found || found.status === "withdrawn") throw routeError("waitlist_return_not_found");
    if (!(await withdrawReturn(c.var.db, user.id, found.id, Date.now()))) throw routeError("waitlist_return_offered");
    return c.body(null, 204);
  })

  .post("/offers/:id/decline", async (c) => {
    const now = Date.now();
    const id = idOf(c.req.param("id"));
    const declined = id ? await declineOffer(c.var.db, c.var.user!.id, id, now) : null;
    if (!declined) throw routeError("waitlist_offer_not_found");
    await passOn(c.env, c.var.db, [declined.ticketTypeId], now);
    return c.body(null, 204);
  })

  .post("/offers/:id/checkout", async (c) => {
    const id = idOf(c.req.param("id"));
    if (!id) throw routeError("waitlist_offer_not_found");
    const checkout = await openOfferCheckout(c.env, c.var.db, {
      user: c.var.user!,
      offerId: id,
      locale: requestLanguage(c),
      origin: new URL(c.req.url).origin,
      buyerIp: knownClientIp(c.req),
      now: Date.now(),
    });
    return c.json<WaitlistCheckoutResponse>(checkout);
  });
