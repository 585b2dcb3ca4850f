// Client-side checks mirroring the Worker's zod rules (docs/features.md#sign-up-sign-in-and-profiles: fields required, e-mail format, username pattern, password of 6 or more, passwords equal), so a person sees what is wrong
// next to the field before anything is sent. The Worker checks everything again.
import { emailSchema, PASSWORD_MAX, PASSWORD_MIN } from "#contracts/auth.ts";
import { checkUsername, compact, type FieldErrors } from "../../components/form/validation";
import type { UiMessage } from "../../lib/forms/errorText";
import { formMessages } from "../../lib/forms/messages";
import { authMessages } from "./messages";

const fail = (message: UiMessage["message"]): UiMessage => ({ message });

export function checkEmail(value: string): UiMessage | undefined {
  if (!value.trim()) return fail(authMessages.emailRequired);
  // The server's own schema, so the two can never disagree on what an e-mail address is.
  if (!emailSchema.safeParse(value).success) return fail(formMessages.emailInvalid);
  return undefined;
}

export function checkNewPassword(value: string): UiMessage | undefined {
  if (!value) return fail(authMessages.passwordRequired);
  if (value.length < PASSWORD_MIN) return fail(formMessages.passwordMin);
  if (value.length > PASSWORD_MAX) return fail(formMessages.passwordTooLong);
  return undefined;
}

export function checkConfirmation(password: string, confirmation: string): UiMessage | undefined {
  if (!confirmation) return fail(authMessages.confirmRequired);
  if (password !== confirmation) return fail(formMessages.passwordsDontMatch);
  return undefined;
}

export type SignupFields = { username: string; email: string; password: string; confirmPassword: string };

export function validateSignup(v: SignupFields): FieldErrors<keyof SignupFields> {
  return compact({
    username: checkUsername(v.username),
    email: checkEmail(v.email),
    password: checkNewPassword(v.password),
    confirmPassword: checkConfirmation(v.password, v.confirmPassword),
  });
}

export type LoginFields = { email: string; password: string };

/** Sign-in only checks presence: any other problem is "Invalid email or password" (docs/features.md#sign-up-sign-in-and-profiles). */
export function validateLogin(v: LoginFields): FieldErrors<keyof LoginFields> {
  return compact({
    email: v.email.trim() ? undefined : fail(authMessages.emailRequired),
    password: v.password ? undefined : fail(authMessages.passwordRequired),
  });
}

export type NewPasswordFields = { password: string; confirmPassword: string };

export function validateNewPassword(v: NewPasswordFields): FieldErrors<keyof NewPasswordFields> {
  return compact({
    password: checkNewPassword(v.password),
    confirmPassword: checkConfirmation(v.password, v.confirmPassword),
  });
}
