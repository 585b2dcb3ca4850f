// A message's labels as one comma-separated line: edited in place, saved as a list (the server
// trims them and keeps each once).
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import { LABEL_MAX, LABELS_MAX } from "#contracts/admin/messages.ts";
import { inboxMessages as m } from "./messages";

const parseLabels = (text: string) =>
  text
    .split(",")
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, LABELS_MAX);

export function LabelsEditor({
  labels,
  pending,
  onSave,
  onCancel,
}: {
  labels: string[];
  pending: boolean;
  onSave: (labels: string[]) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const fieldId = useId();
  const hintId = useId();
  const [text, setText] = useState(labels.join(", "));
  return (
    <form
      className="inbox-labels-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(parseLabels(text));
      }}
    >
      <div className="field">
        <label htmlFor={fieldId}>{intl.formatMessage(m.labels)}</label>
        <input id={fieldId} value={text} aria-describedby={hintId} maxLength={LABELS_MAX * (LABEL_MAX + 2)} onChange={(e) => setText(e.target.value)} />
        <p id={hintId} className="field-hint">
          {intl.formatMessage(m.labelsHint)}
        </p>
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          {intl.formatMessage(m.cancel)}
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={pending}>
          {intl.formatMessage(m.saveLabels)}
        </button>
      </div>
    </form>
  );
}
