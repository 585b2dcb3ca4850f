// The newsletter: double opt-in, the people's pages opened from a mail, campaigns and the
// marketing contacts (decision 045); and the pages "Notify me" mails link to (decision 057).
import type { Area } from "./area";

export const newsletter = {
  pages: ["/newsletter/confirm", "/newsletter/unsubscribe", "/newsletter/preferences", "/notify-me/confirm", "/notify-me/cancel"],
  personalPages: ["/newsletter/confirm", "/newsletter/unsubscribe", "/newsletter/preferences", "/notify-me/confirm", "/notify-me/cancel"],
  // The List-Unsubscribe address a mail client posts to (RFC 8058), proved by its signed link.
  crossSitePosts: ["/api/newsletter/unsubscribe"],
  // Mail clients load a campaign's pictures from anywhere.
  publicImageFolders: ["campaigns"],
  auditNotes: {
    contacts_csv_import: (detail: { part: number; parts: number }) => `CSV import, part ${detail.part} of ${detail.parts}`,
  },
} as const satisfies Area;
