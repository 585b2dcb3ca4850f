// The newsletter: double opt-in, the people's pages opened from a mail, campaigns and the
// marketing contacts (decision 045).
import type { Area } from "./area";

export const newsletter = {
  pages: ["/newsletter/confirm", "/newsletter/unsubscribe", "/newsletter/preferences"],
  personalPages: ["/newsletter/confirm", "/newsletter/unsubscribe", "/newsletter/preferences"],
  // Mail clients load a campaign's pictures from anywhere.
  publicImageFolders: ["campaigns"],
  auditNotes: {
    contacts_csv_import: (detail: { part: number; parts: number }) => `CSV import, part ${detail.part} of ${detail.parts}`,
  },
} as const satisfies Area;
