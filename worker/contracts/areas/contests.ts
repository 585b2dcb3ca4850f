// Remix contests (decision 184): a contest on a catalog track, its entries and fair votes. Its page
// renders in the browser; its covers are public pictures.
import type { Area } from "./area";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const contests = {
  pages: ["/contests", "/contests/:contest"],
  pageIdParams: { ":contest": (s) => UUID.test(s) },
  publicImageFolders: ["contests"],
} as const satisfies Area;
