// A file field that fits the site's look instead of the browser's bare "Choose File" control.
// The real <input type="file"> stays in the page, visually hidden but not removed: it keeps its
// label, its place in the Tab order and its native keyboard behaviour (Enter or Space opens the
// file chooser). A <label> for it is styled as a button (a click on it opens the chooser too) and
// shows the focus ring while the hidden input has keyboard focus. The chosen file's name, the
// hint and the error are the input's description.
import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { Icon } from "./Icon";

type FilePickerFieldProps = {
  /** The field's name, e.g. "Profile Picture": the input's accessible name. */
  label: ReactNode;
  /** Text of the button-like label, e.g. "Choose a picture". */
  buttonLabel: ReactNode;
  /** The chosen file's name, or null when there is none. */
  fileName: string | null;
  /** Shown instead of a file name when nothing is chosen. */
  emptyText: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Shown before the button, e.g. a preview of the chosen picture. */
  preview?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "className">;

export function FilePickerField({ label, buttonLabel, fileName, emptyText, hint, error, preview, ...inputProps }: FilePickerFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const nameId = `${id}-name`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [nameId, hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");

  return (
    <div className="field file-field">
      <label id={labelId} htmlFor={id}>
        {label}
      </label>
      <div className="file-picker">
        {preview}
        <input
          {...inputProps}
          id={id}
          type="file"
          className="file-picker-input"
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
        />
        {/* A second label for the same input: the visible, clickable "button". Its text would only
            repeat the field's name to a screen reader, hence aria-hidden (the name comes from
            aria-labelledby above). */}
        <label htmlFor={id} className="btn btn-ghost file-picker-button" aria-hidden="true">
          <Icon name="upload" size={18} />
          {buttonLabel}
        </label>
        <span id={nameId} className={fileName ? "file-picker-name" : "file-picker-name muted"}>
          {fileName ?? emptyText}
        </span>
      </div>
      {hint && (
        <p id={hintId} className="field-hint muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
