// The radio: stations and their player.
import type { Area } from "./area";

export const radio = {
  pages: ["/radio", "/radio/player"],
  ssrPages: { "/radio/": "app/routes/radio/index.tsx" },
  publicImageFolders: ["stations"],
} as const satisfies Area;
