// Downloads of bought releases (decision 054) on the platform: the zip's objects read from R2, their
// CRC-32s kept in D1, the release's files in one format, and the signed links the collection and
// the receipt hand out.
import { readConfig, type AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { readSettings } from "../../db/settings";
import { findChecksums, findStoredSizes, releaseFiles, saveChecksums, type DownloadEntitlement } from "../../db/store/downloads";
import { readsVipLyrics, readZipDetails } from "../../db/music/track-details";
import { downloadPath, signDownloadToken } from "../../lib/download-token";
import { zipLayout } from "../../lib/stored-zip";
import { artistNameOf } from "#contracts/admin/settings.ts";
import type { DownloadFormat } from "#contracts/store/model.ts";
import type { DownloadLink } from "#contracts/store/collection.ts";
import { planZip, wavTagsLength, type ChecksumStore, type ObjectSource, type ReleaseZip, type ZipFile } from "./release-zip";
import { releaseTime, releaseZipFiles, zipFileName } from "./release-files";

const emptyStream = () => new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });

/** R2 as the zip's source: heads, and ranged reads that refuse an object replaced meanwhile. */
export function r2Source(bucket: R2Bucket): ObjectSource {
  return {
    async head(key) {
      const head = await bucket.head(key);
      return head ? { size: head.size, etag: head.etag } : null;
    },
    async read(key, etag, offset, length) {
      if (length === 0) return emptyStream();
      const object = await bucket.get(key, { range: { offset, length }, onlyIf: { etagMatches: etag } });
      return object && "body" in object ? object.body : null;
    },
  };
}

export const d1Checksums = (db: DB): ChecksumStore => ({
  find: (objects) => findChecksums(db, objects),
  save: (rows) => saveChecksums(db, rows),
});

/** `userId`: the buyer, whose VIP lyrics the zip holds while they may read them (none: a guest, or a sample). */
type ReleaseOf = Pick<DownloadEntitlement, "albumId" | "trackId" | "locale" | "orderNumber"> & { userId?: string | null };

/** The zip's files for a release in one format, and its name; null when the release cannot be zipped in it. */
async function filesFor(
  env: AppEnv,
  db: DB,
  entitlement: ReleaseOf,
  format: DownloadFormat,
): Promise<{ files: ZipFile[]; name: string; year: number } | "not_released" | null> {
  const [release, settings, vipReader] = await Promise.all([releaseFiles(db, entitlement, format), readSettings(db), readsVipLyrics(db, entitlement.userId)]);
  if (!release) return null;
  // A pre-order with no teaser (or a bought track not out yet): nothing downloads before the day.
  if (release.tracks.length === 0 && release.waiting > 0) return "not_released";
  const config = readConfig(env);
  const artist = artistNameOf(settings, config);
  const { access, tracks: details } = await readZipDetails(
    db,
    release.albumId,
    release.tracks.map((t) => t.id),
  );
  const files = releaseZipFiles({
    release,
    format,
    artist,
    locale: entitlement.locale,
    orderNumber: entitlement.orderNumber,
    siteUrl: config.SITE_URL,
    details,
    withLyrics: access === "public" || vipReader,
  });
  return files ? { files, name: zipFileName(artist, release.title, format), year: release.year } : null;
}

/**
 * The zip a download serves, planned from R2's heads (CRCs still to fill); `missing`: the key of a
 * file of the release that is not in R2 (yet: the local demo media is still being written after a
 * fresh start; or lost); "not_released": none of its tracks is out yet (a pre-order without a
 * teaser, decision 118); null when the release cannot be zipped in that format at all.
 */
export async function planReleaseDownload(
  env: AppEnv,
  db: DB,
  entitlement: ReleaseOf,
  format: DownloadFormat,
): Promise<{ zip: ReleaseZip; fileName: string } | { missing: string } | "not_released" | null> {
  const found = await filesFor(env, db, entitlement, format);
  if (!found || found === "not_released") return found;
  const zip = await planZip(r2Source(env.MEDIA), found.files, releaseTime(found.year));
  if (zip) return { zip, fileName: found.name };
  // Only on this rare path: which file it was, to tell the admin.
  for (const file of found.files) if ("key" in file && !(await env.MEDIA.head(file.key))) return { missing: file.key };
  return null;
}

/**
 * The zip's exact length for the collection's button, from the sizes kept with the checksums and
 * R2's heads for the rest (a WAV's grown by its tags, its cover's size being one of them); null
 * when a file is missing.
 */
export async function releaseZipBytes(env: AppEnv, db: DB, entitlement: ReleaseOf, format: DownloadFormat): Promise<number | null> {
  const found = await filesFor(env, db, entitlement, format);
  if (!found || found === "not_released") return null;
  const keys = found.files.flatMap((f) => ("key" in f ? [f.key] : []));
  const sizes = await findStoredSizes(db, keys);
  await Promise.all(
    keys
      .filter((key) => !sizes.has(key))
      .map(async (key) => {
        const head = await env.MEDIA.head(key);
        if (head) sizes.set(key, head.size);
      }),
  );
  if (keys.some((key) => !sizes.has(key))) return null;
  const sizeOf = (f: ZipFile) => {
    if ("bytes" in f) return f.bytes.length;
    const cover = f.wavTags?.cover;
    return sizes.get(f.key)! + (f.wavTags ? wavTagsLength(f.wavTags, cover ? (sizes.get(cover.key) ?? null) : null) : 0);
  };
  const entries = found.files.map((f) => ({ name: f.name, size: sizeOf(f), crc32: 0 }));
  return zipLayout(entries, { modified: releaseTime(found.year) }).size;
}

/** A signed link to one entitlement's zip in one format, valid `ttlMs`. */
export async function downloadLink(
  env: AppEnv,
  entitlementId: string,
  format: DownloadFormat,
  ttlMs: number,
  now = Date.now(),
): Promise<Omit<DownloadLink, "bytes">> {
  const expiresAt = new Date(now + ttlMs);
  const token = await signDownloadToken(readConfig(env).SESSION_SECRET, { entitlementId, format }, expiresAt);
  return { format, url: downloadPath(token), expiresAt: expiresAt.toISOString() };
}
