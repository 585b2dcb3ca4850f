// The music area: catalog, album and track pages, the player and the embeddable players.
import type { Area } from "./area";
import { isSlugId } from "../ids.ts";

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
  pageIdParams: { ":album": isSlugId, ":track": isSlugId },
  ssrPages: {
    "/music/": "app/routes/music/index.tsx",
    "/music/catalog/": "app/routes/music/catalog/index.tsx",
    "/music/catalog/$id": "app/routes/music/catalog/$id.tsx",
    "/music/track/$trackId": "app/routes/music/track/$trackId.tsx",
    "/embed/track/$trackId": "app/routes/embed/track/$trackId.tsx",
    "/embed/album/$albumId": "app/routes/embed/album/$albumId.tsx",
  },
  publicImageFolders: ["covers"],
  auditNotes: {
    album_tracks_retired: (detail: { count: number }) => `${detail.count} track(s) retired; their plays are kept`,
  },
} as const satisfies Area;
