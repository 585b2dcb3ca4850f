// The event form's tickets block: minimum and maximum price (in the event's currency, 0 or more,
// to the cent) and when the sale starts and ends (in the event's zone).
import { useIntl } from "react-intl";
import type { FieldErrors } from "./errors";
import type { EventField, EventForm } from "./eventForm";
import { NumberInput, TextInput } from "./fields";
import { eventsMessages as m } from "./messages";

type BlockProps = {
  form: EventForm;
  errors: FieldErrors<EventField>;
  set: <K extends EventField>(field: K) => (value: EventForm[K]) => void;
  required: boolean;
  currency: string;
};

export function EventTicketFields({ form, errors, set, required, currency }: BlockProps) {
  const intl = useIntl();
  const priceHint = intl.formatMessage(m.priceHint, { currency });
  return (
    <fieldset className="admin-events-block">
      <legend>{intl.formatMessage(m.formTickets)}</legend>
      <div className="admin-events-grid">
        <NumberInput
          money
          label={intl.formatMessage(m.fieldPriceMin)}
          hint={priceHint}
          required={required}
          value={form.ticketPriceMin}
          onChange={set("ticketPriceMin")}
          error={errors.ticketPriceMin}
        />
        <NumberInput
          money
          label={intl.formatMessage(m.fieldPriceMax)}
          hint={priceHint}
          required={required}
          value={form.ticketPriceMax}
          onChange={set("ticketPriceMax")}
          error={errors.ticketPriceMax}
        />
        <TextInput
          type="datetime-local"
          label={intl.formatMessage(m.fieldSaleStart)}
          required={required}
          value={form.ticketSaleStart}
          onChange={set("ticketSaleStart")}
          error={errors.ticketSaleStart}
        />
        <TextInput
          type="datetime-local"
          label={intl.formatMessage(m.fieldSaleEnd)}
          required={required}
          value={form.ticketSaleEnd}
          onChange={set("ticketSaleEnd")}
          error={errors.ticketSaleEnd}
        />
      </div>
    </fieldset>
  );
}
