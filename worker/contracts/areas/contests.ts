// Remix contests (decision 184): a contest on a catalog track, its entries and fair votes. Its
// pages are not built yet; its covers are public pictures.
import type { Area } from "./area";

export const contests = {
  pages: [],
  publicImageFolders: ["contests"],
} as const satisfies Area;
