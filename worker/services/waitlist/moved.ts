// A moved show's waitlist (decision 191), run by the first step of the tickets' `event_moved` job:
// its members are told once per move (`waitlist_moved`, keyed by the event, the change and the
// member: centre, push and mail in their language, with the new date), the live offers are withdrawn
// and their tickets offered afresh down the line; places are kept.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { eventTitles } from "../../db/waitlist/offers";
import { waitingMembersOf, withdrawMovedOffers } from "../../db/waitlist/moved";
import { notifyMembers } from "../notifications";
import { passOn } from "./offers";
import { TICKETS_PATH } from "#contracts/tickets/event-tickets-model.ts";

export async function waitlistShowMoved(env: AppEnv, db: DB, move: { eventId: string; to: number; changedAt: number }, now: number): Promise<void> {
  try {
    const types = await withdrawMovedOffers(db, move.eventId, move.changedAt, now);
    const members = await waitingMembersOf(db, move.eventId);
    if (members.length > 0) {
      const titles = await eventTitles(db, move.eventId);
      for (const userId of members) {
        await notifyMembers(
          env,
          db,
          {
            id: `waitlist_moved:${move.eventId}:${move.changedAt}:${userId}`,
            kind: "waitlist_moved",
            actorId: null,
            params: { title: titles?.title ?? "", titlePtBr: titles?.title_pt_br ?? undefined, at: new Date(move.to).toISOString() },
            link: TICKETS_PATH,
          },
          [userId],
        );
      }
    }
    // The withdrawn tickets go down the line again, now at the new date.
    await passOn(env, db, types, now);
  } catch (err) {
    console.error(`waitlist: the move of event ${move.eventId} failed`, err);
  }
}
