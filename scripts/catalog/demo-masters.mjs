// The demo releases sold with a lossless master beside the MP3s (decision 054): two albums and a
// single, whose every track gets a WAV master rendered from the same signal as its demo MP3
// (scripts/lib/demo-audio.mjs renderTrackWav), put in local R2 under masters/<trackId>.wav by the
// media step, and named in tracks.master_key by the data step (demoMastersSql). The store's demo
// products sell these releases in MP3 and WAV; every other release in MP3 only.
import { CATALOG } from "./catalog.mjs";

/** The albums and the single the demo store sells as downloads (scripts/lib/demo-store.mjs). */
export const DEMO_MASTER_RELEASES = ["freestyle-nights", "moonlight-boulevard", "spring-love-single"];

/** Where a demo track's master lives in R2. */
export const masterKeyOf = (trackId) => `masters/${trackId}.wav`;

/**
 * The tracks with a master, as { id, albumId, durationSeconds, key }.
 * @param {import("./catalog.mjs").CatalogAlbum[]} [catalog]
 */
export function demoMasterTracks(catalog = CATALOG) {
  return catalog
    .filter((album) => DEMO_MASTER_RELEASES.includes(album.id))
    .flatMap((album) => album.tracks.map((t) => ({ id: t.id, albumId: album.id, durationSeconds: t.durationSeconds, key: masterKeyOf(t.id) })));
}

/** The data step's SQL naming each master (idempotent: the keys are fixed). */
export function demoMastersSql(catalog = CATALOG) {
  return demoMasterTracks(catalog)
    .map((t) => `UPDATE tracks SET master_key = '${t.key}', master_format = 'wav' WHERE id = '${t.id}';`)
    .join("\n");
}
