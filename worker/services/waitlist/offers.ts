// Passing returned tickets and seats only the waitlist may buy down the line (decisions 185, 190):
// the first place (by when it joined) whose quantity the listed returns and seats fit, among those
// it has not been offered before, gets them held for its event's hold minutes (decision 189; the
// offer's statement reads them) and is told in the centre, by push and by mail in their language
// (the kind is urgent). Called after a return is listed, seats released, an offer declined, a
// place left, and by the cron's lapse.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { eventTitles, lapseOffers, makeOffer, offerCandidates, typesWithListedItems, type ListedItem, type MadeOffer } from "../../db/waitlist/offers";
import { notifyMembers } from "../notifications";
import { closeCancelledLists, type ClosedPlace } from "../../db/waitlist/closing";
import { TICKETS_PATH } from "#contracts/tickets/event-tickets-model.ts";

/** More rounds than a type could use at once; each round makes one offer or stops. */
const MAX_ROUNDS = 50;

/** The first place the listed returns and seats fit, with those it would be offered (oldest first). */
function nextFit(candidates: Awaited<ReturnType<typeof offerCandidates>>): { placeId: string; returnIds: string[]; seatIds: string[] } | null {
  for (const place of candidates.places) {
    const seen = new Set<string>(JSON.parse(place.seen ?? "[]") as string[]);
    // Returns or seats, never both in one offer: a return is paid at what its seller paid, tax
    // included, a seat as the general sale pays a ticket (its tax by the store's setting), and one
    // checkout has one way of taxing (decision 190).
    const fresh = (kind: ListedItem["kind"]) => candidates.items.filter((r) => r.kind === kind && !seen.has(r.id)).map((r) => r.id);
    const returns = fresh("return");
    if (returns.length >= place.quantity) return { placeId: place.id, returnIds: returns.slice(0, place.quantity), seatIds: [] };
    const seats = fresh("seat");
    if (seats.length >= place.quantity) return { placeId: place.id, returnIds: [], seatIds: seats.slice(0, place.quantity) };
  }
  return null;
}

/**
 * Makes every offer the type's listed returns and seats allow now, handing each to `made` as soon
 * as it is written; the offers made. A maker that loses a race stops: the winner wrote after this
 * maker read (so after its return was listed) and reads again before its next round, so it sees
 * what is left; the five-minute job passes on anything still listed. Without that, a burst of
 * hand-backs has every request re-reading the whole line round after round, and the first fan
 * offered hears only once the burst is through.
 */
export async function offerReturns(
  db: DB,
  ticketTypeId: string,
  now: number,
  made: (offer: MadeOffer) => Promise<void> = async () => {},
): Promise<MadeOffer[]> {
  const offers: MadeOffer[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const fit = nextFit(await offerCandidates(db, ticketTypeId));
    if (!fit) break;
    const offer = await makeOffer(db, { id: crypto.randomUUID(), ...fit, now });
    if (!offer) break;
    offers.push(offer);
    await made(offer);
  }
  return offers;
}

/** Tells each member of their offer. Never throws (notifyMembers logs its own failures). */
export async function announceOffers(env: AppEnv, db: DB, offers: readonly MadeOffer[]): Promise<void> {
  for (const offer of offers) {
    const titles = await eventTitles(db, offer.eventId);
    await notifyMembers(
      env,
      db,
      {
        id: `waitlist_offer:${offer.id}`,
        kind: "waitlist_offer",
        actorId: null,
        params: { title: titles?.title ?? "", titlePtBr: titles?.title_pt_br ?? undefined, at: new Date(offer.holdUntil).toISOString() },
        link: TICKETS_PATH,
      },
      [offer.userId],
    );
  }
}

/** Offers what the types' returns and seats allow now, telling each fan as their offer is made. */
export async function passOn(env: AppEnv, db: DB, ticketTypeIds: readonly string[], now: number): Promise<MadeOffer[]> {
  const made: MadeOffer[] = [];
  for (const typeId of ticketTypeIds) made.push(...(await offerReturns(db, typeId, now, (offer) => announceOffers(env, db, [offer]))));
  return made;
}

/** Tells the members whose places a cancelled show closed, once per member and show. */
async function announceClosed(env: AppEnv, db: DB, closed: readonly ClosedPlace[]): Promise<void> {
  const byEvent = new Map<string, string[]>();
  for (const c of closed) byEvent.set(c.event_id, [...(byEvent.get(c.event_id) ?? []), c.user_id]);
  for (const [eventId, userIds] of byEvent) {
    const titles = await eventTitles(db, eventId);
    // One event per member and show: a member on two of its types' lists hears once.
    for (const userId of new Set(userIds)) {
      await notifyMembers(
        env,
        db,
        {
          id: `waitlist_closed:${eventId}:${userId}`,
          kind: "waitlist_closed",
          actorId: null,
          params: { title: titles?.title ?? "", titlePtBr: titles?.title_pt_br ?? undefined },
          link: TICKETS_PATH,
        },
        [userId],
      );
    }
  }
}

/**
 * The cron's job: cancelled shows close their lists (offers and returns withdrawn, members told),
 * then offers whose hold passed lapse and their tickets go to the next in line, as do seats and
 * returns still listed on a type whose fans wait.
 */
export async function lapseAndPassOn(env: AppEnv, db: DB, now: number): Promise<void> {
  await announceClosed(env, db, await closeCancelledLists(db, now));
  const lapsed = await lapseOffers(db, now);
  // Seats a refunded order freed (decision 190) are listed inside the refund's batch, which has no
  // one to pass them on: this run does, with anything else still listed while fans wait.
  await passOn(env, db, [...new Set([...lapsed, ...(await typesWithListedItems(db))])], now);
}
