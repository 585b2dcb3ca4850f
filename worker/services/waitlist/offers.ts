// Passing returned tickets down the line (decision 185): the first place (by when it joined) whose
// quantity the listed returns fit, among those it has not been offered before, gets them held for
// its event's hold minutes (decision 189; the offer's statement reads them) and is told in the
// centre, by push and by mail in their language (the kind is urgent). Called after a return is listed, an offer declined, a place left and by the cron's lapse.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { eventTitles, lapseOffers, makeOffer, offerCandidates, type MadeOffer } from "../../db/waitlist/offers";
import { notifyMembers } from "../notifications";
import { closeCancelledLists, type ClosedPlace } from "../../db/waitlist/closing";
import { TICKETS_PATH } from "#contracts/tickets/event-tickets-model.ts";

/** More rounds than a type could use at once; each round makes one offer or stops. */
const MAX_ROUNDS = 50;

/** The first place the listed returns fit, with the returns it would be offered. */
function nextFit(candidates: Awaited<ReturnType<typeof offerCandidates>>): { placeId: string; returnIds: string[] } | null {
  for (const place of candidates.places) {
    const seen = new Set<string>(JSON.parse(place.seen ?? "[]") as string[]);
    const fresh = candidates.returns.filter((r) => !seen.has(r.id));
    if (fresh.length >= place.quantity) return { placeId: place.id, returnIds: fresh.slice(0, place.quantity).map((r) => r.id) };
  }
  return null;
}

/** Makes every offer the type's listed returns allow now; the offers made. */
export async function offerReturns(db: DB, ticketTypeId: string, now: number): Promise<MadeOffer[]> {
  const made: MadeOffer[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const fit = nextFit(await offerCandidates(db, ticketTypeId));
    if (!fit) break;
    const offer = await makeOffer(db, { id: crypto.randomUUID(), ...fit, now });
    if (offer) made.push(offer);
  }
  return made;
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

/** Offers what the types' returns allow now and tells those offered. */
export async function passOn(env: AppEnv, db: DB, ticketTypeIds: readonly string[], now: number): Promise<MadeOffer[]> {
  const made: MadeOffer[] = [];
  for (const typeId of ticketTypeIds) made.push(...(await offerReturns(db, typeId, now)));
  await announceOffers(env, db, made);
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
 * then offers whose hold passed lapse and their tickets go to the next in line.
 */
export async function lapseAndPassOn(env: AppEnv, db: DB, now: number): Promise<void> {
  await announceClosed(env, db, await closeCancelledLists(db, now));
  await passOn(env, db, await lapseOffers(db, now), now);
}
