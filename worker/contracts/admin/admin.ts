// The back office's shared shapes (every /api/admin/* route is for administrators only). Areas add
// their own contracts next to this one (analytics.ts, settings.ts), or in their folder when they
// have one (../music/admin-catalog.ts).
import { z } from "../zod";
import type { AuditDetail } from "../audit-detail";

/** One audited admin write, as /admin/audit lists it. */
export type AuditEntryView = {
  id: number;
  actorId: string | null;
  actorEmail: string;
  /** `<area>.<verb>`, e.g. "settings.update", "album.create", "track.delete". */
  action: string;
  targetType: string;
  targetId: string | null;
  /** `detail` (structured, rendered in the admin's language) is absent from older rows: `note` then. */
  summary: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null; note?: string; detail?: AuditDetail };
  createdAt: string;
};

export type AuditListResponse = {
  entries: AuditEntryView[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: number | null;
  /** The distinct actions and admins seen, for the filters. */
  actions: string[];
};

export const auditQuerySchema = z.strictObject({
  action: z.string().trim().max(60).optional(),
  actorId: z.string().trim().max(64).optional(),
  /** Entries older than this id (the previous page's nextCursor). */
  before: z.coerce.number().int().positive().optional(),
});
