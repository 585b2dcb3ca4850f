// Special perks: VIP offers with a picture, a link and codes (decision 030).
import type { Area } from "./area";

export const perks = {
  pages: ["/perks"],
  ssrPages: { "/perks": "app/routes/perks.tsx" },
  // Teasers show a perk's picture to everyone.
  publicImageFolders: ["perks"],
  auditNotes: {
    perk_deleted: (detail: { reveals: number; codes: number; claimed: number }) =>
      `${detail.reveals} reveal(s) and ${detail.codes} code(s) (${detail.claimed} handed out) deleted`,
  },
} as const satisfies Area;
