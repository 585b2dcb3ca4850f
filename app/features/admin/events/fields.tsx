// The forms' building blocks: a labelled control whose hint and error are tied to it with
// aria-describedby (and aria-invalid when wrong); a required one is marked with an asterisk that
// screen readers skip (they hear `required`).
import { memo, useId, useMemo, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import type { ErrorText } from "./errors";

export function ErrorMessage({ error }: { error: ErrorText }) {
  return "text" in error ? <>{error.text}</> : <FormattedMessage {...error.message} values={error.values} />;
}

/** What every control of a Field gets: its id, its description and whether it is wrong. */
export type ControlProps = { id: string; "aria-describedby"?: string; "aria-invalid"?: true; required?: boolean };

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: ErrorText;
  required?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
};

export function Field({ label, hint, error, required, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="admin-events-required" aria-hidden="true">
            {" *"}
          </span>
        )}
      </label>
      {children({ id, "aria-describedby": describedBy, ...(error ? { "aria-invalid": true as const } : {}), ...(required ? { required: true } : {}) })}
      {error && (
        <p id={errorId} className="field-error">
          <ErrorMessage error={error} />
        </p>
      )}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

type Common = { label: ReactNode; hint?: ReactNode; error?: ErrorText; required?: boolean; value: string; onChange: (value: string) => void };

export function TextInput({
  type = "text",
  placeholder,
  maxLength,
  ...field
}: Common & { type?: "text" | "url" | "datetime-local"; placeholder?: string; maxLength?: number }) {
  return (
    <Field {...field}>
      {(control) => (
        <input
          {...control}
          type={type}
          value={field.value}
          placeholder={placeholder}
          maxLength={maxLength}
          autoComplete="off"
          onChange={(e) => field.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A number box: whole numbers (capacity) or money (step 0.01), never below 0. */
export function NumberInput({ money, ...field }: Common & { money?: boolean }) {
  return (
    <Field {...field}>
      {(control) => (
        <input
          {...control}
          type="number"
          min={0}
          step={money ? 0.01 : 1}
          inputMode={money ? "decimal" : "numeric"}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

export function TextArea({ rows = 4, maxLength, ...field }: Common & { rows?: number; maxLength?: number }) {
  return (
    <Field {...field}>
      {(control) => <textarea {...control} rows={rows} maxLength={maxLength} value={field.value} onChange={(e) => field.onChange(e.target.value)} />}
    </Field>
  );
}

export type Option = { value: string; label: string };

export function SelectInput({ options, ...field }: Common & { options: readonly Option[] }) {
  // The same elements while the list is the same (the country and currency lists are cached, a few
  // hundred long): React then skips them when the form re-renders on every keystroke.
  const items = useMemo(
    () =>
      options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      )),
    [options],
  );
  return (
    <Field {...field}>
      {(control) => (
        <select {...control} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
          {items}
        </select>
      )}
    </Field>
  );
}

export function Checkbox({ label, hint, checked, onChange }: { label: ReactNode; hint?: ReactNode; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="field admin-events-check">
      <input id={id} type="checkbox" checked={checked} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The "* required" note at the top of a form. */
export const RequiredNote = ({ children }: { children: ReactNode }) => <p className="muted admin-events-note">{children}</p>;

/**
 * A SelectInput for the lists of a few hundred (countries, currencies): re-rendered only when what
 * it shows changes, not on every keystroke elsewhere in the form (React re-selects every option of
 * a select each time it renders). Its onChange must not read render-time state: a newer one is not
 * passed down until something shown changes.
 */
export const LongSelectInput = memo(
  SelectInput,
  (a, b) => a.value === b.value && a.options === b.options && a.error === b.error && a.label === b.label && a.hint === b.hint && a.required === b.required,
);
