// The event form's tickets block: the currency (ISO 4217, the venue country's unless changed),
// minimum and maximum price (in it, 0 or more, to the cent) and when the sale starts and ends
// (in the event's zone).
import { useIntl } from "react-intl";
import type { FieldErrors } from "./errors";
import type { EventField, EventForm } from "./eventForm";
import { currencyOptions } from "../../../lib/countries";
import { LongSelectInput, NumberInput, TextInput } from "./fields";
import { eventsMessages as m } from "./messages";

type BlockProps = {
  form: EventForm;
  errors: FieldErrors<EventField>;
  set: <K extends EventField>(field: K) => (value: EventForm[K]) => void;
  required: boolean;
};

export function EventTicketFields({ form, errors, set, required }: BlockProps) {
  const intl = useIntl();
  const priceHint = intl.formatMessage(m.priceHint, { currency: form.currency });
  return (
    <fieldset className="admin-events-block">
      <legend>{intl.formatMessage(m.formTickets)}</legend>
      <div className="admin-events-grid">
        <LongSelectInput
          label={intl.formatMessage(m.fieldCurrency)}
          value={form.currency}
          options={currencyOptions(intl.locale)}
          onChange={set("currency")}
          error={errors.currency}
        />
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
