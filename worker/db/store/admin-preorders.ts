// The back office's pre-order figures per release (decision 118): how many orders pre-ordered each
// album and, per currency, what they paid for it (the lines of that album's products, less their
// discount), what refunds gave back of that, and the net, from the Worker's own rows; refunded
// in full (revoked) pre-orders left out. A partial refund is of the whole order (the ledger,
// revenue_entries, has one negative row per refund), so an album's part of it is the album's share
// of the order's total, as the ledger splits a mixed order's refund between its sources.
import type { DB } from "../client";
import type { PreorderFigures } from "#contracts/store/admin.ts";

/** Per pre-ordering order and album: what was paid for the album and what the order's refunds gave back. */
const PER_ORDER = `
  SELECT pre.album_id, o.id AS order_id, o.currency, o.total_cents,
         sum(l.total_cents - l.discount_cents) AS sold,
         (SELECT coalesce(-sum(r.amount_cents), 0) FROM revenue_entries r WHERE r.order_id = o.id AND r.amount_cents < 0) AS order_refunded
    FROM (SELECT DISTINCT order_id, album_id FROM entitlements
           WHERE preordered_release_at IS NOT NULL AND revoked_at IS NULL AND album_id IS NOT NULL) pre
    JOIN orders o ON o.id = pre.order_id
    JOIN order_lines l ON l.order_id = o.id
    JOIN products p ON p.id = l.product_id AND p.album_id = pre.album_id
   GROUP BY pre.album_id, o.id`;

/** The album's share of the order's refunds, rounded to the cent, never more than it sold. */
const REFUNDED_SHARE = `CASE WHEN s.total_cents > 0 THEN min(s.sold, CAST(round(s.order_refunded * s.sold * 1.0 / s.total_cents) AS INTEGER)) ELSE 0 END`;

export async function listPreorderFigures(db: DB, now = Date.now()): Promise<PreorderFigures[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT a.id AS album_id, a.title, a.release_at, s.currency, count(*) AS orders, sum(s.sold) AS sold, sum(${REFUNDED_SHARE}) AS refunded
         FROM (${PER_ORDER}) s
         JOIN albums a ON a.id = s.album_id
        GROUP BY a.id, s.currency
        ORDER BY a.release_at DESC, a.id, s.currency`,
    )
    .all<{ album_id: string; title: string; release_at: number | null; currency: "usd" | "brl"; orders: number; sold: number; refunded: number }>();
  const byAlbum = new Map<string, PreorderFigures>();
  for (const row of results) {
    const figures = byAlbum.get(row.album_id) ?? {
      albumId: row.album_id,
      title: row.title,
      releaseAt: row.release_at === null ? null : new Date(row.release_at).toISOString(),
      out: row.release_at === null || row.release_at <= now,
      orders: 0,
      revenue: [],
    };
    figures.orders += row.orders;
    figures.revenue.push({ currency: row.currency, soldCents: row.sold, refundedCents: row.refunded, netCents: row.sold - row.refunded });
    byAlbum.set(row.album_id, figures);
  }
  return [...byAlbum.values()];
}
