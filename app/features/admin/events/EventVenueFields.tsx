// The event form's venue block: a saved venue to fill it from, then name, address, city, state,
// country (every ISO country, named in the admin's language; choosing one sets the currency to
// its own), postal code and capacity.
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { VENUE_COUNTRIES } from "#contracts/admin/events.ts";
import { currencyOfCountry } from "#contracts/countries.ts";
import { countryOptions } from "../../../lib/countries";
import type { FieldErrors } from "./errors";
import type { EventField, EventForm } from "./eventForm";
import { LongSelectInput, NumberInput, SelectInput, TextInput, type Option } from "./fields";
import { eventsMessages as m } from "./messages";
import { adminVenuesQueryOptions } from "./queries";

type BlockProps = {
  form: EventForm;
  errors: FieldErrors<EventField>;
  set: <K extends EventField>(field: K) => (value: EventForm[K]) => void;
  onPickVenue: (id: string) => void;
};

export function EventVenueFields({ form, errors, set, onPickVenue }: BlockProps) {
  const intl = useIntl();
  let countries: Option[] = countryOptions(intl.locale);
  // A country typed in before the ISO list (free text) stays selectable on the event that has it.
  if (form.venueCountry && !VENUE_COUNTRIES.includes(form.venueCountry)) {
    countries = [...countries, { value: form.venueCountry, label: intl.formatMessage(m.keptCountry, { country: form.venueCountry }) }];
  }
  return (
    <fieldset className="admin-events-block">
      <legend>{intl.formatMessage(m.formVenue)}</legend>
      <SavedVenuePicker value={form.venueId} onPick={onPickVenue} error={errors.venueId} />
      <div className="admin-events-grid">
        <TextInput
          label={intl.formatMessage(m.fieldVenueName)}
          required
          value={form.venueName}
          onChange={set("venueName")}
          error={errors.venueName}
          maxLength={200}
        />
        <TextInput
          label={intl.formatMessage(m.fieldVenueAddress)}
          required
          value={form.venueAddress}
          onChange={set("venueAddress")}
          error={errors.venueAddress}
          maxLength={200}
        />
        <TextInput
          label={intl.formatMessage(m.fieldVenueCity)}
          required
          value={form.venueCity}
          onChange={set("venueCity")}
          error={errors.venueCity}
          maxLength={200}
        />
        <TextInput
          label={intl.formatMessage(m.fieldVenueState)}
          required
          value={form.venueState}
          onChange={set("venueState")}
          error={errors.venueState}
          maxLength={200}
        />
        <LongSelectInput
          label={intl.formatMessage(m.fieldVenueCountry)}
          value={form.venueCountry}
          options={countries}
          onChange={(code) => {
            set("venueCountry")(code);
            set("currency")(currencyOfCountry(code));
          }}
          error={errors.venueCountry}
        />
        <TextInput
          label={intl.formatMessage(m.fieldVenuePostalCode)}
          value={form.venuePostalCode}
          onChange={set("venuePostalCode")}
          error={errors.venuePostalCode}
          maxLength={200}
        />
        <NumberInput
          label={intl.formatMessage(m.fieldVenueCapacity)}
          required
          value={form.venueCapacity}
          onChange={set("venueCapacity")}
          error={errors.venueCapacity}
        />
      </div>
    </fieldset>
  );
}

function SavedVenuePicker({ value, onPick, error }: { value: string; onPick: (id: string) => void; error?: FieldErrors<EventField>["venueId"] }) {
  const intl = useIntl();
  const venues = useQuery(adminVenuesQueryOptions());
  const options: Option[] = [
    { value: "", label: intl.formatMessage(venues.isPending ? m.fieldSavedVenueLoading : m.fieldSavedVenueNone) },
    ...(venues.data?.venues ?? []).map((venue) => ({ value: venue.id, label: venue.city ? `${venue.name} (${venue.city})` : venue.name })),
  ];
  // The event's venue may be missing from a list that failed to load: keep it selected anyway.
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: value });
  return (
    <SelectInput
      label={intl.formatMessage(m.fieldSavedVenue)}
      hint={intl.formatMessage(m.fieldSavedVenueHint)}
      value={value}
      options={options}
      onChange={onPick}
      error={error}
    />
  );
}
