// Cancelled shows close their lists (decision 185), in one batch: the live offers withdrawn, the
// returns withdrawn (their tickets are cancelled with the show and refunded by its job), the seats
// only the waitlist could buy withdrawn (decision 190), and the open places closed, RETURNING whom
// to tell. Each statement reads the event's status, so a run
// finds only what is still open: a second run closes and tells nobody.
import type { DB } from "../client";

const CANCELLED = `SELECT id FROM events WHERE status = 'cancelled'`;

export type ClosedPlace = { user_id: string; event_id: string };

export async function closeCancelledLists(db: DB, now: number): Promise<ClosedPlace[]> {
  const d1 = db.$client;
  const [, , , closed] = await d1.batch([
    d1.prepare(`UPDATE waitlist_offers SET status = 'withdrawn', updated_at = ?1 WHERE status = 'offered' AND event_id IN (${CANCELLED})`).bind(now),
    d1
      .prepare(
        `UPDATE ticket_returns SET status = 'withdrawn', offer_id = NULL, updated_at = ?1 WHERE status IN ('listed', 'offered') AND event_id IN (${CANCELLED})`,
      )
      .bind(now),
    // Seats not sold are the show's no more: the cancellation leaves nothing to sell.
    d1
      .prepare(
        `UPDATE waitlist_seats SET status = 'withdrawn', offer_id = NULL, updated_at = ?1 WHERE status IN ('listed', 'offered') AND event_id IN (${CANCELLED})`,
      )
      .bind(now),
    d1
      .prepare(
        `UPDATE waitlist_places SET left_at = ?1, left_reason = 'closed' WHERE left_at IS NULL AND event_id IN (${CANCELLED}) RETURNING user_id, event_id`,
      )
      .bind(now),
  ]);
  return closed!.results as ClosedPlace[];
}
