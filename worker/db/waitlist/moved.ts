// A moved show's waitlist (decision 191): the offers live when the start changed are withdrawn in one
// batch, their returns listed again and their items forgotten (so the tickets are offered afresh,
// first in line first, at the new date); places are kept. Only offers made before the change: a
// redelivered step leaves the offers made since alone.
import type { DB } from "../client";

const LIVE_BEFORE = `SELECT id FROM waitlist_offers WHERE event_id = ?1 AND status = 'offered' AND created_at <= ?2`;

/** The types whose offers were withdrawn. */
export async function withdrawMovedOffers(db: DB, eventId: string, changedAt: number, now: number): Promise<string[]> {
  const d1 = db.$client;
  const [, , withdrawn] = await d1.batch([
    d1
      .prepare(`UPDATE ticket_returns SET status = 'listed', offer_id = NULL, updated_at = ?3 WHERE status = 'offered' AND offer_id IN (${LIVE_BEFORE})`)
      .bind(eventId, changedAt, now),
    d1.prepare(`DELETE FROM waitlist_offer_items WHERE offer_id IN (${LIVE_BEFORE})`).bind(eventId, changedAt),
    d1
      .prepare(`UPDATE waitlist_offers SET status = 'withdrawn', updated_at = ?3 WHERE id IN (${LIVE_BEFORE}) RETURNING ticket_type_id`)
      .bind(eventId, changedAt, now),
  ]);
  return [...new Set((withdrawn!.results as { ticket_type_id: string }[]).map((r) => r.ticket_type_id))];
}

/** The members with an open place on one of the show's lists, each once. */
export async function waitingMembersOf(db: DB, eventId: string): Promise<string[]> {
  const { results } = await db.$client
    .prepare(`SELECT DISTINCT user_id FROM waitlist_places WHERE event_id = ?1 AND left_at IS NULL`)
    .bind(eventId)
    .all<{ user_id: string }>();
  return results.map((r) => r.user_id);
}
