// The legal pages and the accessibility statement.
import type { Area } from "./area";

export const legal = {
  pages: ["/privacy", "/terms", "/copyright", "/accessibility"],
  ssrPages: {
    "/privacy": "app/routes/privacy.tsx",
    "/terms": "app/routes/terms.tsx",
    "/copyright": "app/routes/copyright.tsx",
    "/accessibility": "app/routes/accessibility.tsx",
  },
} as const satisfies Area;
