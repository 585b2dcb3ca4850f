// The catalog: the limits and English texts that the tables of route and validation codes name, zod-free:
// the Worker's start-up reads those tables, and no schema is built for them (decision 078).
// music.ts re-exports them.

/** The spec's texts; the SPA translates them by code, these are the English fallbacks. */
export const MUSIC_MESSAGES = {
  albumNotFound: "Album not found",
  trackNotFound: "Track not found",
  notPlayable: "This track cannot be played yet",
  playFailed: "Unable to play audio. Please try again.",
  linkExpired: "This media link has expired or is not yours",
  previewUnavailable: "This track has no preview",
  losslessUnavailable: "This track has no lossless master",
} as const;

/** The same member replaying the same track within this window counts once. */
export const PLAY_DEDUPE_MS = 30_000;
