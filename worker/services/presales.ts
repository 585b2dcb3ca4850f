// A VIP's presale code (decision 029): POST /api/events/:id/presale-code, after requireVIP. Read
// from D1 (never the public memo), with the request's clock: only during the presale window. A
// shared code is the event's one code; a unique code comes from the event's pool, one per member,
// claimed atomically (worker/db/offer-codes.ts), the same one again on every later ask.
import type { DB } from "../db/client";
import type { EventRow } from "../db/events";
import { claimOfferCode } from "../db/offer-codes";
import { conflict, notFound, routeError } from "../lib/errors";
import { PRESALE_ERROR_CODES as CODES, PRESALE_MESSAGES as M, presaleStateAt, presaleTimesOf, type PresaleCodeResponse } from "#contracts/presales.ts";

export async function presaleCodeFor(db: DB, row: EventRow, userId: string, now: number): Promise<PresaleCodeResponse> {
  const times = presaleTimesOf(row);
  // A presale whose mode is 'none' is no presale: the event simply has none.
  if (!times) throw notFound(M.notFound, CODES.notFound);
  if (presaleStateAt(times, now) !== "open") throw conflict(M.notOpen, CODES.notOpen);
  const ticketUrl = row.externalTicketUrl;
  if (row.presaleCodeMode === "shared") {
    // A shared presale saved without its code (typed in by hand in a console) has nothing to give.
    if (!row.presaleSharedCode) throw notFound(M.notFound, CODES.notFound);
    return { code: row.presaleSharedCode, ticketUrl, claimedAt: null };
  }
  const claimed = await claimOfferCode(db, { kind: "presale", id: row.id }, userId, new Date(now));
  if (claimed === "none_left") {
    throw routeError(CODES.codesGone, { params: { generalSaleAt: new Date(times.generalSaleAt).toISOString() } });
  }
  return { code: claimed.code, ticketUrl, claimedAt: claimed.claimedAt.toISOString() };
}
