// The venue form, shown in place of the list (Create Venue, or Edit): name and address required,
// then city, state, country, postal code and capacity. Checked by the Worker's own schema first.
import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { VenueCountry } from "#contracts/admin/event-limits.ts";
import { countryOptions } from "../../../lib/countries";
import type { AdminVenue, VenueInput } from "#contracts/admin/venues.ts";
import { serverFieldError, type ErrorText, type FieldErrors } from "./errors";
import { NumberInput, SelectInput, TextInput } from "./fields";
import { FormPanel } from "./FormPanel";
import { eventsMessages as m } from "./messages";
import { useEventsRefresh, venuesApi } from "./queries";
import { checkVenueForm, emptyVenueForm, venueFormOf, type VenueField, type VenueForm } from "./venueForm";

type VenueFormPanelProps = { venue: AdminVenue | null; onCancel: () => void; onSaved: (created: boolean) => void };

export function VenueFormPanel({ venue, onCancel, onSaved }: VenueFormPanelProps) {
  const intl = useIntl();
  const refresh = useEventsRefresh();
  const [form, setForm] = useState<VenueForm>(() => (venue ? venueFormOf(venue) : emptyVenueForm()));
  const [errors, setErrors] = useState<FieldErrors<VenueField>>({});
  const [formError, setFormError] = useState<ErrorText | null>(null);
  const mutation = useMutation({
    mutationFn: (input: VenueInput) => (venue ? venuesApi.update(venue.id, input) : venuesApi.create(input)),
    onSettled: refresh,
  });

  const set =
    <K extends VenueField>(field: K) =>
    (value: VenueForm[K]) =>
      setForm((current) => ({ ...current, [field]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    setFormError(null);
    const checked = checkVenueForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    mutation.mutate(checked.input, {
      onSuccess: () => onSaved(!venue),
      onError: (err) => {
        const named = serverFieldError(err);
        if (named && named.field in form) setErrors({ [named.field]: named.error });
        setFormError({ message: m.venueFormSaveFailed });
      },
    });
  };

  const countries = countryOptions(intl.locale);

  return (
    <FormPanel
      title={intl.formatMessage(venue ? m.venueFormEditTitle : m.venueFormCreateTitle)}
      intro={venue && venue.eventCount > 0 && <p className="info-banner">{intl.formatMessage(m.venueFormHint)}</p>}
      errors={errors}
      formError={formError}
      saving={mutation.isPending}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <div className="admin-events-grid">
        <TextInput label={intl.formatMessage(m.venueFieldName)} required value={form.name} onChange={set("name")} error={errors.name} maxLength={200} />
        <TextInput
          label={intl.formatMessage(m.fieldVenueAddress)}
          required
          value={form.address}
          onChange={set("address")}
          error={errors.address}
          maxLength={200}
        />
        <TextInput label={intl.formatMessage(m.fieldVenueCity)} value={form.city} onChange={set("city")} error={errors.city} maxLength={200} />
        <TextInput label={intl.formatMessage(m.fieldVenueState)} value={form.state} onChange={set("state")} error={errors.state} maxLength={200} />
        <SelectInput
          label={intl.formatMessage(m.fieldVenueCountry)}
          value={form.country}
          options={countries}
          onChange={(v) => set("country")(v as VenueCountry)}
          error={errors.country}
        />
        <TextInput
          label={intl.formatMessage(m.fieldVenuePostalCode)}
          value={form.postalCode}
          onChange={set("postalCode")}
          error={errors.postalCode}
          maxLength={200}
        />
        <NumberInput label={intl.formatMessage(m.fieldVenueCapacity)} value={form.capacity} onChange={set("capacity")} error={errors.capacity} />
      </div>
    </FormPanel>
  );
}
