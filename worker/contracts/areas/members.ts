// The back office's member administration and moderation queue: no pages of their own.
import type { Area } from "./area";

export const members = {
  pages: [],
  auditNotes: {
    /** Whose account a user-admin change was on (their e-mail at the time). */
    account: (detail: { email: string }) => detail.email,
    moderation_deleted: () => "deleted from the moderation queue",
    moderation_author_banned: () => "author banned from the moderation queue",
    /** A ban given, its terms changed, or lifted: the (new, or lifted) reason and end (ISO; null: permanent). */
    suspension: (detail: { change: "ban" | "edit" | "lift"; email: string; reason: string; until: string | null }) => {
      const terms = `${detail.until ? `until ${detail.until}` : "permanent"}; reason: ${detail.reason}`;
      const what = detail.change === "ban" ? "suspended" : detail.change === "edit" ? "suspension changed" : "suspension lifted";
      return `${detail.email}: ${what} (${terms})`;
    },
  },
} as const satisfies Area;
