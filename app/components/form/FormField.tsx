// A labelled form control with its hint and error wired for assistive technology
// (aria-invalid + aria-describedby), shared by the site's forms.
import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { FormattedMessage } from "react-intl";
import type { UiMessage } from "../../lib/forms/errorText";

export function UiText({ value }: { value: UiMessage }) {
  return <FormattedMessage {...value.message} values={value.values} />;
}

type Common = { label: ReactNode; error?: UiMessage; hint?: ReactNode };

type InputFieldProps = Common & { multiline?: false } & Omit<InputHTMLAttributes<HTMLInputElement>, "id">;
type TextareaFieldProps = Common & { multiline: true } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">;

export function FormField(props: InputFieldProps | TextareaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [props.hint ? hintId : null, props.error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const a11y = { id, "aria-invalid": props.error ? true : undefined, "aria-describedby": describedBy } as const;

  let control: ReactNode;
  if (props.multiline) {
    const { label: _label, error: _error, hint: _hint, multiline: _multiline, ...rest } = props;
    control = <textarea {...rest} {...a11y} />;
  } else {
    const { label: _label, error: _error, hint: _hint, multiline: _multiline, ...rest } = props;
    // A text field unless told otherwise, said outright (an <input> without a type is one anyway).
    control = <input type="text" {...rest} {...a11y} />;
  }

  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {control}
      {props.hint && (
        <p id={hintId} className="field-hint muted">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={errorId} className="field-error">
          <UiText value={props.error} />
        </p>
      )}
    </div>
  );
}

/** A form-level message: errors are announced at once (role=alert), successes politely (role=status). */
export function FormBanner({ kind, children }: { kind: "error" | "success"; children: ReactNode }) {
  return kind === "error" ? (
    <div className="error-banner" role="alert">
      {children}
    </div>
  ) : (
    <div className="success-banner" role="status">
      {children}
    </div>
  );
}

/** Moves focus to the first control the form marked invalid, so keyboard users land on the problem. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
}
