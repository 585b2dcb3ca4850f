// The contest form's problems as the page shows them: a rule's code (found by the shared schema run
// here before sending, or in the Worker's 400 or 409) becomes this page's translation, with its values.
import type { MessageDescriptor } from "react-intl";
import type { z } from "#contracts/zod.ts";
import { validationFailure } from "#contracts/validation-codes.ts";
import { ApiRequestError } from "../../../lib/api";
import { codeText, type ErrorTexts } from "../../../lib/forms/errorText";
import type { ErrorText } from "../components/form/errors";
import { contestsAdminMessages as m } from "./messages";

/** One text per code of the contests' words file the back office can meet, and the tier gate's. */
export const CONTEST_ERROR_TEXTS: ErrorTexts = {
  contest_title_required: m.errorTitleRequired,
  contest_title_too_long: m.errorTitleTooLong,
  contest_text_too_long: m.errorTextTooLong,
  contest_prizes_too_long: m.errorPrizesTooLong,
  contest_brief_required: m.errorBriefRequired,
  contest_track_required: m.errorTrackRequired,
  contest_tier_required: m.errorTierRequired,
  contest_event_required: m.errorEventRequired,
  contest_time_invalid: m.errorTimeInvalid,
  contest_times_required: m.errorTimesRequired,
  contest_times_order: m.errorTimesOrder,
  contest_weight_invalid: m.errorWeightInvalid,
  contest_votes_invalid: m.errorVotesInvalid,
  contest_entries_invalid: m.errorEntriesInvalid,
  contest_upload_invalid: m.errorUploadInvalid,
  contest_jury_score_invalid: m.errorJuryScore,
  contest_not_found: m.errorNotFound,
  contest_closed: m.errorClosed,
  contest_track_unknown: m.errorTrackUnknown,
  contest_event_unknown: m.errorEventUnknown,
  contest_entry_not_found: m.errorEntryNotFound,
  tier_gate_unknown: m.errorTierUnknown,
  tier_gate_archived: m.errorTierArchived,
  invalid_characters: m.errorInvalidCharacters,
};

export const CONTEST_FIELDS = [
  "trackId",
  "titleEn",
  "titlePtBr",
  "briefEn",
  "briefPtBr",
  "rulesEn",
  "rulesPtBr",
  "prizesEn",
  "prizesPtBr",
  "stems",
  "enter",
  "opensAt",
  "entriesCloseAt",
  "votingOpensAt",
  "votingClosesAt",
  "winnerBy",
  "fanWeightPercent",
  "votesPerMember",
  "entriesPerMember",
  "maxUploadMb",
] as const;
export type ContestField = (typeof CONTEST_FIELDS)[number];
export type ContestFieldErrors = Partial<Record<ContestField, ErrorText>>;

const isField = (name: string): name is ContestField => (CONTEST_FIELDS as readonly string[]).includes(name);
const ruleText = (code: string, params?: Record<string, string | number>): ErrorText =>
  codeText(code, params, CONTEST_ERROR_TEXTS) ?? { message: m.errorFailed };

/** The first problem of each field the schema found (a gate's tier or event is its gate's). */
export function fieldErrorsOf(error: z.ZodError): ContestFieldErrors {
  const errors: ContestFieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (!isField(field) || errors[field]) continue;
    const { code, params } = validationFailure(issue);
    errors[field] = ruleText(code, params);
  }
  return errors;
}

/** A failed request: at its field when it names one of the form's, else above the actions. */
export function serverError(err: unknown): { field: ContestField | null; error: ErrorText } {
  if (!(err instanceof ApiRequestError)) return { field: null, error: { message: m.errorFailed } };
  const field = err.field?.split(".")[0] ?? "";
  return { field: isField(field) ? field : null, error: ruleText(err.code, err.params) };
}

export const failureText = (err: unknown): { message: MessageDescriptor; values?: Record<string, string | number> } => {
  const { error } = serverError(err);
  return "message" in error ? error : { message: m.errorFailed };
};
