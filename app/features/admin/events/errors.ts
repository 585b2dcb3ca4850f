// The forms' problems as the page shows them: a rule's code (in the Worker's answer, or found by
// the shared schema run here before sending) becomes its translation, with the values it names;
// any other server text is shown as written.
import type { MessageDescriptor } from "react-intl";
import type { z } from "#contracts/zod.ts";
import { validationFailure, type ErrorParams } from "#contracts/validation-codes.ts";
import { ApiRequestError } from "../../../lib/api";
import { codeText } from "../../../lib/forms/errorText";
import { formErrorMessages } from "./messages";
import { MIN_TIER_ERROR_TEXTS } from "../components/form/minTierErrors";

export type ErrorText = { message: MessageDescriptor; values?: Record<string, string | number> } | { text: string };

/** A rule's translation when the code is one of the forms'; the text itself otherwise. */
export function ruleText(code: string, params: ErrorParams | undefined, text: string): ErrorText {
  return codeText(code, params, { ...formErrorMessages, ...MIN_TIER_ERROR_TEXTS }) ?? { text };
}

export type FieldErrors<F extends string> = Partial<Record<F, ErrorText>>;

/** The first problem of each field a schema found (a form shows one per field). */
export function fieldErrorsOf<F extends string>(error: z.ZodError): FieldErrors<F> {
  const errors: Record<string, ErrorText> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (!field || field in errors) continue;
    const { code, params, message } = validationFailure(issue);
    errors[field] = ruleText(code, params, message);
  }
  return errors as FieldErrors<F>;
}

/** The form field a failed request names (the Worker's 400 carries `field`), with its text. */
export function serverFieldError(err: unknown): { field: string; error: ErrorText } | null {
  if (!(err instanceof ApiRequestError) || err.status !== 400 || !err.field) return null;
  return { field: err.field.split(".")[0]!, error: ruleText(err.code, err.params, err.message) };
}
