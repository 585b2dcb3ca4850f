// Pre-orders (decision 118): entitlements bought before their release's public time. The
// five-minute job claims those whose time has passed with one conditional UPDATE (announced_at
// set only where it was still null), so a second run, a racing run or a redelivered trigger finds
// nothing left to announce; a mail that could not go gives its claim back.
import type { DB } from "../client";
import { isLocale, type Locale } from "#contracts/locale.ts";

export type DuePreorder = {
  id: string;
  userId: string | null;
  email: string;
  albumId: string | null;
  trackId: string | null;
  locale: Locale;
  title: string;
  releasedAt: number;
};

/** The release's public time now (the admin may have moved it since the sale); 0: no time set. */
const PUBLIC_TIME = `coalesce(
  (SELECT a.release_at FROM albums a WHERE a.id = e.album_id),
  (SELECT max(coalesce(t.release_at, 0), coalesce(a.release_at, 0)) FROM tracks t JOIN albums a ON a.id = t.album_id WHERE t.id = e.track_id),
  0)`;

/** Claims up to `limit` pre-orders out at `now` that no run announced yet, in one statement. */
export async function claimDuePreorders(db: DB, now: number, limit: number): Promise<DuePreorder[]> {
  const { results } = await db.$client
    .prepare(
      `UPDATE entitlements SET announced_at = ?1
        WHERE announced_at IS NULL AND id IN (
          SELECT e.id FROM entitlements e
           WHERE e.preordered_release_at IS NOT NULL AND e.announced_at IS NULL AND e.revoked_at IS NULL AND ${PUBLIC_TIME} <= ?1
           LIMIT ?2)
        RETURNING id, user_id, email, album_id, track_id, order_id`,
    )
    .bind(now, limit)
    .all<{ id: string; user_id: string | null; email: string; album_id: string | null; track_id: string | null; order_id: string }>();
  if (results.length === 0) return [];
  const { results: facts } = await db.$client
    .prepare(
      `SELECT e.id, o.locale,
              coalesce((SELECT title FROM albums WHERE id = e.album_id), (SELECT title FROM tracks WHERE id = e.track_id), '') AS title,
              ${PUBLIC_TIME} AS released_at
         FROM entitlements e JOIN orders o ON o.id = e.order_id
        WHERE e.id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(results.map((r) => r.id)))
    .all<{ id: string; locale: string; title: string; released_at: number }>();
  const byId = new Map(facts.map((f) => [f.id, f]));
  return results.map((r) => {
    const f = byId.get(r.id);
    return {
      id: r.id,
      userId: r.user_id,
      email: r.email,
      albumId: r.album_id,
      trackId: r.track_id,
      locale: f && isLocale(f.locale) ? f.locale : "en",
      title: f?.title ?? "",
      releasedAt: f?.released_at ?? now,
    };
  });
}

/** Gives a claim back (its mail did not go): the next run tries again. Only this run's claim. */
export async function releasePreorderClaim(db: DB, id: string, claimedAt: number): Promise<void> {
  await db.$client.prepare("UPDATE entitlements SET announced_at = NULL WHERE id = ?1 AND announced_at = ?2").bind(id, claimedAt).run();
}
