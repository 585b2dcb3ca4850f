// Special perks (decision 030): what an admin publishes (/api/admin/perks) and what members see
// and reveal (/api/perks). The form's rules are one zod schema, run by the Worker and by the SPA's
// form before sending. Times travel as ISO instants: the admin types them in their own time zone
// and the browser converts them.
import { z } from "./zod";
import { userText } from "./text";
import { ALWAYS, requireFields } from "./admin/event-fields";
import { EVENT_FORM_MESSAGES } from "./admin/event-limits";
import { CODE_MODES, isOfferCode, type CodeMode, type OfferCodeCounts } from "./offer-codes";
import { paidMinTierIdField, type GateTier } from "./tiers/gate";
import { PERK_DESCRIPTION_MAX, PERK_FORM_MESSAGES as M, PERK_LINK_MAX, PERK_TITLE_MAX } from "./perk-limits";

export * from "./perk-limits";

/** Who may reveal a perk: VIP members (and admins), or every signed-in member. */
export const PERK_AUDIENCES = ["vip", "members"] as const;
export type PerkAudience = (typeof PERK_AUDIENCES)[number];

/** Where a perk is in its window: before starts_at, between (end excluded), after ends_at. */
export type PerkState = "scheduled" | "live" | "ended";
export const perkStateAt = (startsAt: number, endsAt: number, now: number): PerkState => (now < startsAt ? "scheduled" : now < endsAt ? "live" : "ended");

/** Perk ids are UUIDs. */
export const PERK_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An https address with a host and no user name or password in it. */
export function isHttpsLink(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
}

/**
 * A path on this site ("/store", "/store/tour-shirt-2026"): one leading slash, never "//host" or a
 * backslash (browsers read "/\\host" as another host), no spaces.
 */
export const isSitePath = (text: string) => /^\/(?![/\\])[^\s\\]*$/.test(text);

/** An instant with its offset (what Date.toISOString gives): 2026-12-06T01:00:00.000Z. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
export function parseInstant(text: string): number | null {
  if (!INSTANT.test(text)) return null;
  const ms = Date.parse(text);
  const year = Number(text.slice(0, 4));
  return Number.isFinite(ms) && year >= 2000 && year <= 2100 ? ms : null;
}

/** Blank text becomes null; a wrong type is the field's own rule. */
const optional = (max: number, maxMessage: string, multiline = false) =>
  userText({ max, maxMessage, multiline })
    .nullish()
    .transform((s) => (s ? s : null));

const instant = () =>
  z
    .string({ error: M.timeInvalid })
    .trim()
    .refine((s) => s === "" || parseInstant(s) !== null, M.timeInvalid)
    .nullish()
    .transform((s) => (s ? parseInstant(s) : null));

const fields = {
  title: optional(PERK_TITLE_MAX, M.titleTooLong),
  description: optional(PERK_DESCRIPTION_MAX, M.descriptionTooLong, true),
  /** Portuguese texts: optional, with the English ones' limits; members read the English where they are blank. */
  titlePtBr: optional(PERK_TITLE_MAX, M.titleTooLong),
  descriptionPtBr: optional(PERK_DESCRIPTION_MAX, M.descriptionTooLong, true),
  link: z
    .string({ error: M.linkInvalid })
    .trim()
    .max(PERK_LINK_MAX, M.linkInvalid)
    .refine((s) => s === "" || isHttpsLink(s) || isSitePath(s), M.linkInvalid)
    .nullish()
    .transform((s) => (s ? s : null)),
  codeMode: z.enum(CODE_MODES).default("none"),
  sharedCode: z
    .string({ error: M.codeInvalid })
    .trim()
    .refine((s) => s === "" || isOfferCode(s), M.codeInvalid)
    .nullish()
    .transform((s) => (s ? s : null)),
  audience: z.enum(PERK_AUDIENCES).default("vip"),
  /** A VIP perk's lowest tier (decision 104); null: VIP and above. Dropped for a perk for every member. */
  minTierId: paidMinTierIdField(),
  startsAt: instant(),
  endsAt: instant(),
};

