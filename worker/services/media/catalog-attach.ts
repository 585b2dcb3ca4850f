// Putting a stored file on its track or album, for the single-file upload routes and the folder
// import alike (decision 119): the swap and its audit row, the stored file deleted when its row
// went away meanwhile, the replaced file (and a track's cut preview) deleted after, and the public
// catalog told. A master is set here only, so whatever follows a new master follows both ways in.
import type { DB } from "../../db/client";
import type { Actor } from "../../db/audit";
import { setAlbumCover, setTrackAudio } from "../../db/admin-catalog";
import { setTrackMaster, type MasterFormat } from "../../db/track-masters";
import { catalogChanged, deleteObjects } from "./catalog-uploads";

type Where = { db: DB; bucket: R2Bucket; actor: Actor };

/** A track's new streaming file; null (and the file deleted) when the track is gone. */
export async function attachTrackAudio(
  { db, bucket, actor }: Where,
  trackId: string,
  audio: { key: string; durationSeconds: number | null },
  shown: string | null,
) {
  const swapped = await setTrackAudio(db, actor, trackId, { audioKey: audio.key, durationSeconds: audio.durationSeconds, action: "track.audio", shown });
  if (!swapped) {
    await deleteObjects(bucket, [audio.key]);
    return null;
  }
  catalogChanged();
  await deleteObjects(bucket, [swapped.previous !== audio.key ? swapped.previous : null, swapped.previousPreview]);
  return swapped;
}

/** A track's new lossless master; null (and the file deleted) when the track is gone. */
export async function attachTrackMaster({ db, bucket, actor }: Where, trackId: string, master: { key: string; format: MasterFormat }, shown: string | null) {
  const swapped = await setTrackMaster(db, actor, trackId, master, shown);
  if (!swapped) {
    await deleteObjects(bucket, [master.key]);
    return null;
  }
  await deleteObjects(bucket, [swapped.previous !== master.key ? swapped.previous : null]);
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
