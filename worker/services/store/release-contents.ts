// What a digital product holds, shown on its page before purchase (the collection shows the same
// after): the release's tracks as the zip will hold them (numbers, titles, lengths; tracks still
// hidden before their early access left out, a pre-order's teasers in) and each format it is sold in with the
// zip's size, computed as the download computes it (null when a file is not stored yet).
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { releaseFormats } from "../../db/music/release-formats";
import { releaseFiles } from "../../db/store/downloads";
import type { Locale } from "#contracts/locale.ts";
import type { PublicRelease, ReleaseContentsResponse } from "#contracts/store/store.ts";
import { releaseZipBytes } from "./downloads";

/** The order number's digits change credits.txt by a byte or two: sizes are said rounded anyway. */
const SAMPLE_ORDER_NUMBER = 1000;

export async function releaseContents(env: AppEnv, db: DB, release: PublicRelease, locale: Locale, now = Date.now()): Promise<ReleaseContentsResponse> {
  const ids = release.kind === "album" ? { albumId: release.id, trackId: null } : { albumId: null, trackId: release.id };
  const [formats, files] = await Promise.all([
    releaseFormats(db, release.kind === "album" ? { albumId: release.id } : { trackId: release.id }),
    releaseFiles(db, ids, "mp3", now, "listing"),
  ]);
  const sized = await Promise.all(
    formats.map(async (format) => ({ format, bytes: await releaseZipBytes(env, db, { ...ids, locale, orderNumber: SAMPLE_ORDER_NUMBER }, format) })),
  );
  return {
    tracks: (files?.tracks ?? []).map(({ number, title, durationSeconds }) => ({ number, title, durationSeconds })),
    formats: sized,
  };
}
