// The perk form's problems as the page shows them: a rule's code (found by the shared schema run
// here before sending, or in the Worker's 400) becomes this page's translation, with its values.
import type { MessageDescriptor } from "react-intl";
import type { z } from "#contracts/zod.ts";
import { validationFailure } from "#contracts/validation-codes.ts";
import { PERK_ERROR_CODES } from "#contracts/perk-limits.ts";
import { ApiRequestError } from "../../../lib/api";
import { codeText, type ErrorTexts } from "../../../lib/forms/errorText";
import type { ErrorText } from "../components/form/errors";
import { MIN_TIER_ERROR_TEXTS } from "../components/form/minTierErrors";
import { perksAdminMessages as m } from "./messages";

const FORM_TEXTS: ErrorTexts = {
  title_required: m.errorTitleRequired,
  perk_title_too_long: m.errorTitleTooLong,
  perk_description_required: m.errorDescriptionRequired,
  perk_description_too_long: m.errorDescriptionTooLong,
  perk_link_invalid: m.errorLink,
  perk_shared_code_required: m.errorSharedCodeRequired,
  perk_code_invalid: m.errorCode,
  perk_starts_required: m.errorStartsRequired,
  perk_ends_required: m.errorEndsRequired,
  perk_time_invalid: m.errorTime,
  perk_end_before_start: m.errorOrder,
  invalid_characters: m.errorInvalidCharacters,
  ...MIN_TIER_ERROR_TEXTS,
};

export const PERK_FIELDS = [
  "title",
  "description",
  "titlePtBr",
  "descriptionPtBr",
  "link",
  "audience",
  "minTierId",
  "codeMode",
  "sharedCode",
  "startsAt",
  "endsAt",
] as const;
export type PerkField = (typeof PERK_FIELDS)[number];
export type PerkFieldErrors = Partial<Record<PerkField, ErrorText>>;

const ruleText = (code: string, params?: Record<string, string | number>): ErrorText => codeText(code, params, FORM_TEXTS) ?? { message: m.errorFailed };

/** The first problem of each field the schema found. */
export function fieldErrorsOf(error: z.ZodError): PerkFieldErrors {
  const errors: PerkFieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as PerkField;
    if (!PERK_FIELDS.includes(field) || errors[field]) continue;
    const { code, params } = validationFailure(issue);
    errors[field] = ruleText(code, params);
  }
  return errors;
}

/** A failed request: at its field when it names one of the form's, else above the actions. */
export function serverError(err: unknown): { field: PerkField | null; error: ErrorText } {
  if (err instanceof ApiRequestError) {
    const field = (err.field?.split(".")[0] ?? "") as PerkField;
    if (err.status === 400 && PERK_FIELDS.includes(field)) return { field, error: ruleText(err.code, err.params) };
    if (err.code === PERK_ERROR_CODES.notFound) return { field: null, error: { message: m.errorNotFound } };
    if (err.code === PERK_ERROR_CODES.notUnique) return { field: null, error: { message: m.errorNotUnique } };
  }
  return { field: null, error: { message: m.errorFailed } };
}

export const failureText = (err: unknown): MessageDescriptor => {
  const { error } = serverError(err);
  return "message" in error ? error.message : m.errorFailed;
};
