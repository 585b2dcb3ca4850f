// Client-side checks mirroring the Worker's zod rules (spec 5: fields required, e-mail format, username pattern, password of 6 or more, passwords equal), so a person sees what is wrong
// next to the field before anything is sent. The Worker checks everything again.
import { emailSchema, PASSWORD_MIN, USERNAME_PATTERN } from "../../../worker/contracts/auth";
import { authMessages } from "./messages";
import type { UiMessage } from "./serverErrors";

export const USERNAME_MAX = 30;
export const PASSWORD_MAX = 200;

export type FieldErrors<Field extends string> = Partial<Record<Field, UiMessage>>;

const fail = (message: UiMessage["message"]): UiMessage => ({ message });

export function checkUsername(value: string): UiMessage | undefined {
  const username = value.trim();
  if (!username) return fail(authMessages.usernameRequired);
  if (username.length > USERNAME_MAX) return fail(authMessages.usernameTooLong);
  if (!USERNAME_PATTERN.test(username)) return fail(authMessages.usernamePattern);
  return undefined;
}

export function checkEmail(value: string): UiMessage | undefined {
  if (!value.trim()) return fail(authMessages.emailRequired);
  // The server's own schema, so the two can never disagree on what an e-mail address is.
  if (!emailSchema.safeParse(value).success) return fail(authMessages.emailInvalid);
  return undefined;
}

export function checkNewPassword(value: string): UiMessage | undefined {
  if (!value) return fail(authMessages.passwordRequired);
  if (value.length < PASSWORD_MIN) return fail(authMessages.passwordMin);
  if (value.length > PASSWORD_MAX) return fail(authMessages.passwordTooLong);
  return undefined;
}

export function checkConfirmation(password: string, confirmation: string): UiMessage | undefined {
  if (!confirmation) return fail(authMessages.confirmRequired);
  if (password !== confirmation) return fail(authMessages.passwordsDontMatch);
  return undefined;
}

/** Drops the fields without a problem, so "no errors" is an empty object. */
function compact<Field extends string>(errors: Record<Field, UiMessage | undefined>): FieldErrors<Field> {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as FieldErrors<Field>;
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

/** Sign-in only checks presence: any other problem is "Invalid email or password" (spec 8). */
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

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
