// The TV: channels of videos.
import type { Area } from "./area";

export const tv = {
  pages: ["/tv"],
  publicImageFolders: ["tv/thumbs"],
} as const satisfies Area;
