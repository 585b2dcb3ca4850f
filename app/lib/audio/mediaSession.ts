// The page's Media Session (lock screen, notification, headset keys) as the players use it. One
// session per document: whichever player holds the audio focus (app/lib/audioFocus.ts) writes its
// metadata, so the radio replaces the music track's when it takes over and the other way round.

/** The part of navigator.mediaSession the players use (tests pass a fake). */
export interface MediaSessionLike {
  metadata: unknown;
  playbackState?: string;
}

export type MediaMetadataFields = {
  title: string;
  artist: string;
  album: string;
  artwork: { src: string }[];
};

/** navigator.mediaSession when the browser has one. */
export function browserMediaSession(): MediaSessionLike | null {
  if (typeof navigator === "undefined" || !("mediaSession" in navigator)) return null;
  return navigator.mediaSession as unknown as MediaSessionLike;
}

/** `new MediaMetadata(fields)` when the browser has it, else the fields themselves. */
export function browserMediaMetadata(fields: MediaMetadataFields): unknown {
  return typeof MediaMetadata === "function" ? new MediaMetadata(fields) : fields;
}
