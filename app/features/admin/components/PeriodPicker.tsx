// The period buttons of the analytics pages: one pressed at a time.
import { useIntl, type MessageDescriptor } from "react-intl";
import { commonMessages } from "../messages";

export type PeriodOption<T extends string | number> = { value: T; label: MessageDescriptor };

export function PeriodPicker<T extends string | number>({
  options,
  value,
  onChange,
}: {
  options: readonly PeriodOption<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const intl = useIntl();
  return (
    <div className="admin-periods" role="group" aria-label={intl.formatMessage(commonMessages.period)}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={option.value === value ? "btn btn-primary btn-sm" : "btn btn-ghost btn-sm"}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {intl.formatMessage(option.label)}
        </button>
      ))}
    </div>
  );
}
