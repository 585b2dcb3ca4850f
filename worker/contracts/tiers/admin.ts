// Membership tiers in the back office (/api/admin/tiers, decision 097) and the public ladder
// (/api/tiers): the tier form's rules as zod schemas the Worker and the SPA's form share, and the
// answers' shapes. An admin tier needs names in both languages and a monthly or yearly price; the
// free tier and VIP take only texts, benefits and a badge colour (VIP's prices are configured).
import { z } from "../zod";
import { userText } from "../text";
import { slugOf } from "../slug";
import type { TierView } from "./tiers";
import {
  TIER_BENEFIT_MAX,
  TIER_BENEFITS_MAX,
  TIER_DESCRIPTION_MAX,
  TIER_FORM_MESSAGES as M,
  TIER_ID_MAX,
  TIER_NAME_MAX,
  TIER_PRICE_MAX_CENTS,
  TIER_PRICE_MIN_CENTS,
  TIER_TRIAL_DAYS_MAX,
} from "./limits";

export * from "./limits";

/** A tier's id: its English name in lowercase ASCII words joined by dashes ("Inner Circle" → "inner-circle"); "" when nothing is left. */
export const tierIdOf = (name: string): string => slugOf(name, TIER_ID_MAX);

export const TIER_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const name = () => userText({ max: TIER_NAME_MAX, maxMessage: M.nameTooLong, min: 1, minMessage: M.nameRequired });
const description = () => userText({ max: TIER_DESCRIPTION_MAX, maxMessage: M.descriptionTooLong, multiline: true }).default("");
const benefits = () =>
  z
    .array(userText({ max: TIER_BENEFIT_MAX, maxMessage: M.benefitTooLong, min: 1, minMessage: M.benefitRequired }))
    .max(TIER_BENEFITS_MAX, M.benefitsTooMany)
    .default([]);
const price = () =>
  z
    .int({ error: M.priceInvalid })
    .min(TIER_PRICE_MIN_CENTS, M.priceInvalid)
    .max(TIER_PRICE_MAX_CENTS, M.priceInvalid)
    .nullish()
    .transform((cents) => cents ?? null);

const fields = {
  nameEn: name(),
  namePtBr: name(),
  descriptionEn: description(),
  descriptionPtBr: description(),
  benefitsEn: benefits(),
  benefitsPtBr: benefits(),
  monthlyUsdCents: price(),
  yearlyUsdCents: price(),
  monthlyBrlCents: price(),
  yearlyBrlCents: price(),
  badgeColor: z
    .string({ error: M.badgeColorInvalid })
    .regex(/^#[0-9a-fA-F]{6}$/, M.badgeColorInvalid)
    .transform((c) => c.toLowerCase()),
  trialDays: z.int({ error: M.trialDaysInvalid }).min(0, M.trialDaysInvalid).max(TIER_TRIAL_DAYS_MAX, M.trialDaysInvalid).default(0),
  lossless: z.boolean().default(false),
};

type Fields = z.output<z.ZodObject<typeof fields>>;
const PRICE_FIELDS = ["monthlyUsdCents", "yearlyUsdCents", "monthlyBrlCents", "yearlyBrlCents"] as const;

/** An admin tier (POST, and PUT on one of the admin's tiers): at least one monthly or yearly price. */
export const tierInputSchema = z.strictObject(fields).superRefine((v: Fields, ctx) => {
  if (PRICE_FIELDS.every((key) => v[key] === null)) ctx.addIssue({ code: "custom", path: ["monthlyUsdCents"], message: M.priceRequired });
  if (tierIdOf(v.nameEn) === "") ctx.addIssue({ code: "custom", path: ["nameEn"], message: M.idInvalid });
});

/** PUT on the free tier or VIP: texts, benefits and badge; prices and a trial are refused. */
export const builtInTierInputSchema = z.strictObject(fields).superRefine((v: Fields, ctx) => {
  const priced = PRICE_FIELDS.find((key) => v[key] !== null);
  if (priced) ctx.addIssue({ code: "custom", path: [priced], message: M.pricesFixed });
  else if (v.trialDays !== 0) ctx.addIssue({ code: "custom", path: ["trialDays"], message: M.pricesFixed });
});

export type TierInput = z.input<typeof tierInputSchema>;
export type TierValues = z.output<typeof tierInputSchema>;

/** POST /api/admin/tiers/:id/move: one step up the ladder (a higher rank) or down. */
export const tierMoveSchema = z.strictObject({ direction: z.enum(["up", "down"]) });

/** A tier in the back office: the ladder's view with how many members hold it now. */
export type AdminTier = TierView & { memberCount: number; builtIn: boolean };

export type AdminTiersResponse = { tiers: AdminTier[] };
export type AdminTierResponse = { tier: AdminTier };
