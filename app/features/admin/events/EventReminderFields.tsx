// The event form's "Remind me" block (decision 045): which times before the start the reminders
// go (1 week, 1 day, 1 hour, 15 minutes; at least one, 1 day and 1 hour for a new event), and for
// a saved event how many people asked for one. The shared schema's problem with the list shows
// under the block and marks every box, so the form's focus-the-first-wrong-field lands here.
import { useId } from "react";
import { useIntl } from "react-intl";
import type { ReminderCounts } from "#contracts/admin/events.ts";
import { REMINDER_OFFSET_CHOICES, type ReminderOffset } from "#contracts/reminders.ts";
import { ErrorMessage } from "./fields";
import type { ErrorText } from "./errors";
import { eventsMessages as m, reminderOffsetMessages } from "./messages";

type Props = {
  offsets: ReminderOffset[];
  onChange: (offsets: ReminderOffset[]) => void;
  error?: ErrorText;
  /** The saved event's counts; null while creating one. */
  counts: ReminderCounts | null;
};

export function EventReminderFields({ offsets, onChange, error, counts }: Props) {
  const intl = useIntl();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hintId].filter(Boolean).join(" ");
  // Kept in the form's order, so the request and the audit row do not depend on the clicking order.
  const toggle = (offset: ReminderOffset, on: boolean) => onChange(REMINDER_OFFSET_CHOICES.filter((o) => (o === offset ? on : offsets.includes(o))));
  return (
    <fieldset className="admin-events-block">
      <legend>{intl.formatMessage(m.formReminders)}</legend>
      <p id={hintId} className="field-hint">
        {intl.formatMessage(m.fieldRemindersHint)}
      </p>
      {REMINDER_OFFSET_CHOICES.map((offset) => (
        <div key={offset} className="field admin-events-check">
          <input
            id={`${id}-${offset}`}
            type="checkbox"
            checked={offsets.includes(offset)}
            aria-describedby={describedBy}
            {...(error ? { "aria-invalid": true as const } : {})}
            onChange={(e) => toggle(offset, e.target.checked)}
          />
          <label htmlFor={`${id}-${offset}`}>{intl.formatMessage(reminderOffsetMessages[offset])}</label>
        </div>
      ))}
      {error && (
        <p id={errorId} className="field-error">
          <ErrorMessage error={error} />
        </p>
      )}
      {counts && (
        <p className="muted">
          {intl.formatMessage(m.reminderCountsLabel)}: {intl.formatMessage(m.reminderCounts, counts)}
        </p>
      )}
    </fieldset>
  );
}
