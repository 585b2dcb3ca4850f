// The reason an admin gives for a fair-play action (hiding an entry, voiding votes), required by the
// Worker, and the action's error under it, which the field points to while it shows.
import { useIntl } from "react-intl";
import { fairPlayMessages as m } from "./fair-play-messages";
import type { FairPlayError } from "./fair-play-errors";

type FieldProps = { value: string; onChange: (reason: string) => void; error: FairPlayError | null; errorId: string };

export function ReasonField({ value, onChange, error, errorId }: FieldProps) {
  const intl = useIntl();
  return (
    <label>
      {intl.formatMessage(m.reason)}
      <textarea
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
    </label>
  );
}

export function ReasonError({ error, id }: { error: FairPlayError | null; id: string }) {
  const intl = useIntl();
  if (!error) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {intl.formatMessage(error.message, error.values)}
    </p>
  );
}
