// The favorites' and playlists' caps and name rule, without zod: the SPA's music pages import
// these values (album and track pages among them, which are server-rendered and load them first),
// and the zod contracts (collections.ts) re-export them.

export const PLAYLIST_NAME_MAX = 80;
export const MAX_PLAYLISTS_PER_USER = 200;
export const MAX_TRACKS_PER_PLAYLIST = 1000;
export const MAX_FAVORITES_PER_USER = 5000;
/** The hub's playlist card shows this many tracks, then '+N more tracks' (docs/features.md#music). */
export const PLAYLIST_PREVIEW_TRACKS = 3;

/** How names are compared: NFC, then lower case, so 'Verão' and 'VERÃO' are the same name. */
export const playlistNameKey = (name: string) => name.normalize("NFC").toLocaleLowerCase("en-US");
