// The back office's pre-order figures per release (decision 118): how many orders pre-ordered each
// album and what they paid per currency (the lines of that album's products, less their discount),
// from the Worker's own rows; refunded (revoked) pre-orders left out.
import type { DB } from "./client";
import type { PreorderFigures } from "#contracts/admin-store.ts";

export async function listPreorderFigures(db: DB, now = Date.now()): Promise<PreorderFigures[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT a.id AS album_id, a.title, a.release_at, o.currency, count(DISTINCT o.id) AS orders, sum(l.total_cents - l.discount_cents) AS cents
         FROM entitlements e
         JOIN orders o ON o.id = e.order_id
         JOIN albums a ON a.id = e.album_id
         JOIN order_lines l ON l.order_id = o.id
         JOIN products p ON p.id = l.product_id AND p.album_id = a.id
        WHERE e.preordered_release_at IS NOT NULL AND e.revoked_at IS NULL
        GROUP BY a.id, o.currency
        ORDER BY a.release_at DESC, a.id, o.currency`,
    )
    .all<{ album_id: string; title: string; release_at: number | null; currency: "usd" | "brl"; orders: number; cents: number }>();
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
    figures.revenue.push({ currency: row.currency, cents: row.cents });
    byAlbum.set(row.album_id, figures);
  }
  return [...byAlbum.values()];
}
