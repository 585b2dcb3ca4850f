// The tier form's problems as the page shows them: a rule's code (found by the shared schema run
// here before sending, or in the Worker's 400 or 409) becomes this page's translation, with its values.
import type { MessageDescriptor } from "react-intl";
import type { z } from "#contracts/zod.ts";
import { validationFailure } from "#contracts/validation-codes.ts";
import { TIER_ERROR_CODES } from "#contracts/tiers/limits.ts";
import { ApiRequestError } from "../../../lib/api";
import { codeText, type ErrorTexts } from "../../../lib/forms/errorText";
import type { ErrorText } from "../components/form/errors";
import { tiersAdminMessages as m } from "./messages";

const FORM_TEXTS: ErrorTexts = {
  tier_name_required: m.errorNameRequired,
  tier_name_too_long: m.errorNameTooLong,
  tier_id_invalid: m.errorIdInvalid,
  tier_id_taken: m.errorIdTaken,
  tier_description_too_long: m.errorDescriptionTooLong,
  tier_benefit_required: m.errorBenefitRequired,
  tier_benefit_too_long: m.errorBenefitTooLong,
  tier_benefits_too_many: m.errorBenefitsTooMany,
  tier_price_invalid: m.errorPriceInvalid,
  tier_price_required: m.errorPriceRequired,
  tier_prices_fixed: m.errorPricesFixed,
  tier_badge_color_invalid: m.errorBadgeColor,
  tier_trial_days_invalid: m.errorTrialDays,
  invalid_characters: m.errorInvalidCharacters,
};

export const TIER_FIELDS = [
  "nameEn",
  "namePtBr",
  "descriptionEn",
  "descriptionPtBr",
  "benefitsEn",
  "benefitsPtBr",
  "monthlyUsdCents",
  "yearlyUsdCents",
  "monthlyBrlCents",
  "yearlyBrlCents",
  "badgeColor",
  "trialDays",
] as const;
export type TierField = (typeof TIER_FIELDS)[number];
export type TierFieldErrors = Partial<Record<TierField, ErrorText>>;

const ruleText = (code: string, params?: Record<string, string | number>): ErrorText => codeText(code, params, FORM_TEXTS) ?? { message: m.errorFailed };

/** The first problem of each field the schema found (a benefit's problem is its list's). */
export function fieldErrorsOf(error: z.ZodError): TierFieldErrors {
  const errors: TierFieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as TierField;
    if (!TIER_FIELDS.includes(field) || errors[field]) continue;
    const { code, params } = validationFailure(issue);
    errors[field] = ruleText(code, params);
  }
  return errors;
}

const REFUSALS: Partial<Record<string, MessageDescriptor>> = {
  [TIER_ERROR_CODES.notFound]: m.errorNotFound,
  [TIER_ERROR_CODES.builtIn]: m.errorBuiltIn,
  [TIER_ERROR_CODES.cannotMove]: m.errorCannotMove,
};

/** A failed request: at its field when it names one of the form's, else above the actions. */
export function serverError(err: unknown): { field: TierField | null; error: ErrorText } {
  if (err instanceof ApiRequestError) {
    const field = (err.field?.split(".")[0] ?? "") as TierField;
    if ((err.status === 400 || err.code === TIER_ERROR_CODES.idTaken) && TIER_FIELDS.includes(field)) return { field, error: ruleText(err.code, err.params) };
    const refusal = REFUSALS[err.code];
    if (refusal) return { field: null, error: { message: refusal } };
  }
  return { field: null, error: { message: m.errorFailed } };
}

export const failureText = (err: unknown): MessageDescriptor => {
  const { error } = serverError(err);
  return "message" in error ? error.message : m.errorFailed;
};
