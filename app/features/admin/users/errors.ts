// Server refusals turned into the page's own texts, by error code.
import type { MessageDescriptor } from "react-intl";
import { ApiRequestError } from "../../../lib/api";
import { usersMessages as m } from "./messages";

/** Why a switch did not change: the guards' reasons, else a general failure. */
export function switchErrorMessage(err: unknown): MessageDescriptor {
  if (!(err instanceof ApiRequestError)) return m.errorUpdate;
  switch (err.code) {
    case "self_demotion":
      return m.errorSelfDemotion;
    case "last_admin":
      return m.errorLastAdmin;
    case "self_ban":
      return m.errorSelfBan;
    case "user_not_found":
      return m.errorNotFound;
    default:
      return m.errorUpdate;
  }
}

/** Why a ban (or its new terms) was refused: the form's rules, else a switch's reasons. */
export function banErrorMessage(err: unknown): MessageDescriptor {
  if (!(err instanceof ApiRequestError)) return m.errorUpdate;
  switch (err.code) {
    case "ban_reason_required":
      return m.errorReasonRequired;
    case "ban_reason_too_long":
      return m.errorReasonTooLong;
    case "invalid_characters":
      return m.errorReasonInvalid;
    case "ban_until_invalid":
      return m.errorUntilInvalid;
    case "ban_until_past":
      return m.errorUntilPast;
    default:
      return switchErrorMessage(err);
  }
}

/** Why an invitation was not sent. */
export function inviteErrorMessage(err: unknown): MessageDescriptor {
  if (!(err instanceof ApiRequestError)) return m.inviteFailed;
  if (err.code === "email_taken") return m.inviteTaken;
  if (err.code === "rate_limited") return m.inviteRateLimited;
  if (err.code === "invalid_input") return m.inviteInvalidEmail;
  return m.inviteFailed;
}
