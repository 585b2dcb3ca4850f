// Small deterministic hashes and a seeded PRNG, shared by the catalog data (track durations)
// and the demo media generators (music and cover parameters). Pure JS, no dependencies, so the
// catalog module stays cheap to import.

/** 32-bit FNV-1a of a string's UTF-16 code units. */
export function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // Final avalanche (murmur3 fmix32): FNV alone leaves close strings with close low bits.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A PRNG seeded from a string, e.g. `seeded("audio:spring-love")`. */
export const seeded = (text) => prng(fnv1a(text));

export const MIN_TRACK_SECONDS = 30;
export const MAX_TRACK_SECONDS = 90;

/** The length of a track's generated demo audio, 30..90 s, derived from its id. */
export const durationForTrackId = (trackId) => MIN_TRACK_SECONDS + (fnv1a(`duration:${trackId}`) % (MAX_TRACK_SECONDS - MIN_TRACK_SECONDS + 1));
