// A form's errors: one per field (checked here, or named by the server's `field`) and one for the
// whole form, cleared as soon as the person edits again.
import { useState } from "react";
import type { MessageDescriptor } from "react-intl";
import type { ErrorText } from "../components/form/errors";
import { errorField, formErrorText } from "./errors";

export function useFormErrors<F extends string>(fields: readonly F[]) {
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<F, ErrorText>>>({});
  const [formError, setFormError] = useState<ErrorText | null>(null);

  return {
    fieldErrors,
    formError,
    clear: () => {
      setFieldErrors({});
      setFormError(null);
    },
    /** Local checks before sending: each field's problem, or null. True when there is none. */
    check: (problems: Partial<Record<F, MessageDescriptor | null>>) => {
      const found = Object.entries(problems).filter((entry): entry is [string, MessageDescriptor] => entry[1] != null);
      setFieldErrors(Object.fromEntries(found.map(([field, message]) => [field, { message }])) as Partial<Record<F, ErrorText>>);
      return found.length === 0;
    },
    /** A failed request: at the field it names when the form has it, else above the actions. */
    fromServer: (err: unknown) => {
      const field = errorField(err) as F | undefined;
      if (field && fields.includes(field)) setFieldErrors({ [field]: formErrorText(err) } as Partial<Record<F, ErrorText>>);
      else setFormError(formErrorText(err));
    },
  };
}
