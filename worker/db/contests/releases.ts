// A contest's remix released into the catalog (migration 0102, decision 197). Publishing writes, in
// one batch, a single (an album of type 'Single'), its one track with the copied audio and the
// ISRC, the track's credits (the entrant and the confirmed co-authors as remixers, each linked to
// their member), the store's digital product when it is sold, the release row and its payees, and
// the audit row. The release row is keyed by the entry: a second or racing publish fails the whole
// batch on that key (or on the same album id it chose), so nothing of it is stored.
import type { DB } from "../client";
import type { ContestRelease } from "#contracts/contests/releases.ts";

/** Who is credited and shares the sales: the entrant first, then the confirmed co-authors. */
export type Payee = { userId: string; username: string; isEntrant: boolean };

export type NewRelease = {
  contestId: string;
  entryId: string;
  remixOfTrackId: string;
  albumId: string;
  trackId: string;
  title: string;
  year: number;
  audioKey: string;
  durationSeconds: number;
  isrc: string | null;
  payees: readonly Payee[];
  sale: { productId: string; slug: string; priceUsdCents: number; priceBrlCents: number | null; sharePercent: number } | null;
};

type ReleaseRow = {
  entry_id: string;
  album_id: string;
  track_id: string;
  title: string;
  remix_of_track_id: string;
  product_id: string | null;
  slug: string | null;
  share_percent: number;
  released_at: number;
};

const SELECT = `SELECT r.entry_id, r.album_id, r.track_id, t.title, r.remix_of_track_id, r.product_id, p.slug, r.share_percent, r.released_at
                  FROM contest_releases r JOIN tracks t ON t.id = r.track_id LEFT JOIN products p ON p.id = r.product_id`;

const toRelease = (r: ReleaseRow): ContestRelease => ({
  entryId: r.entry_id,
  albumId: r.album_id,
  trackId: r.track_id,
  title: r.title,
  remixOfTrackId: r.remix_of_track_id,
  product: r.product_id && r.slug ? { id: r.product_id, slug: r.slug } : null,
  sharePercent: r.share_percent,
  releasedAt: new Date(r.released_at).toISOString(),
});

export async function findRelease(db: DB, entryId: string): Promise<ContestRelease | null> {
  const row = await db.$client.prepare(`${SELECT} WHERE r.entry_id = ?1`).bind(entryId).first<ReleaseRow>();
  return row ? toRelease(row) : null;
}

/** A contest's released entries, in the order they were released. */
export async function listReleases(db: DB, contestId: string): Promise<ContestRelease[]> {
  const { results } = await db.$client.prepare(`${SELECT} WHERE r.contest_id = ?1 ORDER BY r.released_at, r.entry_id`).bind(contestId).all<ReleaseRow>();
  return results.map(toRelease);
}

/** The entry's place once results are stored (null: not placed, or no results yet). */
export async function placeOf(db: DB, contestId: string, entryId: string): Promise<number | null> {
  const row = await db.$client
    .prepare("SELECT place FROM contest_results WHERE contest_id = ?1 AND entry_id = ?2")
    .bind(contestId, entryId)
    .first<{ place: number }>();
  return row?.place ?? null;
}

/** The entrant and the co-authors who confirmed, by username. */
export async function payeesOf(db: DB, entryId: string): Promise<Payee[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT u.id AS user_id, u.username, 1 AS is_entrant FROM contest_entries e JOIN users u ON u.id = e.user_id WHERE e.id = ?1
       UNION ALL
       SELECT u.id, u.username, 0 FROM contest_entry_credits k JOIN users u ON u.id = k.user_id
        WHERE k.entry_id = ?1 AND k.status = 'confirmed'
       ORDER BY 3 DESC, 2`,
    )
    .bind(entryId)
    .all<{ user_id: string; username: string; is_entrant: number }>();
  return results.map((r) => ({ userId: r.user_id, username: r.username, isEntrant: r.is_entrant === 1 }));
}

/** Ids in `table.column` equal to `base` or `base-<n>`, for uniqueSlug. */
export async function idsTaken(db: DB, table: "albums" | "products", column: "id" | "slug", base: string): Promise<Set<string>> {
  const { results } = await db.$client
    .prepare(`SELECT ${column} AS id FROM ${table} WHERE ${column} = ?1 OR (${column} >= ?1 || '-' AND ${column} < ?1 || '.')`)
    .bind(base)
    .all<{ id: string }>();
  return new Set(results.map((r) => r.id));
}

export const isrcTaken = async (db: DB, isrc: string) => (await db.$client.prepare("SELECT 1 AS x FROM tracks WHERE isrc = ?1").bind(isrc).first()) !== null;

/** Writes the release in one batch; throws D1's UNIQUE error when the entry (or its ids) are taken meanwhile. */
export async function writeRelease(db: DB, actor: { id: string; email: string }, r: NewRelease, now = Date.now()): Promise<void> {
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [
    d1
      .prepare(
        `INSERT INTO albums (id, title, year, type, position, created_at)
         VALUES (?1, ?2, ?3, 'Single', (SELECT coalesce(max(position), -1) + 1 FROM albums), ?4)`,
      )
      .bind(r.albumId, r.title, r.year, now),
    d1
      .prepare("INSERT INTO tracks (id, album_id, title, number, duration_seconds, audio_key, isrc) VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6)")
      .bind(r.trackId, r.albumId, r.title, r.durationSeconds, r.audioKey, r.isrc),
    ...r.payees.map((p, position) =>
      d1
        .prepare("INSERT INTO track_credits (track_id, position, role, name, detail, user_id) VALUES (?1, ?2, 'remixer', ?3, NULL, ?4)")
        .bind(r.trackId, position, p.username, p.userId),
    ),
  ];
  if (r.sale) {
    statements.push(
      d1
        .prepare(
          `INSERT INTO products (id, slug, kind, state, title, price_usd_cents, price_brl_cents, track_id, created_at, updated_at)
           VALUES (?1, ?2, 'digital', 'live', ?3, ?4, ?5, ?6, ?7, ?7)`,
        )
        .bind(r.sale.productId, r.sale.slug, r.title, r.sale.priceUsdCents, r.sale.priceBrlCents, r.trackId, now),
    );
  }
  statements.push(
    d1
      .prepare(
        `INSERT INTO contest_releases (entry_id, contest_id, remix_of_track_id, album_id, track_id, product_id, share_percent, released_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
      )
      .bind(r.entryId, r.contestId, r.remixOfTrackId, r.albumId, r.trackId, r.sale?.productId ?? null, r.sale?.sharePercent ?? 0, now),
    ...r.payees.map((p) =>
      d1.prepare("INSERT INTO contest_release_payees (entry_id, user_id, is_entrant) VALUES (?1, ?2, ?3)").bind(r.entryId, p.userId, p.isEntrant ? 1 : 0),
    ),
    d1
      .prepare(
        `INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, summary, created_at)
         VALUES (?1, ?2, 'contest.release', 'contest', ?3, ?4, ?5)`,
      )
      .bind(
        actor.id,
        actor.email,
        r.contestId,
        JSON.stringify({
          after: {
            entryId: r.entryId,
            trackId: r.trackId,
            title: r.title,
            isrc: r.isrc,
            productId: r.sale?.productId ?? null,
            priceUsdCents: r.sale?.priceUsdCents ?? null,
            sharePercent: r.sale?.sharePercent ?? null,
            payees: r.payees.map((p) => p.username),
          },
        }),
        now,
      ),
  );
  await d1.batch(statements);
}
