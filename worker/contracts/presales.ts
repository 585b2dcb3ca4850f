// VIP presales (decision 029): shapes and pure rules shared by the Worker and the SPA. No zod, so
// the public events chunk can import it. A presale is a window [startsAt, endsAt) before the
// general sale (generalSaleAt >= endsAt, before the event) in which VIP members and admins ask for
// a presale code and the ticket link (POST /api/events/:id/presale-code); everyone else sees the
// dates only. The public answers carry the times and the state, never a code nor the mode.
import type { CodeMode, OfferCodeCounts } from "./offer-codes";

/**
 * upcoming: before the presale; open: the presale window; closed: after it, before the general
 * sale. Once the general sale opens the event shows no presale at all.
 */
export type PresaleState = "upcoming" | "open" | "closed";

/** What the public event answers say of a presale (ISO instants). */
export type PublicPresale = { startsAt: string; endsAt: string; generalSaleAt: string; state: PresaleState };

/** POST /api/events/:id/presale-code. claimedAt: when a unique code became the member's; null for a shared code. */
export type PresaleCodeResponse = { code: string; ticketUrl: string | null; claimedAt: string | null };

/** DELETE /api/admin/events/:id/presale-codes: how many unclaimed codes went, and what is left. */
export type PresaleCodesDeletedResponse = { deleted: number; codes: OfferCodeCounts };

/** The admin routes of an event's unique codes (CodeImportDialog adds /preview and /import). */
export const presaleCodesApi = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/presale-codes`;

export const PRESALE_ERROR_CODES = {
  notFound: "presale_not_found",
  notOpen: "presale_not_open",
  codesGone: "presale_codes_gone",
} as const;

export const PRESALE_MESSAGES = {
  notFound: "This event has no VIP presale",
  notOpen: "The VIP presale is not open",
  codesGone: "All presale codes have been handed out",
} as const;

/** The stored presale of an event, in epoch ms. */
export type PresaleTimes = { startsAt: number; endsAt: number; generalSaleAt: number };

/** Where a presale stands at `now`; "general" once everyone may buy. */
export function presaleStateAt(times: PresaleTimes, now: number): PresaleState | "general" {
  if (now >= times.generalSaleAt) return "general";
  if (now >= times.endsAt) return "closed";
  if (now >= times.startsAt) return "open";
  return "upcoming";
}

/** The next moment after `now` at which the presale's state changes; null when it never will again. */
export function nextPresaleChange(times: PresaleTimes, now: number): number | null {
  for (const at of [times.startsAt, times.endsAt, times.generalSaleAt]) if (at > now) return at;
  return null;
}

/** The presale of a stored event as times, or null when it has none (mode 'none' or a time missing). */
export function presaleTimesOf(row: {
  presaleCodeMode: CodeMode;
  presaleStartsAt: Date | null;
  presaleEndsAt: Date | null;
  generalSaleAt: Date | null;
}): PresaleTimes | null {
  if (row.presaleCodeMode === "none" || !row.presaleStartsAt || !row.presaleEndsAt) return null;
  const endsAt = row.presaleEndsAt.getTime();
  return { startsAt: row.presaleStartsAt.getTime(), endsAt, generalSaleAt: Math.max(row.generalSaleAt?.getTime() ?? endsAt, endsAt) };
}

/**
 * The longest presale code: OFFER_CODE_MAX of offer-codes.ts, repeated here because that module
 * carries zod and this one reaches the SPA's first load (tests/worker/presales.test.ts pins them equal).
 */
export const PRESALE_CODE_MAX = 64;

/** The event form's presale rules, in English; the API names each by its code (validation-codes.ts). */
export const PRESALE_FORM_MESSAGES = {
  modeInvalid: "Choose no presale, one shared code or unique codes",
  startRequired: "Presale start is required",
  endRequired: "Presale end is required",
  order: "The presale must end after it starts",
  generalSaleOrder: "The general sale must open at or after the presale end",
  afterEvent: "The presale and the general sale must be before the event",
  codeRequired: "A shared presale needs its code",
  codeInvalid: `A code is at most ${PRESALE_CODE_MAX} letters, digits or - _ . : / # + with no spaces`,
} as const;
