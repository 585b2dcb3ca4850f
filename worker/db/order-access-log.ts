// The per-order access log (decision 094): what a dispute's evidence is assembled from, one row per
// fact, written where it happens and cheaply (one insert in the batch that makes the fact, or one
// after the answer): the purchase and the refund policy shown (the order's batch), the receipt (its
// mail), each download started (the download route), full-track streams of a bought release (the
// stream route), ticket check-ins (after the door's batch) and the shipping (the admin's shipping). Removed with its order.
import type { DB } from "./client";

export const ACCESS_KINDS = ["purchase", "refund_policy", "receipt", "download", "stream", "check_in", "shipping"] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

export type AccessEntry = { kind: AccessKind; at: number; ip: string | null; detail: Record<string, string | number | null> | null };

/** One entry, after the answer (a download): never fails the request that made it. */
export async function logOrderAccess(db: DB, orderId: string, entry: AccessEntry): Promise<void> {
  try {
    await db.$client
      .prepare(`INSERT INTO order_access_log (order_id, kind, at, ip, detail) VALUES (?1, ?2, ?3, ?4, ?5)`)
      .bind(orderId, entry.kind, entry.at, entry.ip, entry.detail ? JSON.stringify(entry.detail) : null)
      .run();
  } catch (err) {
    console.error(`order access log: ${entry.kind} of order ${orderId} not written`, err);
  }
}

/**
 * A full-track stream started by a member who bought the track's release: one row on each order
 * whose live entitlement covers it (none when they did not buy it: a VIP's or an admin's play).
 */
export async function logBoughtStream(db: DB, userId: string, trackId: string, at: number, ip: string | null): Promise<void> {
  try {
    await db.$client
      .prepare(
        `INSERT INTO order_access_log (order_id, kind, at, ip, detail)
         SELECT DISTINCT e.order_id, 'stream', ?3, ?4, json_object('track', ?2) FROM entitlements e
         WHERE e.user_id = ?1 AND e.revoked_at IS NULL
           AND (e.track_id = ?2 OR e.album_id = (SELECT t.album_id FROM tracks t WHERE t.id = ?2))`,
      )
      .bind(userId, trackId, at, ip)
      .run();
  } catch (err) {
    console.error(`order access log: stream of ${trackId} not written`, err);
  }
}

export type AccessRow = { kind: AccessKind; at: number; ip: string | null; detail: Record<string, string | number | null> | null };

/** An order's log, oldest first (bounded: a dispute's evidence, not an archive). */
export async function orderAccessLog(db: DB, orderId: string, limit = 500): Promise<AccessRow[]> {
  const { results } = await db.$client
    .prepare(`SELECT kind, at, ip, detail FROM order_access_log WHERE order_id = ?1 ORDER BY at, id LIMIT ?2`)
    .bind(orderId, limit)
    .all<{ kind: AccessKind; at: number; ip: string | null; detail: string | null }>();
  return results.map((r) => ({ ...r, detail: r.detail ? (JSON.parse(r.detail) as AccessRow["detail"]) : null }));
}
