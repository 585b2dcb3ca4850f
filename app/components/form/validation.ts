// What the forms' own checks share: one problem per field, and the username rule that the
// sign-up form and the profile dialog both apply before anything is sent (the Worker checks
// everything again, with the same limits).
import { USERNAME_MAX, USERNAME_PATTERN } from "#contracts/auth.ts";
import type { UiMessage } from "../../lib/forms/errorText";
import { formMessages } from "../../lib/forms/messages";

export type FieldErrors<Field extends string> = Partial<Record<Field, UiMessage>>;

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;

/** Drops the fields without a problem, so "no errors" is an empty object. */
export function compact<Field extends string>(errors: Record<Field, UiMessage | undefined>): FieldErrors<Field> {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as FieldErrors<Field>;
}

export function checkUsername(value: string): UiMessage | undefined {
  const username = value.trim();
  if (!username) return { message: formMessages.usernameRequired };
  if (username.length > USERNAME_MAX) return { message: formMessages.usernameTooLong };
  if (!USERNAME_PATTERN.test(username)) return { message: formMessages.usernamePattern };
  return undefined;
}
