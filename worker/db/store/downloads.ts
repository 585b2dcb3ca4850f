// What a download reads and writes (decision 054): the entitlement a signed link names, the files of
// its release in one format, what was served today (the fair daily limit in files' worth, one
// conditional upsert), and the CRC-32s kept for the objects a zip holds.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DB } from "../client";
import { albums, tracks } from "../schema/music";
import { entitlements, mediaChecksums, orders } from "../schema/store";
import { trackColumns, trackStateOf } from "../music/music";
import type { DownloadFormat } from "#contracts/store/model.ts";
import { isLocale, type Locale } from "#contracts/locale.ts";

export type DownloadEntitlement = {
  id: string;
  userId: string | null;
  albumId: string | null;
  trackId: string | null;
  revoked: boolean;
  orderId: string;
  orderNumber: number;
  /** The order's language: the credits in the zip speak it. */
  locale: Locale;
};

export async function findEntitlement(db: DB, id: string): Promise<DownloadEntitlement | null> {
  const row = await db
    .select({
      id: entitlements.id,
      userId: entitlements.userId,
      albumId: entitlements.albumId,
      trackId: entitlements.trackId,
      revokedAt: entitlements.revokedAt,
      orderId: entitlements.orderId,
      orderNumber: orders.number,
      locale: orders.locale,
    })
    .from(entitlements)
    .innerJoin(orders, eq(orders.id, entitlements.orderId))
    .where(eq(entitlements.id, id))
    .get();
  if (!row) return null;
  const { revokedAt, locale, ...rest } = row;
  return { ...rest, revoked: revokedAt !== null, locale: isLocale(locale) ? locale : "en" };
}

export type ReleaseTrackFile = { id: string; number: number; title: string; durationSeconds: number; key: string | null };
export type ReleaseFiles = {
  albumId: string;
  title: string;
  albumTitle: string;
  year: number;
  coverKey: string | null;
  /** How many tracks the album has (a track's "n of N" in the tags). */
  trackCount: number;
  tracks: ReleaseTrackFile[];
  /** Tracks with audio not yet out (a pre-order's, decision 118): left out of the zip. */
  waiting: number;
};

/**
 * A release's tracks in one format (each track's MP3, or its master or the master's derived file in that format; null where it
 * has none), in album order, leaving out tracks not yet public except teasers; null for an unknown release.
 */
export async function releaseFiles(
  db: DB,
  release: { albumId: string | null; trackId: string | null },
  format: DownloadFormat,
  now = Date.now(),
  /** "download": what a zip holds now; "listing": what the release holds, early-access tracks too (a product page's list). */
  scope: "download" | "listing" = "download",
): Promise<ReleaseFiles | null> {
  const where = release.trackId ? eq(tracks.id, release.trackId) : eq(tracks.albumId, release.albumId ?? "");
  // Two reads, not one D1 batch: a batch maps a join's columns by name, and both tables have a title.
  const [album, rows] = await Promise.all([
    db
      .select({
        id: albums.id,
        title: albums.title,
        year: albums.year,
        coverKey: albums.coverKey,
        // Written with an alias: the outer album's id must never be read as the counted track's.
        trackCount: sql<number>`(SELECT COUNT(*) FROM tracks AS counted WHERE counted.album_id = albums.id)`,
      })
      .from(albums)
      .where(
        release.trackId
          ? sql`${albums.id} = (SELECT ${tracks.albumId} FROM ${tracks} WHERE ${tracks.id} = ${release.trackId})`
          : eq(albums.id, release.albumId ?? ""),
      ),
    db
      .select({
        ...trackColumns,
        masterKey: tracks.masterKey,
        masterFormat: tracks.masterFormat,
        derivedKey: tracks.derivedKey,
        derivedFormat: tracks.derivedFormat,
        derivedState: tracks.derivedState,
        teaser: tracks.teaser,
      })
      .from(tracks)
      .innerJoin(albums, eq(albums.id, tracks.albumId))
      .where(where)
      .orderBy(asc(tracks.number)),
  ]);
  const found = album[0];
  if (!found) return null;
  // A lossless format is the master itself, or the other format made from it (decision 121).
  const keyOf = (row: (typeof rows)[number]) => {
    if (format === "mp3") return row.audioKey;
    if (row.masterFormat === format) return row.masterKey;
    return row.derivedState === "done" && row.derivedFormat === format ? row.derivedKey : null;
  };
  // A download follows the public release time, early access or not (decision 118): before it,
  // only the teasers the admin marked; `waiting` counts the rest.
  const withAudio = rows.filter((row) => row.audioKey !== null);
  const visible = withAudio.filter((row) => row.teaser || (scope === "listing" ? trackStateOf(row, now) !== "hidden" : trackStateOf(row, now) === "released"));
  return {
    albumId: found.id,
    title: release.trackId ? (visible[0]?.title ?? found.title) : found.title,
    albumTitle: found.title,
    year: found.year,
    coverKey: found.coverKey,
    trackCount: found.trackCount,
    tracks: visible.map((row) => ({ id: row.id, number: row.number, title: row.title, durationSeconds: row.durationSeconds, key: keyOf(row) })),
    waiting: withAudio.length - visible.length,
  };
}

