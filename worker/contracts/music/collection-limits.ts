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

/** The spec's texts (docs/features.md#music, playlists), and ours where it is silent. English fallbacks. */
export const COLLECTION_MESSAGES = {
  playlistNameTaken: "A playlist with this name already exists",
  playlistNameRequired: "Playlist name is required",
  playlistNameTooLong: "Playlist name must be at most 80 characters",
  playlistNotFound: "Playlist not found",
  trackNotInCatalog: "This track is not in the catalog",
  trackAlreadyInPlaylist: "This track is already in the playlist",
  trackNotInPlaylist: "This track is not in the playlist",
  notAPermutation: "The new order must list every track of the playlist exactly once",
  tooManyPlaylists: "You can have at most 200 playlists",
  playlistFull: "A playlist can hold at most 1,000 tracks",
  tooManyFavorites: "You can have at most 5,000 favorite tracks",
} as const;
