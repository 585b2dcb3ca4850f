// Types for hash.mjs.
export function fnv1a(text: string): number;
export function prng(seed: number): () => number;
export function seeded(text: string): () => number;
export const MIN_TRACK_SECONDS: number;
export const MAX_TRACK_SECONDS: number;
export function durationForTrackId(trackId: string): number;
