// Search everywhere (decision 056): the results page; the header's field is on every page.
import type { Area } from "./area";

export const search = {
  pages: ["/search"],
  ssrPages: { "/search": "app/routes/search.tsx" },
  unlistedPages: ["/search"],
} as const satisfies Area;
