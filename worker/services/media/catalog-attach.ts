// Putting a stored file on its track or album, for the single-file upload routes and the folder
// import alike (decision 119): the swap and its audit row, the stored file deleted when its row
// went away meanwhile, the replaced file (and a track's cut preview) deleted after, and the public
// catalog told. A master is set here only, so whatever follows a new master follows both ways in.
import type { DB } from "../../db/client";
import type { Actor } from "../../db/audit";
import { setAlbumCover, setTrackAudio } from "../../db/music/admin-catalog";
import { setTrackMaster, type MasterFormat } from "../../db/music/track-masters";
import type { PcmFacts } from "../../lib/audio-probe";
import type { AppEnv } from "../../env";
import { catalogChanged, deleteObjects } from "./catalog-uploads";
import { derivedKeyOf, masterStored } from "./master-formats";

type Where = { db: DB; bucket: R2Bucket; actor: Actor; env: AppEnv };

/** A track's new streaming file; null (and the file deleted) when the track is gone. */
export async function attachTrackAudio(
  { db, bucket, actor }: Where,
  trackId: string,
  audio: { key: string; durationSeconds: number | null; kbps: number | null },
  shown: string | null,
) {
  const swapped = await setTrackAudio(db, actor, trackId, {
    audioKey: audio.key,
    durationSeconds: audio.durationSeconds,
    action: "track.audio",
    shown,
    kbps: audio.kbps,
  });
  if (!swapped) {
    await deleteObjects(bucket, [audio.key]);
    return null;
  }
  catalogChanged();
  await deleteObjects(bucket, [swapped.previous !== audio.key ? swapped.previous : null, swapped.previousPreview]);
  return swapped;
}

/**
 * A track's new lossless master; null (and the file deleted) when the track is gone. Its other
 * lossless format follows off the request (decision 121); the replaced master goes with the
 * format made from it.
 */
export async function attachTrackMaster(
  { db, bucket, actor, env }: Where,
  trackId: string,
  master: { key: string; format: MasterFormat; facts: PcmFacts | null },
  shown: string | null,
) {
  const swapped = await setTrackMaster(db, actor, trackId, master, shown);
  if (!swapped) {
    await deleteObjects(bucket, [master.key]);
    return null;
  }
  await masterStored(env, trackId, master.key);
  const replaced = swapped.previous !== master.key ? swapped.previous : null;
  await deleteObjects(bucket, [replaced, replaced && derivedKeyOf(replaced)]);
  return swapped;
}

/** An album's new cover; null (and the picture deleted) when the album is gone. */
export async function attachAlbumCover({ db, bucket, actor }: Where, albumId: string, coverKey: string, shown: string | null) {
  const swapped = await setAlbumCover(db, actor, albumId, coverKey, shown);
  if (!swapped) {
    await deleteObjects(bucket, [coverKey]);
    return null;
  }
  catalogChanged();
  if (swapped.previous !== coverKey) await deleteObjects(bucket, [swapped.previous]);
  return swapped;
}
