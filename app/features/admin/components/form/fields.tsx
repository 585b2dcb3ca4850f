// The back-office forms' building blocks: labelled inputs whose error (from the server's `field`,
// or a local check) is tied to them with aria-invalid and aria-describedby, and an error text
// renderer.
import { useId, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import type { ErrorText } from "./errors";
import { focusOnMount } from "#app/lib/focusOnMount.ts";

export function ErrorMessage({ error }: { error: ErrorText }) {
  return "text" in error ? <>{error.text}</> : <FormattedMessage {...error.message} values={error.values} />;
}

type FieldShellProps = { label: ReactNode; hint?: ReactNode; error?: ErrorText | null; children: (ids: { id: string; describedBy?: string }) => ReactNode };

function FieldShell({ label, hint, error, children }: FieldShellProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          <ErrorMessage error={error} />
        </p>
      )}
    </div>
  );
}

type TextFieldProps = {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: ErrorText | null;
  type?: "text" | "number" | "url" | "date" | "datetime-local";
  multiline?: boolean;
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  autoFocus?: boolean;
};

export function TextField({ label, value, onChange, hint, error, type = "text", multiline, required, maxLength, min, max, autoFocus }: TextFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error}>
      {({ id, describedBy }) =>
        multiline ? (
          <textarea
            id={id}
            value={value}
            required={required}
            maxLength={maxLength}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <input
            id={id}
            type={type}
            value={value}
            required={required}
            maxLength={maxLength}
            min={min}
            max={max}
            inputMode={type === "number" ? "numeric" : undefined}
            autoComplete="off"
            ref={autoFocus ? focusOnMount : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </FieldShell>
  );
}

export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  error,
}: {
  label: ReactNode;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  error?: ErrorText | null;
}) {
  return (
    <FieldShell label={label} error={error}>
      {({ id, describedBy }) => (
        <select id={id} value={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value as T)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** A whole number typed into a text box, or null when it is empty or not a number. */
export function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}
