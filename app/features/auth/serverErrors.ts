// Maps the Worker's { code, message } errors to translated texts. The server speaks English
// (the spec's texts, see worker/contracts); the SPA shows them in the visitor's language, so a
// message is only shown when we know its translation, never as raw server English.
import type { MessageDescriptor } from "react-intl";
import { AUTH_MESSAGES } from "../../../worker/contracts/auth";
import { IMAGE_MAX_SIDE_PX, RATE_LIMIT_MESSAGE } from "../../../worker/contracts/limits";
import { TEXT_MESSAGES } from "../../../worker/contracts/text-messages";
import { BIO_MAX, LOCATION_MAX, PROFILE_MESSAGES } from "../../../worker/contracts/profiles";
import { ApiRequestError } from "../../lib/api";
import { bioTooLongMessage, locationTooLongMessage, profileMessages } from "../profiles/messages";
import { authMessages } from "./messages";

/** A text to show: a catalog message and its values. */
export type UiMessage = { message: MessageDescriptor; values?: Record<string, string | number> };

const BY_CODE: Record<string, MessageDescriptor> = {
  rate_limited: authMessages.rateLimited,
  invalid_credentials: authMessages.invalidCredentials,
  email_taken: authMessages.emailTaken,
  username_taken: authMessages.usernameTaken,
  user_not_found: authMessages.resetUserNotFound,
  reset_invalid: authMessages.resetInvalidLink,
  reset_expired: authMessages.resetExpiredLink,
  not_image: profileMessages.notImage,
  too_large: profileMessages.avatarTooLarge,
};

/** Validation messages (400 invalid_input) by their English text. */
const BY_TEXT: Record<string, UiMessage> = {
  [AUTH_MESSAGES.usernamePattern]: { message: authMessages.usernamePattern },
  [AUTH_MESSAGES.passwordMin]: { message: authMessages.passwordMin },
  [AUTH_MESSAGES.passwordsDontMatch]: { message: authMessages.passwordsDontMatch },
  [RATE_LIMIT_MESSAGE]: { message: authMessages.rateLimited },
  // Literal messages of usernameSchema / emailSchema / passwordSchema in worker/contracts/auth.ts.
  "Username is required": { message: authMessages.usernameRequired },
  "Username must be at most 30 characters": { message: authMessages.usernameTooLong },
  "Please enter a valid email address": { message: authMessages.emailInvalid },
  "Password is too long": { message: authMessages.passwordTooLong },
  [PROFILE_MESSAGES.invalidUrl]: { message: profileMessages.invalidUrl },
  [PROFILE_MESSAGES.bioTooLong]: { message: bioTooLongMessage, values: { max: BIO_MAX } },
  [PROFILE_MESSAGES.locationTooLong]: { message: locationTooLongMessage, values: { max: LOCATION_MAX } },
  [PROFILE_MESSAGES.notImage]: { message: profileMessages.notImage },
  [PROFILE_MESSAGES.avatarTooLarge]: { message: profileMessages.avatarTooLarge },
  [PROFILE_MESSAGES.imageDimensions]: { message: profileMessages.imageDimensions, values: { max: IMAGE_MAX_SIDE_PX } },
  [TEXT_MESSAGES.invalidCharacters]: { message: profileMessages.invalidCharacters },
};

/** The translated text of a server error we recognise, else undefined. */
export function knownServerMessage(error: unknown): UiMessage | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  const byCode = BY_CODE[error.code];
  return byCode ? { message: byCode } : BY_TEXT[error.message];
}

/** Which form field a server error is about: 409 conflicts and 400 validation errors name one. */
export function serverErrorField(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  if (error.code === "email_taken") return "email";
  if (error.code === "username_taken") return "username";
  return error.field;
}

export const hasStatus = (error: unknown, status: number) => error instanceof ApiRequestError && error.status === status;
export const hasCode = (error: unknown, code: string) => error instanceof ApiRequestError && error.code === code;
