// Remix contests (decision 184): a contest on a catalog track, its entries and fair votes. A
// contest's page is rendered by the Worker with its share tags; its covers are public pictures.
import type { Area } from "./area";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const contests = {
  pages: ["/contests", "/contests/:contest"],
  pageIdParams: { ":contest": (s) => UUID.test(s) },
  ssrPages: { "/contests/$contest": "app/routes/contests/$contest.tsx" },
  publicImageFolders: ["contests"],
} as const satisfies Area;
