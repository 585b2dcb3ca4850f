// The forms' problems as the page shows them: a rule's English text (from the shared schema, run
// here before sending or by the Worker after) becomes its translation; any other server text is
// shown as written.
import type { MessageDescriptor } from "react-intl";
import type { z } from "../../../../worker/contracts/zod";
import { ApiRequestError } from "../../../lib/api";
import {
  CAPACITY_MAX,
  DESCRIPTION_MAX,
  EVENT_FORM_MESSAGES,
  PRICE_MAX,
  TEXT_MAX,
  type EventFormMessageKey,
} from "../../../../worker/contracts/admin-event-limits";
import { formErrorMessages } from "./messages";

export type ErrorText = { message: MessageDescriptor; values?: Record<string, string | number> } | { text: string };

const KEY_BY_TEXT = new Map(Object.entries(EVENT_FORM_MESSAGES).map(([key, text]) => [text as string, key as EventFormMessageKey]));

/** The limit a rule names, for its translation. */
const LIMITS: Partial<Record<EventFormMessageKey, number>> = {
  textTooLong: TEXT_MAX,
  descriptionTooLong: DESCRIPTION_MAX,
  capacityTooLarge: CAPACITY_MAX,
  priceTooLarge: PRICE_MAX,
};

/** A rule's translation when the text is one of ours; the text itself otherwise. */
export function ruleText(text: string): ErrorText {
  const key = KEY_BY_TEXT.get(text);
  if (!key) return { text };
  const max = LIMITS[key];
  return max === undefined ? { message: formErrorMessages[key] } : { message: formErrorMessages[key], values: { max } };
}

export type FieldErrors<F extends string> = Partial<Record<F, ErrorText>>;

/** The first problem of each field a schema found (a form shows one per field). */
export function fieldErrorsOf<F extends string>(error: z.ZodError): FieldErrors<F> {
  const errors: Record<string, ErrorText> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !(field in errors)) errors[field] = ruleText(issue.message);
  }
  return errors as FieldErrors<F>;
}

/** The form field a failed request names (the Worker's 400 carries `field`), with its text. */
export function serverFieldError(err: unknown): { field: string; error: ErrorText } | null {
  if (!(err instanceof ApiRequestError) || err.status !== 400 || !err.field) return null;
  return { field: err.field.split(".")[0]!, error: ruleText(err.message) };
}
