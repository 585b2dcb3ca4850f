// The legal pages.
import type { Area } from "./area";

export const legal = {
  pages: ["/privacy", "/terms", "/copyright"],
  ssrPages: {
    "/privacy": "app/routes/privacy.tsx",
    "/terms": "app/routes/terms.tsx",
    "/copyright": "app/routes/copyright.tsx",
  },
} as const satisfies Area;