/** The UTC day a download counts on: YYYY-MM-DD. */
export const downloadDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Rounding room for shares that add up to whole files (a download fetched in parts). */
const SHARE_ROUNDING = 1e-9;

/**
 * Takes what a GET serves from the day's budget of `limit` files' worth: `share` is the range's
 * length over the archive's size (1 for the whole), and `start` counts it as a download started
 * (a GET from the first byte). One conditional upsert, so racing requests can never serve past the
 * limit. False when the share does not fit.
 */
export async function takeDownloadShare(db: DB, entitlementId: string, day: string, take: { share: number; start: boolean }, limit: number): Promise<boolean> {
  const row = await db.$client
    .prepare(
      `INSERT INTO download_counts (entitlement_id, day, count, served) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (entitlement_id, day) DO UPDATE SET count = count + excluded.count, served = served + excluded.served
         WHERE download_counts.served + excluded.served <= ?5
       RETURNING served`,
    )
    .bind(entitlementId, day, take.start ? 1 : 0, take.share, limit + SHARE_ROUNDING)
    .first<{ served: number }>();
  return row !== null;
}

/** Whether the day's budget of `limit` files' worth is spent. */
export async function downloadBudgetSpent(db: DB, entitlementId: string, day: string, limit: number): Promise<boolean> {
  const row = await db.$client
    .prepare("SELECT served FROM download_counts WHERE entitlement_id = ?1 AND day = ?2")
    .bind(entitlementId, day)
    .first<{ served: number }>();
  return (row?.served ?? 0) >= limit - SHARE_ROUNDING;
}

// ----- the CRC-32s of stored objects -----

/** The CRC-32 kept for each object, only where it was computed for this very ETag. */
export async function findChecksums(db: DB, objects: readonly { key: string; etag: string }[]): Promise<Map<string, number>> {
  const rows =
    objects.length === 0
      ? []
      : await db
          .select()
          .from(mediaChecksums)
          .where(inArray(mediaChecksums.key, [...new Set(objects.map((o) => o.key))]));
  const etags = new Map(objects.map((o) => [o.key, o.etag]));
  return new Map(rows.filter((row) => etags.get(row.key) === row.etag).map((row) => [row.key, row.crc32 >>> 0]));
}

/** The sizes kept for these keys (the collection shows a zip's length without reading R2). */
export async function findStoredSizes(db: DB, keys: readonly string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: mediaChecksums.key, size: mediaChecksums.size })
    .from(mediaChecksums)
    .where(inArray(mediaChecksums.key, [...new Set(keys)]));
  return new Map(rows.map((row) => [row.key, row.size]));
}

export async function saveChecksums(db: DB, rows: readonly { key: string; etag: string; size: number; crc32: number }[], now = Date.now()) {
  if (rows.length === 0) return;
  await db
    .insert(mediaChecksums)
    .values(rows.map((row) => ({ ...row, computedAt: new Date(now) })))
    .onConflictDoUpdate({
      target: mediaChecksums.key,
      set: { etag: sql`excluded.etag`, size: sql`excluded.size`, crc32: sql`excluded.crc32`, computedAt: sql`excluded.computed_at` },
    });
}

/** Whether the member holds a live entitlement to the album of `trackId`, or to that track. */
export async function ownsTrack(db: DB, userId: string, trackId: string): Promise<boolean> {
  const row = await db
    .select({ id: entitlements.id })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.userId, userId),
        sql`${entitlements.revokedAt} IS NULL`,
        sql`(${entitlements.trackId} = ${trackId} OR ${entitlements.albumId} = (SELECT ${tracks.albumId} FROM ${tracks} WHERE ${tracks.id} = ${trackId}))`,
      ),
    )
    .limit(1)
    .get();
  return row !== undefined;
}
