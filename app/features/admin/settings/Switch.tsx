// An on/off switch: a button with role="switch" and aria-checked, named by its label and
// described by its hint, so a screen reader says "New User Registrations, switch, on".
import { useId } from "react";

type Props = { label: string; hint?: string; checked: boolean; disabled?: boolean; onChange: (checked: boolean) => void };

export function Switch({ label, hint, checked, disabled, onChange }: Props) {
  const id = useId();
  return (
    <div className="settings-switch-row">
      <div className="settings-switch-text">
        <span id={`${id}-label`} className="settings-switch-label">
          {label}
        </span>
        {hint && (
          <span id={`${id}-hint`} className="field-hint">
            {hint}
          </span>
        )}
      </div>
      <button
        type="button"
        role="switch"
        className="settings-switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="settings-switch-thumb" aria-hidden="true" />
      </button>
    </div>
  );
}
