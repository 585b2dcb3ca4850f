// The fair-play section's refusals: a code (from the shared schema run before sending, or the
// Worker's answer) becomes this folder's translation with its values.
import type { MessageDescriptor } from "react-intl";
import type { z } from "#contracts/zod.ts";
import { validationFailure } from "#contracts/validation-codes.ts";
import { ApiRequestError } from "../../../lib/api";
import { codeText, type ErrorTexts } from "../../../lib/forms/errorText";
import { fairPlayMessages as m } from "./fair-play-messages";

export const FAIR_PLAY_ERROR_TEXTS: ErrorTexts = {
  contest_reason_required: m.errorReasonRequired,
  contest_reason_too_long: m.errorReasonTooLong,
  contest_void_votes_invalid: m.errorVotesInvalid,
  contest_entry_hidden: m.errorEntryHidden,
  contest_entry_not_hidden: m.errorEntryNotHidden,
  contest_vote_not_found: m.errorVoteNotFound,
  contest_closed: m.errorClosed,
  contest_entry_not_found: m.errorEntryNotFound,
};

export type FairPlayError = { message: MessageDescriptor; values?: Record<string, string | number> };

/** The first issue the shared schema found, as this section's text. */
export function schemaErrorText(error: z.ZodError): FairPlayError {
  const { code, params } = validationFailure(error.issues[0]!);
  return codeText(code, params, FAIR_PLAY_ERROR_TEXTS) ?? { message: m.failed };
}

/** A failed request as this section's text. */
export function requestErrorText(err: unknown): FairPlayError {
  return (err instanceof ApiRequestError && codeText(err.code, err.params, FAIR_PLAY_ERROR_TEXTS)) || { message: m.failed };
}
