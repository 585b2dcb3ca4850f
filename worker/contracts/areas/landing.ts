// The landing page (its pictures live in the site's own folder, SITE_MEDIA_FOLDER).
import type { Area } from "./area";

export const landing = {
  pages: ["/"],
  ssrPages: { "/": "app/routes/index.tsx" },
} as const satisfies Area;
