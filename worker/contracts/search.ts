// Search everywhere (decision 056): GET /api/search?q=&kind=&offset=. Without a kind the answer has
// one group per kind with its best few matches (the header's list); with one it has that kind's
// group, a page at a time (the results page, the music hub's track search). Matching folds case and
// accents and matches word starts; each group is ordered by relevance.
import { z } from "zod";
import { SEARCH_KINDS, SEARCH_MESSAGES, SEARCH_OFFSET_MAX, SEARCH_QUERY_MAX, type SearchKind } from "./search-limits";
import { TEXT_MESSAGES } from "./text-messages";

export * from "./search-limits";

export const searchQuerySchema = z.object({
  q: z
    .string(SEARCH_MESSAGES.queryRequired)
    .max(SEARCH_QUERY_MAX, SEARCH_MESSAGES.queryTooLong)
    .refine((q) => q.trim().length > 0, SEARCH_MESSAGES.queryRequired)
    .refine((q) => !q.includes("\u0000"), TEXT_MESSAGES.invalidCharacters),
  kind: z.enum(SEARCH_KINDS).optional(),
  offset: z.coerce.number().int().min(0).max(SEARCH_OFFSET_MAX).optional(),
});

/**
 * One thing found: what to show (its title in the reader's language, a second line, a picture) and
 * where it is. `subtitle` is plain text; `date` (ISO) is an event's start and `timeZone` its venue's
 * zone, so the row shows the date and time the event's card shows.
 * `earlyAccess`: a release announced but not public yet (VIPs hear it already).
 */
export type SearchItem = {
  kind: SearchKind;
  id: string;
  title: string;
  subtitle: string | null;
  imageUrl: string | null;
  href: string;
  date?: string;
  timeZone?: string;
  earlyAccess?: boolean;
};

/**
 * One kind's matches, best first; `nextOffset` is where the next page starts (null: no more).
 * `relaxed`: nothing of this kind matched every word as typed, so these match the words' first
 * halves (at least four letters): "coracao" finds "Corazón", whose spelling differs by more than accents.
 */
export type SearchGroup = { kind: SearchKind; items: SearchItem[]; nextOffset: number | null; relaxed: boolean };

export type SearchResponse = { query: string; groups: SearchGroup[] };
