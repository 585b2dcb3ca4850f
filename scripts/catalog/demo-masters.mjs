// The demo releases sold with a lossless master beside the MP3s (decision 054): two albums and a
// single, whose every track gets a WAV master rendered from the same signal as its demo MP3
// (scripts/lib/demo-audio.mjs renderTrackWav), put in local R2 under masters/<trackId>.wav by the
// media step, and named in tracks.master_key by the data step (demoMastersSql). Beside it the
// FLAC the Worker's job would make of it (decision 121: scripts/lib/demo-flac.mjs, the same
// encoder), at masters/<trackId>.flac, recorded as done with the master's facts. The store's demo
// products sell these releases in MP3, WAV and FLAC; every other release in MP3 only.
import { CATALOG } from "./catalog.mjs";
import { SAMPLE_RATE } from "../lib/demo-audio-dsp.mjs";

/** The albums and the single the demo store sells as downloads (scripts/lib/demo-store.mjs). */
export const DEMO_MASTER_RELEASES = ["freestyle-nights", "moonlight-boulevard", "spring-love-single"];

/** The name the local site gives its artist (wrangler.toml's CHAT_PERSONA_NAME): the demo FLACs' ARTIST. */
export const DEMO_ARTIST = "Lola Rivera";

/** Where a demo track's master lives in R2. */
export const masterKeyOf = (trackId) => `masters/${trackId}.wav`;
/** Where its FLAC lives: the master's key with the other extension, as the Worker's job names it. */
export const flacKeyOf = (trackId) => `masters/${trackId}.flac`;

/**
 * The tracks with a master, as { id, albumId, durationSeconds, key }.
 * @param {import("./catalog.mjs").CatalogAlbum[]} [catalog]
 */
export function demoMasterTracks(catalog = CATALOG) {
  return catalog
    .filter((album) => DEMO_MASTER_RELEASES.includes(album.id))
    .flatMap((album) =>
      album.tracks.map((t) => ({
        id: t.id,
        albumId: album.id,
        title: t.title,
        number: t.number,
        isrc: t.isrc,
        album: { id: album.id, title: album.title, year: album.year, type: album.type },
        durationSeconds: t.durationSeconds,
        key: masterKeyOf(t.id),
      })),
    );
}

/**
 * The data step's SQL naming each master, its facts (renderTrackWav: 16-bit mono at the demo
 * audio's rate) and its FLAC (idempotent: the keys are fixed).
 */
export function demoMastersSql(catalog = CATALOG) {
  return demoMasterTracks(catalog)
    .map(
      (t) =>
        `UPDATE tracks SET master_key = '${t.key}', master_format = 'wav', master_sample_rate = ${SAMPLE_RATE}, master_bit_depth = 16, master_channels = 1, ` +
        `derived_key = '${flacKeyOf(t.id)}', derived_format = 'flac', derived_state = 'done' WHERE id = '${t.id}';`,
    )
    .join("\n");
}
