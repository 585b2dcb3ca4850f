// The TV: channels of videos.
import type { Area } from "./area";

export const tv = {
  pages: ["/tv"],
  ssrPages: { "/tv": "app/routes/tv.tsx" },
  publicImageFolders: ["tv/thumbs"],
} as const satisfies Area;
