// The state every account and profile form keeps: what its inputs hold, one problem per field and
// one for the whole form. Checks run on submit (focus then goes to the first field marked
// invalid); with `recheck`, errors follow the typing once the form has been submitted, so nobody
// is told off for a half-typed form. A failed request's text goes to the field it names when the
// form has that field, else above the form.
import { useRef, useState } from "react";
import type { MessageDescriptor } from "react-intl";
import { serverErrorField, serverErrorText, type ErrorTexts, type UiMessage } from "../../lib/forms/errorText";
import { focusFirstInvalid } from "./FormField";
import { hasErrors, type FieldErrors } from "./validation";

type Options<F, E extends string> = {
  /** The form's own checks: each field's problem. */
  validate: (fields: F) => FieldErrors<E>;
  /** Check again on every change once the form has been submitted. */
  recheck?: boolean;
};

export function useFormFields<F extends Record<string, string>, E extends string = Extract<keyof F, string>>(
  initial: F | (() => F),
  { validate, recheck = false }: Options<F, E>,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<F>(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<E>>({});
  const [formError, setFormError] = useState<UiMessage | null>(null);
  const [submitted, setSubmitted] = useState(false);

  /** The onChange of the control for `name`. */
  const bind = (name: keyof F) => (e: { target: { value: string } }) => {
    const next = { ...fields, [name]: e.target.value };
    setFields(next);
    if (recheck && submitted) setFieldErrors(validate(next));
  };

  /** Before sending: clears the form's error and shows each field's problem (`more`: ones found elsewhere). True when there is none. */
  const check = (more: FieldErrors<E> = {}) => {
    setSubmitted(true);
    setFormError(null);
    const errors = { ...validate(fields), ...more };
    setFieldErrors(errors);
    if (!hasErrors(errors)) return true;
    focusFirstInvalid(formRef.current);
    return false;
  };

  /**
   * A failed request: its text at the field it names when the form has that field (returned),
   * else that text, or `fallback` for an error we do not know, above the form.
   */
  const showServerError = (error: unknown, fallback: MessageDescriptor, texts?: ErrorTexts): E | undefined => {
    const text = serverErrorText(error, texts);
    const field = serverErrorField(error);
    if (text && field !== undefined && Object.hasOwn(fields, field)) {
      setFieldErrors({ [field]: text } as FieldErrors<E>);
      return field as E;
    }
    setFormError(text ?? { message: fallback });
    return undefined;
  };

  return { formRef, fields, setFields, bind, fieldErrors, setFieldErrors, formError, setFormError, check, showServerError };
}
