// Signing in and up's words: the refusals its routes answer and its forms' rules, each with its English.
import type { RouteCodeWords, ValidationCodeWords } from "./area";
import { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from "../auth-limits.ts";
import { SIGN_IN_LINK_MESSAGES } from "../sign-in-link-limits.ts";
import { EMAIL_VERIFICATION_MESSAGES } from "../email-verification-limits.ts";

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  // Sign-in, sign-up, reset, sign-in links and e-mail verification
  // 401 at sign-in; 403 when a signed-in member re-types a wrong current password.
  invalid_credentials: { status: [401, 403], en: AUTH_MESSAGES.invalidCredentials },
  account_suspended: { status: 403, en: "Your account is suspended." },
  email_taken: { status: 409, en: AUTH_MESSAGES.emailTaken },
  username_taken: { status: 409, en: AUTH_MESSAGES.usernameTaken },
  reset_invalid: { status: 400, en: AUTH_MESSAGES.resetInvalid },
  reset_expired: { status: 410, en: AUTH_MESSAGES.resetExpired },
  sign_in_link_invalid: { status: 400, en: SIGN_IN_LINK_MESSAGES.invalid },
  sign_in_link_expired: { status: 410, en: SIGN_IN_LINK_MESSAGES.expired },
  email_unverified: { status: 403, en: EMAIL_VERIFICATION_MESSAGES.unverified },
  verification_invalid: { status: 400, en: EMAIL_VERIFICATION_MESSAGES.invalid },
  verification_expired: { status: 410, en: EMAIL_VERIFICATION_MESSAGES.expired },
  email_already_verified: { status: 409, en: EMAIL_VERIFICATION_MESSAGES.alreadyVerified },
  email_unchanged: { status: 400, en: EMAIL_VERIFICATION_MESSAGES.unchanged },
} as const satisfies RouteCodeWords;

/** The rules a person can break in its forms: each code's English text and the values it names (worker/contracts/validation-codes.ts gathers them). */
export const validationCodes = {
  username_required: { message: AUTH_MESSAGES.usernameRequired },
  username_too_long: { message: AUTH_MESSAGES.usernameTooLong, params: { max: USERNAME_MAX } },
  username_pattern: { message: AUTH_MESSAGES.usernamePattern },
  password_too_short: { message: AUTH_MESSAGES.passwordMin, params: { min: PASSWORD_MIN } },
  password_too_long: { message: AUTH_MESSAGES.passwordTooLong, params: { max: PASSWORD_MAX } },
  passwords_dont_match: { message: AUTH_MESSAGES.passwordsDontMatch },
} as const satisfies ValidationCodeWords;
