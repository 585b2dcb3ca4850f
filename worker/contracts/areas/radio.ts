// The radio: stations and their player.
import type { Area } from "./area";

export const radio = {
  pages: ["/radio", "/radio/player"],
  publicImageFolders: ["stations"],
} as const satisfies Area;
