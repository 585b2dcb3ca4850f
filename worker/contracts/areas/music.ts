// The music area: catalog, album and track pages, the player and the embeddable players.
import type { Area } from "./area";

export const music = {
  pages: [
    "/music",
    "/music/favorites",
    "/music/player",
    "/music/catalog",
    "/music/catalog/:album",
    "/music/track/:track",
    "/embed/album/:album",
    "/embed/track/:track",
  ],
  publicImageFolders: ["covers"],
  // Album and track pages announce their oEmbed answer (worker/routes/oembed.ts) and name the artist.
  pageHead: {
    "/music/catalog/$id": ["oembed-discovery", "album-markup"],
    "/music/track/$trackId": ["oembed-discovery", "track-markup"],
  },
  auditNotes: {
    album_tracks_retired: (detail: { count: number }) => `${detail.count} track(s) retired; their plays are kept`,
  },
} as const satisfies Area;