type Fields = z.output<z.ZodObject<typeof fields>>;

function checkPerk(v: Fields, ctx: z.RefinementCtx<Fields>) {
  requireFields(v, ctx, [
    ["title", EVENT_FORM_MESSAGES.titleRequired],
    ["description", M.descriptionRequired],
    ["startsAt", M.startsRequired],
    ["endsAt", M.endsRequired],
  ]);
  if (v.codeMode === "shared") requireFields(v, ctx, [["sharedCode", M.sharedCodeRequired]]);
  if (typeof v.startsAt === "number" && typeof v.endsAt === "number" && v.endsAt <= v.startsAt)
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: M.endBeforeStart });
}

/** The stored form: a shared code only in shared mode, times as epoch ms. */
const toValues = (v: Fields) => ({
  title: v.title!,
  description: v.description!,
  titlePtBr: v.titlePtBr,
  descriptionPtBr: v.descriptionPtBr,
  link: v.link,
  codeMode: v.codeMode,
  sharedCode: v.codeMode === "shared" ? v.sharedCode : null,
  audience: v.audience,
  minTierId: v.audience === "vip" ? v.minTierId : null,
  startsAt: v.startsAt!,
  endsAt: v.endsAt!,
});

/** POST /api/admin/perks and PUT /api/admin/perks/:id: every field, each time. */
export const perkInputSchema = z.strictObject(fields).superRefine(checkPerk, ALWAYS).transform(toValues);
export type PerkInput = z.input<typeof perkInputSchema>;
export type PerkValues = z.output<typeof perkInputSchema>;

// ----- answers -----

/** A live perk as GET /api/perks gives it: never its code, nor its link. */
export type PublicPerk = {
  id: string;
  /** The title in the answer's language (Content-Language): the Portuguese one for pt-BR when there is one, else the English. */
  title: string;
  /** The whole description in the title's language, or for a locked perk its first PERK_TEASER_MAX characters. */
  description: string;
  pictureUrl: string | null;
  audience: PerkAudience;
  /** A VIP perk's lowest tier with its names (decision 104); null: VIP and above, or every member. */
  minTier: GateTier | null;
  /** The reveal gives a code (shared or unique), not only the link. */
  hasCode: boolean;
  startsAt: string;
  endsAt: string;
  /** The asker cannot reveal it: a visitor, or a member below a VIP perk's tier. */
  locked: boolean;
  /** When the asker revealed it; null if they have not. */
  revealedAt: string | null;
  /** Unique codes, none left, and the asker holds none. */
  codesGone: boolean;
};
export type PerksResponse = { perks: PublicPerk[] };

/** POST /api/perks/:id/reveal: the asker's code (null for a perk without one) and the link. */
export type PerkRevealResponse = { code: string | null; link: string | null; revealedAt: string };

export type AdminPerk = {
  id: string;
  title: string;
  description: string;
  titlePtBr: string | null;
  descriptionPtBr: string | null;
  pictureUrl: string | null;
  link: string | null;
  codeMode: CodeMode;
  sharedCode: string | null;
  audience: PerkAudience;
  minTierId: string | null;
  startsAt: string;
  endsAt: string;
  state: PerkState;
  reveals: number;
  /** The unique codes' pool (zeros for other modes). */
  codes: OfferCodeCounts;
  createdAt: string;
  updatedAt: string;
};
export type AdminPerksResponse = { perks: AdminPerk[] };
export type AdminPerkResponse = { perk: AdminPerk };
export type PerkDeletedResponse = { deleted: string };
export type PerkCodesClearedResponse = { deleted: number; perk: AdminPerk };

/** One reveal in the perk's detail: who and when, with the unique code they hold (null for other modes). */
export type PerkRevealEntry = { userId: string; username: string; email: string; revealedAt: string; code: string | null };
/** The latest PERK_REVEALS_PAGE reveals, and how many there are in all. */
export type PerkRevealsResponse = { reveals: PerkRevealEntry[]; total: number };
