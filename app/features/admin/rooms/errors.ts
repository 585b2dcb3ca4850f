// The room form's problems as the page shows them: a rule's code (found by the shared schema run
// here before sending, or in the Worker's 400 or 409) becomes this page's translation, with its values.
import type { MessageDescriptor } from "react-intl";
import type { z } from "#contracts/zod.ts";
import { validationFailure } from "#contracts/validation-codes.ts";
import { ApiRequestError } from "../../../lib/api";
import { codeText, type ErrorTexts } from "../../../lib/forms/errorText";
import type { ErrorText } from "../components/form/errors";
import { roomsAdminMessages as m } from "./messages";

const FORM_TEXTS: ErrorTexts = {
  room_name_required: m.errorNameRequired,
  room_name_too_long: m.errorNameTooLong,
  room_id_invalid: m.errorIdInvalid,
  room_id_taken: m.errorIdTaken,
  room_description_too_long: m.errorDescriptionTooLong,
  room_slow_mode_invalid: m.errorSlowMode,
  room_position_invalid: m.errorPosition,
  room_tier_required: m.errorTierRequired,
  room_event_required: m.errorEventRequired,
  room_event_unknown: m.errorEventUnknown,
  tier_gate_unknown: m.errorTierUnknown,
  room_member_unknown: m.errorMemberUnknown,
  room_not_found: m.errorNotFound,
  invalid_characters: m.errorInvalidCharacters,
};

export const ROOM_FIELDS = ["nameEn", "namePtBr", "descriptionEn", "descriptionPtBr", "read", "write", "slowModeSeconds", "position"] as const;
export type RoomField = (typeof ROOM_FIELDS)[number];
export type RoomFieldErrors = Partial<Record<RoomField, ErrorText>>;

const ruleText = (code: string, params?: Record<string, string | number>): ErrorText => codeText(code, params, FORM_TEXTS) ?? { message: m.errorFailed };

/** The first problem of each field the schema found (a rule's tier or event is its rule's). */
export function fieldErrorsOf(error: z.ZodError): RoomFieldErrors {
  const errors: RoomFieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as RoomField;
    if (!ROOM_FIELDS.includes(field) || errors[field]) continue;
    const { code, params } = validationFailure(issue);
    errors[field] = ruleText(code, params);
  }
  return errors;
}

/** A failed request: at its field when it names one of the form's, else above the actions. */
export function serverError(err: unknown): { field: RoomField | null; error: ErrorText } {
  if (!(err instanceof ApiRequestError)) return { field: null, error: { message: m.errorFailed } };
  const field = (err.field?.split(".")[0] ?? "") as RoomField;
  return { field: ROOM_FIELDS.includes(field) ? field : null, error: ruleText(err.code, err.params) };
}

export const failureText = (err: unknown): MessageDescriptor => {
  const { error } = serverError(err);
  return "message" in error ? error.message : m.errorFailed;
};
