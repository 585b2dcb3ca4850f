// The enter form's words for the Worker's refusals (and the same checks made before sending): a
// wrong format, a file too large for this contest, a remix too short or too long, the window
// closed, the entries used up, and the rest of the entry's rules.
import type { ApiErrorCode } from "#contracts/route-codes.ts";
import type { ContestEnterGate, ContestEnterRefusal } from "#contracts/contests/contests.ts";
import { hasCode, serverErrorText, type ErrorTexts, type UiMessage } from "../../lib/forms/errorText";
import { contestMessages as m } from "./messages";

export const ENTRY_TEXTS: ErrorTexts = {
  unsupported_type: m.wrongFormat,
  contest_entry_duration: m.durationOutOfRange,
  contest_entries_closed: m.entriesClosed,
  contest_entries_used_up: m.entriesUsedUp,
  contest_enter_not_allowed: m.notAllowed,
  email_unverified: m.unverified,
  contest_licence_required: m.licenceRequired,
  contest_entry_title_required: m.titleRequired,
  contest_entry_title_too_long: m.titleTooLong,
  contest_entry_note_too_long: m.noteTooLong,
  contest_entry_not_found: m.entryGone,
  contest_co_author_self: m.coAuthorSelf,
  contest_co_author_unknown: m.coAuthorUnknown,
  contest_co_author_invalid: m.coAuthorInvalid,
  contest_co_authors_too_many: m.coAuthorsTooMany,
  // The upload in parts' refusals (decision 194).
  contest_upload_not_found: m.uploadGone,
  contest_upload_closed: m.uploadGone,
  contest_upload_parts_missing: m.uploadPartsMissing,
  contest_upload_first_part_first: m.uploadPartsMissing,
  contest_upload_part_invalid: m.uploadBroken,
  upload_incomplete: m.uploadBroken,
  contest_upload_format_invalid: m.uploadDeclaredInvalid,
  contest_upload_size_invalid: m.uploadDeclaredInvalid,
};

const TOO_LARGE: readonly ApiErrorCode[] = ["too_large", "payload_too_large"];

/** What to say about a failed entry step: the size names this contest's limit; an unknown failure asks to try again. */
export function entryErrorText(error: unknown, maxUploadMb: number): UiMessage {
  if (TOO_LARGE.some((code) => hasCode(error, code))) return { message: m.tooLarge, values: { mb: maxUploadMb } };
  return serverErrorText(error, ENTRY_TEXTS) ?? { message: m.failed };
}

/** Why a signed-in member may not enter now; a gate they are outside of names who may. */
export function enterRefusalText(refusal: Exclude<ContestEnterRefusal, "unauthorized" | "contest_entries_used_up">, gate: ContestEnterGate): UiMessage {
  if (refusal !== "contest_enter_not_allowed") return { message: ENTRY_TEXTS[refusal]! };
  if (gate.access === "tier" && gate.tierName) return { message: m.gateTier, values: { tier: gate.tierName } };
  return { message: gate.access === "ticket" ? m.gateTicket : m.notAllowed };
}
