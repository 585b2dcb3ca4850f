// A quantity between 1 and `max`: a number field between a minus and a plus button.
import { useIntl } from "react-intl";
import { storeMessages as m } from "./messages";

/** `label`: the field's name when no <label> names it (a <label for={id}> and an aria-label would say it twice). */
type Props = { id: string; label?: string; value: number; max: number; onChange: (value: number) => void; disabled?: boolean };

export function QuantityStepper({ id, label, value, max, onChange, disabled = false }: Props) {
  const intl = useIntl();
  const set = (next: number) => onChange(Math.max(1, Math.min(max, Math.floor(next) || 1)));
  return (
    <div className="store-stepper">
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label={intl.formatMessage(m.less)}
        aria-controls={id}
        disabled={disabled || value <= 1}
        onClick={() => set(value - 1)}
      >
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={value}
        aria-label={label}
        disabled={disabled}
        onChange={(event) => set(Number(event.target.value))}
      />
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label={intl.formatMessage(m.more)}
        aria-controls={id}
        disabled={disabled || value >= max}
        onClick={() => set(value + 1)}
      >
        +
      </button>
    </div>
  );
}
